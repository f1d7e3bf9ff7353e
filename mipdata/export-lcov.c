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
     BRDA:13,0,0,1              line, block, branch (outcome), taken
     BRDA:13,0,1,0
     BRF:2
     BRH:1
     DA:13,1                    a line with code: 1 ran, 0 did not
     LF:1
     LH:1
     end_of_record

   Lines come from block coverage (see line-coverage.h): block coverage
   records no counts, so DA gives 1 or 0.  Lines of functions recorded
   without blocks are left out when the function ran (which of them ran
   is not known) and given 0 when it did not.  BRDA gives each outcome
   of each branch (line-coverage.h) whose fate is known: its count when
   the blocks' counts give it, else 1 when taken and 0 when never taken,
   and "-" for every outcome of a branch that never ran; the outcomes
   that coverage cannot tell are left out (mipdata info counts them).
   BRF counts the BRDA lines, BRH those taken.  The block is the
   branch's number among the branch blocks of its line, the branch the
   outcome's among the block's edges.  The other formats report the same
   lines with the same hits (export.h).

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

/* The BRDA lines of FILE, with BRF and BRH.  */
static void
write_branches (FILE *out, const struct source_file *file)
{
  uint64_t found = 0, hit = 0;
  size_t i;

  for (i = 0; i < file->branch_count; i++)
    {
      const struct covered_branch *branch = &file->branches[i];
      uint64_t hits;

      if (branch->state == BRANCH_UNKNOWN)
	continue;
      fprintf (out, "BRDA:%d,%" PRIu32 ",%" PRIu32 ",", branch->line,
	       branch->block_number, branch->edge);
      if (branch_hits (branch, &hits))
	fprintf (out, "%" PRIu64 "\n", hits);
      else
	fputs ("-\n", out);
      found++;
      hit += branch->state == BRANCH_TAKEN;
    }
  if (found)
    fprintf (out, "BRF:%" PRIu64 "\nBRH:%" PRIu64 "\n", found, hit);
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
      write_branches (out, file);
      write_lines (out, file);
      fputs ("end_of_record\n", out);
    }
  return true;
}
