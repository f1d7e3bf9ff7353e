/* cmd-info.c - mipdata info: a summary of a profile.

     MIP Build ID: e9be54cce92a6d35
     Target: 64-bit little-endian
     Runs: 2
     Functions: 5
     Functions Covered: 4
     Blocks: 12
     Blocks Covered: 9
     Probes: 7
     Blocks Probed: 58.3%
     Allocation Sites: 0
     Early Functions: 0
     Value Sites: 0

   Functions are the kept ones, as show prints them (discarded copies and
   aliases of comdat functions left out); blocks and probes are theirs.
   A block is probed when it has a coverage byte of its own; the others
   are inferred.  Allocation sites are those of the heap option that the
   profile keeps (mipdata heap reads their counts), 0 for a profile
   created from a binary built without it or from a .mipmap.  Early
   functions are those whose blocks before GCC's IPA passes the profile
   can count (lib/mip-ipa.h): a block-count build's made with -g, else
   0; value sites are the records of the operands those functions
   profile (the sizes of string operations), one per copy of a
   statement.  A profile made by mipdata import knows neither its
   probes nor its blocks of id 0 (the YAML schema has neither): info
   prints "Probes: unknown" and a line that says which figures differ
   from those of the profile it was written from.

   With --debug, then the coverage of each source file (line-coverage.h),
   as gcovr prints it, and the totals as lcov --summary does:

     File                 Lines            Functions        Blocks
     /src/app/main.c       80.0%  8/10     100.0%  2/2      75.0%  6/8
     TOTAL                 80.0%  8/10     ...

     Summary coverage rate:
       lines......: 80.0% (8 of 10 lines)
       functions..: 100.0% (2 of 2 functions)
       blocks.....: 75.0% (6 of 8 blocks)
       branches...: 75.0% (3 of 4 branches)

     Branches: 3 of 4 taken, 1 not known from coverage

   The branch lines, printed when some function recorded its blocks,
   count the outcomes of branches whose fate is known (the lcov
   tracefile's BRF, of which BRH were taken) and those coverage cannot
   tell, which reports leave out (see line-coverage.h).

   --fail-under-line=N and --fail-under-function=N make it exit with
   status 3 (MIPDATA_EXIT_UNDER_GATE) when the total is under N%, for
   CI gates.

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

#include "export.h"
#include "line-coverage.h"
#include "mip-profile.h"
#include "mip-reader.h"

/* The numbers info prints.  */
struct profile_summary
{
  uint64_t functions, functions_covered;
  uint64_t blocks, blocks_covered, blocks_probed;
  uint64_t probes;
};

/* What the command line asks for.  */
struct info_options
{
  struct profile_inputs inputs;
  double fail_under_line, fail_under_function;  /* < 0: no gate */
};

static void
print_help (void)
{
  printf ("usage: mipdata info -p PROFILE [--debug BINARY]"
	  " [-p PROFILE [--debug BINARY]]...\n"
	  "                    [--fail-under-line=N]"
	  " [--fail-under-function=N]\n"
	  "                    [--include=PATTERN]... [--exclude=PATTERN]...\n"
	  "\n"
	  "Print a summary of each PROFILE: its build id and target, the\n"
	  "runs merged, how many functions and blocks it describes and how\n"
	  "many of them ran, how many block coverage bytes (probes) the\n"
	  "program has and which fraction of the blocks they cover\n"
	  "directly.  With --debug (one binary per profile), then the line,\n"
	  "function and block coverage of each source file and in total,\n"
	  "the profiles added up per file.\n"
	  "\n"
	  "Options:\n"
	  "  -p, --profile=PROFILE  a profile to summarise (repeat for\n"
	  "                         several)\n"
	  "                         (without -p: the first operand, when\n"
	  "                         it is a profile or ends in .mip)\n"
	  "  -d, --debug=BINARY     the binary of the profile given in the\n"
	  "                         same place (or its separate debug file)\n"
	  "      --fail-under-line=N\n"
	  "                         exit with status 3 when less than N%% of\n"
	  "                         the lines with code ran (needs --debug)\n"
	  "      --fail-under-function=N\n"
	  "                         exit with status 3 when less than N%% of\n"
	  "                         the functions ran\n"
	  "      --debug-file-directory=DIR\n"
	  "                         look for debug files under DIR instead\n"
	  "                         of /usr/lib/debug\n"
	  PROFILE_FILTER_HELP
	  "  -h, --help             print this help and exit\n");
}

