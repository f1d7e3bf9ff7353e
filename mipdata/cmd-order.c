/* cmd-order.c - mipdata order: the functions a profile saw run, in the
   order a linker should lay them out, for linkers that take an ordering
   file (GNU ld needs none: -fplugin-arg-mip-use names sections it sorts).

     mipdata order -p app.mip                      # lld: one symbol a line
     ld.lld --symbol-ordering-file=app.order ...
     mipdata order -p app.mip --format=gold        # gold: section names
     ld.gold --section-ordering-file=app.order ... # with -ffunction-sections

   Order: functions with a first-call order, by it (start-up first; ties
   by name), then the functions that ran without an order being recorded
   (coverage modes), by name.  Functions no run executed are left out:
   the linker puts them after the listed ones.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#define _POSIX_C_SOURCE 200809L

#include "mipdata.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mip-profile.h"

enum order_format { ORDER_LLD, ORDER_GOLD };

static void
print_help (void)
{
  printf ("usage: mipdata order -p PROFILE [--format=lld|gold]"
	  " [-o FILE]\n"
	  "\n"
	  "Print the functions PROFILE saw run, in first-call order (then\n"
	  "those that ran with no order recorded, by name), as an ordering\n"
	  "file: for lld (--symbol-ordering-file) one symbol a line, for\n"
	  "gold (--section-ordering-file) the function's section,\n"
	  ".text.SYMBOL (compile with -ffunction-sections).  Functions that\n"
	  "never ran are left out.\n"
	  "\n"
	  "Options:\n"
	  "  -p, --profile=PROFILE  the profile\n"
	  "      --format=FORMAT    lld (the default) or gold\n"
	  "  -o, --output=FILE      write to FILE instead of standard output\n"
	  "  -h, --help             print this help and exit\n");
}

/* One function to print: its index and first-call order (0: none).  */
struct ranked
{
  const struct mip_profile *profile;
  uint32_t index;
  uint64_t order;
};

static int
compare_ranked (const void *a, const void *b)
{
  const struct ranked *x = a, *y = b;
  /* Ordered ones first, by order; then the rest.  */
  if ((x->order == 0) != (y->order == 0))
    return x->order == 0 ? 1 : -1;
  if (x->order != y->order)
    return x->order < y->order ? -1 : 1;
  return strcmp (mip_profile_function_name (x->profile, x->index),
		 mip_profile_function_name (y->profile, y->index));
}

/* The primary functions that ran, sorted; *COUNT of them.  */
static struct ranked *
ranked_functions (const struct mip_profile *profile, size_t *count)
{
  uint32_t n = profile->header.function_count, i;
  struct ranked *list = malloc ((n ? n : 1) * sizeof *list);

  *count = 0;
  if (!list)
    return NULL;
  for (i = 0; i < n; i++)
    if (!mip_profile_function_is_discarded (profile, i)
	&& !mip_profile_function_is_alias (profile, i)
	&& profile->functions[i].covered_runs > 0)
      {
	list[*count].profile = profile;
	list[*count].index = i;
	list[*count].order = mip_profile_function_order (profile, i);
	(*count)++;
      }
  qsort (list, *count, sizeof *list, compare_ranked);
  return list;
}

static int
write_order (const struct mip_profile *profile, enum order_format format,
	     FILE *out)
{
  size_t count, k;
  struct ranked *list = ranked_functions (profile, &count);
  const char *previous = NULL;

  if (!list)
    {
      mipdata_error ("out of memory");
      return MIPDATA_EXIT_FAILURE;
    }
  for (k = 0; k < count; k++)
    {
      const char *name = mip_profile_function_name (profile, list[k].index);
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
       const char *output_path)
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
  status = write_order (profile, format, out);
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
    { "output", required_argument, NULL, 'o' },
    { "help", no_argument, NULL, 'h' },
    { NULL, 0, NULL, 0 }
  };
  const char *profile_path = NULL, *output_path = NULL;
  enum order_format format = ORDER_LLD;
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
      case 'h':
	print_help ();
	return MIPDATA_EXIT_OK;
      default:
	return mipdata_bad_option ("order", option, argv);
      }
  status = mipdata_need_profile ("order", profile_path, argc, argv);
  if (status >= 0)
    return status;
  return order (profile_path, format, output_path);
}
