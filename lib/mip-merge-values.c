/* mip-merge-values.c - the values of a profile's value sites: the
   records of runs, or the values of another profile, added to them.

   A profile created from a block-count binary built with -g has one
   value site per record of the binary's .debug_mip_ipa
   (mip_profile_set_ipa).  A run's record is a one-counter Misra-Gries
   summary (value, count) of that run (mip-format.h); summaries of that
   kind cannot be added up without the order mattering, so the profile
   keeps, per record, every candidate the runs gave it with the sum of
   their counts: its pairs (struct mip_profile_value) in the value
   table, by value.  A run's record (v, c), read in the raw data's byte
   order as the allocation sites' records are (mip-merge-heap.c), adds
   c times the input's weight W (saturating) to the pair of v, new if v
   had none; a record with count 0 adds no pair.  Another profile adds
   its pairs, times W, site by site.  That is a sum of multisets: the
   result does not depend on the order or the grouping of the inputs
   (mipdata merge -j).  A value whose pair has count C was taken at
   least C times over the runs, being each run's candidate with a count
   no larger than the times it was taken.  The record's sum of the
   values and its calls, times W, add to the site's size_sum and calls
   (saturating), whatever its count; another profile's site adds its
   own, times W: plain sums, order-free too.

   Adding is done in two steps, as for the allocation sites: prepare
   sorts the waiting values (a batch: one run's records, many runs'
   when the accumulator keeps them, another profile's values) and
   merges them with the profile's into a new table, the only step that
   can fail; install gives the profile that table.  The work is the
   batch sorted and both tables read once, so adding many runs in one
   batch stays near linear in the values.  A profile without value
   sites takes nothing from a run's records or from another profile's
   values.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "mip-profile.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "mip-merge-internal.h"
#include "mip-reader.h"

/* Read the record of value site INDEX of PROFILE in RAW into *RECORD.  */
static bool
read_record (const struct mip_profile *profile, const struct mip_raw *raw,
	     uint32_t index, struct mip_raw_value_site *record)
{
  return mip_read_struct (&raw->data, profile->value_sites[index].raw_offset,
			  &mip_layout_mip_raw_value_site, record);
}

enum mip_error
mip_merge_check_values (const struct mip_profile *profile,
			const struct mip_raw *raw, const char *name,
			struct mip_error_context *error)
{
  for (uint32_t i = 0; i < profile->header.value_site_count; i++)
    {
      struct mip_raw_value_site record;
      if (!read_record (profile, raw, i, &record))
	return mip_error_set (error, MIP_ERROR_TRUNCATED, name,
			      "value site %" PRIu32 "'s record at %" PRIu32
			      " lies past the data", i,
			      profile->value_sites[i].raw_offset);
    }
  return MIP_OK;
}

/* ---- Batches ------------------------------------------------------------ */

bool
mip_value_batch_reserve (struct value_batch *batch, size_t more)
{
  if (more <= batch->capacity - batch->count)
    return true;
  if (more > SIZE_MAX / sizeof *batch->entries - batch->count)
    return false;
  size_t capacity = batch->capacity ? batch->capacity : 64;
  while (capacity < batch->count + more)
    capacity = capacity > SIZE_MAX / sizeof *batch->entries / 2
	       ? batch->count + more : capacity * 2;
  struct value_entry *entries = realloc (batch->entries,
					 capacity * sizeof *entries);
  if (!entries)
    return false;
  batch->entries = entries;
  batch->capacity = capacity;
  return true;
}

void
mip_value_batch_add_run (struct value_batch *batch,
			 const struct mip_profile *profile,
			 const struct mip_raw *raw, uint32_t weight)
{
  for (uint32_t i = 0; i < profile->header.value_site_count; i++)
    {
      struct mip_raw_value_site record;
      /* mip_merge_check_values read them all.  */
      if (read_record (profile, raw, i, &record)
	  && (record.count != 0 || record.calls != 0))
	batch->entries[batch->count++] = (struct value_entry) {
	  i, record.value, saturating_multiply (record.count, weight),
	  saturating_multiply (record.sum, weight),
	  saturating_multiply (record.calls, weight) };
    }
}

