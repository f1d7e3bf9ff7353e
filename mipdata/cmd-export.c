/* cmd-export.c - mipdata export: a profile as an lcov tracefile, for
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

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#define _POSIX_C_SOURCE 200809L

#include "mipdata.h"

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "line-coverage.h"

struct export_options
{
  struct profile_inputs inputs;
  const char *output_path;      /* NULL: standard output */
  const char *strip;            /* directory taken off the paths */
  const char *prefix;           /* directory put before relative paths */
};

static void
print_help (void)
{
  printf ("usage: mipdata export -p PROFILE [--debug BINARY]"
	  " [-p PROFILE [--debug BINARY]]...\n"
	  "                      [--format=lcov] [-o FILE] [--strip=DIR]"
	  " [--prefix=DIR]\n"
	  "\n"
	  "Write the coverage of the profiles as an lcov tracefile (for\n"
	  "genhtml, lcov and coverage services): per source file, its\n"
	  "functions (FN, FNDA: the call count in the full mode, else 1 or\n"
	  "0) and its lines with code (DA: 1 when a block holding code of\n"
	  "the line ran, else 0), from the DWARF line table of BINARY.\n"
	  "Give each profile its binary; profiles of a program and its\n"
	  "shared objects add up per source file.\n"
	  "\n"
	  "Options:\n"
	  "  -p, --profile=PROFILE  a profile (repeat for several)\n"
	  "                         (without -p: the first operand, when\n"
	  "                         it is a profile or ends in .mip)\n"
	  "  -d, --debug=BINARY     the binary of the profile given in the\n"
	  "                         same place (or its separate debug file);\n"
	  "                         without --debug, each profile's debug\n"
	  "                         file is found by its GNU build id\n"
	  "      --format=lcov      the output format (lcov, the only one)\n"
	  "  -o, --output=FILE      write to FILE instead of standard output\n"
	  "      --strip=DIR        take the directory DIR off the source\n"
	  "                         paths under it, making them relative\n"
	  "      --prefix=DIR       put DIR/ before every relative path\n"
	  "      --debug-file-directory=DIR\n"
	  "                         look for debug files under DIR instead\n"
	  "                         of /usr/lib/debug\n"
	  "  -h, --help             print this help and exit\n");
}

/* PATH as the tracefile names it, in BUFFER of SIZE bytes: without the
   directory --strip names, then after --prefix when relative.  */
