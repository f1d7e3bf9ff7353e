/* export-cobertura.c - mipdata export --format=cobertura: Cobertura XML,
   the coverage report GitLab, Jenkins and Azure DevOps read, valid
   against Cobertura's coverage-04.dtd.

     mipdata export -p app.mip --debug app --format=cobertura \
       --strip="$PWD" -o coverage.xml

     <coverage line-rate="0.8000" branch-rate="0.5000" lines-covered="8"
               lines-valid="10" branches-covered="2" branches-valid="4"
               complexity="0" version="mipdata 0.1.0" timestamp="...">
       <sources><source>/src/app</source></sources>
       <packages>
         <package name="lib" line-rate=... branch-rate="0" complexity="0">
           <classes>
             <class name="util.c" filename="lib/util.c" line-rate=...>
               <methods>
                 <method name="twice" signature="" line-rate="1.0000"
                         branch-rate="0" complexity="0">
                   <lines><line number="3" hits="1" branch="false"/>
                   ...
               <lines><line number="3" hits="1" branch="false"/> ...

   A package is a directory of the source files (its '/' written '.'),
   a class one source file, a method one of its functions, whose lines
   are those of its span (export.h).  The lines and hits are the lcov
   tracefile's: hits is 1 or 0 (block coverage counts nothing).  The
   branches are the tracefile's BRDA: a line with some is
   branch="true" condition-coverage="50% (1/2)" (the outcomes taken of
   those whose fate is known, the percentage rounded down), and
   branches-covered, branches-valid and every branch-rate count them
   (BRH and BRF); a branch-rate of nothing to count is 0.  <sources> names the
   --strip directory, to which the file names are then relative; without
   --strip the names are the DWARF's, absolute, and <sources> is empty.
   The timestamp is the time of the export, in milliseconds as
   Cobertura writes it, or SOURCE_DATE_EPOCH's when it is set (for
   reproducible reports).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#define _POSIX_C_SOURCE 200809L

#include "config.h"
#include "demangle.h"
#include "export.h"
#include "mipdata.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "0.1.0"
#endif

/* A reported file under its exported name, split at the last '/'.  */
struct cobertura_class
{
  const struct source_file *file;
  char path[4096];
  size_t directory_length;      /* 0: no directory */
};

static int
compare_classes (const void *a, const void *b)
{
  const struct cobertura_class *x = a, *y = b;
  size_t shorter = x->directory_length < y->directory_length
		   ? x->directory_length : y->directory_length;
  int order = strncmp (x->path, y->path, shorter);

  if (order == 0 && x->directory_length != y->directory_length)
    return x->directory_length < y->directory_length ? -1 : 1;
  return order ? order : strcmp (x->path, y->path);
}

static bool
same_package (const struct cobertura_class *x,
	      const struct cobertura_class *y)
{
  return x->directory_length == y->directory_length
	 && strncmp (x->path, y->path, x->directory_length) == 0;
}

/* The reported files of COVERAGE, ordered by directory then name; NULL
   when memory runs out.  */
static struct cobertura_class *
collect_classes (const struct export_options *options,
		 const struct line_coverage *coverage, size_t *count)
{
  struct cobertura_class *classes;
  size_t i;

  *count = 0;
  classes = calloc (coverage->file_count + 1, sizeof *classes);
  if (!classes)
    return NULL;
  for (i = 0; i < coverage->file_count; i++)
    {
      struct cobertura_class *entry = &classes[*count];
      const char *path, *slash;

      if (!export_file_is_reported (&coverage->files[i]))
	continue;
      entry->file = &coverage->files[i];
      path = export_path (options, entry->file->path, entry->path,
			  sizeof entry->path);
      if (path != entry->path)
	snprintf (entry->path, sizeof entry->path, "%s", path);
      slash = strrchr (entry->path, '/');
      entry->directory_length = slash ? (size_t) (slash - entry->path) : 0;
      (*count)++;
    }
  qsort (classes, *count, sizeof *classes, compare_classes);
  return classes;
}

