/* cmd-export.c - mipdata export: the coverage of profiles in the
   formats that coverage tools and CI systems read.

     mipdata export -p app.mip --debug app --format=lcov -o app.info
     mipdata export -p app.mip --debug app --format=cobertura -o cov.xml
     mipdata export -p app.mip --debug app --format=gcov -o gcov/
     mipdata export -p app.mip --debug app --format=afdo -o app.afdo

   This file reads the options and the profiles and runs the writer of
   the format asked for, from the table below; each format is a file of
   its own (export-lcov.c, export-cobertura.c, export-sonarqube.c,
   export-gcov.c, export-gcov-json.c, export-markdown.c) over what
   export.h shares, so that every format reports the lines and hits of
   the lcov tracefile; afdo (export-afdo.c), GCC's AutoFDO profile of
   the block counts, reads the profiles itself.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#define _POSIX_C_SOURCE 200809L

#include "mipdata.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "demangle.h"
#include "export.h"

/* The formats; the first is the default.  */
static const struct export_format formats[] = {
  { "lcov", "an lcov tracefile (genhtml, lcov, coverage services)",
    export_lcov, NULL, NULL },
  { "cobertura", "Cobertura XML (GitLab, Jenkins, Azure DevOps)",
    export_cobertura, NULL, NULL },
  { "sonarqube", "SonarQube generic test coverage XML",
    export_sonarqube, NULL, NULL },
  { "gcov", "gcov's .gcov text files, one per source file, into the\n"
    "                         directory -o DIR (else the current one)",
    NULL, export_gcov, NULL },
  { "gcov-json", "gcov's JSON intermediate format (gzipped with -o\n"
    "                         FILE, plain JSON on standard output)",
    NULL, export_gcov_json, NULL },
  { "markdown", "a Markdown summary for a pull-request comment",
    export_markdown, NULL, NULL },
  { "afdo", "GCC's AutoFDO profile (gcc -fauto-profile=FILE) of the\n"
    "                         block counts (block-count mode only)",
    NULL, NULL, export_afdo },
};

#define FORMAT_COUNT (sizeof formats / sizeof formats[0])

static const struct export_format *
find_format (const char *name)
{
  size_t i;

  for (i = 0; i < FORMAT_COUNT; i++)
    if (strcmp (formats[i].name, name) == 0)
      return &formats[i];
  return NULL;
}

static void
print_help (void)
{
  size_t i;

  printf ("usage: mipdata export -p PROFILE [--debug BINARY]"
	  " [-p PROFILE [--debug BINARY]]...\n"
	  "                      [--format=FORMAT] [-o FILE|DIR]"
	  " [--strip=DIR] [--prefix=DIR]\n"
	  "                      [--include=PATTERN]... [--exclude=PATTERN]...\n"
	  "                      [--no-demangle] [--afdo-version=N]\n"
	  "                      [--afdo-discriminators]"
	  " [--afdo-exclude-function=NAME]...\n"
	  "\n"
	  "Write the coverage of the profiles as a coverage report: per\n"
	  "source file, its functions (the call count in the full mode,\n"
	  "else 1 or 0) and its lines with code (1 when a block holding\n"
	  "code of the line ran, else 0), from the DWARF line table of\n"
	  "BINARY.  Every format reports the same lines with the same\n"
	  "hits.  Give each profile its binary; profiles of a program and\n"
	  "its shared objects add up per source file.\n"
	  "\n"
	  "Formats:\n");
  for (i = 0; i < FORMAT_COUNT; i++)
    printf ("  %-22s %s\n", formats[i].name, formats[i].summary);
  printf ("\n"
	  "Options:\n"
	  "  -p, --profile=PROFILE  a profile (repeat for several)\n"
	  "                         (without -p: the first operand, when\n"
	  "                         it is a profile or ends in .mip)\n"
	  "  -d, --debug=BINARY     the binary of the profile given in the\n"
	  "                         same place (or its separate debug file);\n"
	  "                         without --debug, each profile's debug\n"
	  "                         file is found by its GNU build id\n"
	  "      --format=FORMAT    the output format (default lcov)\n"
	  "  -o, --output=FILE      write to FILE instead of standard output\n"
	  "                         (gcov: the directory of the .gcov files)\n"
	  "      --strip=DIR        take the directory DIR off the source\n"
	  "                         paths under it, making them relative\n"
	  "      --prefix=DIR       put DIR/ before every relative path\n"
	  "      --debug-file-directory=DIR\n"
	  "                         look for debug files under DIR instead\n"
	  "                         of /usr/lib/debug\n"
	  PROFILE_FILTER_HELP
	  "      --no-demangle      name C++ functions by their symbols (by\n"
	  "                         default as c++filt shows them)\n"
	  "      --afdo-version=N   afdo: the file version, 2 for GCC 12 to 15\n"
	  "                         (the default), 3 for GCC 16 and later, 1\n"
	  "                         for older readers (strings in 4-byte\n"
	  "                         words)\n"
	  "      --afdo-discriminators\n"
	  "                         afdo: a record per discriminator of a line\n"
	  "                         (GCC 13 and later read them; GCC 12 keeps\n"
	  "                         one record per line, the default)\n"
	  "      --afdo-exclude-function=NAME\n"
	  "                         afdo: leave out the function NAME with\n"
	  "                         what was inlined into it (repeat for\n"
	  "                         several), for a compiler that fails on\n"
	  "                         its profile\n"
	  "  -h, --help             print this help and exit\n");
}

