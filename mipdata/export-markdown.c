/* export-markdown.c - mipdata export --format=markdown: a coverage
   summary in Markdown (GitHub's tables), for a pull-request comment.

     mipdata export -p app.mip --debug app --format=markdown --strip="$PWD"

     ### Coverage

     | | Rate | Covered | Total |
     |:--|--:|--:|--:|
     | Lines | 80.0% | 8 | 10 |
     | Functions | 100.0% | 2 | 2 |
     | Blocks | 75.0% | 6 | 8 |

     | File | Lines | Functions | Blocks |
     |:--|--:|--:|--:|
     | src/main.c | 80.0% (8/10) | 100.0% (2/2) | 75.0% (6/8) |

     Branches: 3 of 4 taken, 1 not known from coverage

   The figures are those mipdata info --debug prints (its per-file
   table and its totals): the lines and functions of the lcov
   tracefile, the blocks of each file counted in the file of their
   first instruction; a rate of nothing to count is "-".  The branch
   line, when some function recorded its blocks, counts the outcomes of
   branches whose fate is known (the lcov tracefile's BRF), those taken
   (BRH), and those left out as coverage cannot tell.  Characters
   that Markdown would read as markup in a file name are escaped with a
   backslash.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#define _POSIX_C_SOURCE 200809L

#include "export.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* "80.0%", as mipdata info prints a rate, or "-" with nothing to
   count.  */
static void
write_percent (FILE *out, uint64_t part, uint64_t whole)
{
  if (whole)
    fprintf (out, "%.1f%%", coverage_percent (part, whole));
  else
    fputs ("-", out);
}

static void
write_total_row (FILE *out, const char *what, uint64_t part, uint64_t whole)
{
  fprintf (out, "| %s | ", what);
  write_percent (out, part, whole);
  fprintf (out, " | %" PRIu64 " | %" PRIu64 " |\n", part, whole);
}

/* "80.0% (8/10)".  */
static void
write_cell (FILE *out, uint64_t part, uint64_t whole)
{
  fputs (" | ", out);
  write_percent (out, part, whole);
  fprintf (out, " (%" PRIu64 "/%" PRIu64 ")", part, whole);
}

/* PATH with the characters Markdown reads as markup escaped.  */
static void
write_escaped (FILE *out, const char *path)
{
  for (; *path; path++)
    {
      if (strchr ("\\`*_[]<>|~", *path))
	putc ('\\', out);
      putc (*path, out);
    }
}

bool
export_markdown (FILE *out, const struct export_options *options,
		 const struct line_coverage *coverage)
{
  struct coverage_totals total;
  size_t i;

  memset (&total, 0, sizeof total);
  for (i = 0; i < coverage->file_count; i++)
    {
      struct coverage_totals file = source_file_totals (&coverage->files[i]);
      coverage_totals_add (&total, &file);
    }
  fputs ("### Coverage\n\n"
	 "| | Rate | Covered | Total |\n"
	 "|:--|--:|--:|--:|\n", out);
  write_total_row (out, "Lines", total.lines_run, total.lines);
  write_total_row (out, "Functions", total.functions_run, total.functions);
  write_total_row (out, "Blocks", total.blocks_run, total.blocks);
  fputs ("\n"
	 "| File | Lines | Functions | Blocks |\n"
	 "|:--|--:|--:|--:|\n", out);
  for (i = 0; i < coverage->file_count; i++)
    {
      const struct source_file *file = &coverage->files[i];
      struct coverage_totals totals = source_file_totals (file);
      char buffer[4096];

      if (totals.lines == 0 && totals.functions == 0 && totals.blocks == 0)
	continue;
      fputs ("| ", out);
      write_escaped (out, export_path (options, file->path, buffer,
				       sizeof buffer));
      write_cell (out, totals.lines_run, totals.lines);
      write_cell (out, totals.functions_run, totals.functions);
      write_cell (out, totals.blocks_run, totals.blocks);
      fputs (" |\n", out);
    }
  if (coverage->has_blocks)
    {
      fputs ("\n", out);
      export_branch_line (out, &total);
    }
  return true;
}
