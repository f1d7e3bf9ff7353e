/* export-sonarqube.c - mipdata export --format=sonarqube: SonarQube's
   generic test coverage XML (sonar.coverageReportPaths).

     mipdata export -p app.mip --debug app --format=sonarqube \
       --strip="$PWD" -o coverage-sonar.xml

     <coverage version="1">
       <file path="src/main.c">
         <lineToCover lineNumber="13" covered="true"/>
         <lineToCover lineNumber="14" covered="true"
                      branchesToCover="2" coveredBranches="1"/>
       </file>
     </coverage>

   The lines are the lcov tracefile's, covered when they ran.  A line
   with branches whose outcome is known (the tracefile's BRDA) has
   branchesToCover="2" coveredBranches="1": those outcomes, and those of
   them taken; the outcomes coverage cannot tell are left out.  SonarQube
   matches the paths against the project's files: --strip makes them
   relative to the project's root.  Files without reported lines (only
   functions that ran, in the function-coverage mode) are left out,
   since their lines are not known.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#define _POSIX_C_SOURCE 200809L

#include "export.h"

#include <inttypes.h>
#include <stdio.h>

static void
write_file (FILE *out, const struct export_options *options,
	    const struct source_file *file)
{
  char buffer[4096];
  size_t line;

  fputs ("  <file path=\"", out);
  export_xml_text (out, export_path (options, file->path, buffer,
				     sizeof buffer));
  fputs ("\">\n", out);
  for (line = 1; line < file->line_capacity; line++)
    if (export_line_is_reported (file, line))
      {
	uint64_t branches, taken, unknown;

	source_file_branch_totals (file, line, line, &branches, &taken,
				   &unknown);
	fprintf (out, "    <lineToCover lineNumber=\"%zu\" covered=\"%s\"",
		 line, export_line_ran (file, line) ? "true" : "false");
	if (branches)
	  fprintf (out, " branchesToCover=\"%" PRIu64 "\""
		   " coveredBranches=\"%" PRIu64 "\"", branches, taken);
	fputs ("/>\n", out);
      }
  fputs ("  </file>\n", out);
}

bool
export_sonarqube (FILE *out, const struct export_options *options,
		  const struct line_coverage *coverage)
{
  size_t i;

  fputs ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	 "<coverage version=\"1\">\n", out);
  for (i = 0; i < coverage->file_count; i++)
    if (source_file_totals (&coverage->files[i]).lines > 0)
      write_file (out, options, &coverage->files[i]);
  fputs ("</coverage>\n", out);
  return true;
}
