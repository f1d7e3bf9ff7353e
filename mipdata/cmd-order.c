/* cmd-order.c - mipdata order: the functions a profile saw run, in the
   order a linker should lay them out, for linkers that take an ordering
   file (GNU ld needs none: -fplugin-arg-mip-use names sections it sorts).

     mipdata order -p app.mip                      # lld: one symbol a line
     ld.lld --symbol-ordering-file=app.order ...
     mipdata order -p app.mip --format=gold        # gold: section names
     ld.gold --section-ordering-file=app.order ... # with -ffunction-sections

   Order: that of -fplugin-arg-mip-use (lib/mip-layout.h): first-call
   order (start-up first; those with no order recorded by name), or with
   --layout=call-chains (-fplugin-arg-mip-use-layout=call-chains) the
   functions called repeatedly grouped by call chains (C3).
   Functions no run executed are left out: the linker puts them after
   the listed ones.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#define _POSIX_C_SOURCE 200809L

#include "mipdata.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mip-layout.h"
#include "mip-profile.h"

enum order_format { ORDER_LLD, ORDER_GOLD };

static void
print_help (void)
{
  printf ("usage: mipdata order -p PROFILE [--format=lld|gold]"
	  " [--layout=first-call|call-chains] [-o FILE]\n"
	  "\n"
	  "Print the functions PROFILE saw run, in the order\n"
	  "-fplugin-arg-mip-use lays them out (first-call order, start-up\n"
	  "first, or with --layout=call-chains the functions called\n"
	  "repeatedly grouped by call chains), as an ordering\n"
	  "file: for lld (--symbol-ordering-file) one symbol a line, for\n"
	  "gold (--section-ordering-file) the function's section,\n"
	  ".text.SYMBOL (compile with -ffunction-sections).  Functions that\n"
	  "never ran are left out.\n"
	  "\n"
	  "Options:\n"
	  "  -p, --profile=PROFILE  the profile\n"
	  "                         (without -p: the first operand, when\n"
	  "                         it is a profile or ends in .mip)\n"
	  "      --format=FORMAT    lld (the default) or gold\n"
	  "      --layout=LAYOUT    first-call (the default) or call-chains,\n"
	  "                         as -fplugin-arg-mip-use-layout=LAYOUT\n"
	  "  -o, --output=FILE      write to FILE instead of standard output\n"
	  "  -h, --help             print this help and exit\n");
}

/* The functions that ran, by their layout rank: *COUNT of them, in a
   new array.  */
static uint32_t *
placed_functions (const struct mip_profile *profile,
		  enum mip_layout_kind layout, size_t *count,
		  struct mip_error_context *error)
{
  uint32_t n = profile->header.function_count, i;
  uint32_t *ranks, *list;

  *count = 0;
  if (mip_layout_ranks (profile, layout, &ranks, error) != MIP_OK)
    return NULL;
  list = malloc ((n ? n : 1) * sizeof *list);
  if (!list)
    {
      free (ranks);
      mip_error_set (error, MIP_ERROR_NO_MEMORY, NULL, NULL);
      return NULL;
    }
  for (i = 0; i < n; i++)
    if (ranks[i] != 0)
      {
	list[ranks[i] - 1] = i;
	(*count)++;
      }
  free (ranks);
  return list;
}

static int
write_order (const struct mip_profile *profile, enum order_format format,
	     enum mip_layout_kind layout, FILE *out)
{
  size_t count, k;
  struct mip_error_context error;
  uint32_t *list;
  const char *previous = NULL;

  mip_error_clear (&error);
  list = placed_functions (profile, layout, &count, &error);
  if (!list)
    {
      mipdata_report (&error);
      return MIPDATA_EXIT_FAILURE;
    }
  for (k = 0; k < count; k++)
    {
      const char *name = mip_profile_function_name (profile, list[k]);
      /* Static functions of several units may share a name: the file
	 lists a symbol once.  */
      if (previous && strcmp (previous, name) == 0)
	continue;
      previous = name;
      fprintf (out, format == ORDER_GOLD ? ".text.%s\n" : "%s\n", name);
    }
  free (list);
  return MIPDATA_EXIT_OK;
}

static int
order (const char *profile_path, enum order_format format,
       enum mip_layout_kind layout, const char *output_path)
{
  struct mip_error_context error;
  struct mip_profile *profile = NULL;
  FILE *out = stdout;
  int status;

  mip_error_clear (&error);
  if (mip_profile_read_file (profile_path, &profile, &error) != MIP_OK)
    {
      mipdata_report (&error);
      return MIPDATA_EXIT_FAILURE;
    }
  if (profile->header.runs == 0)
    mipdata_warning ("%s holds no runs (merge raw profiles into it with"
		     " 'mipdata merge'): the order is empty", profile_path);
  if (output_path && !(out = fopen (output_path, "w")))
    {
      mipdata_error ("cannot create '%s': %s", output_path, strerror (errno));
      mip_profile_free (profile);
      return MIPDATA_EXIT_FAILURE;
    }
  status = write_order (profile, format, layout, out);
  if (fflush (out) != 0 || ferror (out)
      || (out != stdout && fclose (out) != 0))
    {
      mipdata_error ("cannot write '%s': %s",
		     output_path ? output_path : "the output", strerror (errno));
      status = MIPDATA_EXIT_FAILURE;
    }
  mip_profile_free (profile);
  return status;
}

int
cmd_order (int argc, char **argv)
{
  static const struct option options[] = {
    { "profile", required_argument, NULL, 'p' },
    { "format", required_argument, NULL, 'f' },
    { "layout", required_argument, NULL, 'l' },
    { "output", required_argument, NULL, 'o' },
    { "help", no_argument, NULL, 'h' },
    { NULL, 0, NULL, 0 }
  };
  const char *profile_path = NULL, *output_path = NULL;
  enum order_format format = ORDER_LLD;
  enum mip_layout_kind layout = MIP_LAYOUT_FIRST_CALL;
  int option, status;

  opterr = 0;
  while ((option = getopt_long (argc, argv, ":p:o:h", options, NULL)) != -1)
    switch (option)
      {
      case 'p':
	profile_path = optarg;
	break;
      case 'o':
	output_path = optarg;
	break;
      case 'f':
	if (strcmp (optarg, "lld") == 0)
	  format = ORDER_LLD;
	else if (strcmp (optarg, "gold") == 0)
	  format = ORDER_GOLD;
	else
	  return mipdata_usage_error ("order", "unknown format '%s'"
				      " (expected lld or gold)", optarg);
	break;
      case 'l':
	if (!mip_layout_parse (optarg, &layout))
	  return mipdata_usage_error ("order", "unknown layout '%s'"
				      " (expected first-call or call-chains)",
				      optarg);
	break;
      case 'h':
	print_help ();
	return MIPDATA_EXIT_OK;
      default:
	return mipdata_bad_option ("order", option, argv);
      }
  status = mipdata_need_profile ("order", &profile_path, argc, argv);
  if (status >= 0)
    return status;
  return order (profile_path, format, layout, output_path);
}