static void
add_function (const struct mip_profile *profile, uint32_t index,
	      struct profile_summary *summary)
{
  const struct mip_profile_function *function = &profile->functions[index];
  uint32_t b;

  summary->functions++;
  if (function->covered_runs > 0)
    summary->functions_covered++;
  summary->blocks += function->block_count;
  summary->probes += function->probe_count;
  for (b = 0; b < function->block_count; b++)
    {
      const struct mip_profile_block *block =
	&profile->blocks[function->block_begin + b];
      if (block->covered_runs > 0)
	summary->blocks_covered++;
      if (block->probe != MIP_NO_PROBE)
	summary->blocks_probed++;
    }
}

static struct profile_summary
summarise (const struct mip_profile *profile)
{
  struct profile_summary summary;
  uint32_t i;

  memset (&summary, 0, sizeof summary);
  for (i = 0; i < profile->header.function_count; i++)
    if (!mip_profile_function_is_discarded (profile, i)
	&& !mip_profile_function_is_alias (profile, i))
      add_function (profile, i, &summary);
  return summary;
}

static void
print_summary (const struct mip_profile *profile,
	       const struct profile_summary *summary)
{
  const struct mip_profile_header *h = &profile->header;

  if (mip_profile_is_imported (profile))
    printf ("MIP Build ID: none (imported)\n");
  else
    printf ("MIP Build ID: %016" PRIx64 "\n", h->build_id);
  if (h->gnu_build_id_size)
    {
      char text[MIP_GNU_BUILD_ID_TEXT];
      printf ("GNU Build ID: %s\n", mip_gnu_build_id_hex (h->gnu_build_id,
							 h->gnu_build_id_size,
							 text));
    }
  printf ("Target: %" PRIu32 "-bit %s-endian\n", h->pointer_size * 8,
	  h->target_big_endian ? "big" : "little");
  printf ("Runs: %" PRIu32 "\n", h->runs);
  printf ("Functions: %" PRIu64 "\n", summary->functions);
  printf ("Functions Covered: %" PRIu64 "\n", summary->functions_covered);
  printf ("Blocks: %" PRIu64 "\n", summary->blocks);
  printf ("Blocks Covered: %" PRIu64 "\n", summary->blocks_covered);
  if (mip_profile_is_imported (profile))
    {
      /* The YAML schema carries neither the blocks of id 0 nor where the
	 probes were: say so rather than print a wrong 0.0%.  */
      printf ("Probes: unknown\n"
	      "Blocks Probed: unknown\n"
	      "Imported: YAML carries no probes and only the blocks with an"
	      " id, so Blocks and Blocks Covered may be lower than in the"
	      " original profile\n");
      return;
    }
  printf ("Probes: %" PRIu64 "\n", summary->probes);
  if (summary->blocks > 0)
    printf ("Blocks Probed: %.1f%%\n",
	    100.0 * (double) summary->blocks_probed
	    / (double) summary->blocks);
  else
    printf ("Blocks Probed: -\n");
  printf ("Allocation Sites: %" PRIu32 "\n", h->heap_site_count);
  printf ("Early Functions: %" PRIu32 "\n", h->ipa_function_count);
  printf ("Value Sites: %" PRIu32 "\n", h->value_site_count);
}

/* Print the summary of the profile PATH (after its name when there
   are several); add its functions to *FUNCTIONS and *FUNCTIONS_RUN.  */
static int
summarise_profile (const char *path, bool name_it, uint64_t *functions,
		   uint64_t *functions_run)
{
  struct mip_error_context error;
  struct mip_profile *profile = NULL;
  struct profile_summary summary;

  mip_error_clear (&error);
  if (mip_profile_read_file (path, &profile, &error) != MIP_OK)
    {
      mipdata_report (&error);
      return MIPDATA_EXIT_FAILURE;
    }
  summary = summarise (profile);
  if (name_it)
    printf ("Profile: %s\n", path);
  print_summary (profile, &summary);
  *functions += summary.functions;
  *functions_run += summary.functions_covered;
  mip_profile_free (profile);
  return MIPDATA_EXIT_OK;
}

