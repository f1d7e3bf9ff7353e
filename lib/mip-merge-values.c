/* mip-merge-values.c - the value sites of a profile: the records of a
   run, or the entries of another profile, added to them.

   A profile created from a block-count binary built with -g has one
   value site per record of the binary's .debug_mip_ipa
   (mip_profile_set_ipa), each holding the one-counter Misra-Gries
   summary (value, count) of the values its operand took over the runs.
   A run's record, read in the raw data's byte order as the allocation
   sites' records are (mip-merge-heap.c), and another profile's entry
   are added with mip_value_add, the count of an input of weight W
   multiplied by W (saturating): W copies of the same summary.

   Unlike the other counts, the candidate of a sum can depend on the
   order and grouping of the inputs (mipdata merge -j), though the
   guarantee of mip-format.h holds for any: a value taken more than half
   the times is the candidate, with a count of at least 2f - n.  A
   profile without value sites takes nothing from a run's records or
   from another profile's sites.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "mip-profile.h"

#include <inttypes.h>

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

/* Add a summary (VALUE, COUNT), WEIGHT times, to SITE.  */
static void
add_summary (struct mip_profile_value_site *site, uint64_t value,
	     uint64_t count, uint32_t weight)
{
  mip_value_add (&site->value, &site->count, value,
		 saturating_multiply (count, weight));
}

void
mip_merge_values_add_run (struct mip_profile *profile,
			  const struct mip_raw *raw, uint32_t weight)
{
  for (uint32_t i = 0; i < profile->header.value_site_count; i++)
    {
      struct mip_raw_value_site record;
      /* mip_merge_check_values read them all.  */
      if (read_record (profile, raw, i, &record))
	add_summary (&profile->value_sites[i], record.value, record.count,
		     weight);
    }
}

void
mip_merge_values_add_profile (struct mip_profile *profile,
			      const struct mip_profile *other,
			      uint32_t weight)
{
  /* mip_profile_check_profile saw the same sites in both, or none in
     PROFILE.  */
  for (uint32_t i = 0; i < profile->header.value_site_count; i++)
    add_summary (&profile->value_sites[i], other->value_sites[i].value,
		 other->value_sites[i].count, weight);
}
