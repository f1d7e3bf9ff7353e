/* export-common.c - what every format of mipdata export derives the same
   way from the line coverage (see export.h): the paths, which lines and
   files are reported, the hits and counts, the lines of each function.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#define _POSIX_C_SOURCE 200809L

#include "export.h"

#include <inttypes.h>
#include <string.h>

const char *
export_path (const struct export_options *options, const char *path,
	     char *buffer, size_t size)
{
  if (options->strip)
    {
      size_t length = strlen (options->strip);
      while (length > 1 && options->strip[length - 1] == '/')
	length--;
      if (strncmp (path, options->strip, length) == 0
	  && path[length] == '/')
	path += length + 1;
      else if (strcmp (path, options->strip) == 0)
	path = ".";
    }
  if (options->prefix && path[0] != '/')
    {
      snprintf (buffer, size, "%s/%s", options->prefix, path);
      return buffer;
    }
  return path;
}

bool
export_file_is_reported (const struct source_file *file)
{
  return file->function_count > 0 || source_file_totals (file).lines > 0;
}

bool
export_line_is_reported (const struct source_file *file, size_t line)
{
  return line < file->line_capacity
	 && (file->lines[line] == LINE_RUN
	     || file->lines[line] == LINE_NOT_RUN);
}

bool
export_line_ran (const struct source_file *file, size_t line)
{
  return line < file->line_capacity && file->lines[line] == LINE_RUN;
}

uint64_t
export_line_hits (const struct source_file *file, size_t line)
{
  uint64_t count;

  if (line_coverage_count (file, line, &count))
    return count;
  return export_line_ran (file, line) ? 1 : 0;
}

uint64_t
export_function_count (const struct covered_function *function)
{
  uint64_t count = function->has_count ? function->count
		   : function->ran ? 1 : 0;

  /* A count that saturated, or was lost by concurrent calls, must not
     say the function never ran.  */
  if (function->ran && count == 0)
    count = 1;
  return count;
}

/* Whether NAME is a constructor or destructor GCC makes for a whole
   translation unit (--coverage's, C++ static initialisation), which it
   places at the unit's last line, inside the span of the function that
   ends there.  */
static bool
is_unit_function (const char *name)
{
  return strncmp (name, "_sub_I_", 7) == 0
	 || strncmp (name, "_sub_D_", 7) == 0
	 || strncmp (name, "_GLOBAL__sub_I_", 15) == 0
	 || strncmp (name, "_GLOBAL__sub_D_", 15) == 0;
}

void
export_function_span (const struct source_file *file, size_t f,
		      size_t *first, size_t *last)
{
  size_t start = (size_t) (file->functions[f].line > 0
			   ? file->functions[f].line : 0);
  size_t limit = file->line_capacity, next, line;

  for (next = f + 1; next < file->function_count; next++)
    if ((size_t) file->functions[next].line > start
	&& !is_unit_function (file->functions[next].name))
      {
	limit = (size_t) file->functions[next].line;
	break;
      }
  if (limit > file->line_capacity)
    limit = file->line_capacity;
  *first = *last = start;
  if (is_unit_function (file->functions[f].name))
    return;
  for (line = start; line < limit; line++)
    if (file->lines[line] != LINE_NO_CODE)
      *last = line;
}

long
export_function_at (const struct source_file *file, size_t line)
{
  long found = -1;
  size_t f;

  /* The last function declared at or before LINE whose span holds it;
     a function of the source before one GCC made for the unit.  */
  for (f = 0; f < file->function_count
	      && (size_t) file->functions[f].line <= line; f++)
    {
      size_t first, last;
      export_function_span (file, f, &first, &last);
      if (line <= last
	  && (found < 0 || !is_unit_function (file->functions[f].name)))
	found = (long) f;
    }
  return found;
}

void
export_xml_text (FILE *out, const char *text)
{
  for (; *text; text++)
    switch (*text)
      {
      case '<': fputs ("&lt;", out); break;
      case '>': fputs ("&gt;", out); break;
      case '&': fputs ("&amp;", out); break;
      case '"': fputs ("&quot;", out); break;
      case '\'': fputs ("&apos;", out); break;
      default:
	/* XML 1.0 allows no control characters but tab and newlines.  */
	if ((unsigned char) *text < 0x20 && *text != '\t' && *text != '\n'
	    && *text != '\r')
	  fprintf (out, "?");
	else
	  putc (*text, out);
      }
}

void
export_xml_rate (FILE *out, uint64_t part, uint64_t whole)
{
  fprintf (out, "%.4f", coverage_percent (part, whole) / 100.0);
}

void
export_branch_line (FILE *out, const struct coverage_totals *totals)
{
  fprintf (out, "Branches: %" PRIu64 " of %" PRIu64 " taken, %" PRIu64
	   " not known from coverage\n", totals->branches_taken,
	   totals->branches, totals->branches_unknown);
}