/* Width of the file column; longer names get a line of their own.  */
#define FILE_COLUMN 40

/* "   80.0%          8/10", or "       -           0/0" with nothing to
   count: 23 columns.  */
static void
print_rate (uint64_t part, uint64_t whole)
{
  char fraction[48];

  snprintf (fraction, sizeof fraction, "%" PRIu64 "/%" PRIu64, part, whole);
  if (whole)
    printf ("  %6.1f%% %13s", coverage_percent (part, whole), fraction);
  else
    printf ("  %7s %13s", "-", fraction);
}

static void
print_file_row (const char *name, const struct coverage_totals *totals)
{
  if (strlen (name) > FILE_COLUMN)
    printf ("%s\n%-*s", name, FILE_COLUMN, "");
  else
    printf ("%-*s", FILE_COLUMN, name);
  print_rate (totals->lines_run, totals->lines);
  print_rate (totals->functions_run, totals->functions);
  print_rate (totals->blocks_run, totals->blocks);
  putchar ('\n');
}

/* A rule across the table.  */
static void
print_rule (void)
{
  int i;
  for (i = 0; i < FILE_COLUMN + 3 * 23; i++)
    putchar ('-');
  putchar ('\n');
}

/* lcov --summary's lines: "  lines......: 80.0% (8 of 10 lines)".  */
static void
print_summary_rate (const char *label, uint64_t part, uint64_t whole,
		    const char *what)
{
  if (whole)
    printf ("  %s: %.1f%% (%" PRIu64 " of %" PRIu64 " %s)\n", label,
	    coverage_percent (part, whole), part, whole, what);
  else
    printf ("  %s: no data found\n", label);
}

/* The coverage of each source file, as gcovr's table, then the totals
   as lcov --summary prints them.  */
static void
print_file_table (const struct line_coverage *coverage,
		  struct coverage_totals *total)
{
  size_t i;

  memset (total, 0, sizeof *total);
  putchar ('\n');
  print_rule ();
  printf ("%-*s%23s%23s%23s\n", FILE_COLUMN, "File", "Lines", "Functions",
	  "Blocks");
  print_rule ();
  for (i = 0; i < coverage->file_count; i++)
    {
      struct coverage_totals totals =
	source_file_totals (&coverage->files[i]);
      if (totals.lines == 0 && totals.functions == 0 && totals.blocks == 0)
	continue;
      print_file_row (coverage->files[i].path, &totals);
      coverage_totals_add (total, &totals);
    }
  print_rule ();
  print_file_row ("TOTAL", total);
  print_rule ();
  printf ("\nSummary coverage rate:\n");
  print_summary_rate ("lines......", total->lines_run, total->lines,
		      "lines");
  print_summary_rate ("functions..", total->functions_run,
		      total->functions, "functions");
  print_summary_rate ("blocks.....", total->blocks_run, total->blocks,
		      "blocks");
  if (coverage->has_blocks)
    {
      print_summary_rate ("branches...", total->branches_taken,
			  total->branches, "branches");
      putchar ('\n');
      export_branch_line (stdout, total);
    }
}

/* Refuse PERCENT when under GATE (negative: no gate), naming OPTION.  */
static bool
meets_gate (const char *what, const char *option, double percent,
	    double gate)
{
  if (gate < 0 || percent >= gate)
    return true;
  mipdata_error ("%s coverage %.1f%% is under %s=%g", what, percent, option,
		 gate);
  return false;
}