void
mip_value_batch_free (struct value_batch *batch)
{
  free (batch->entries);
  memset (batch, 0, sizeof *batch);
}

static int
compare_entries (const void *a, const void *b)
{
  const struct value_entry *x = a, *y = b;
  if (x->site != y->site)
    return x->site < y->site ? -1 : 1;
  return x->value < y->value ? -1 : x->value > y->value;
}

/* Sort BATCH by (site, value) and make the entries of one value one,
   their counts and sums added.  */
static void
combine (struct value_batch *batch)
{
  size_t kept = 0;

  qsort (batch->entries, batch->count, sizeof *batch->entries,
	 compare_entries);
  for (size_t i = 0; i < batch->count; i++)
    {
      const struct value_entry *entry = &batch->entries[i];
      struct value_entry *last = kept > 0 ? &batch->entries[kept - 1] : NULL;
      if (last && last->site == entry->site && last->value == entry->value)
	{
	  last->count = mip_saturating_add (last->count, entry->count);
	  last->size_sum = mip_saturating_add (last->size_sum,
					       entry->size_sum);
	  last->calls = mip_saturating_add (last->calls, entry->calls);
	}
      else
	batch->entries[kept++] = *entry;
    }
  batch->count = kept;
}

/* ---- The new table ----------------------------------------------------- */

/* Append (VALUE, COUNT) to OUT, which holds *N pairs, those of the site
   being made from FIRST on: added to the last if it has VALUE.  */
static void
append (struct mip_profile_value *out, size_t first, size_t *n,
	uint64_t value, uint64_t count)
{
  if (*n > first && out[*n - 1].value == value)
    out[*n - 1].count = mip_saturating_add (out[*n - 1].count, count);
  else
    out[(*n)++] = (struct mip_profile_value) { value, count };
}

enum mip_error
mip_merge_values_prepare (const struct mip_profile *profile,
			  struct value_batch *batch,
			  struct value_addition *addition, const char *name,
			  struct mip_error_context *error)
{
  const struct mip_profile_header *h = &profile->header;

  memset (addition, 0, sizeof *addition);
  if (h->value_site_count == 0 || batch->count == 0)
    return MIP_OK;
  combine (batch);
  size_t most = batch->count;
  if (most <= SIZE_MAX / sizeof *addition->values - h->value_count)
    {
      most += h->value_count;
      addition->values = malloc (most * sizeof *addition->values);
    }
  addition->site_counts = calloc (h->value_site_count,
				  sizeof *addition->site_counts);
  addition->size_sums = calloc (h->value_site_count,
				sizeof *addition->size_sums);
  addition->calls = calloc (h->value_site_count, sizeof *addition->calls);
  if (!addition->values || !addition->site_counts || !addition->size_sums
      || !addition->calls)
    {
      mip_merge_values_discard (addition);
      return mip_error_set (error, MIP_ERROR_NO_MEMORY, name, NULL);
    }

  /* Each site's pairs and batch entries, both by value, merged; the
     entries' sums added to the site's, an entry with count 0 giving no
     pair.  */
  const struct value_entry *entry = batch->entries;
  const struct value_entry *end = entry + batch->count;
  size_t n = 0;
  for (uint32_t s = 0; s < h->value_site_count; s++)
    {
      const struct mip_profile_value_site *site = &profile->value_sites[s];
      const struct mip_profile_value *old = profile->values
					    + site->value_begin;
      const struct mip_profile_value *old_end = old + site->value_count;
      uint64_t size_sum = site->size_sum, calls = site->calls;
      size_t first = n;
      while (old < old_end || (entry < end && entry->site == s))
	{
	  if (old < old_end
	      && (entry == end || entry->site != s
		  || old->value <= entry->value))
	    {
	      append (addition->values, first, &n, old->value, old->count);
	      old++;
	    }
	  else
	    {
	      if (entry->count != 0)
		append (addition->values, first, &n, entry->value,
			entry->count);
	      size_sum = mip_saturating_add (size_sum, entry->size_sum);
	      calls = mip_saturating_add (calls, entry->calls);
	      entry++;
	    }
	}
      addition->site_counts[s] = (uint32_t) (n - first);
      addition->size_sums[s] = size_sum;
      addition->calls[s] = calls;
    }
  if (n > UINT32_MAX)
    {
      mip_merge_values_discard (addition);
      return mip_error_set (error, MIP_ERROR_TOO_LARGE, name,
			    "%zu values of value sites (at most %" PRIu32
			    ")", n, UINT32_MAX);
    }
  addition->value_count = (uint32_t) n;
  return MIP_OK;
}

