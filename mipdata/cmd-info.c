/* cmd-info.c - mipdata info: a summary of a profile.

     Build ID: e9be54cce92a6d35
     Target: 64-bit little-endian
     Runs: 2
     Functions: 5
     Functions Covered: 4
     Blocks: 12
     Blocks Covered: 9
     Probes: 7
     Blocks Probed: 58.3%

   Functions are the kept ones, as show prints them (discarded copies and
   aliases of comdat functions left out); blocks and probes are theirs.
   A block is probed when it has a coverage byte of its own; the others
   are inferred.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#define _POSIX_C_SOURCE 200809L

#include "mipdata.h"

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "mip-profile.h"
#include "mip-reader.h"

/* The numbers info prints.  */
struct profile_summary
{
  uint64_t functions, functions_covered;
  uint64_t blocks, blocks_covered, blocks_probed;
  uint64_t probes;
};

static void
print_help (void)
{
  printf ("usage: mipdata info -p PROFILE\n"
	  "\n"
	  "Print a summary of PROFILE: its build id and target, the runs\n"
	  "merged, how many functions and blocks it describes and how many\n"
	  "of them ran, how many block coverage bytes (probes) the program\n"
	  "has and which fraction of the blocks they cover directly.\n"
	  "\n"
	  "Options:\n"
	  "  -p, --profile=PROFILE  the profile to summarise\n"
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

  printf ("Build ID: %016" PRIx64 "\n", h->build_id);
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
  printf ("Probes: %" PRIu64 "\n", summary->probes);
  if (summary->blocks > 0)
    printf ("Blocks Probed: %.1f%%\n",
	    100.0 * (double) summary->blocks_probed
	    / (double) summary->blocks);
  else
    printf ("Blocks Probed: -\n");
}

static int
info (const char *profile_path)
{
  struct mip_error_context error;
  struct mip_profile *profile = NULL;
  struct profile_summary summary;
  int status = MIPDATA_EXIT_OK;

  mip_error_clear (&error);
  if (mip_profile_read_file (profile_path, &profile, &error) != MIP_OK)
    {
      mipdata_report (&error);
      return MIPDATA_EXIT_FAILURE;
    }
  summary = summarise (profile);
  print_summary (profile, &summary);
  if (fflush (stdout) != 0 || ferror (stdout))
    {
      mipdata_error ("cannot write the output: %s", strerror (errno));
      status = MIPDATA_EXIT_FAILURE;
    }
  mip_profile_free (profile);
  return status;
}

int
cmd_info (int argc, char **argv)
{
  const char *profile_path;
  int status = mipdata_profile_options ("info", argc, argv, print_help,
					&profile_path);

  if (status < 0)
    status = mipdata_need_profile ("info", profile_path, argc, argv);
  if (status >= 0)
    return status;
  return info (profile_path);
}