static int
info (const struct info_options *options)
{
  struct line_coverage coverage;
  struct coverage_totals total = { 0 };
  uint64_t functions = 0, functions_run = 0;
  int status = MIPDATA_EXIT_OK;
  size_t i;

  for (i = 0; i < options->inputs.profile_count && status == MIPDATA_EXIT_OK; i++)
    {
      if (i > 0)
	putchar ('\n');
      status = summarise_profile (options->inputs.profile_paths[i],
				  options->inputs.profile_count > 1, &functions,
				  &functions_run);
    }
  line_coverage_init (&coverage);
  if (status == MIPDATA_EXIT_OK && options->inputs.debug_count > 0)
    {
      status = line_coverage_read (&coverage, options->inputs.profile_count,
				   options->inputs.profile_paths,
				   options->inputs.debug_paths);
      if (status == MIPDATA_EXIT_OK)
	{
	  if (!line_coverage_map_prefixes (&coverage, &options->inputs))
	    status = MIPDATA_EXIT_FAILURE;
	  line_coverage_filter (&coverage, &options->inputs);
	  line_coverage_sort (&coverage);
	  print_file_table (&coverage, &total);
	}
    }
  line_coverage_free (&coverage);
  if (status == MIPDATA_EXIT_OK && (fflush (stdout) != 0 || ferror (stdout)))
    {
      mipdata_error ("cannot write the output: %s", strerror (errno));
      status = MIPDATA_EXIT_FAILURE;
    }
  if (status == MIPDATA_EXIT_OK)
    {
      /* Both gates are checked, so that both failures are reported.  */
      bool functions_ok = meets_gate ("function", "--fail-under-function",
				      coverage_percent (functions_run,
							functions),
				      options->fail_under_function);
      bool lines_ok = options->inputs.debug_count == 0
		      || meets_gate ("line", "--fail-under-line",
				     coverage_percent (total.lines_run,
						       total.lines),
				     options->fail_under_line);
      if (!functions_ok || !lines_ok)
	status = MIPDATA_EXIT_UNDER_GATE;
    }
  return status;
}

/* A percentage from 0 to 100 for OPTION.  */
static int
parse_options (int argc, char **argv, struct info_options *options)
{
  static const struct option long_options[] = {
    { "profile", required_argument, NULL, 'p' },
    { "debug", required_argument, NULL, 'd' },
    { "fail-under-line", required_argument, NULL, 'L' },
    { "fail-under-function", required_argument, NULL, 'F' },
    { "debug-file-directory", required_argument, NULL, 'D' },
    PROFILE_FILTER_OPTIONS,
    { "help", no_argument, NULL, 'h' },
    { NULL, 0, NULL, 0 }
  };
  int option;

  opterr = 0;
  while ((option = getopt_long (argc, argv, ":p:d:h", long_options, NULL))
	 != -1)
    switch (option)
      {
      case 'p':
	options->inputs.profile_paths[options->inputs.profile_count++] = optarg;
	break;
      case 'd':
	options->inputs.debug_paths[options->inputs.debug_count++] = optarg;
	break;
      case 'L':
	if (!coverage_parse_percent ("info", "--fail-under-line", optarg,
				    &options->fail_under_line))
	  return MIPDATA_EXIT_USAGE;
	break;
      case 'F':
	if (!coverage_parse_percent ("info", "--fail-under-function", optarg,
				    &options->fail_under_function))
	  return MIPDATA_EXIT_USAGE;
	break;
      case 'D':
	if (!mipdata_set_debug_directory (optarg))
	  return MIPDATA_EXIT_USAGE;
	break;
      case 'I':
      case 'X':
      case 'S':
	{
	  int bad = profile_inputs_take_filter (&options->inputs, "info",
						option, optarg);
	  if (bad >= 0)
	    return bad;
	}
	break;
      case 'h':
	print_help ();
	return MIPDATA_EXIT_OK;
      default:
	return mipdata_bad_option ("info", option, argv);
      }
  profile_inputs_take_operand (&options->inputs, argc, argv);
  if (optind < argc && options->inputs.profile_count > 0)
    return mipdata_usage_error ("info", "unexpected argument '%s'",
				argv[optind]);
  int status = profile_inputs_check (&options->inputs, "info");
  if (status >= 0)
    return status;
  if (options->fail_under_line >= 0 && options->inputs.debug_count == 0)
    return mipdata_usage_error ("info", "--fail-under-line needs the"
				" binaries (--debug BINARY): lines come"
				" from their DWARF");
  return -1;
}

int
cmd_info (int argc, char **argv)
{
  struct info_options options;
  int status;

  memset (&options, 0, sizeof options);
  if (!profile_inputs_init (&options.inputs, argc))
    status = MIPDATA_EXIT_FAILURE;
  else
    {
      options.fail_under_line = options.fail_under_function = -1;
      status = parse_options (argc, argv, &options);
    }
  if (status < 0)
    status = info (&options);
  profile_inputs_free (&options.inputs);
  return status;
}