/* The package name of CLASS: its directory without a leading '/', each
   '/' written '.'.  */
static void
write_package_name (FILE *out, const struct cobertura_class *class)
{
  char name[4096];
  size_t i, start = class->path[0] == '/' ? 1 : 0, used = 0;

  for (i = start; i < class->directory_length && used + 1 < sizeof name; i++)
    name[used++] = class->path[i] == '/' ? '.' : class->path[i];
  name[used] = '\0';
  export_xml_text (out, name);
}

/* A branch-rate: "0" with no branch.  */
static void
write_branch_rate (FILE *out, uint64_t taken, uint64_t branches)
{
  if (branches)
    export_xml_rate (out, taken, branches);
  else
    putc ('0', out);
}

/* <line number="N" hits="H" branch="false"/> for each reported line of
   FILE from FIRST to LAST, with INDENT spaces before each; a line with
   branches is branch="true" condition-coverage="50% (1/2)".  */
static void
write_lines (FILE *out, const struct source_file *file, size_t first,
	     size_t last, int indent)
{
  size_t line;

  fprintf (out, "%*s<lines>\n", indent, "");
  for (line = first; line <= last && line < file->line_capacity; line++)
    if (export_line_is_reported (file, line))
      {
	uint64_t branches, taken, unknown;

	source_file_branch_totals (file, line, line, &branches, &taken,
				   &unknown);
	fprintf (out, "%*s  <line number=\"%zu\" hits=\"%" PRIu64 "\"",
		 indent, "", line, export_line_hits (file, line));
	if (branches)
	  fprintf (out, " branch=\"true\" condition-coverage=\"%" PRIu64 "%%"
		   " (%" PRIu64 "/%" PRIu64 ")\"/>\n",
		   taken * 100 / branches, taken, branches);
	else
	  fputs (" branch=\"false\"/>\n", out);
      }
  fprintf (out, "%*s</lines>\n", indent, "");
}

/* The lines of FILE from FIRST to LAST that are reported, and of them
   those that ran.  */
static void
count_lines (const struct source_file *file, size_t first, size_t last,
	     uint64_t *lines, uint64_t *lines_run)
{
  size_t line;

  *lines = *lines_run = 0;
  for (line = first; line <= last && line < file->line_capacity; line++)
    if (export_line_is_reported (file, line))
      {
	(*lines)++;
	*lines_run += export_line_ran (file, line);
      }
}

static void
write_method (FILE *out, const struct source_file *file, size_t f)
{
  uint64_t lines, lines_run, branches, taken, unknown;
  size_t first, last;

  export_function_span (file, f, &first, &last);
  count_lines (file, first, last, &lines, &lines_run);
  source_file_branch_totals (file, first, last, &branches, &taken, &unknown);
  fputs ("            <method name=\"", out);
  export_xml_text (out, mipdata_display_name (file->functions[f].name));
  fputs ("\" signature=\"\" line-rate=\"", out);
  export_xml_rate (out, lines_run, lines);
  fputs ("\" branch-rate=\"", out);
  write_branch_rate (out, taken, branches);
  fputs ("\" complexity=\"0\">\n", out);
  write_lines (out, file, first, last, 14);
  fputs ("            </method>\n", out);
}

static void
write_class (FILE *out, const struct cobertura_class *class)
{
  const struct source_file *file = class->file;
  struct coverage_totals totals = source_file_totals (file);
  const char *name = class->path + class->directory_length
		     + (class->directory_length > 0
			|| class->path[0] == '/');
  size_t f;

  fputs ("        <class name=\"", out);
  export_xml_text (out, name);
  fputs ("\" filename=\"", out);
  export_xml_text (out, class->path);
  fputs ("\" line-rate=\"", out);
  export_xml_rate (out, totals.lines_run, totals.lines);
  fputs ("\" branch-rate=\"", out);
  write_branch_rate (out, totals.branches_taken, totals.branches);
  fputs ("\" complexity=\"0\">\n"
	 "          <methods>\n", out);
  for (f = 0; f < file->function_count; f++)
    write_method (out, file, f);
  fputs ("          </methods>\n", out);
  write_lines (out, file, 1, file->line_capacity, 10);
  fputs ("        </class>\n", out);
}

