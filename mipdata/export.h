/* export.h - what the writers of mipdata export share: the options, the
   table entry of a format, and the facts every format derives the same
   way from the line coverage (line-coverage.h), so that all formats
   report the same lines with the same hits as the lcov tracefile.

     mipdata export -p app.mip --debug app --format=cobertura -o cov.xml

   Each format is one file (export-lcov.c, export-cobertura.c, ...);
   cmd-export.c holds the table of formats and runs the one asked for.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef MIPDATA_EXPORT_H
#define MIPDATA_EXPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "line-coverage.h"

struct export_format;

struct export_options
{
  struct profile_inputs inputs;
  const struct export_format *format;
  const char *output_path;      /* -o: NULL for standard output (or the
				   current directory, for gcov) */
  const char *strip;            /* directory taken off the paths */
  const char *prefix;           /* directory put before relative paths */
  unsigned afdo_version;        /* afdo: the file version (2: GCC 12 to
				   15; 3: GCC 16 on) */
  bool afdo_discriminators;     /* afdo: key positions by discriminator */
  char **afdo_excluded;         /* afdo: functions left out (room for
				   argc) */
  size_t afdo_excluded_count;
};

/* One output format.  A format writes either one stream (WRITE_STREAM:
   cmd-export.c opens -o FILE or standard output and reports write
   errors; false after an error message of its own) or its own files
   (WRITE_FILES, which returns an exit status after its error
   messages), from the line coverage; or reads the profiles itself
   (WRITE_PROFILES, an exit status: a format that is not about lines,
   such as afdo's counts per inline stack).  */
struct export_format
{
  const char *name;             /* --format=NAME */
  const char *summary;          /* one line for --help */
  bool (*write_stream) (FILE *out, const struct export_options *options,
			const struct line_coverage *coverage);
  int (*write_files) (const struct export_options *options,
		      const struct line_coverage *coverage);
  int (*write_profiles) (const struct export_options *options);
};

/* The writers, one per file.  */
bool export_lcov (FILE *out, const struct export_options *options,
		  const struct line_coverage *coverage);
bool export_cobertura (FILE *out, const struct export_options *options,
		       const struct line_coverage *coverage);
bool export_sonarqube (FILE *out, const struct export_options *options,
		       const struct line_coverage *coverage);
bool export_markdown (FILE *out, const struct export_options *options,
		      const struct line_coverage *coverage);
int export_gcov (const struct export_options *options,
		 const struct line_coverage *coverage);
int export_gcov_json (const struct export_options *options,
		      const struct line_coverage *coverage);
int export_afdo (const struct export_options *options);

/* ---- export-common.c ------------------------------------------------- */

/* PATH as the reports name it, in BUFFER of SIZE bytes: without the
   directory --strip names, then after --prefix when relative.  */
const char *export_path (const struct export_options *options,
			 const char *path, char *buffer, size_t size);

/* Whether FILE is reported at all: it has functions or lines with code
   (a file of only unknown lines, or of nothing, is left out).  */
bool export_file_is_reported (const struct source_file *file);

/* Whether line LINE of FILE is reported: its code ran or did not
   (LINE_UNKNOWN, the lines of a function that ran without recorded
   blocks, is left out, as the lcov tracefile leaves it out).  */
bool export_line_is_reported (const struct source_file *file, size_t line);

/* Whether line LINE of FILE ran.  */
bool export_line_ran (const struct source_file *file, size_t line);

/* The hits of line LINE of FILE: the times it ran when the profile
   knows them (line_coverage_count: code that runs once per call of a
   function that counts its calls), else 1 or 0.  */
uint64_t export_line_hits (const struct source_file *file, size_t line);

/* The count of FUNCTION, as the lcov tracefile's FNDA gives it: its
   call count in the full mode, 1 or 0 in the coverage modes; never 0
   for a function that ran (a saturated count).  */
uint64_t export_function_count (const struct covered_function *function);

/* The lines of function F of FILE (sorted by line_coverage_sort): from
   its declaration line to the last line with code (in any state) before
   the next function declared later in the file, which for C and C++ is
   its closing brace, whose code is the epilogue.  The constructors and
   destructors GCC makes for a translation unit (_sub_I_*, _sub_D_*,
   _GLOBAL__sub_I_*), which it places at the unit's last line, end no
   other function's span and span their one line.  */
void export_function_span (const struct source_file *file, size_t f,
			   size_t *first, size_t *last);

/* The function of FILE whose span holds LINE (one of the source rather
   than one GCC made for the unit), or -1 for none.  */
long export_function_at (const struct source_file *file, size_t line);

/* "Branches: X of Y taken, Z not known from coverage\n", of TOTALS (as
   mipdata info and the Markdown summary print it).  */
void export_branch_line (FILE *out, const struct coverage_totals *totals);

/* Write TEXT to OUT escaped for XML character data and attribute
   values.  */
void export_xml_text (FILE *out, const char *text);

/* A rate from 0 to 1 ("0.8000"), as Cobertura's attributes hold it; 1
   when WHOLE is 0, as coverage_percent.  */
void export_xml_rate (FILE *out, uint64_t part, uint64_t whole);

#endif /* MIPDATA_EXPORT_H */
