/* mip-lookup.h - which function of a profile holds a code address.

   Caller samples are run-time return addresses, which merge turns into
   link-time ones.  To name the function that made a call, mipdata looks
   for the kept function whose code holds the call instruction, that is
   the byte before the return address: in its main part
   [address, address + size) or in its cold part
   [cold_address, cold_address + cold_size).  Using the byte before
   keeps a call that ends its function (to a function that does not
   return) from being taken for a call made by the next function.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef MIP_LOOKUP_H
#define MIP_LOOKUP_H

#include <stdint.h>

#include "mip-error.h"
#include "mip-profile.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What the lookups return when no function holds the address.  */
#define MIP_NO_FUNCTION UINT32_MAX

/* The code ranges of the kept functions of a profile (no discarded
   copies, no aliases), sorted by address.  */
struct mip_address_index;

/* Index the functions of PROFILE, which must outlive *INDEX.  */
enum mip_error mip_address_index_build (const struct mip_profile *profile,
					struct mip_address_index **index,
					struct mip_error_context *error);

void mip_address_index_free (struct mip_address_index *index);

/* The function whose main or cold part holds link-time ADDRESS, or
   MIP_NO_FUNCTION.  */
uint32_t mip_address_index_find (const struct mip_address_index *index,
				 uint64_t address);

/* The function that made the call returning to link-time
   RETURN_ADDRESS: the one holding RETURN_ADDRESS - 1.  */
uint32_t mip_address_index_find_caller (const struct mip_address_index *index,
					uint64_t return_address);

#ifdef __cplusplus
}
#endif

#endif /* MIP_LOOKUP_H */