/* The package of CLASSES[0 .. COUNT), which share a directory.  */
static void
write_package (FILE *out, const struct cobertura_class *classes,
	       size_t count)
{
  struct coverage_totals totals;
  size_t i;

  memset (&totals, 0, sizeof totals);
  for (i = 0; i < count; i++)
    {
      struct coverage_totals file = source_file_totals (classes[i].file);
      coverage_totals_add (&totals, &file);
    }
  fputs ("    <package name=\"", out);
  write_package_name (out, &classes[0]);
  fputs ("\" line-rate=\"", out);
  export_xml_rate (out, totals.lines_run, totals.lines);
  fputs ("\" branch-rate=\"", out);
  write_branch_rate (out, totals.branches_taken, totals.branches);
  fputs ("\" complexity=\"0\">\n"
	 "      <classes>\n", out);
  for (i = 0; i < count; i++)
    write_class (out, &classes[i]);
  fputs ("      </classes>\n"
	 "    </package>\n", out);
}

/* Milliseconds since the epoch: SOURCE_DATE_EPOCH's when set.  */
static unsigned long long
report_timestamp (void)
{
  const char *epoch = getenv ("SOURCE_DATE_EPOCH");
  char *end;

  if (epoch && *epoch)
    {
      unsigned long long seconds = strtoull (epoch, &end, 10);
      if (*end == '\0')
	return seconds * 1000;
    }
  return (unsigned long long) time (NULL) * 1000;
}

bool
export_cobertura (FILE *out, const struct export_options *options,
		  const struct line_coverage *coverage)
{
  struct coverage_totals totals;
  struct cobertura_class *classes;
  size_t count, i, start;

  classes = collect_classes (options, coverage, &count);
  if (!classes)
    {
      mipdata_error ("out of memory");
      return false;
    }
  memset (&totals, 0, sizeof totals);
  for (i = 0; i < count; i++)
    {
      struct coverage_totals file = source_file_totals (classes[i].file);
      coverage_totals_add (&totals, &file);
    }
  fputs ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	 "<!DOCTYPE coverage SYSTEM"
	 " \"http://cobertura.sourceforge.net/xml/coverage-04.dtd\">\n"
	 "<coverage line-rate=\"", out);
  export_xml_rate (out, totals.lines_run, totals.lines);
  fputs ("\" branch-rate=\"", out);
  write_branch_rate (out, totals.branches_taken, totals.branches);
  fprintf (out, "\" lines-covered=\"%" PRIu64 "\""
	   " lines-valid=\"%" PRIu64 "\" branches-covered=\"%" PRIu64 "\""
	   " branches-valid=\"%" PRIu64 "\" complexity=\"0\""
	   " version=\"mipdata %s\" timestamp=\"%llu\">\n",
	   totals.lines_run, totals.lines, totals.branches_taken,
	   totals.branches, PACKAGE_VERSION, report_timestamp ());
  fputs ("  <sources>\n", out);
  if (options->strip)
    {
      fputs ("    <source>", out);
      export_xml_text (out, options->strip);
      fputs ("</source>\n", out);
    }
  fputs ("  </sources>\n"
	 "  <packages>\n", out);
  for (start = 0; start < count; start = i)
    {
      for (i = start + 1; i < count && same_package (&classes[start],
						     &classes[i]); i++)
	;
      write_package (out, classes + start, i - start);
    }
  fputs ("  </packages>\n"
	 "</coverage>\n", out);
  free (classes);
  return true;
}
