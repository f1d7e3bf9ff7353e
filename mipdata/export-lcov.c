/* export-lcov.c - mipdata export --format=lcov: an lcov tracefile, for
   genhtml, lcov and coverage services.

     mipdata export -p app.mip --debug app --format=lcov -o app.info
     genhtml app.info -o html

   One record per source file (several profiles add up per file):

     TN:
     SF:/src/app/main.c
     FN:12,main                 function, at its declaration line
     FNDA:1,main                call count (full mode), else 1 or 0
     FNF:1
     FNH:1
     DA:13,1                    a line with code: 1 ran, 0 did not
     LF:1
     LH:1
     end_of_record

   Lines come from block coverage (see line-coverage.h): block coverage
   records no counts, so DA gives 1 or 0.  Lines of functions recorded
   without blocks are left out when the function ran (which of them ran
   is not known) and given 0 when it did not.  No BRDA: a profile holds
   no control-flow edges, so which side of a branch ran is not known.
   The other formats report the same lines with the same hits
   (export.h).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#define _POSIX_C_SOURCE 200809L

#include "demangle.h"
#include "export.h"

#include <inttypes.h>
#include <stdio.h>

/* The FN and FNDA lines of FILE, with FNF and FNH.  */
static void
write_functions (FILE *out, const struct source_file *file)
{
  size_t f, run = 0;

  for (f = 0; f < file->function_count; f++)
    fprintf (out, "FN:%d,%s\n", file->functions[f].line,
	     mipdata_display_name (file->functions[f].name));
  for (f = 0; f < file->function_count; f++)
    {
      const struct covered_function *function = &file->functions[f];
      fprintf (out, "FNDA:%" PRIu64 ",%s\n",
	       export_function_count (function),
	       mipdata_display_name (function->name));
      run += function->ran;
    }
  fprintf (out, "FNF:%zu\nFNH:%zu\n", file->function_count, run);
}

/* The DA lines of FILE, with LF and LH.  */
static void
write_lines (FILE *out, const struct source_file *file)
{
  size_t line, found = 0, hit = 0;

  for (line = 1; line < file->line_capacity; line++)
    if (export_line_is_reported (file, line))
      {
	fprintf (out, "DA:%zu,%" PRIu64 "\n", line,
		 export_line_hits (file, line));
	found++;
	hit += export_line_ran (file, line);
      }
  fprintf (out, "LF:%zu\nLH:%zu\n", found, hit);
}

bool
export_lcov (FILE *out, const struct export_options *options,
	     const struct line_coverage *coverage)
{
  size_t i;

  for (i = 0; i < coverage->file_count; i++)
    {
      const struct source_file *file = &coverage->files[i];
      char buffer[4096];

      if (!export_file_is_reported (file))
	continue;
      fprintf (out, "TN:\nSF:%s\n",
	       export_path (options, file->path, buffer, sizeof buffer));
      write_functions (out, file);
      write_lines (out, file);
      fputs ("end_of_record\n", out);
    }
  return true;
}