/* The names of the formats, "lcov, cobertura, ...", for a message.  */
static const char *
format_names (char *buffer, size_t size)
{
  size_t i, used = 0;

  buffer[0] = '\0';
  for (i = 0; i < FORMAT_COUNT && used < size; i++)
    used += (size_t) snprintf (buffer + used, size - used, "%s%s",
			       i ? ", " : "", formats[i].name);
  return buffer;
}

/* Run the stream writer of OPTIONS->format into -o FILE or standard
   output.  */
static int
write_stream (const struct export_options *options,
	      const struct line_coverage *coverage)
{
  FILE *out = stdout;
  int status = MIPDATA_EXIT_OK;

  if (options->output_path && !(out = fopen (options->output_path, "w")))
    {
      mipdata_error ("cannot write '%s': %s", options->output_path,
		     strerror (errno));
      return MIPDATA_EXIT_FAILURE;
    }
  if (!options->format->write_stream (out, options, coverage))
    status = MIPDATA_EXIT_FAILURE;      /* reported */
  else if (fflush (out) != 0 || ferror (out))
    {
      mipdata_error ("cannot write '%s': %s",
		     options->output_path ? options->output_path
		     : "standard output", strerror (errno));
      status = MIPDATA_EXIT_FAILURE;
    }
  if (out != stdout && fclose (out) != 0 && status == MIPDATA_EXIT_OK)
    {
      mipdata_error ("cannot write '%s': %s", options->output_path,
		     strerror (errno));
      status = MIPDATA_EXIT_FAILURE;
    }
  return status;
}

static int
export (const struct export_options *options)
{
  struct line_coverage coverage;
  int status;

  if (options->format->write_profiles)
    return options->format->write_profiles (options);
  line_coverage_init (&coverage);
  status = line_coverage_read (&coverage, options->inputs.profile_count,
			       options->inputs.profile_paths,
			       options->inputs.debug_count ? options->inputs.debug_paths
			       : NULL);
  if (status == MIPDATA_EXIT_OK
      && !line_coverage_map_prefixes (&coverage, &options->inputs))
    status = MIPDATA_EXIT_FAILURE;
  if (status == MIPDATA_EXIT_OK)
    {
      line_coverage_filter (&coverage, &options->inputs);
      line_coverage_sort (&coverage);
      status = options->format->write_stream
	       ? write_stream (options, &coverage)
	       : options->format->write_files (options, &coverage);
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
    { "no-demangle", no_argument, NULL, 'M' },
    { "afdo-version", required_argument, NULL, 'V' },
    { "afdo-discriminators", no_argument, NULL, 'R' },
    { "afdo-exclude-function", required_argument, NULL, 'F' },
    PROFILE_FILTER_OPTIONS,
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
	if (!(options->format = find_format (optarg)))
	  {
	    char names[256];
	    return mipdata_usage_error ("export", "unknown format '%s' (use"
					" one of %s)", optarg,
					format_names (names, sizeof names));
	  }
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
      case 'M':
	mipdata_demangle_names = false;
	break;
      case 'V':
	if (strcmp (optarg, "1") == 0 || strcmp (optarg, "2") == 0
	    || strcmp (optarg, "3") == 0)
	  options->afdo_version = (unsigned) (optarg[0] - '0');
	else
	  return mipdata_usage_error ("export", "unknown --afdo-version '%s'"
				      " (use 1, 2 or 3)", optarg);
	break;
      case 'R':
	options->afdo_discriminators = true;
	break;
      case 'F':
	options->afdo_excluded[options->afdo_excluded_count++] = optarg;
	break;
      case 'I':
      case 'X':
      case 'S':
	{
	  int bad = profile_inputs_take_filter (&options->inputs, "export",
						option, optarg);
	  if (bad >= 0)
	    return bad;
	}
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
  options.format = &formats[0];
  options.afdo_version = 2;
  options.afdo_excluded = calloc ((size_t) argc + 1, sizeof (char *));
  if (!options.afdo_excluded || !profile_inputs_init (&options.inputs, argc))
    status = MIPDATA_EXIT_FAILURE;
  else
    status = parse_options (argc, argv, &options);
  if (status < 0)
    status = export (&options);
  profile_inputs_free (&options.inputs);
  free (options.afdo_excluded);
  return status;
}
