/* mip-lookup.c - which function of a profile holds a code address: a
   sorted array of code ranges and a binary search.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "mip-lookup.h"

#include <stdlib.h>

#include "mip-map.h"

/* One part of a function's code: [start, end).  */
struct code_range
{
  uint64_t start, end;
  uint32_t function;
};

struct mip_address_index
{
  struct code_range *ranges;
  size_t count;
};

static int
compare_ranges (const void *a, const void *b)
{
  const struct code_range *x = a, *y = b;
  if (x->start != y->start)
    return x->start < y->start ? -1 : 1;
  return x->function < y->function ? -1 : x->function > y->function;
}

/* Add [START, START + SIZE) of FUNCTION unless it is empty or its address
   marks a part the linker discarded.  */
static void
add_range (struct mip_address_index *index, unsigned pointer_size,
	   uint64_t start, uint32_t size, uint32_t function)
{
  if (size == 0 || mip_address_is_discarded (start, pointer_size)
      || start > UINT64_MAX - size)
    return;
  index->ranges[index->count].start = start;
  index->ranges[index->count].end = start + size;
  index->ranges[index->count].function = function;
  index->count++;
}

enum mip_error
mip_address_index_build (const struct mip_profile *profile,
			 struct mip_address_index **result,
			 struct mip_error_context *error)
{
  uint32_t count = profile->header.function_count;
  unsigned pointer_size = profile->header.pointer_size;
  struct mip_address_index *index = calloc (1, sizeof *index);
  uint32_t i;

  if (index)
    index->ranges = calloc (2 * (size_t) count + 1, sizeof *index->ranges);
  if (!index || !index->ranges)
    {
      mip_address_index_free (index);
      return mip_error_set (error, MIP_ERROR_NO_MEMORY, NULL, NULL);
    }
  for (i = 0; i < count; i++)
    {
      const struct mip_profile_function *function = &profile->functions[i];
      if (mip_profile_function_is_discarded (profile, i)
	  || mip_profile_function_is_alias (profile, i))
	continue;
      add_range (index, pointer_size, function->address, function->size, i);
      add_range (index, pointer_size, function->cold_address,
		 function->cold_size, i);
    }
  qsort (index->ranges, index->count, sizeof *index->ranges,
	 compare_ranges);
  *result = index;
  return MIP_OK;
}

void
mip_address_index_free (struct mip_address_index *index)
{
  if (!index)
    return;
  free (index->ranges);
  free (index);
}

uint32_t
mip_address_index_find (const struct mip_address_index *index,
			uint64_t address)
{
  size_t low = 0, high = index->count;

  /* The last range that starts at or before ADDRESS.  */
  while (low < high)
    {
      size_t middle = low + (high - low) / 2;
      if (index->ranges[middle].start <= address)
	low = middle + 1;
      else
	high = middle;
    }
  if (low == 0 || address >= index->ranges[low - 1].end)
    return MIP_NO_FUNCTION;
  return index->ranges[low - 1].function;
}

uint32_t
mip_address_index_find_caller (const struct mip_address_index *index,
			       uint64_t return_address)
{
  if (return_address == 0)
    return MIP_NO_FUNCTION;
  return mip_address_index_find (index, return_address - 1);
}
