/* fuzz-profile.c - fuzz harness of the profile reader
   (mip_profile_parse).

   A profile the reader accepts is queried as mipdata show does (every
   function's name, kinds and order, every block's address and extent),
   then written and read back: the second write must give the same
   bytes as the first.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "fuzz.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "mip-profile.h"

/* Ask PROFILE what show asks about each function; returns the number of
   blocks whose address is known.  */
static uint64_t
query_functions (const struct mip_profile *profile)
{
  uint64_t known = 0;
  uint32_t i, k;

  for (i = 0; i < profile->header.function_count; i++)
    {
      const struct mip_profile_function *function = &profile->functions[i];
      const char *name = mip_profile_function_name (profile, i);

      if (!name || !memchr (name, '\0', profile->header.strings_size
			    - function->name_offset))
	fuzz_fail ("function %" PRIu32 " has no name", i);
      mip_profile_function_is_discarded (profile, i);
      if (mip_profile_function_is_alias (profile, i))
	continue;
      mip_profile_function_kinds (profile, i);
      mip_profile_function_order (profile, i);
      for (k = 0; k < function->block_count; k++)
	{
	  uint64_t address, size;
	  if (mip_profile_block_extent (profile, i, k, &address, &size))
	    known++;
	}
    }
  return known;
}

/* Serialize PROFILE; NULL when out of memory.  */
static unsigned char *
serialize (const struct mip_profile *profile, size_t *size)
{
  struct mip_error_context error;
  unsigned char *bytes = NULL;
  enum mip_error status;

  mip_error_clear (&error);
  status = mip_profile_serialize (profile, &bytes, size, &error);
  if (status == MIP_ERROR_NO_MEMORY)
    return NULL;
  if (status != MIP_OK)
    {
      char message[2048];
      fuzz_fail ("an accepted profile cannot be written: %s",
		 mip_error_format (&error, message, sizeof message));
    }
  return bytes;
}

/* Write PROFILE, read it back and write it again: same bytes.  */
static void
round_trip (const struct mip_profile *profile)
{
  struct mip_error_context error;
  struct mip_profile *again = NULL;
  unsigned char *first, *second = NULL;
  size_t first_size, second_size = 0;
  enum mip_error status;

  first = serialize (profile, &first_size);
  if (!first)
    return;
  mip_error_clear (&error);
  status = mip_profile_parse (first, first_size, FUZZ_INPUT_NAME, &again,
			      &error);
  if (status != MIP_OK && status != MIP_ERROR_NO_MEMORY)
    {
      char message[2048];
      fuzz_fail ("an accepted profile does not read back: %s",
		 mip_error_format (&error, message, sizeof message));
    }
  if (again)
    second = serialize (again, &second_size);
  if (second && (second_size != first_size
		 || memcmp (first, second, first_size) != 0))
    fuzz_fail ("an accepted profile read back writes other bytes");
  free (second);
  free (first);
  mip_profile_free (again);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  struct mip_error_context error;
  struct mip_profile *profile = NULL;
  enum mip_error status;
  uint64_t known;

  mip_error_clear (&error);
  status = mip_profile_parse (data, size, FUZZ_INPUT_NAME, &profile,
			      &error);
  fuzz_check_error (status, &error);
  if (status != MIP_OK)
    return 0;
  known = query_functions (profile);
  round_trip (profile);
  fuzz_say ("ok: %" PRIu32 " runs, %" PRIu32 " functions, %" PRIu32
	    " blocks (%" PRIu64 " placed)", profile->header.runs,
	    profile->header.function_count, profile->header.block_count,
	    known);
  mip_profile_free (profile);
  return 0;
}
