/* mip-merge-callers.c - the callers an input adds to a profile: a run's
   callers sorted and folded (one entry per function and return
   address), then merged with the profile's own into a new caller table,
   each function's callers sorted by address whatever order they came
   in, which replaces the old one.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "mip-profile.h"

#include <stdlib.h>

#include "mip-merge-internal.h"

int
mip_merge_compare_run_callers (const void *a, const void *b)
{
  const struct run_caller *x = a, *y = b;
  if (x->function != y->function)
    return x->function < y->function ? -1 : 1;
  if (x->address != y->address)
    return x->address < y->address ? -1 : 1;
  return 0;
}

/* Sort the run's callers by function and address, fold duplicates (a
   run sees a caller once, however many slots and samples hold it; its
   samples add up).  */
void
mip_merge_unique_run_callers (struct run *run)
{
  size_t i, kept = 0;

  if (run->caller_count == 0)
    return;
  qsort (run->callers, run->caller_count, sizeof *run->callers,
	 mip_merge_compare_run_callers);
  for (i = 1; i < run->caller_count; i++)
    if (mip_merge_compare_run_callers (&run->callers[i],
				       &run->callers[kept]) != 0)
      run->callers[++kept] = run->callers[i];
    else
      run->callers[kept].samples =
	saturating_add32 (run->callers[kept].samples,
			  run->callers[i].samples);
  run->caller_count = kept + 1;
}

static int
compare_profile_callers (const void *a, const void *b)
{
  const struct mip_profile_caller *x = a, *y = b;
  if (x->return_address != y->return_address)
    return x->return_address < y->return_address ? -1 : 1;
  return 0;
}

/* Sort the COUNT callers of one function by address and fold entries
   of one address into one, adding their runs.  Returns the new count.  */
static size_t
combine_callers (struct mip_profile_caller *callers, size_t count)
{
  size_t i, kept = 0;

  if (count == 0)
    return 0;
  qsort (callers, count, sizeof *callers, compare_profile_callers);
  for (i = 1; i < count; i++)
    if (callers[i].return_address == callers[kept].return_address)
      {
	callers[kept].runs = saturating_add32 (callers[kept].runs,
					       callers[i].runs);
	callers[kept].samples = saturating_add32 (callers[kept].samples,
						  callers[i].samples);
      }
    else
      callers[++kept] = callers[i];
  return kept + 1;
}

/* Build the new caller table of PROFILE: each function's callers, old
   and new (ADDED, COUNT entries sorted by function), sorted by address,
   one entry per address.  The table is the same whatever order the
   callers came in.  Returns NULL when out of memory or too large; *BEGINS
   is each function's first entry, *TOTAL the new size.  */
struct mip_profile_caller *
mip_merge_callers (const struct mip_profile *profile,
		   const struct run_caller *added, size_t count,
		   uint32_t **begins, uint64_t *total)
{
  uint64_t bound = (uint64_t) profile->header.caller_count + count;
  struct mip_profile_caller *merged;
  uint32_t f;
  size_t next = 0, out = 0;

  *begins = NULL;
  if (bound > UINT32_MAX)
    return NULL;
  merged = calloc (bound ? bound : 1, sizeof *merged);
  *begins = calloc (profile->header.function_count + 1, sizeof **begins);
  if (!merged || !*begins)
    {
      free (merged);
      free (*begins);
      *begins = NULL;
      return NULL;
    }
  for (f = 0; f < profile->header.function_count; f++)
    {
      const struct mip_profile_function *function = &profile->functions[f];
      size_t begin = out;
      uint32_t c;

      (*begins)[f] = (uint32_t) out;
      for (c = 0; c < function->caller_count; c++)
	merged[out++] = profile->callers[function->caller_begin + c];
      for (; next < count && added[next].function == f; next++)
	{
	  merged[out].return_address = added[next].address;
	  merged[out].runs = added[next].runs;
	  merged[out].samples = added[next].samples;
	  out++;
	}
      out = begin + combine_callers (merged + begin, out - begin);
    }
  *total = out;
  return merged;
}

/* Replace the caller table of PROFILE by CALLERS (TOTAL entries, each
   function's first at BEGINS[f]); takes CALLERS, frees BEGINS.  */
void
mip_merge_install_callers (struct mip_profile *profile,
			   struct mip_profile_caller *callers,
			   uint32_t *begins, uint64_t total)
{
  uint32_t i;

  for (i = 0; i < profile->header.function_count; i++)
    {
      struct mip_profile_function *function = &profile->functions[i];
      function->caller_begin = begins[i];
      function->caller_count = (i + 1 < profile->header.function_count
				? begins[i + 1] : total) - begins[i];
    }
  free (profile->callers);
  profile->callers = callers;
  profile->header.caller_count = (uint32_t) total;
  free (begins);
}