static const char *
exported_path (const struct export_options *options, const char *path,
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

/* The FN and FNDA lines of FILE, with FNF and FNH.  */
static void
write_functions (FILE *out, const struct source_file *file)
{
  size_t f, run = 0;

  for (f = 0; f < file->function_count; f++)
    fprintf (out, "FN:%d,%s\n", file->functions[f].line,
	     file->functions[f].name);
  for (f = 0; f < file->function_count; f++)
    {
      const struct covered_function *function = &file->functions[f];
      uint64_t count = function->has_count ? function->count
		       : function->ran ? 1 : 0;
      /* A count that saturated, or was lost by concurrent calls, must
	 not say the function never ran.  */
      if (function->ran && count == 0)
	count = 1;
      fprintf (out, "FNDA:%" PRIu64 ",%s\n", count, function->name);
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
    if (file->lines[line] == LINE_RUN || file->lines[line] == LINE_NOT_RUN)
      {
	bool ran = file->lines[line] == LINE_RUN;
	fprintf (out, "DA:%zu,%d\n", line, ran ? 1 : 0);
	found++;
	hit += ran;
      }
  fprintf (out, "LF:%zu\nLH:%zu\n", found, hit);
}

static void
write_lcov (FILE *out, const struct export_options *options,
	    const struct line_coverage *coverage)
{
  size_t i;

  for (i = 0; i < coverage->file_count; i++)
    {
      const struct source_file *file = &coverage->files[i];
      char buffer[4096];

      if (file->function_count == 0 && source_file_totals (file).lines == 0)
	continue;
      fprintf (out, "TN:\nSF:%s\n",
	       exported_path (options, file->path, buffer, sizeof buffer));
      write_functions (out, file);
      write_lines (out, file);
      fputs ("end_of_record\n", out);
    }
}

static int
export (const struct export_options *options)
{
  struct line_coverage coverage;
  FILE *out = stdout;
  int status;

  line_coverage_init (&coverage);
  status = line_coverage_read (&coverage, options->inputs.profile_count,
			       options->inputs.profile_paths,
			       options->inputs.debug_count ? options->inputs.debug_paths
			       : NULL);
  if (status != MIPDATA_EXIT_OK)
    {
      line_coverage_free (&coverage);
      return status;
    }
  line_coverage_sort (&coverage);
  if (options->output_path && !(out = fopen (options->output_path, "w")))
    {
      mipdata_error ("cannot write '%s': %s", options->output_path,
		     strerror (errno));
      line_coverage_free (&coverage);
      return MIPDATA_EXIT_FAILURE;
    }
  write_lcov (out, options, &coverage);
  if (fflush (out) != 0 || ferror (out)
      || (out != stdout && fclose (out) != 0))
    {
      mipdata_error ("cannot write '%s': %s",
		     options->output_path ? options->output_path
		     : "standard output", strerror (errno));
      status = MIPDATA_EXIT_FAILURE;
    }
  line_coverage_free (&coverage);
  return status;
}

/* Append PATH to *LIST of *COUNT (room for ARGC was made).  */
static void
append_path (char **list, size_t *count, char *path)
{
  list[(*count)++] = path;
}

static int
parse_options (int argc, char **argv, struct export_options *options)
{
  static const struct option long_options[] = {
    { "profile", required_argument, NULL, 'p' },
    { "debug", required_argument, NULL, 'd' },
    { "format", required_argument, NULL, 'f' },
    { "output", required_argument, NULL, 'o' },
    { "strip", required_argument, NULL, 's' },
    { "prefix", required_argument, NULL, 'P' },
    { "debug-file-directory", required_argument, NULL, 'D' },
    { "help", no_argument, NULL, 'h' },
    { NULL, 0, NULL, 0 }
  };
  int option;

  opterr = 0;
  while ((option = getopt_long (argc, argv, ":p:d:o:h", long_options,
				NULL)) != -1)
    switch (option)
      {
      case 'p':
	append_path (options->inputs.profile_paths, &options->inputs.profile_count, optarg);
	break;
      case 'd':
	append_path (options->inputs.debug_paths, &options->inputs.debug_count, optarg);
	break;
      case 'f':
	if (strcmp (optarg, "lcov") != 0)
	  return mipdata_usage_error ("export", "unknown format '%s' (use"
				      " lcov)", optarg);
	break;
      case 'o':
	options->output_path = optarg;
	break;
      case 's':
	options->strip = optarg;
	break;
      case 'P':
	options->prefix = optarg;
	break;
      case 'D':
	if (!mipdata_set_debug_directory (optarg))
	  return MIPDATA_EXIT_USAGE;
	break;
      case 'h':
	print_help ();
	return MIPDATA_EXIT_OK;
      default:
	return mipdata_bad_option ("export", option, argv);
      }
  profile_inputs_take_operand (&options->inputs, argc, argv);
  if (optind < argc)
    return mipdata_usage_error ("export", "unexpected argument '%s'",
				argv[optind]);
  return profile_inputs_check (&options->inputs, "export");
}

int
cmd_export (int argc, char **argv)
{
  struct export_options options;
  int status;

  memset (&options, 0, sizeof options);
  if (!profile_inputs_init (&options.inputs, argc))
    status = MIPDATA_EXIT_FAILURE;
  else
    status = parse_options (argc, argv, &options);
  if (status < 0)
    status = export (&options);
  profile_inputs_free (&options.inputs);
  return status;
}