enum mip_error
mip_merge_values_prepare_run (const struct mip_profile *profile,
			      const struct mip_raw *raw, uint32_t weight,
			      struct value_addition *addition,
			      const char *name,
			      struct mip_error_context *error)
{
  struct value_batch batch = { NULL, 0, 0 };
  enum mip_error status;

  memset (addition, 0, sizeof *addition);
  if (profile->header.value_site_count == 0)
    return MIP_OK;
  if (!mip_value_batch_reserve (&batch, profile->header.value_site_count))
    return mip_error_set (error, MIP_ERROR_NO_MEMORY, name, NULL);
  mip_value_batch_add_run (&batch, profile, raw, weight);
  status = mip_merge_values_prepare (profile, &batch, addition, name, error);
  mip_value_batch_free (&batch);
  return status;
}

enum mip_error
mip_merge_values_prepare_profile (const struct mip_profile *profile,
				  const struct mip_profile *other,
				  uint32_t weight,
				  struct value_addition *addition,
				  const char *name,
				  struct mip_error_context *error)
{
  struct value_batch batch = { NULL, 0, 0 };
  enum mip_error status;

  memset (addition, 0, sizeof *addition);
  /* mip_profile_check_profile saw the same sites in both, or none in
     PROFILE.  */
  if (profile->header.value_site_count == 0)
    return MIP_OK;
  uint64_t most = (uint64_t) other->header.value_count
		  + other->header.value_site_count;
  if (most > SIZE_MAX || !mip_value_batch_reserve (&batch, (size_t) most))
    return mip_error_set (error, MIP_ERROR_NO_MEMORY, name, NULL);
  for (uint32_t s = 0; s < other->header.value_site_count; s++)
    {
      const struct mip_profile_value_site *site = &other->value_sites[s];
      /* The site's sums, on an entry of no pair.  */
      if (site->size_sum != 0 || site->calls != 0)
	batch.entries[batch.count++] = (struct value_entry) {
	  s, 0, 0, saturating_multiply (site->size_sum, weight),
	  saturating_multiply (site->calls, weight) };
      for (uint32_t k = 0; k < site->value_count; k++)
	{
	  const struct mip_profile_value *pair =
	    &other->values[site->value_begin + k];
	  batch.entries[batch.count++] = (struct value_entry) {
	    s, pair->value, saturating_multiply (pair->count, weight), 0, 0 };
	}
    }
  status = mip_merge_values_prepare (profile, &batch, addition, name, error);
  mip_value_batch_free (&batch);
  return status;
}

void
mip_merge_values_install (struct mip_profile *profile,
			  struct value_addition *addition)
{
  if (!addition->values)
    return;
  uint32_t begin = 0;
  for (uint32_t s = 0; s < profile->header.value_site_count; s++)
    {
      profile->value_sites[s].value_begin = begin;
      profile->value_sites[s].value_count = addition->site_counts[s];
      profile->value_sites[s].size_sum = addition->size_sums[s];
      profile->value_sites[s].calls = addition->calls[s];
      begin += addition->site_counts[s];
    }
  free (profile->values);
  profile->values = addition->values;
  profile->header.value_count = addition->value_count;
  free (addition->site_counts);
  free (addition->size_sums);
  free (addition->calls);
  memset (addition, 0, sizeof *addition);
}

void
mip_merge_values_discard (struct value_addition *addition)
{
  free (addition->values);
  free (addition->site_counts);
  free (addition->size_sums);
  free (addition->calls);
  memset (addition, 0, sizeof *addition);
}
