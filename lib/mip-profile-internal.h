/* mip-profile-internal.h - helpers shared by the files of the profile
   code of the format library; not part of its interface.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef MIP_PROFILE_INTERNAL_H
#define MIP_PROFILE_INTERNAL_H

#include <stdbool.h>

#include "mip-infer.h"
#include "mip-profile.h"

/* Allocate every table of PROFILE (and the derived arrays) for the counts
   in its header, zeroed.  */
bool mip_profile_allocate_tables (struct mip_profile *profile);

/* Compute primary[] and effective_kinds[] from the function table.  */
bool mip_profile_derive_aliases (struct mip_profile *profile);

/* The inference graph of function INDEX, whose blocks and list lie
   inside PROFILE's tables.  */
void mip_profile_infer_graph (const struct mip_profile *profile,
			      uint32_t index, struct mip_infer_graph *graph);

/* Every block of a function of the counting mode: count 0, known
   (MIP_BLOCK_COUNTED); every other block: no count.  */
void mip_profile_reset_block_counts (struct mip_profile *profile);

/* Let at most LIMIT callers wait in ACC (unless one run has more)
   before they go into its profile; the unit tests make it small.  */
void mip_run_accumulator_limit_callers (struct mip_run_accumulator *acc,
					size_t limit);

/* Let the value site candidates of runs wait in ACC until they are
   more than LIMIT (or twice the profile's values) before they go into
   its profile; the unit tests make it small.  */
void mip_run_accumulator_limit_values (struct mip_run_accumulator *acc,
				       size_t limit);

#endif /* MIP_PROFILE_INTERNAL_H */
