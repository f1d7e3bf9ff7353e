/* fuzz-map.c - fuzz harness of the map reader (mip_map_parse), the
   contents of a .debug_mip_map section or a .mipmap file.

   A map the reader accepts must make a profile (mipdata create) that
   survives being written and read back (mip_profile_serialize,
   mip_profile_parse).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "fuzz.h"

#include <inttypes.h>
#include <stdlib.h>

#include "mip-map.h"
#include "mip-profile.h"

/* Make the profile of MAP, write it and read it back; abort on any
   failure but lack of memory or a map too large for a profile.  */
static void
round_trip_profile (const struct mip_map *map)
{
  struct mip_error_context error;
  struct mip_profile *profile = NULL, *again = NULL;
  unsigned char *bytes = NULL;
  size_t size = 0;
  enum mip_error status;

  mip_error_clear (&error);
  status = mip_profile_create (map, &profile, &error);
  if (status == MIP_OK)
    status = mip_profile_serialize (profile, &bytes, &size, &error);
  if (status == MIP_OK)
    status = mip_profile_parse (bytes, size, FUZZ_INPUT_NAME, &again,
				&error);
  if (status != MIP_OK && status != MIP_ERROR_NO_MEMORY
      && status != MIP_ERROR_TOO_LARGE)
    {
      char message[2048];
      fuzz_fail ("the profile of an accepted map does not read back: %s",
		 mip_error_format (&error, message, sizeof message));
    }
  free (bytes);
  mip_profile_free (again);
  mip_profile_free (profile);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  struct mip_error_context error;
  struct mip_map *map = NULL;
  enum mip_error status;

  mip_error_clear (&error);
  status = mip_map_parse (data, size, FUZZ_INPUT_NAME, &map, &error);
  fuzz_check_error (status, &error);
  if (status != MIP_OK)
    return 0;
  round_trip_profile (map);
  fuzz_say ("ok: %" PRIu32 " units, %" PRIu32 " functions, %" PRIu32
	    " blocks, %u-bit", map->unit_count, map->function_count,
	    map->block_count, map->pointer_size * 8);
  mip_map_free (map);
  return 0;
}
