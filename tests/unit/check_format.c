/* check_format.c - unit tests of the MIP format library (lib/).

   Maps and raw profiles are crafted byte by byte by test-data.c from the
   structures of mip-format.inc, in both byte orders and pointer sizes,
   then parsed, cut short at every length, corrupted field by field and
   merged.  Every malformed input must be refused with the right error,
   never read out of bounds (run under valgrind or -fsanitize=address to
   be sure of that).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#define _POSIX_C_SOURCE 200809L

#include <check.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mip-edges.h"
#include "mip-error.h"
#include "mip-file.h"
#include "mip-flow.h"
#include "mip-heap.h"
#include "mip-infer.h"
#include "mip-ipa.h"
#include "mip-layout.h"
#include "mip-lookup.h"
#include "mip-map.h"
#include "mip-profile.h"
#include "mip-profile-internal.h"
#include "mip-raw.h"
#include "mip-reader.h"
#include "test-data.h"

#define FIELD(s, f) offsetof (struct s, f), sizeof (((struct s *) 0)->f)

static const uint32_t FULL = MIP_KIND_CALL_COUNT | MIP_KIND_ORDER;

/* ---- Helpers ----------------------------------------------------------- */

static enum mip_error
parse_map (const struct test_bytes *bytes, struct mip_map **map,
	   struct mip_error_context *error)
{
  mip_error_clear (error);
  *map = NULL;
  return mip_map_parse (bytes->data, bytes->size, "test.mipmap", map, error);
}

/* A profile created from the map of BINARY.  */
static struct mip_profile *
profile_of (const struct test_binary *binary)
{
  struct test_bytes bytes = test_make_map (binary);
  struct mip_error_context error;
  struct mip_map *map;
  struct mip_profile *profile = NULL;

  ck_assert_int_eq (parse_map (&bytes, &map, &error), MIP_OK);
  ck_assert_int_eq (mip_profile_create (map, &profile, &error), MIP_OK);
  mip_map_free (map);
  test_bytes_free (&bytes);
  return profile;
}

/* Parse, check and add the raw profile of RUN; returns the first error.  */
static enum mip_error
merge_run (struct mip_profile *profile, const struct test_binary *binary,
	   const struct test_run *run, struct mip_error_context *error)
{
  struct test_bytes bytes = test_make_raw (binary, run);
  struct mip_raw raw;
  enum mip_error status;

  mip_error_clear (error);
  status = mip_raw_parse (bytes.data, bytes.size, "run.mipraw", &raw, error);
  if (status == MIP_OK)
    status = mip_profile_check_raw (profile, &raw, "run.mipraw", error);
  if (status == MIP_OK)
    status = mip_profile_add_run (profile, &raw, "run.mipraw", error);
  test_bytes_free (&bytes);
  return status;
}

static uint32_t
find_function (const struct mip_profile *profile, const char *name,
	       uint32_t from)
{
  uint32_t i;
  for (i = from; i < profile->header.function_count; i++)
    if (strcmp (mip_profile_function_name (profile, i), name) == 0)
      return i;
  ck_abort_msg ("no function '%s' from index %u", name, from);
  return 0;
}

static const char *
message_of (const struct mip_error_context *error)
{
  static char buffer[2048];
  return mip_error_format (error, buffer, sizeof buffer);
}

/* ---- The reader ---------------------------------------------------------- */

START_TEST (test_bswap)
{
  ck_assert_uint_eq (mip_bswap16 (0x1234), 0x3412);
  ck_assert_uint_eq (mip_bswap32 (0x12345678u), 0x78563412u);
  ck_assert_uint_eq (mip_bswap64 (0x0102030405060708ull),
		     0x0807060504030201ull);
}
END_TEST

/* The hash's multiply with 32-bit products (Armv6-M's runtime) gives
   the 64-bit one's result, on values that carry out of every 16-bit
   piece; and the hash of a u64 is that of its little-endian bytes.  */
START_TEST (test_hash_multiply_32)
{
  uint64_t value = 0x9e3779b97f4a7c15ull;
  unsigned char bytes[8];
  int i;

  ck_assert_uint_eq (mip_hash_multiply_32 (0), 0);
  ck_assert_uint_eq (mip_hash_multiply_32 (~0ull), ~0ull * 0x100000001b3ull);
  for (i = 0; i < 100000; i++)
    {
      value = value * 6364136223846793005ull + 1442695040888963407ull;
      ck_assert_uint_eq (mip_hash_multiply_32 (value),
			 value * 0x100000001b3ull);
    }
  for (i = 0; i < 8; i++)
    bytes[i] = (unsigned char) (value >> (8 * i));
  ck_assert_uint_eq (mip_hash_u64 (MIP_HASH_INIT, value),
		     mip_hash_bytes (MIP_HASH_INIT, bytes, 8));
  /* FNV-1a's published value for "a".  */
  ck_assert_uint_eq (mip_hash_bytes (MIP_HASH_INIT, "a", 1),
		     0xaf63dc4c8601ec8cull);
}
END_TEST

START_TEST (test_reader_bounds)
{
  unsigned char data[12] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 };
  struct mip_reader reader = mip_reader_make (data, sizeof data, false);
  struct mip_reader part;
  uint32_t u32 = 7;
  uint64_t u64 = 7;
  uint8_t u8 = 7;

  ck_assert (mip_read_u32 (&reader, 8, &u32));
  ck_assert (!mip_read_u32 (&reader, 9, &u32));
  ck_assert (!mip_read_u64 (&reader, 5, &u64));
  ck_assert (mip_read_u64 (&reader, 4, &u64));
  ck_assert (!mip_read_u8 (&reader, 12, &u8));
  ck_assert (!mip_read_u32 (&reader, UINT64_MAX - 1, &u32));
  ck_assert (!mip_reader_has (&reader, 4, UINT64_MAX - 2));
  ck_assert (!mip_reader_sub (&reader, 8, 5, &part));
  ck_assert (mip_reader_sub (&reader, 8, 4, &part));
  ck_assert_uint_eq (part.size, 4);
  ck_assert (!mip_read_pointer (&reader, 0, 3, &u64));
}
END_TEST

START_TEST (test_reader_swaps)
{
  unsigned char data[16];
  struct mip_raw_unit unit;
  struct mip_reader reader;
  bool host_big = mip_host_big_endian ();
  bool file_big = !host_big;

  test_put (data, FIELD (mip_raw_unit, unit_hash), 0x0102030405060708ull,
	    file_big);
  test_put (data, FIELD (mip_raw_unit, unit_size), 0x11223344u, file_big);
  test_put (data, FIELD (mip_raw_unit, function_count), 5, file_big);
  reader = mip_reader_make (data, sizeof data, true);
  ck_assert (mip_read_struct (&reader, 0, &mip_layout_mip_raw_unit, &unit));
  ck_assert_uint_eq (unit.unit_hash, 0x0102030405060708ull);
  ck_assert_uint_eq (unit.unit_size, 0x11223344u);
  ck_assert_uint_eq (unit.function_count, 5);
  ck_assert (!mip_read_struct (&reader, 1, &mip_layout_mip_raw_unit, &unit));
}
END_TEST

START_TEST (test_layout_tables)
{
  /* The tables generated from mip-format.inc cover every byte.  */
  const struct mip_struct_layout *layouts[] = {
    &mip_layout_mip_raw_header, &mip_layout_mip_raw_unit,
    &mip_layout_mip_map_unit, &mip_layout_mip_map_function,
    &mip_layout_mip_map_block, &mip_layout_mip_profile_header,
    &mip_layout_mip_profile_unit, &mip_layout_mip_profile_function,
    &mip_layout_mip_profile_block, &mip_layout_mip_profile_caller,
    &mip_layout_mip_profile_heap_site, &mip_layout_mip_profile_heap_pair,
    &mip_layout_mip_raw_heap_site, &mip_layout_mip_heap_map_unit,
    &mip_layout_mip_heap_map_site, &mip_layout_mip_ipa_map_unit,
    &mip_layout_mip_ipa_map_value_site, &mip_layout_mip_raw_value_site,
    &mip_layout_mip_profile_value_site, &mip_layout_mip_profile_value,
  };
  size_t i, f;
  for (i = 0; i < sizeof layouts / sizeof layouts[0]; i++)
    {
      size_t covered = 0;
      for (f = 0; f < layouts[i]->field_count; f++)
	{
	  ck_assert_uint_eq (layouts[i]->fields[f].offset, covered);
	  covered += layouts[i]->fields[f].size;
	}
      ck_assert_uint_eq (covered, layouts[i]->size);
    }
  ck_assert_uint_eq (mip_layout_mip_profile_header.size, 216);
  ck_assert_uint_eq (mip_layout_mip_profile_value_site.size, 40);
  ck_assert_uint_eq (mip_layout_mip_profile_value.size, 16);
  ck_assert_uint_eq (mip_layout_mip_ipa_map_value_site.size, 16);
  ck_assert_uint_eq (mip_layout_mip_raw_value_site.size, 32);
  ck_assert_uint_eq (mip_layout_mip_raw_header.size, 104);
}
END_TEST

START_TEST (test_magic)
{
  const uint64_t magics[] = { MIP_MAGIC_RAW64, MIP_MAGIC_RAW32,
			      MIP_MAGIC_MAP64, MIP_MAGIC_MAP32,
			      MIP_MAGIC_PROFILE };
  struct mip_magic_info info;
  unsigned char bytes[8];
  size_t i;

  for (i = 0; i < sizeof magics / sizeof magics[0]; i++)
    {
      test_put (bytes, 0, 8, magics[i], mip_host_big_endian ());
      ck_assert (mip_detect_magic (bytes, 8, &info));
      ck_assert (!info.swap);
      ck_assert_uint_eq (info.magic, magics[i]);
      test_put (bytes, 0, 8, magics[i], !mip_host_big_endian ());
      ck_assert (mip_detect_magic (bytes, 8, &info));
      ck_assert (info.swap);
      ck_assert_uint_eq (info.magic, magics[i]);
      ck_assert_uint_eq (info.pointer_size, MIP_MAGIC_BITS (magics[i]) / 8);
      ck_assert (!mip_detect_magic (bytes, 7, &info));
    }
  memcpy (bytes, "\177ELF\2\1\1\0", 8);
  ck_assert (!mip_detect_magic (bytes, 8, &info));
  ck_assert_str_eq (mip_magic_kind_name (MIP_MAGIC_KIND (MIP_MAGIC_RAW32)),
		    "raw profile");
}
END_TEST

/* ---- Errors ---------------------------------------------------------------- */

START_TEST (test_strerror)
{
  int a, b;
  for (a = 0; a < MIP_ERROR_COUNT; a++)
    {
      ck_assert_ptr_nonnull (mip_strerror ((enum mip_error) a));
      for (b = 0; b < a; b++)
	ck_assert_str_ne (mip_strerror ((enum mip_error) a),
			  mip_strerror ((enum mip_error) b));
    }
  ck_assert_str_eq (mip_strerror (MIP_ERROR_COUNT), "unknown error");
  ck_assert_str_eq (mip_strerror (MIP_ERROR_TRUNCATED), "truncated");
}
END_TEST

START_TEST (test_error_format)
{
  struct mip_error_context error;

  mip_error_set (&error, MIP_ERROR_TRUNCATED, "x.mipraw",
		 "header says %d data bytes, file has %d", 4096, 100);
  ck_assert_str_eq (message_of (&error), "'x.mipraw': truncated: header says"
		    " 4096 data bytes, file has 100");
  mip_error_set (&error, MIP_ERROR_BUILD_ID, "run2.mipraw",
		 "build id 1234, profile expects 5678");
  ck_assert_str_eq (message_of (&error), "'run2.mipraw': built by another"
		    " binary (build id 1234, profile expects 5678)");
  errno = ENOENT;
  mip_error_set_errno (&error, "cannot open", "x.mipraw");
  ck_assert_str_eq (message_of (&error), "cannot open 'x.mipraw': No such"
		    " file or directory");
  mip_error_set (&error, MIP_ERROR_CORRUPT, "m", "function 3");
  mip_error_prefix_detail (&error, "unit 1");
  ck_assert_str_eq (message_of (&error), "'m': corrupt: unit 1: function 3");
  /* A name read from a damaged file keeps the message on one line.  */
  mip_error_set (&error, MIP_ERROR_CORRUPT, "p.mip",
		 "inference cycle in function '%s'", "f\n\033[2J\x7fg");
  ck_assert_str_eq (message_of (&error), "'p.mip': corrupt: inference cycle"
		    " in function 'f??[2J?g'");
}
END_TEST

/* ---- Maps ------------------------------------------------------------------ */

static void
check_sample_map (const struct mip_map *map, unsigned pointer_size,
		  bool big_endian)
{
  struct test_binary binary = test_sample_binary (pointer_size, big_endian);

  ck_assert_uint_eq (map->pointer_size, pointer_size);
  ck_assert_int_eq (map->big_endian, big_endian);
  ck_assert_uint_eq (map->unit_count, 3);
  ck_assert_uint_eq (map->function_count, 8);
  ck_assert_uint_eq (map->build_id, test_build_id (&binary));
  ck_assert_uint_eq (map->raw_data_size, binary.units[0].raw_size
		     + binary.units[1].raw_size + binary.units[2].raw_size);
  ck_assert_uint_eq (map->anchor_address, 0x404000);
  ck_assert_str_eq (map->functions[0].name, "main");
  ck_assert_str_eq (map->functions[5].name, "counted_only");
  ck_assert_uint_eq (map->functions[1].entry.address, 0x401100);
  ck_assert_uint_eq (map->functions[1].entry.raw_offset, 24);
  ck_assert_uint_eq (map->functions[4].unit_index, 1);
  ck_assert_uint_eq (map->units[1].raw_offset, binary.units[0].raw_size);
  ck_assert_uint_eq (map->units[2].function_begin, 6);
}

START_TEST (test_map_good)
{
  struct test_binary binary = test_sample_binary (8, mip_host_big_endian ());
  struct test_bytes bytes = test_make_map (&binary);
  struct mip_error_context error;
  struct mip_map *map;

  ck_assert_int_eq (parse_map (&bytes, &map, &error), MIP_OK);
  check_sample_map (map, 8, mip_host_big_endian ());
  mip_map_free (map);
  test_bytes_free (&bytes);
}
END_TEST

/* A map of the other byte order (big-endian on x86) and of 32 bits.  */
START_TEST (test_map_swapped_and_32)
{
  int variant;
  for (variant = 0; variant < 4; variant++)
    {
      unsigned pointer_size = variant & 1 ? 4 : 8;
      bool big_endian = (variant & 2) ? !mip_host_big_endian ()
	: mip_host_big_endian ();
      struct test_binary binary = test_sample_binary (pointer_size,
						      big_endian);
      struct test_bytes bytes = test_make_map (&binary);
      struct mip_error_context error;
      struct mip_map *map;

      ck_assert_msg (parse_map (&bytes, &map, &error) == MIP_OK, "%s",
		     message_of (&error));
      check_sample_map (map, pointer_size, big_endian);
      mip_map_free (map);
      test_bytes_free (&bytes);
    }
}
END_TEST

/* A map has no overall header: cut at a unit boundary it is a shorter
   valid map (whose build id then matches no raw profile); cut anywhere
   else it must be refused.  */
START_TEST (test_map_truncated_everywhere)
{
  struct test_binary binary = test_sample_binary (8, true);
  struct test_bytes bytes = test_make_map (&binary);
  size_t length, boundary = 0;
  unsigned units = 0;

  for (length = 0; length < bytes.size; length++)
    {
      struct mip_error_context error;
      struct mip_map *map = NULL;
      unsigned char *copy = malloc (length ? length : 1);
      enum mip_error status;

      if (length > boundary)
	{
	  boundary += test_get (bytes.data, boundary
				+ offsetof (struct mip_map_unit, unit_size),
				4, true);
	  units++;
	}
      memcpy (copy, bytes.data, length);
      mip_error_clear (&error);
      status = mip_map_parse (copy, length, "cut.mipmap", &map, &error);
      if (length == boundary && length > 0)
	{
	  ck_assert_int_eq (status, MIP_OK);
	  ck_assert_uint_eq (map->unit_count, units);
	  mip_map_free (map);
	}
      else
	{
	  ck_assert_msg (status != MIP_OK, "a map cut at %zu bytes was"
			 " accepted", length);
	  ck_assert_ptr_null (map);
	  ck_assert_str_eq (error.file, "cut.mipmap");
	}
      free (copy);
    }
  test_bytes_free (&bytes);
}
END_TEST

/* Corrupt one field of unit UNIT (or of its function FUNCTION when
   FUNCTION >= 0) of a sample map and expect STATUS.  */
static void
expect_map_corruption (int unit, int function, size_t offset, unsigned size,
		       uint64_t value, enum mip_error status,
		       const char *message_part)
{
  struct test_binary binary = test_sample_binary (8, false);
  struct test_bytes bytes = test_make_map (&binary);
  struct mip_error_context error;
  struct mip_map *map = NULL;
  size_t at = 0;
  int u;

  for (u = 0; u < unit; u++)
    at += test_get (bytes.data, at + offsetof (struct mip_map_unit, unit_size),
		    4, false);
  if (function >= 0)
    at += sizeof (struct mip_map_unit)
      + (size_t) function * sizeof (struct mip_map_function);
  test_put (bytes.data, at + offset, size, value, false);
  ck_assert_int_eq (parse_map (&bytes, &map, &error), status);
  ck_assert_ptr_null (map);
  if (message_part)
    ck_assert_msg (strstr (message_of (&error), message_part),
		   "'%s' not in '%s'", message_part, message_of (&error));
  test_bytes_free (&bytes);
}

START_TEST (test_map_corrupt_units)
{
  expect_map_corruption (0, -1, FIELD (mip_map_unit, unit_size), 0,
			 MIP_ERROR_CORRUPT, "unit_size 0");
  expect_map_corruption (1, -1, FIELD (mip_map_unit, unit_size), 204,
			 MIP_ERROR_CORRUPT, "unit_size 204");
  expect_map_corruption (2, -1, FIELD (mip_map_unit, unit_size), 0xfffffff8u,
			 MIP_ERROR_TRUNCATED, "unit 2");
  expect_map_corruption (0, -1, FIELD (mip_map_unit, function_count),
			 0x7fffffffu, MIP_ERROR_CORRUPT, "function entries");
  expect_map_corruption (1, -1, FIELD (mip_map_unit, function_count), 4,
			 MIP_ERROR_CORRUPT, NULL);
  expect_map_corruption (0, -1, FIELD (mip_map_unit, version),
			 MIP_FORMAT_VERSION + 1, MIP_ERROR_VERSION,
			 "this mipdata reads version");
  expect_map_corruption (0, -1, FIELD (mip_map_unit, version),
			 MIP_FORMAT_VERSION - 1, MIP_ERROR_VERSION,
			 "this mipdata reads version");
  expect_map_corruption (2, -1, FIELD (mip_map_unit, version), 0,
			 MIP_ERROR_VERSION, "unit 2");
  expect_map_corruption (0, -1, FIELD (mip_map_unit, magic), 0x1234,
			 MIP_ERROR_BAD_MAGIC, NULL);
  expect_map_corruption (0, -1, FIELD (mip_map_unit, magic), MIP_MAGIC_RAW64,
			 MIP_ERROR_WRONG_KIND, "found a raw profile");
  expect_map_corruption (1, -1, FIELD (mip_map_unit, magic), MIP_MAGIC_MAP32,
			 MIP_ERROR_CORRUPT, "differs from the first");
  expect_map_corruption (0, -1, FIELD (mip_map_unit, header_size), 56,
			 MIP_ERROR_CORRUPT, "header_size");
  expect_map_corruption (0, -1, FIELD (mip_map_unit, function_entry_size), 48,
			 MIP_ERROR_CORRUPT, "entry sizes");
  expect_map_corruption (0, -1, FIELD (mip_map_unit, block_entry_size), 0,
			 MIP_ERROR_CORRUPT, "entry sizes");
  expect_map_corruption (0, -1, FIELD (mip_map_unit, strings_offset),
			 0xfffffff0u, MIP_ERROR_CORRUPT, "string table");
  expect_map_corruption (0, -1, FIELD (mip_map_unit, strings_offset), 64,
			 MIP_ERROR_CORRUPT, "string table");
  expect_map_corruption (0, -1, FIELD (mip_map_unit, strings_size),
			 0xffffffffu, MIP_ERROR_CORRUPT, "string table");
  expect_map_corruption (0, -1, FIELD (mip_map_unit, strings_size), 3,
			 MIP_ERROR_CORRUPT, NULL);
  expect_map_corruption (0, -1, FIELD (mip_map_unit, raw_size), 12,
			 MIP_ERROR_CORRUPT, "raw_size 12");
  expect_map_corruption (0, -1, FIELD (mip_map_unit, raw_size), 20,
			 MIP_ERROR_CORRUPT, "raw_size 20");
  expect_map_corruption (0, -1, FIELD (mip_map_unit, mode), 0x40,
			 MIP_ERROR_CORRUPT, "mode");
}
END_TEST

START_TEST (test_map_corrupt_functions)
{
  expect_map_corruption (0, 1, FIELD (mip_map_function, name_offset), 1000,
			 MIP_ERROR_CORRUPT, "name_offset 1000");
  expect_map_corruption (1, 0, FIELD (mip_map_function, raw_offset), 8,
			 MIP_ERROR_CORRUPT, "unit 1: function 0: raw record");
  expect_map_corruption (0, 2, FIELD (mip_map_function, raw_offset),
			 0xfffffffcu, MIP_ERROR_CORRUPT, "raw record");
  expect_map_corruption (0, 0, FIELD (mip_map_function, raw_offset), 18,
			 MIP_ERROR_CORRUPT, "aligned");
  expect_map_corruption (0, 0, FIELD (mip_map_function, kinds), 0x40,
			 MIP_ERROR_CORRUPT, "kinds");
  expect_map_corruption (0, 0, FIELD (mip_map_function, caller_slots),
			 0x40000000u, MIP_ERROR_CORRUPT, "caller slots");
  expect_map_corruption (0, 0, FIELD (mip_map_function, probe_count),
			 0xffffffffu, MIP_ERROR_CORRUPT, "probes");
  expect_map_corruption (0, 0, FIELD (mip_map_function, block_count),
			 0x10000000u, MIP_ERROR_CORRUPT, "block entries");
  expect_map_corruption (0, 0, FIELD (mip_map_function, infer_count), 1,
			 MIP_ERROR_CORRUPT, "inference entries at 0");
}
END_TEST

/* Flip bytes all over a map: every result must be a clean accept or a
   clean refusal (the sanitizers or valgrind catch the rest).  */
START_TEST (test_map_fuzz)
{
  struct test_binary binary = test_sample_binary (8, false);
  struct test_bytes bytes = test_make_map (&binary);
  static const unsigned char values[] = { 0x00, 0x01, 0x07, 0x80, 0xff };
  size_t at, v;

  for (at = 0; at < bytes.size; at++)
    for (v = 0; v < sizeof values; v++)
      {
	unsigned char saved = bytes.data[at];
	struct mip_error_context error;
	struct mip_map *map = NULL;
	bytes.data[at] = values[v];
	if (parse_map (&bytes, &map, &error) == MIP_OK)
	  {
	    uint32_t f;
	    for (f = 0; f < map->function_count; f++)
	      ck_assert_ptr_nonnull (map->functions[f].name);
	    mip_map_free (map);
	  }
	else
	  ck_assert_ptr_null (map);
	bytes.data[at] = saved;
      }
  test_bytes_free (&bytes);
}
END_TEST

START_TEST (test_map_discarded_addresses)
{
  ck_assert (mip_address_is_discarded (0, 8));
  ck_assert (mip_address_is_discarded (UINT64_MAX, 8));
  ck_assert (!mip_address_is_discarded (0xffffffffu, 8));
  ck_assert (mip_address_is_discarded (0xffffffffu, 4));
  ck_assert (mip_address_is_discarded (UINT64_MAX, 4));
  ck_assert (!mip_address_is_discarded (0x401000, 4));
}
END_TEST

/* ---- Raw profiles ------------------------------------------------------------ */

static struct test_run
sample_run (void)
{
  struct test_run run;
  memset (&run, 0, sizeof run);
  run.anchor_address = 0x555555404000ull;
  run.records[0][0] = (struct test_record) { .ran = true, .count = 1, .order = 1 };
  run.records[0][1] = (struct test_record) { .ran = true, .count = 3, .order = 2 };
  run.records[1][0] = (struct test_record) { .ran = true, .count = 2, .order = 3 };
  run.records[1][2] = (struct test_record) { .ran = true, .count = 5, .order = 0 };
  return run;
}

static enum mip_error
parse_raw (const struct test_bytes *bytes, struct mip_raw *raw,
	   struct mip_error_context *error)
{
  mip_error_clear (error);
  return mip_raw_parse (bytes->data, bytes->size, "run.mipraw", raw, error);
}

/* A raw profile made from a section dump (mip_raw_from_section) is the
   raw profile the runtime writes, byte for byte, in every byte order
   and pointer size; a dump cut inside a unit is refused.  */
START_TEST (test_raw_from_section)
{
  int variant;
  for (variant = 0; variant < 4; variant++)
    {
      unsigned pointer_size = variant & 1 ? 4 : 8;
      bool big_endian = (variant & 2) != 0;
      struct test_binary binary = test_sample_binary (pointer_size,
						      big_endian);
      struct test_run run = sample_run ();
      struct test_bytes bytes = test_make_raw (&binary, &run);
      struct mip_raw_origin origin = { pointer_size, big_endian,
				       0x555555404000ull, 0, NULL };
      struct mip_error_context error;
      unsigned char *made;
      size_t made_size;

      mip_error_clear (&error);
      ck_assert_msg (mip_raw_from_section (bytes.data + 104,
					   bytes.size - 104, &origin,
					   "dump.bin", &made, &made_size,
					   &error) == MIP_OK,
		     "%s", message_of (&error));
      /* Nothing tells which process the dump was of.  */
      test_put (bytes.data, offsetof (struct mip_raw_header, pid), 8, 0,
		big_endian);
      ck_assert_uint_eq (made_size, bytes.size);
      ck_assert_int_eq (memcmp (made, bytes.data, bytes.size), 0);
      free (made);
      ck_assert_int_eq (mip_raw_from_section (bytes.data + 104,
					      bytes.size - 112, &origin,
					      "dump.bin", &made, &made_size,
					      &error), MIP_ERROR_CORRUPT);
      ck_assert_ptr_null (made);
      ck_assert_str_eq (error.file, "dump.bin");
      test_bytes_free (&bytes);
    }
}
END_TEST

/* A good raw profile in every byte order and pointer size; also with
   its units left unwalked.  */
START_TEST (test_raw_good)
{
  int variant;
  for (variant = 0; variant < 4; variant++)
    {
      unsigned pointer_size = variant & 1 ? 4 : 8;
      bool big_endian = (variant & 2) != 0;
      struct test_binary binary = test_sample_binary (pointer_size,
						      big_endian);
      struct test_run run = sample_run ();
      struct test_bytes bytes = test_make_raw (&binary, &run);
      struct mip_error_context error;
      struct mip_raw raw;

      ck_assert_msg (parse_raw (&bytes, &raw, &error) == MIP_OK, "%s",
		     message_of (&error));
      ck_assert_uint_eq (raw.pointer_size, pointer_size);
      ck_assert_int_eq (raw.big_endian, big_endian);
      ck_assert_uint_eq (raw.header.build_id, test_build_id (&binary));
      ck_assert_uint_eq (raw.header.unit_count, 3);
      ck_assert_uint_eq (raw.header.anchor_address, 0x555555404000ull);
      ck_assert_uint_eq (raw.data.size, bytes.size - 104);
      ck_assert_uint_eq (raw.header.gnu_build_id_size, 0);

      /* A header that leaves the unit walk to the reader (the runtime
	 without files) gets its build id and unit count from the data;
	 one that sets the flag and a build id too is refused.  */
      test_put (bytes.data, offsetof (struct mip_raw_header, flags), 4,
		MIP_RAW_FLAG_UNITS_UNWALKED, big_endian);
      ck_assert_int_eq (parse_raw (&bytes, &raw, &error),
			MIP_ERROR_CORRUPT);
      ck_assert_msg (strstr (message_of (&error), "not walked") != NULL,
		     "%s", message_of (&error));
      test_put (bytes.data, offsetof (struct mip_raw_header, build_id), 8, 0,
		big_endian);
      test_put (bytes.data, offsetof (struct mip_raw_header, unit_count), 4,
		0, big_endian);
      ck_assert_msg (parse_raw (&bytes, &raw, &error) == MIP_OK, "%s",
		     message_of (&error));
      ck_assert_uint_eq (raw.header.build_id, test_build_id (&binary));
      ck_assert_uint_eq (raw.header.unit_count, 3);
      test_bytes_free (&bytes);
    }
}
END_TEST

/* sample_run with caller samples: helper (unit 0, function 1) called
   from two sites of main, inline_fn (unit 1, function 0) from one of
   helper.  */
static struct test_run
sampled_run (void)
{
  struct test_run run = sample_run ();

  run.sample_count = 3;
  run.samples[0] = (struct test_sample) { 0, 1, 0x555555401010ull, 5 };
  run.samples[1] = (struct test_sample) { 0, 1, 0x555555401020ull, 2 };
  run.samples[2] = (struct test_sample) { 1, 0, 0x555555401110ull, 1 };
  return run;
}

/* The caller sample table after the data: read in either byte order and
   pointer size, with every bound checked.  */
START_TEST (test_raw_samples)
{
  int variant;
  for (variant = 0; variant < 4; variant++)
    {
      unsigned pointer_size = variant & 1 ? 4 : 8;
      bool big_endian = (variant & 2) != 0;
      struct test_binary binary = test_sample_binary (pointer_size,
						      big_endian);
      struct test_run run = sampled_run ();
      struct test_bytes bytes = test_make_raw (&binary, &run);
      size_t data_end = sizeof (struct mip_raw_header)
			+ binary.units[0].raw_size + binary.units[1].raw_size
			+ binary.units[2].raw_size;
      size_t table = data_end;
      struct mip_error_context error;
      struct mip_raw raw;
      struct mip_raw_sample sample;
      size_t cut;

      ck_assert_uint_eq (bytes.size, data_end + 16 + 3 * 16);
      ck_assert_msg (parse_raw (&bytes, &raw, &error) == MIP_OK, "%s",
		     message_of (&error));
      ck_assert_uint_eq (raw.data.size, data_end - 104);
      ck_assert_uint_eq (raw.samples_header.sample_count, 3);
      ck_assert_uint_eq (raw.samples_header.period, 256);
      ck_assert (mip_raw_read_sample (&raw, 1, &sample));
      ck_assert_uint_eq (sample.return_address, 0x555555401020ull);
      ck_assert_uint_eq (sample.record_offset,
			 binary.units[0].functions[1].raw_offset);
      ck_assert_uint_eq (sample.samples, 2);
      ck_assert (mip_raw_read_sample (&raw, 2, &sample));
      ck_assert_uint_eq (sample.record_offset,
			 binary.units[0].raw_size
			 + binary.units[1].functions[0].raw_offset);
      ck_assert (!mip_raw_read_sample (&raw, 3, &sample));
      /* Cut anywhere in the table: truncated, or trailing data.  */
      for (cut = data_end; cut < bytes.size; cut++)
	{
	  struct test_bytes part = { bytes.data, cut };
	  enum mip_error status = parse_raw (&part, &raw, &error);
	  ck_assert_msg (status == MIP_ERROR_TRUNCATED
			 || status == MIP_ERROR_TRAILING_DATA,
			 "cut at %zu: %s", cut, message_of (&error));
	}
      /* Another entry size or period is refused.  */
      test_put (bytes.data + table, FIELD (mip_raw_samples, entry_size), 24,
		big_endian);
      ck_assert_int_eq (parse_raw (&bytes, &raw, &error), MIP_ERROR_CORRUPT);
      test_put (bytes.data + table, FIELD (mip_raw_samples, entry_size), 16,
		big_endian);
      test_put (bytes.data + table, FIELD (mip_raw_samples, period), 128,
		big_endian);
      ck_assert_int_eq (parse_raw (&bytes, &raw, &error), MIP_ERROR_CORRUPT);
      test_put (bytes.data + table, FIELD (mip_raw_samples, period), 256,
		big_endian);
      /* More entries than the file holds.  */
      test_put (bytes.data + table, FIELD (mip_raw_samples, sample_count),
		0x10000000, big_endian);
      ck_assert_int_eq (parse_raw (&bytes, &raw, &error),
			MIP_ERROR_TRUNCATED);
      test_put (bytes.data + table, FIELD (mip_raw_samples, sample_count), 2,
		big_endian);
      ck_assert_int_eq (parse_raw (&bytes, &raw, &error),
			MIP_ERROR_TRAILING_DATA);
      test_bytes_free (&bytes);
    }
}
END_TEST

/* Two dumps, the first with caller samples: the second is found after
   the table.  */
START_TEST (test_raw_samples_then_dump)
{
  struct test_binary binary = test_sample_binary (8, false);
  struct test_run run = sampled_run ();
  struct test_bytes first = test_make_raw (&binary, &run);
  struct test_bytes second = test_make_raw (&binary, &run);
  struct test_bytes both = { malloc (first.size + second.size),
			     first.size + second.size };
  struct mip_error_context error;
  struct mip_raw raw;
  size_t next = 0;

  memcpy (both.data, first.data, first.size);
  memcpy (both.data + first.size, second.data, second.size);
  ck_assert_msg (parse_raw (&both, &raw, &error) == MIP_OK, "%s",
		 message_of (&error));
  ck_assert_int_eq (mip_raw_parse_dump (both.data, both.size, 0, "x", &raw,
					&next, &error), MIP_OK);
  ck_assert_uint_eq (next, first.size);
  test_bytes_free (&first);
  test_bytes_free (&second);
  test_bytes_free (&both);
}
END_TEST

/* A run that records the 20-byte GNU build id 0x01, 0x02, ... 0x14
   (plus SALT in its last byte).  */
static struct test_run
run_with_gnu_build_id (uint8_t salt)
{
  struct test_run run = sample_run ();
  uint32_t i;

  run.gnu_build_id_size = 20;
  for (i = 0; i < 20; i++)
    run.gnu_build_id[i] = (uint8_t) (i + 1);
  run.gnu_build_id[19] ^= salt;
  return run;
}

START_TEST (test_raw_gnu_build_id)
{
  int variant;
  for (variant = 0; variant < 4; variant++)
    {
      struct test_binary binary = test_sample_binary (variant & 1 ? 4 : 8,
						      (variant & 2) != 0);
      struct test_run run = run_with_gnu_build_id (0);
      struct test_bytes bytes = test_make_raw (&binary, &run);
      struct mip_error_context error;
      struct mip_raw raw;
      char text[MIP_GNU_BUILD_ID_TEXT];

      ck_assert_msg (parse_raw (&bytes, &raw, &error) == MIP_OK, "%s",
		     message_of (&error));
      /* Bytes, never swapped.  */
      ck_assert_uint_eq (raw.header.gnu_build_id_size, 20);
      ck_assert_str_eq (mip_gnu_build_id_hex (raw.header.gnu_build_id,
					      raw.header.gnu_build_id_size,
					      text),
			"0102030405060708090a0b0c0d0e0f1011121314");
      ck_assert_uint_eq (raw.header.gnu_build_id[20], 0);
      /* Longer than the array: refused.  */
      test_put (bytes.data, FIELD (mip_raw_header, gnu_build_id_size),
		MIP_GNU_BUILD_ID_MAX + 1, (variant & 2) != 0);
      ck_assert_int_eq (parse_raw (&bytes, &raw, &error), MIP_ERROR_CORRUPT);
      ck_assert_str_eq (message_of (&error), "'run.mipraw': corrupt: GNU"
			" build id of 33 bytes (at most 32)");
      test_bytes_free (&bytes);
    }
}
END_TEST

START_TEST (test_gnu_build_id_text)
{
  const uint8_t id[MIP_GNU_BUILD_ID_MAX + 1] = { 0xab, 0xcd, 0x01 };
  char text[MIP_GNU_BUILD_ID_TEXT];

  ck_assert_str_eq (mip_gnu_build_id_hex (id, 3, text), "abcd01");
  ck_assert_str_eq (mip_gnu_build_id_hex (id, 0, text), "");
  ck_assert_str_eq (mip_gnu_build_id_hex (id, MIP_GNU_BUILD_ID_MAX + 1,
					  text), "");
  ck_assert_uint_eq (strlen (mip_gnu_build_id_hex (id, MIP_GNU_BUILD_ID_MAX,
						   text)),
		     2 * MIP_GNU_BUILD_ID_MAX);
  ck_assert (!mip_gnu_build_ids_differ (id, 3, id, 0));
  ck_assert (!mip_gnu_build_ids_differ (id, 0, id, 3));
  ck_assert (!mip_gnu_build_ids_differ (id, 3, id, 3));
  ck_assert (mip_gnu_build_ids_differ (id, 3, id, 2));
  ck_assert (mip_gnu_build_ids_differ (id, 3, id + 1, 3));
}
END_TEST

START_TEST (test_raw_truncated_everywhere)
{
  struct test_binary binary = test_sample_binary (8, false);
  struct test_run run = sample_run ();
  struct test_bytes bytes = test_make_raw (&binary, &run);
  size_t length;

  for (length = 0; length < bytes.size; length++)
    {
      struct mip_error_context error;
      struct mip_raw raw;
      unsigned char *copy = malloc (length ? length : 1);
      enum mip_error status;

      memcpy (copy, bytes.data, length);
      mip_error_clear (&error);
      status = mip_raw_parse (copy, length, "cut.mipraw", &raw, &error);
      ck_assert_msg (status == MIP_ERROR_TRUNCATED,
		     "a raw profile cut at %zu bytes: %s", length,
		     message_of (&error));
      free (copy);
    }
  test_bytes_free (&bytes);
}
END_TEST

START_TEST (test_raw_size_messages)
{
  struct test_binary binary = test_sample_binary (8, false);
  struct test_run run = sample_run ();
  struct test_bytes bytes = test_make_raw (&binary, &run);
  struct mip_error_context error;
  struct mip_raw raw;
  uint64_t data_size = bytes.size - sizeof (struct mip_raw_header);
  char expected[200];

  test_put (bytes.data, FIELD (mip_raw_header, data_size), 4096, false);
  ck_assert_int_eq (parse_raw (&bytes, &raw, &error), MIP_ERROR_TRUNCATED);
  snprintf (expected, sizeof expected, "'run.mipraw': truncated: header says"
	    " 4096 data bytes, file has %llu", (unsigned long long) data_size);
  ck_assert_str_eq (message_of (&error), expected);
  test_put (bytes.data, FIELD (mip_raw_header, data_size), data_size - 8,
	    false);
  ck_assert_int_eq (parse_raw (&bytes, &raw, &error),
		    MIP_ERROR_TRAILING_DATA);
  ck_assert (strstr (message_of (&error), "trailing data"));
  test_bytes_free (&bytes);
}
END_TEST

/* Files of other tools given as MIP inputs are named with the tool that
   made them, not just called "not a MIP file": an LLVM raw profile as
   clang-built programs write it (its first 16 bytes), an LLVM indexed
   profile, gcov's files, perf.data and an ELF file.  */
START_TEST (test_foreign_formats)
{
  static const struct
  {
    const char *start;
    size_t length;
    const char *expected;
  } foreign[] = {
    { "\x81rforpl\xff\x08\0\0\0\0\0\0\x01", 16, "LLVM raw profile" },
    { "\xfflprofr\x81\0\0\0\0\0\0\0\x08", 16, "LLVM raw profile" },
    { "\x81Rforpl\xff", 8, "LLVM raw profile" },
    { "\xfflprofi\x81\x0c\0\0\0", 12, "LLVM indexed profile" },
    { "adcgR21B", 8, "gcov data file" },
    { "oncgR21B", 8, "gcov notes file" },
    { "PERFILE2", 8, "perf.data" },
    { "\x7f" "ELF\x02\x01\x01", 7, "an ELF file" },
  };
  unsigned char file[256];
  struct test_bytes bytes = { file, sizeof file };
  struct mip_error_context error;
  struct mip_raw raw;
  char expected[512];
  size_t i;

  for (i = 0; i < sizeof foreign / sizeof foreign[0]; i++)
    {
      const char *what;

      memset (file, 0, sizeof file);
      memcpy (file, foreign[i].start, foreign[i].length);
      what = mip_foreign_format (file, sizeof file);
      ck_assert_msg (what && strstr (what, foreign[i].expected),
		     "case %zu: '%s' for %s", i, what ? what : "(null)",
		     foreign[i].expected);
      /* Shorter than a raw profile's header: still named.  */
      bytes.size = foreign[i].length;
      ck_assert_int_eq (parse_raw (&bytes, &raw, &error),
			MIP_ERROR_BAD_MAGIC);
      snprintf (expected, sizeof expected, "'run.mipraw': not a MIP file:"
		" it is %s, not a MIP raw profile", what);
      ck_assert_str_eq (message_of (&error), expected);
      bytes.size = sizeof file;
    }
  /* MIP's own files, and text, are none of them.  */
  for (i = 0; i < 3; i++)
    {
      static const uint64_t magic[]
	= { MIP_MAGIC_RAW64, MIP_MAGIC_MAP32, MIP_MAGIC_PROFILE };
      memset (file, 0, sizeof file);
      memcpy (file, &magic[i], sizeof magic[i]);
      ck_assert_ptr_null (mip_foreign_format (file, sizeof file));
    }
  ck_assert_ptr_null (mip_foreign_format ("garbage\n", 8));
  ck_assert_ptr_null (mip_foreign_format ("\x81rfo", 4));
}
END_TEST

/* A raw profile file may hold several dumps one after the other (the
   modules of a process, the runs of online merging): each is parsed,
   the first is returned, and an error in a later one names it.  */
START_TEST (test_raw_several_dumps)
{
  struct test_binary binary = test_sample_binary (8, false);
  struct test_run run = sample_run ();
  struct test_bytes one = test_make_raw (&binary, &run);
  struct test_bytes two = { malloc (2 * one.size), 2 * one.size };
  struct mip_error_context error;
  struct mip_raw raw;
  size_t next = 0;
  char expected[100];

  ck_assert_ptr_nonnull (two.data);
  memcpy (two.data, one.data, one.size);
  memcpy (two.data + one.size, one.data, one.size);
  ck_assert_int_eq (parse_raw (&two, &raw, &error), MIP_OK);
  ck_assert_uint_eq (raw.header.data_size,
		     one.size - sizeof (struct mip_raw_header));
  mip_error_clear (&error);
  ck_assert_int_eq (mip_raw_parse_dump (two.data, two.size, 0, "run.mipraw",
					&raw, &next, &error), MIP_OK);
  ck_assert_uint_eq (next, one.size);
  ck_assert_int_eq (mip_raw_parse_dump (two.data, two.size, next,
					"run.mipraw", &raw, &next, &error),
		    MIP_OK);
  ck_assert_uint_eq (next, two.size);
  /* The second dump's version broken.  */
  two.data[one.size + 8] ^= 0xff;
  ck_assert_int_eq (parse_raw (&two, &raw, &error), MIP_ERROR_VERSION);
  snprintf (expected, sizeof expected, "dump 2 at byte %zu: ", one.size);
  ck_assert_msg (strstr (message_of (&error), expected) != NULL, "%s",
		 message_of (&error));
  test_bytes_free (&one);
  test_bytes_free (&two);
}
END_TEST

static void
expect_raw_corruption (size_t offset, unsigned size, uint64_t value,
		       enum mip_error status, const char *message_part)
{
  struct test_binary binary = test_sample_binary (8, false);
  struct test_run run = sample_run ();
  struct test_bytes bytes = test_make_raw (&binary, &run);
  struct mip_error_context error;
  struct mip_raw raw;

  test_put (bytes.data, offset, size, value, false);
  ck_assert_int_eq (parse_raw (&bytes, &raw, &error), status);
  if (message_part)
    ck_assert_msg (strstr (message_of (&error), message_part),
		   "'%s' not in '%s'", message_part, message_of (&error));
  test_bytes_free (&bytes);
}

START_TEST (test_raw_corrupt)
{
  const size_t unit0 = sizeof (struct mip_raw_header);

  expect_raw_corruption (FIELD (mip_raw_header, magic), 0x42,
			 MIP_ERROR_BAD_MAGIC, NULL);
  expect_raw_corruption (FIELD (mip_raw_header, magic), MIP_MAGIC_PROFILE,
			 MIP_ERROR_WRONG_KIND, "found a profile");
  expect_raw_corruption (FIELD (mip_raw_header, version),
			 MIP_FORMAT_VERSION + 1, MIP_ERROR_VERSION,
			 "written in version");
  expect_raw_corruption (FIELD (mip_raw_header, version), 1,
			 MIP_ERROR_VERSION, "written in version 1");
  expect_raw_corruption (FIELD (mip_raw_header, header_size), 72,
			 MIP_ERROR_CORRUPT, "header_size");
  expect_raw_corruption (FIELD (mip_raw_header, flags),
			 MIP_RAW_FLAG_UNIT_WALK_FAILED, MIP_ERROR_UNIT_WALK,
			 NULL);
  expect_raw_corruption (FIELD (mip_raw_header, unit_count), 2,
			 MIP_ERROR_CORRUPT, "3");
  expect_raw_corruption (FIELD (mip_raw_header, build_id), 0x1234,
			 MIP_ERROR_CORRUPT, "build id");
  expect_raw_corruption (unit0 + offsetof (struct mip_raw_unit, unit_size),
			 4, 0, MIP_ERROR_CORRUPT, "unit_size 0");
  expect_raw_corruption (unit0 + offsetof (struct mip_raw_unit, unit_size),
			 4, 36, MIP_ERROR_CORRUPT, "unit_size 36");
  expect_raw_corruption (unit0 + offsetof (struct mip_raw_unit, unit_size),
			 4, 0x7ffffff8u, MIP_ERROR_CORRUPT, NULL);
  expect_raw_corruption (unit0 + offsetof (struct mip_raw_unit, unit_hash),
			 8, 7, MIP_ERROR_CORRUPT, "build id");
}
END_TEST

START_TEST (test_raw_fuzz)
{
  struct test_binary binary = test_sample_binary (4, true);
  struct test_run run = sample_run ();
  struct test_bytes bytes = test_make_raw (&binary, &run);
  size_t at;

  for (at = 0; at < bytes.size; at++)
    {
      unsigned char saved = bytes.data[at];
      struct mip_error_context error;
      struct mip_raw raw;
      bytes.data[at] ^= 0x5a;
      (void) parse_raw (&bytes, &raw, &error);
      bytes.data[at] = saved;
    }
  test_bytes_free (&bytes);
}
END_TEST

/* ---- Profiles ------------------------------------------------------------------ */

START_TEST (test_profile_create)
{
  struct test_binary binary = test_sample_binary (8, false);
  struct mip_profile *profile = profile_of (&binary);
  const struct mip_profile_header *h = &profile->header;
  uint32_t discarded = find_function (profile, "inline_fn", 0);
  uint32_t primary = find_function (profile, "inline_fn", discarded + 1);
  uint32_t alias = find_function (profile, "inline_fn", primary + 1);
  uint32_t gone = find_function (profile, "gone", 0);

  ck_assert_uint_eq (h->magic, MIP_MAGIC_PROFILE);
  ck_assert_uint_eq (h->version, MIP_FORMAT_VERSION);
  ck_assert_uint_eq (h->runs, 0);
  ck_assert_uint_eq (h->unit_count, 3);
  ck_assert_uint_eq (h->function_count, 8);
  ck_assert_uint_eq (h->pointer_size, 8);
  ck_assert_uint_eq (h->build_id, test_build_id (&binary));
  ck_assert_uint_eq (h->anchor_address, 0x404000);
  ck_assert_uint_eq (profile->units[1].raw_offset, binary.units[0].raw_size);
  ck_assert_uint_eq (profile->units[2].function_begin, 6);
  /* Raw offsets are from the section start.  */
  ck_assert_uint_eq (profile->functions[4].raw_offset,
		     binary.units[0].raw_size
		     + binary.units[1].functions[1].raw_offset);
  ck_assert (mip_profile_function_is_discarded (profile, discarded));
  ck_assert (mip_profile_function_is_discarded (profile, gone));
  ck_assert (!mip_profile_function_is_discarded (profile, primary));
  ck_assert (!mip_profile_function_is_alias (profile, primary));
  ck_assert (mip_profile_function_is_alias (profile, alias));
  ck_assert (!mip_profile_function_is_alias (profile, discarded));
  ck_assert_uint_eq (profile->primary[alias], primary);
  ck_assert_uint_eq (mip_profile_function_kinds (profile, primary), FULL);
  mip_profile_free (profile);
}
END_TEST

START_TEST (test_profile_round_trip)
{
  struct test_binary binary = test_sample_binary (4, true);
  struct mip_profile *profile = profile_of (&binary), *again = NULL;
  struct test_run run = sample_run ();
  struct mip_error_context error;
  unsigned char *first, *second;
  size_t first_size, second_size;

  ck_assert_int_eq (merge_run (profile, &binary, &run, &error), MIP_OK);
  ck_assert_int_eq (mip_profile_serialize (profile, &first, &first_size,
					   &error), MIP_OK);
  ck_assert_int_eq (mip_profile_parse (first, first_size, "p.mip", &again,
				       &error), MIP_OK);
  ck_assert_int_eq (mip_profile_serialize (again, &second, &second_size,
					   &error), MIP_OK);
  ck_assert_uint_eq (first_size, second_size);
  ck_assert (memcmp (first, second, first_size) == 0);
  ck_assert_uint_eq (again->header.runs, 1);
  ck_assert_uint_eq (again->header.target_big_endian, 1);
  ck_assert_uint_eq (again->header.pointer_size, 4);
  ck_assert_uint_eq (again->primary[7 - 1], 3);
  free (first);
  free (second);
  mip_profile_free (again);
  mip_profile_free (profile);
}
END_TEST

/* A profile written on a host of the other byte order reads the same.  */
START_TEST (test_profile_swapped)
{
  struct test_binary binary = test_sample_binary (8, false);
  struct mip_profile *profile = profile_of (&binary), *swapped = NULL;
  struct test_run run = sample_run ();
  struct mip_error_context error;
  unsigned char *data;
  size_t size, i;
  struct mip_profile_header header;

  ck_assert_int_eq (merge_run (profile, &binary, &run, &error), MIP_OK);
  profile->header.gnu_build_id_size = 3;
  memcpy (profile->header.gnu_build_id, "\x01\x02\x03", 3);
  ck_assert_int_eq (mip_profile_serialize (profile, &data, &size, &error),
		    MIP_OK);
  memcpy (&header, data, sizeof header);
  /* Swap every field of every table by hand.  */
  mip_swap_struct (&mip_layout_mip_profile_header, data);
  for (i = 0; i < header.unit_count; i++)
    mip_swap_struct (&mip_layout_mip_profile_unit, data + header.units_offset
		     + i * sizeof (struct mip_profile_unit));
  for (i = 0; i < header.function_count; i++)
    mip_swap_struct (&mip_layout_mip_profile_function,
		     data + header.functions_offset
		     + i * sizeof (struct mip_profile_function));
  ck_assert_int_eq (mip_profile_parse (data, size, "swapped.mip", &swapped,
				       &error), MIP_OK);
  ck_assert_uint_eq (swapped->header.function_count, 8);
  ck_assert_uint_eq (swapped->functions[1].call_count, 3);
  ck_assert_str_eq (mip_profile_function_name (swapped, 5), "counted_only");
  /* The GNU build id is bytes: the same in either byte order.  */
  ck_assert_uint_eq (swapped->header.gnu_build_id_size, 3);
  ck_assert_mem_eq (swapped->header.gnu_build_id, "\x01\x02\x03", 3);
  mip_profile_free (swapped);
  mip_profile_free (profile);
  free (data);
}
END_TEST

START_TEST (test_profile_gnu_build_id)
{
  struct test_binary binary = test_sample_binary (8, false);
  struct mip_profile *profile = profile_of (&binary), *parsed = NULL;
  struct test_run run = run_with_gnu_build_id (0);
  struct mip_error_context error;
  unsigned char *data;
  size_t size;
  char text[MIP_GNU_BUILD_ID_TEXT];

  ck_assert_uint_eq (profile->header.gnu_build_id_size, 0);
  ck_assert_int_eq (merge_run (profile, &binary, &run, &error), MIP_OK);
  /* Made without one, the profile takes the raw profile's.  */
  ck_assert_uint_eq (profile->header.gnu_build_id_size, 20);
  ck_assert_int_eq (mip_profile_serialize (profile, &data, &size, &error),
		    MIP_OK);
  ck_assert_int_eq (mip_profile_parse (data, size, "gnu.mip", &parsed,
				       &error), MIP_OK);
  ck_assert_str_eq (mip_gnu_build_id_hex (parsed->header.gnu_build_id,
					  parsed->header.gnu_build_id_size,
					  text),
		    "0102030405060708090a0b0c0d0e0f1011121314");
  mip_profile_free (parsed);
  /* Too long: corrupt.  */
  ((struct mip_profile_header *) data)->gnu_build_id_size = 33;
  ck_assert_int_eq (mip_profile_parse (data, size, "gnu.mip", &parsed,
				       &error), MIP_ERROR_CORRUPT);
  ck_assert (strstr (message_of (&error), "GNU build id of 33 bytes"));
  free (data);
  mip_profile_free (profile);
}
END_TEST

START_TEST (test_profile_truncated_everywhere)
{
  struct test_binary binary = test_sample_binary (8, false);
  struct mip_profile *profile = profile_of (&binary);
  struct mip_error_context error;
  unsigned char *data;
  size_t size, length;

  ck_assert_int_eq (mip_profile_serialize (profile, &data, &size, &error),
		    MIP_OK);
  for (length = 0; length < size; length++)
    {
      struct mip_profile *cut = NULL;
      unsigned char *copy = malloc (length ? length : 1);
      memcpy (copy, data, length);
      ck_assert_msg (mip_profile_parse (copy, length, "cut.mip", &cut,
					&error) != MIP_OK,
		     "a profile cut at %zu bytes was accepted", length);
      ck_assert_ptr_null (cut);
      free (copy);
    }
  free (data);
  mip_profile_free (profile);
}
END_TEST

static void
expect_profile_corruption (size_t offset, unsigned size, uint64_t value,
			   enum mip_error status)
{
  struct test_binary binary = test_sample_binary (8, false);
  struct mip_profile *profile = profile_of (&binary), *bad = NULL;
  struct mip_error_context error;
  unsigned char *data;
  size_t data_size;
  bool host_big = mip_host_big_endian ();

  ck_assert_int_eq (mip_profile_serialize (profile, &data, &data_size,
					   &error), MIP_OK);
  test_put (data, offset, size, value, host_big);
  ck_assert_int_eq (mip_profile_parse (data, data_size, "bad.mip", &bad,
				       &error), status);
  ck_assert_ptr_null (bad);
  free (data);
  mip_profile_free (profile);
}

START_TEST (test_profile_corrupt)
{
  const size_t functions = sizeof (struct mip_profile_header)
    + 3 * sizeof (struct mip_profile_unit);
  const size_t function1 = functions + sizeof (struct mip_profile_function);

  expect_profile_corruption (FIELD (mip_profile_header, version),
			     MIP_FORMAT_VERSION + 1,
			     MIP_ERROR_VERSION);
  expect_profile_corruption (FIELD (mip_profile_header, magic),
			     MIP_MAGIC_MAP64, MIP_ERROR_WRONG_KIND);
  expect_profile_corruption (FIELD (mip_profile_header, function_count),
			     0x7fffffff, MIP_ERROR_TRUNCATED);
  expect_profile_corruption (FIELD (mip_profile_header, strings_offset), 8,
			     MIP_ERROR_CORRUPT);
  expect_profile_corruption (FIELD (mip_profile_header, strings_size), 3,
			     MIP_ERROR_TRAILING_DATA);
  expect_profile_corruption (FIELD (mip_profile_header, pointer_size), 2,
			     MIP_ERROR_CORRUPT);
  expect_profile_corruption (FIELD (mip_profile_header, raw_data_size), 8,
			     MIP_ERROR_CORRUPT);
  expect_profile_corruption (FIELD (mip_profile_header, build_id), 8,
			     MIP_ERROR_CORRUPT);
  expect_profile_corruption (function1
			     + offsetof (struct mip_profile_function,
					 name_offset), 4, 100000,
			     MIP_ERROR_CORRUPT);
  expect_profile_corruption (function1
			     + offsetof (struct mip_profile_function,
					 unit_index), 4, 1,
			     MIP_ERROR_CORRUPT);
  expect_profile_corruption (function1
			     + offsetof (struct mip_profile_function,
					 raw_offset), 4, 0xfffffff0u,
			     MIP_ERROR_CORRUPT);
  expect_profile_corruption (function1
			     + offsetof (struct mip_profile_function,
					 block_count), 4, 1,
			     MIP_ERROR_CORRUPT);
  expect_profile_corruption (function1
			     + offsetof (struct mip_profile_function,
					 covered_runs), 4, 1,
			     MIP_ERROR_CORRUPT);
  expect_profile_corruption (function1
			     + offsetof (struct mip_profile_function, flags),
			     4, 0x80, MIP_ERROR_CORRUPT);
}
END_TEST

START_TEST (test_profile_fuzz)
{
  struct test_binary binary = test_sample_binary (8, false);
  struct mip_profile *profile = profile_of (&binary);
  struct test_run run = sample_run ();
  struct mip_error_context error;
  unsigned char *data;
  size_t size, at;

  ck_assert_int_eq (merge_run (profile, &binary, &run, &error), MIP_OK);
  ck_assert_int_eq (mip_profile_serialize (profile, &data, &size, &error),
		    MIP_OK);
  for (at = 0; at < size; at++)
    {
      unsigned char saved = data[at];
      struct mip_profile *parsed = NULL;
      data[at] ^= 0xa5;
      if (mip_profile_parse (data, size, "fuzz.mip", &parsed, &error)
	  == MIP_OK)
	{
	  /* Whatever was accepted must merge safely.  */
	  mip_error_clear (&error);
	  (void) merge_run (parsed, &binary, &run, &error);
	  mip_profile_free (parsed);
	}
      data[at] = saved;
    }
  free (data);
  mip_profile_free (profile);
}
END_TEST

/* ---- Profiles built from a description (mipdata import) ------------------------- */

/* Two static functions named "helper" (other units), one with blocks
   and no signature, and main.  */
static struct mip_profile *
imported_profile (void)
{
  static const struct mip_imported_block blocks[] = { { 2, 0 }, { 3, 2 } };
  struct mip_imported_function functions[3];
  struct mip_error_context error;
  struct mip_profile *profile = NULL;

  memset (functions, 0, sizeof functions);
  functions[0].name = "main";
  functions[0].cfg_signature = 0x1111222233334444ull;
  functions[0].ipa_signature = 0x55556666u;
  functions[0].covered_runs = 2;
  functions[0].has_call_count = true;
  functions[0].call_count = 2;
  functions[0].order = 1;
  functions[1].name = "helper";
  functions[1].covered_runs = 1;
  functions[1].order = 7;
  functions[1].block_count = 2;
  functions[1].blocks = blocks;
  functions[2].name = "helper";
  functions[2].cfg_signature = 0x77;
  mip_error_clear (&error);
  ck_assert_int_eq (mip_profile_build (8, false, 2, functions, 3, &profile,
				       &error), MIP_OK);
  return profile;
}

START_TEST (test_profile_imported)
{
  struct mip_profile *profile = imported_profile (), *parsed = NULL;
  struct mip_error_context error;
  unsigned char *data;
  size_t size;

  ck_assert_int_eq (mip_profile_serialize (profile, &data, &size, &error),
		    MIP_OK);
  ck_assert_int_eq (mip_profile_parse (data, size, "imported.mip", &parsed,
				       &error), MIP_OK);
  ck_assert (mip_profile_is_imported (parsed));
  ck_assert_uint_eq (parsed->header.build_id, 0);
  ck_assert_uint_eq (parsed->header.unit_count, 0);
  ck_assert_uint_eq (parsed->header.runs, 2);
  ck_assert_uint_eq (parsed->header.function_count, 3);
  ck_assert_uint_eq (parsed->header.block_count, 2);
  ck_assert_uint_eq (parsed->functions[0].cfg_signature,
		     0x1111222233334444ull);
  ck_assert_uint_eq (parsed->functions[0].ipa_signature, 0x55556666u);
  ck_assert_uint_eq (parsed->functions[0].call_count, 2);
  ck_assert_uint_eq (mip_profile_function_order (parsed, 0), 1);
  ck_assert_uint_eq (mip_profile_function_kinds (parsed, 0),
		     MIP_KIND_FUNCTION_COVERAGE | MIP_KIND_CALL_COUNT
		     | MIP_KIND_ORDER);
  ck_assert_uint_eq (mip_profile_function_order (parsed, 1), 7);
  ck_assert_uint_eq (mip_profile_function_kinds (parsed, 1),
		     MIP_KIND_FUNCTION_COVERAGE | MIP_KIND_ORDER
		     | MIP_KIND_BLOCK_COVERAGE);
  ck_assert_uint_eq (parsed->blocks[parsed->functions[1].block_begin + 1].id,
		     3);
  ck_assert_uint_eq (parsed->blocks[parsed->functions[1].block_begin + 1]
		     .covered_runs, 2);
  /* Same name, no address: two functions, not a copy and its alias.  */
  ck_assert (!mip_profile_function_is_alias (parsed, 2));
  ck_assert_str_eq (mip_profile_function_name (parsed, 2), "helper");
  ck_assert_uint_eq (parsed->functions[2].cfg_signature, 0x77);
  mip_profile_free (parsed);
  /* Damaged anywhere: refused, or safe to read.  */
  for (size_t at = 0; at < size; at++)
    {
      data[at] ^= 0xa5;
      if (mip_profile_parse (data, size, "fuzz.mip", &parsed, &error)
	  == MIP_OK)
	{
	  for (uint32_t i = 0; i < parsed->header.function_count; i++)
	    {
	      const struct mip_profile_function *f = &parsed->functions[i];
	      ck_assert (strlen (mip_profile_function_name (parsed, i))
			 < parsed->header.strings_size);
	      (void) mip_profile_function_order (parsed, i);
	      for (uint32_t b = 0; b < f->block_count; b++)
		ck_assert (parsed->blocks[f->block_begin + b].covered_runs
			   <= parsed->header.runs);
	    }
	  mip_profile_free (parsed);
	}
      data[at] ^= 0xa5;
    }
  free (data);
  mip_profile_free (profile);
}
END_TEST

/* Counts above the runs are refused; so is merging a raw profile into an
   imported one, and a profile without units that claims raw data.  */
START_TEST (test_profile_imported_refusals)
{
  struct test_binary binary = test_sample_binary (8, false);
  struct test_run run = sample_run ();
  struct mip_imported_function function;
  struct mip_profile *profile = imported_profile (), *parsed = NULL;
  struct mip_error_context error;
  unsigned char *data;
  size_t size;

  memset (&function, 0, sizeof function);
  function.name = "f";
  function.covered_runs = 3;
  mip_error_clear (&error);
  ck_assert_int_eq (mip_profile_build (8, false, 2, &function, 1, &parsed,
				       &error), MIP_ERROR_CORRUPT);
  ck_assert_str_eq (error.detail, "'f' ran in 3 runs of 2");
  ck_assert_int_eq (merge_run (profile, &binary, &run, &error),
		    MIP_ERROR_BUILD_ID);
  profile->header.raw_data_size = 8;
  ck_assert_int_eq (mip_profile_serialize (profile, &data, &size, &error),
		    MIP_OK);
  ck_assert_int_eq (mip_profile_parse (data, size, "bad.mip", &parsed,
				       &error), MIP_ERROR_CORRUPT);
  free (data);
  profile->header.raw_data_size = 0;
  profile->functions[1].probe_count = 1;
  ck_assert_int_eq (mip_profile_serialize (profile, &data, &size, &error),
		    MIP_OK);
  ck_assert_int_eq (mip_profile_parse (data, size, "bad.mip", &parsed,
				       &error), MIP_ERROR_CORRUPT);
  free (data);
  mip_profile_free (profile);
}
END_TEST

/* ---- Merging ---------------------------------------------------------------------- */

START_TEST (test_merge_two_runs)
{
  struct test_binary binary = test_sample_binary (8, false);
  struct mip_profile *profile = profile_of (&binary);
  struct test_run first = sample_run (), second = sample_run ();
  struct mip_error_context error;
  uint32_t main_fn, helper, never, counted;

  second.records[0][0] = (struct test_record) { .ran = true, .count = 1, .order = 1 };
  second.records[0][1] = (struct test_record) { .ran = true, .count = 7, .order = 4 };
  second.records[1][2] = (struct test_record) { .ran = false, .count = 0, .order = 0 };
  ck_assert_int_eq (merge_run (profile, &binary, &first, &error), MIP_OK);
  ck_assert_int_eq (merge_run (profile, &binary, &second, &error), MIP_OK);
  main_fn = find_function (profile, "main", 0);
  helper = find_function (profile, "helper", 0);
  never = find_function (profile, "never", 0);
  counted = find_function (profile, "counted_only", 0);
  ck_assert_uint_eq (profile->header.runs, 2);
  ck_assert_uint_eq (profile->functions[main_fn].call_count, 2);
  ck_assert_uint_eq (profile->functions[main_fn].covered_runs, 2);
  ck_assert_uint_eq (mip_profile_function_order (profile, main_fn), 1);
  ck_assert_uint_eq (profile->functions[helper].call_count, 10);
  ck_assert_uint_eq (profile->functions[helper].order_sum, 6);
  ck_assert_uint_eq (profile->functions[helper].order_runs, 2);
  ck_assert_uint_eq (mip_profile_function_order (profile, helper), 3);
  ck_assert_uint_eq (profile->functions[never].covered_runs, 0);
  ck_assert_uint_eq (profile->functions[never].order_runs, 0);
  ck_assert_uint_eq (mip_profile_function_order (profile, never), 0);
  ck_assert_uint_eq (profile->functions[counted].call_count, 5);
  ck_assert_uint_eq (profile->functions[counted].covered_runs, 1);
  ck_assert_uint_eq (profile->functions[counted].order_runs, 0);
  mip_profile_free (profile);
}
END_TEST

START_TEST (test_merge_order_rounding)
{
  struct test_binary binary = test_sample_binary (8, false);
  struct mip_profile *profile = profile_of (&binary);
  struct test_run run = sample_run ();
  struct mip_error_context error;
  uint32_t helper = find_function (profile, "helper", 0);
  static const uint32_t orders[] = { 2, 3, 3 };
  size_t i;

  for (i = 0; i < 3; i++)
    {
      run.records[0][1].order = orders[i];
      ck_assert_int_eq (merge_run (profile, &binary, &run, &error), MIP_OK);
    }
  /* 8 / 3 = 2.67, rounded to 3.  */
  ck_assert_uint_eq (mip_profile_function_order (profile, helper), 3);
  mip_profile_free (profile);
}
END_TEST

START_TEST (test_merge_saturates)
{
  struct test_binary binary = test_sample_binary (8, false);
  struct mip_profile *profile = profile_of (&binary);
  struct test_run run = sample_run ();
  struct mip_error_context error;
  uint32_t helper = find_function (profile, "helper", 0);

  profile->functions[helper].call_count = UINT64_MAX - 1;
  run.records[0][1].count = 0xffffffffu;
  ck_assert_int_eq (merge_run (profile, &binary, &run, &error), MIP_OK);
  ck_assert_uint_eq (profile->functions[helper].call_count, UINT64_MAX);
  mip_profile_free (profile);
}
END_TEST

/* The copies of a comdat function: the live record may be in any of
   them; the counts add up into the primary, the order is the smallest.  */
START_TEST (test_merge_aliases)
{
  struct test_binary binary = test_sample_binary (8, false);
  struct mip_profile *profile = profile_of (&binary);
  struct test_run run = sample_run ();
  struct mip_error_context error;
  uint32_t primary = find_function (profile, "inline_fn", 3);
  uint32_t alias = find_function (profile, "inline_fn", primary + 1);

  run.records[1][0] = (struct test_record) { .ran = false, .count = 0, .order = 0 };
  run.records[2][0] = (struct test_record) { .ran = true, .count = 4, .order = 6 };
  ck_assert_int_eq (merge_run (profile, &binary, &run, &error), MIP_OK);
  run.records[1][0] = (struct test_record) { .ran = true, .count = 1, .order = 9 };
  run.records[2][0] = (struct test_record) { .ran = true, .count = 2, .order = 5 };
  ck_assert_int_eq (merge_run (profile, &binary, &run, &error), MIP_OK);
  ck_assert_uint_eq (profile->functions[primary].call_count, 7);
  ck_assert_uint_eq (profile->functions[primary].covered_runs, 2);
  ck_assert_uint_eq (profile->functions[primary].order_runs, 2);
  ck_assert_uint_eq (profile->functions[primary].order_sum, 6 + 5);
  ck_assert_uint_eq (profile->functions[alias].call_count, 0);
  ck_assert_uint_eq (profile->functions[alias].covered_runs, 0);
  mip_profile_free (profile);
}
END_TEST

/* The records of discarded copies are never counted, whatever they
   hold.  */
START_TEST (test_merge_discarded)
{
  struct test_binary binary = test_sample_binary (4, false);
  struct mip_profile *profile = profile_of (&binary);
  struct test_run run = sample_run ();
  struct mip_error_context error;
  uint32_t discarded = find_function (profile, "inline_fn", 0);
  uint32_t gone = find_function (profile, "gone", 0);

  run.records[0][2] = (struct test_record) { .ran = true, .count = 99, .order = 1 };
  run.records[2][1] = (struct test_record) { .ran = true, .count = 99, .order = 1 };
  ck_assert_int_eq (merge_run (profile, &binary, &run, &error), MIP_OK);
  ck_assert (mip_profile_function_is_discarded (profile, gone));
  ck_assert_uint_eq (profile->functions[discarded].call_count, 0);
  ck_assert_uint_eq (profile->functions[gone].call_count, 0);
  ck_assert_uint_eq (profile->functions[gone].covered_runs, 0);
  mip_profile_free (profile);
}
END_TEST

START_TEST (test_merge_function_coverage)
{
  struct test_binary binary = test_coverage_binary ();
  struct mip_profile *profile = profile_of (&binary);
  struct test_run run;
  struct mip_error_context error;

  memset (&run, 0, sizeof run);
  run.records[0][0].ran = true;
  run.records[0][2].ran = true;
  ck_assert_int_eq (merge_run (profile, &binary, &run, &error), MIP_OK);
  run.records[0][2].ran = false;
  ck_assert_int_eq (merge_run (profile, &binary, &run, &error), MIP_OK);
  ck_assert_uint_eq (profile->functions[0].covered_runs, 2);
  ck_assert_uint_eq (profile->functions[1].covered_runs, 0);
  ck_assert_uint_eq (profile->functions[2].covered_runs, 1);
  ck_assert_uint_eq (profile->functions[2].call_count, 0);
  ck_assert_uint_eq (mip_profile_function_kinds (profile, 2),
		     MIP_KIND_FUNCTION_COVERAGE);
  mip_profile_free (profile);
}
END_TEST

START_TEST (test_merge_callers)
{
  struct test_binary binary = test_coverage_binary ();
  struct mip_profile *profile;
  struct test_run run;
  struct mip_error_context error;
  const uint64_t bias = 0x555555550000ull;

  binary.units[0].functions[1].kinds |= MIP_KIND_CALLERS;
  binary.units[0].functions[1].caller_slots = 3;
  test_layout (&binary);
  profile = profile_of (&binary);
  memset (&run, 0, sizeof run);
  run.anchor_address = binary.anchor_address + bias;
  run.records[0][1].callers[0] = 0x1105 + bias;
  run.records[0][1].callers[1] = 0x1305 + bias;
  run.records[0][1].callers[2] = 0x1105 + bias;
  ck_assert_int_eq (merge_run (profile, &binary, &run, &error), MIP_OK);
  run.records[0][1].callers[1] = 0;
  run.records[0][1].callers[2] = 0x1207 + bias;
  ck_assert_int_eq (merge_run (profile, &binary, &run, &error), MIP_OK);
  ck_assert_uint_eq (profile->header.caller_count, 3);
  ck_assert_uint_eq (profile->functions[1].caller_count, 3);
  ck_assert_uint_eq (profile->callers[0].return_address, 0x1105);
  ck_assert_uint_eq (profile->callers[0].runs, 2);
  /* Sorted by address, whatever run saw them first.  */
  ck_assert_uint_eq (profile->callers[1].return_address, 0x1207);
  ck_assert_uint_eq (profile->callers[1].runs, 1);
  ck_assert_uint_eq (profile->callers[2].return_address, 0x1305);
  ck_assert_uint_eq (profile->callers[2].runs, 1);
  ck_assert_uint_eq (profile->functions[1].covered_runs, 0);
  mip_profile_free (profile);
}
END_TEST

static enum mip_error
check_against_sample (struct test_binary *raw_binary, struct test_run *run,
		      struct mip_error_context *error)
{
  struct test_binary binary = test_sample_binary (8, false);
  struct mip_profile *profile = profile_of (&binary);
  enum mip_error status = merge_run (profile, raw_binary, run, error);
  ck_assert_uint_eq (profile->header.runs, 0);
  mip_profile_free (profile);
  return status;
}

START_TEST (test_merge_refuses_other_gnu_build_id)
{
  struct test_binary binary = test_sample_binary (8, false);
  struct mip_profile *profile = profile_of (&binary);
  struct test_run mine = run_with_gnu_build_id (0);
  struct test_run other = run_with_gnu_build_id (0xff);
  struct test_run unknown = sample_run ();
  struct mip_error_context error;

  memcpy (profile->header.gnu_build_id, mine.gnu_build_id, 20);
  profile->header.gnu_build_id_size = 20;
  ck_assert_int_eq (merge_run (profile, &binary, &other, &error),
		    MIP_ERROR_BUILD_ID);
  ck_assert_str_eq (message_of (&error), "'run.mipraw': built by another"
		    " binary (GNU build id"
		    " 0102030405060708090a0b0c0d0e0f10111213eb, profile"
		    " expects 0102030405060708090a0b0c0d0e0f1011121314)");
  ck_assert_uint_eq (profile->header.runs, 0);
  /* A shorter id is another id too.  */
  other = mine;
  other.gnu_build_id_size = 16;
  ck_assert_int_eq (merge_run (profile, &binary, &other, &error),
		    MIP_ERROR_BUILD_ID);
  ck_assert_int_eq (merge_run (profile, &binary, &mine, &error), MIP_OK);
  /* A raw profile that knows none (another platform) is not refused, and
     the profile keeps its own.  */
  ck_assert_int_eq (merge_run (profile, &binary, &unknown, &error), MIP_OK);
  ck_assert_uint_eq (profile->header.runs, 2);
  ck_assert_uint_eq (profile->header.gnu_build_id_size, 20);
  mip_profile_free (profile);
}
END_TEST

START_TEST (test_merge_refuses_other_binaries)
{
  struct test_run run = sample_run ();
  struct mip_error_context error;
  struct test_binary other;

  other = test_sample_binary (8, false);
  other.units[1].unit_hash ^= 1;
  ck_assert_int_eq (check_against_sample (&other, &run, &error),
		    MIP_ERROR_BUILD_ID);
  ck_assert (strstr (message_of (&error), "'run.mipraw': built by another"
		     " binary (build id "));
  other = test_sample_binary (4, false);
  ck_assert_int_eq (check_against_sample (&other, &run, &error),
		    MIP_ERROR_TARGET);
  ck_assert (strstr (message_of (&error), "32-bit"));
  other = test_sample_binary (8, true);
  ck_assert_int_eq (check_against_sample (&other, &run, &error),
		    MIP_ERROR_TARGET);
  ck_assert (strstr (message_of (&error), "big-endian"));
  /* Same hashes, other sizes: the units are not where the profile
     expects them.  */
  other = test_sample_binary (8, false);
  other.units[0].functions[2].kinds |= MIP_KIND_CALLERS;
  other.units[0].functions[2].caller_slots = 2;
  test_layout (&other);
  ck_assert_int_eq (check_against_sample (&other, &run, &error),
		    MIP_ERROR_CORRUPT);
  /* Same hashes and data size, units of other sizes.  */
  other = test_sample_binary (8, false);
  other.units[0].functions[3] = other.units[0].functions[0];
  other.units[0].functions[3].kinds = MIP_KIND_FUNCTION_COVERAGE;
  other.units[0].function_count = 4;
  other.units[1].function_count = 2;
  test_layout (&other);
  ck_assert_uint_eq (other.units[0].raw_size + other.units[1].raw_size,
		     80);
  ck_assert_int_eq (check_against_sample (&other, &run, &error),
		    MIP_ERROR_CORRUPT);
  ck_assert_msg (strstr (message_of (&error), "raw unit 0"), "%s",
		 message_of (&error));
}
END_TEST

/* ---- Blocks, inference and callers -------------------------------------- */

enum { DIAMOND, LOOP, CALLEE };

/* The record bits of the block binary's functions in one run.  */
static struct test_run
block_run (bool diamond_ran, uint32_t diamond_probes, uint32_t loop_calls,
	   uint32_t loop_probes)
{
  struct test_run run;
  memset (&run, 0, sizeof run);
  run.anchor_address = 0x4000;
  run.records[0][DIAMOND].ran = diamond_ran;
  run.records[0][DIAMOND].probes = diamond_probes;
  run.records[0][LOOP].count = loop_calls;
  run.records[0][LOOP].probes = loop_probes;
  return run;
}

static void
check_block_runs (const struct mip_profile *profile, uint32_t function,
		  const uint32_t *expected, uint32_t count)
{
  const struct mip_profile_function *f = &profile->functions[function];
  uint32_t b;

  ck_assert_uint_eq (f->block_count, count);
  for (b = 0; b < count; b++)
    ck_assert_msg (profile->blocks[f->block_begin + b].covered_runs
		   == expected[b], "%s block %u: covered in %u runs, expected"
		   " %u", mip_profile_function_name (profile, function), b,
		   profile->blocks[f->block_begin + b].covered_runs,
		   expected[b]);
}

START_TEST (test_map_blocks)
{
  struct test_binary binary = test_block_binary ();
  struct test_bytes bytes = test_make_map (&binary);
  struct mip_error_context error;
  struct mip_map *map;
  struct mip_profile *profile;
  const struct mip_profile_function *loop;
  const uint32_t *diamond_list;
  uint64_t address;

  ck_assert_msg (parse_map (&bytes, &map, &error) == MIP_OK, "%s",
		 message_of (&error));
  ck_assert_uint_eq (map->block_count, 9);
  ck_assert_uint_eq (map->infer_count, 7);
  ck_assert_uint_eq (map->functions[LOOP].block_begin, 4);
  ck_assert_uint_eq (map->functions[LOOP].infer_begin, 3);
  ck_assert_uint_eq (map->functions[LOOP].entry.cold_address, 0x9000);
  ck_assert_uint_eq (map->functions[LOOP].entry.cold_size, 16);
  ck_assert_uint_eq (map->blocks[4 + 3].flags,
		     MIP_BLOCK_COLD | MIP_BLOCK_EXIT);
  ck_assert_uint_eq (map->blocks[3].infer_begin, 1);
  ck_assert_uint_eq (map->blocks[3].infer_count, 2);
  ck_assert_uint_eq (map->infer_entries[0], MIP_INFER_FUNCTION);
  ck_assert_uint_eq (map->infer_entries[2], 2);
  ck_assert_int_eq (mip_profile_create (map, &profile, &error), MIP_OK);
  mip_map_free (map);
  test_bytes_free (&bytes);
  /* The profile carries the cold part and the lists.  */
  loop = &profile->functions[LOOP];
  ck_assert_uint_eq (loop->cold_address, 0x9000);
  ck_assert_uint_eq (loop->cold_size, 16);
  ck_assert_uint_eq (loop->infer_begin, 3);
  ck_assert_uint_eq (loop->infer_count, 4);
  ck_assert_uint_eq (profile->header.infer_count, 7);
  ck_assert_uint_eq (profile->blocks[4 + 2].probe, 0);
  ck_assert_uint_eq (profile->blocks[4 + 3].infer_begin, 2);
  diamond_list = profile->infer_entries + profile->functions[0].infer_begin;
  ck_assert_uint_eq (diamond_list[profile->blocks[3].infer_begin + 1], 2);
  /* Block addresses: hot, cold, unknown.  */
  ck_assert (mip_profile_block_address (profile, DIAMOND, 3, &address));
  ck_assert_uint_eq (address, 0x1018);
  ck_assert (mip_profile_block_address (profile, LOOP, 3, &address));
  ck_assert_uint_eq (address, 0x9004);
  ck_assert (!mip_profile_block_address (profile, LOOP, 4, &address));
  profile->functions[LOOP].cold_address = 0;
  ck_assert (!mip_profile_block_address (profile, LOOP, 3, &address));
  mip_profile_free (profile);
}
END_TEST

/* The map of BINARY must be refused as corrupt, with MESSAGE_PART.  */
static void
expect_block_map_refused (const struct test_binary *binary,
			  const char *message_part)
{
  struct test_bytes bytes = test_make_map (binary);
  struct mip_error_context error;
  struct mip_map *map = NULL;

  ck_assert_int_eq (parse_map (&bytes, &map, &error), MIP_ERROR_CORRUPT);
  ck_assert_ptr_null (map);
  ck_assert_msg (strstr (message_of (&error), message_part),
		 "'%s' not in '%s'", message_part, message_of (&error));
  test_bytes_free (&bytes);
}

START_TEST (test_map_bad_blocks)
{
  struct test_binary binary;
  struct test_function *diamond, *loop;
  struct test_bytes bytes;
  struct mip_error_context error;
  struct mip_map *map = NULL;

#define RESET()							\
  (binary = test_block_binary (),				\
   diamond = &binary.units[0].functions[DIAMOND],		\
   loop = &binary.units[0].functions[LOOP])
  RESET ();
  diamond->blocks[3].infer[1] = 4;
  expect_block_map_refused (&binary, "'test.mipmap': corrupt: unit 0:"
			    " function 0: inference entry 2 is 4, not one of"
			    " its 4 blocks");
  RESET ();
  diamond->blocks[0].infer[0] = MIP_INFER_FUNCTION - 1;
  expect_block_map_refused (&binary, "inference entry 0 is 4294967293");
  RESET ();
  diamond->blocks[2].probe = 2;
  expect_block_map_refused (&binary, "block 2 has probe 2 past the probe"
			    " count 2");
  RESET ();
  diamond->blocks[1].infer_count = 1;
  diamond->blocks[1].infer[0] = 0;
  test_layout (&binary);
  expect_block_map_refused (&binary, "block 1 has both a probe and an"
			    " inference list");
  /* Cycles: a block listing itself, and 0 -> 4 -> 3 -> 1 -> 0.  */
  RESET ();
  diamond->blocks[0].infer[0] = 0;
  expect_block_map_refused (&binary, "'test.mipmap': corrupt: unit 0:"
			    " inference cycle in function 'diamond'");
  RESET ();
  loop->blocks[0].infer[0] = 4;
  loop->blocks[4].infer[0] = 3;
  expect_block_map_refused (&binary, "inference cycle in function 'loop'");
  /* A list range or a list outside where it may be.  */
  RESET ();
  bytes = test_make_map (&binary);
  test_put (bytes.data, diamond->blocks_offset + 3 * sizeof (struct mip_map_block)
	    + offsetof (struct mip_map_block, infer_begin), 4, 2, false);
  ck_assert_int_eq (parse_map (&bytes, &map, &error), MIP_ERROR_CORRUPT);
  ck_assert_msg (strstr (message_of (&error), "block 3 has inference entries"
			 " past the list of 3"), "%s", message_of (&error));
  test_put (bytes.data, sizeof (struct mip_map_unit)
	    + offsetof (struct mip_map_function, infer_offset), 4,
	    0xfffffff0u, false);
  ck_assert_int_eq (parse_map (&bytes, &map, &error), MIP_ERROR_CORRUPT);
  ck_assert_msg (strstr (message_of (&error), "3 inference entries at"
			 " 4294967280 are outside the unit"), "%s",
		 message_of (&error));
  test_bytes_free (&bytes);
#undef RESET
}
END_TEST

/* A diamond: then or else ran, so did the join; a chain of inferred
   blocks in the loop, back to the function's entry; nothing in a run
   that did not call them.  */
START_TEST (test_merge_inference)
{
  struct test_binary binary = test_block_binary ();
  struct mip_profile *profile = profile_of (&binary);
  struct test_run runs[3];
  struct mip_error_context error;
  static const uint32_t diamond[] = { 2, 1, 1, 2 };
  static const uint32_t loop[] = { 2, 2, 1, 2, 1 };
  size_t i;

  runs[0] = block_run (true, 0x1, 3, 0x1);
  runs[1] = block_run (true, 0x2, 1, 0);
  runs[2] = block_run (false, 0, 0, 0);
  for (i = 0; i < 3; i++)
    ck_assert_int_eq (merge_run (profile, &binary, &runs[i], &error),
		      MIP_OK);
  check_block_runs (profile, DIAMOND, diamond, 4);
  check_block_runs (profile, LOOP, loop, 5);
  ck_assert_uint_eq (profile->functions[DIAMOND].covered_runs, 2);
  ck_assert_uint_eq (profile->functions[LOOP].covered_runs, 2);
  ck_assert_uint_eq (profile->functions[LOOP].call_count, 4);
  mip_profile_free (profile);
}
END_TEST

/* A probe byte alone says the function ran: its entry block, inferred
   from MIP_INFER_FUNCTION, then ran too.  */
START_TEST (test_merge_inference_from_probe)
{
  struct test_binary binary = test_block_binary ();
  struct mip_profile *profile = profile_of (&binary);
  struct test_run run = block_run (false, 0x2, 0, 0x1);
  struct mip_error_context error;
  static const uint32_t diamond[] = { 1, 0, 1, 1 };
  static const uint32_t loop[] = { 1, 1, 1, 1, 1 };

  ck_assert_int_eq (merge_run (profile, &binary, &run, &error), MIP_OK);
  check_block_runs (profile, DIAMOND, diamond, 4);
  check_block_runs (profile, LOOP, loop, 5);
  ck_assert_uint_eq (profile->functions[LOOP].covered_runs, 1);
  ck_assert_uint_eq (profile->functions[LOOP].call_count, 0);
  mip_profile_free (profile);
}
END_TEST

/* A coverage byte means "run" whatever a probe stored in it, as long as
   it is not the initial 0xff: 32-bit Arm probes store the low byte of
   their address register (0x36, 0xfe, ...).  */
START_TEST (test_merge_any_stored_byte)
{
  static const uint8_t stored[] = { 0x00, 0x36, 0x80, 0xfe };
  static const uint32_t diamond[] = { 1, 0, 1, 1 };
  static const uint32_t loop[] = { 1, 1, 1, 1, 1 };
  size_t i;

  for (i = 0; i < sizeof stored; i++)
    {
      struct test_binary binary = test_block_binary ();
      struct mip_profile *profile = profile_of (&binary);
      struct test_run run = block_run (true, 0x2, 0, 0x1);
      struct mip_error_context error;

      run.records[0][DIAMOND].stored = stored[i];
      run.records[0][LOOP].stored = stored[i];
      ck_assert_int_eq (merge_run (profile, &binary, &run, &error), MIP_OK);
      ck_assert_uint_eq (profile->functions[DIAMOND].covered_runs, 1);
      check_block_runs (profile, DIAMOND, diamond, 4);
      check_block_runs (profile, LOOP, loop, 5);
      mip_profile_free (profile);
    }
}
END_TEST

/* Two units emit one inline function, kept at one address: the blocks
   of the copies add up index by index when their CFGs are the same, and
   the alias's are ignored when they are not.  */
START_TEST (test_merge_block_aliases)
{
  struct test_binary binary = test_block_binary ();
  struct test_run run = block_run (false, 0x1, 0, 0);
  struct mip_error_context error;
  struct mip_profile *profile;
  static const uint32_t same[] = { 1, 1, 1, 1 };
  static const uint32_t different[] = { 1, 1, 0, 1 };

  binary.unit_count = 2;
  binary.units[1] = binary.units[0];
  binary.units[1].unit_hash ^= 1;
  binary.units[1].function_count = 1;
  binary.units[0].functions[DIAMOND].cfg_signature = 0x5167;
  binary.units[1].functions[DIAMOND].cfg_signature = 0x5167;
  test_layout (&binary);
  run.records[1][DIAMOND].probes = 0x2;
  profile = profile_of (&binary);
  ck_assert_uint_eq (profile->primary[3], DIAMOND);
  ck_assert_int_eq (merge_run (profile, &binary, &run, &error), MIP_OK);
  check_block_runs (profile, DIAMOND, same, 4);
  ck_assert_uint_eq (profile->blocks[profile->functions[3].block_begin
				     + 2].covered_runs, 0);
  mip_profile_free (profile);

  binary.units[1].functions[DIAMOND].cfg_signature = 0x5168;
  profile = profile_of (&binary);
  ck_assert_int_eq (merge_run (profile, &binary, &run, &error), MIP_OK);
  check_block_runs (profile, DIAMOND, different, 4);
  ck_assert_uint_eq (profile->functions[DIAMOND].covered_runs, 1);
  mip_profile_free (profile);
}
END_TEST

/* Serialize a block profile, change one inference entry, parse.  */
static void
expect_profile_list_refused (uint32_t entry, uint32_t value,
			     const char *message_part)
{
  struct test_binary binary = test_block_binary ();
  struct mip_profile *profile = profile_of (&binary), *bad = NULL;
  struct mip_error_context error;
  struct mip_profile_header header;
  unsigned char *data;
  size_t size;

  ck_assert_int_eq (mip_profile_serialize (profile, &data, &size, &error),
		    MIP_OK);
  memcpy (&header, data, sizeof header);
  test_put (data, header.infer_offset + 4 * entry, 4, value,
	    mip_host_big_endian ());
  mip_error_clear (&error);
  ck_assert_int_eq (mip_profile_parse (data, size, "bad.mip", &bad, &error),
		    MIP_ERROR_CORRUPT);
  ck_assert_ptr_null (bad);
  ck_assert_msg (strstr (message_of (&error), message_part),
		 "'%s' not in '%s'", message_part, message_of (&error));
  free (data);
  mip_profile_free (profile);
}

START_TEST (test_profile_bad_blocks)
{
  struct test_binary binary = test_block_binary ();
  struct mip_profile *profile = profile_of (&binary), *again = NULL;
  struct mip_error_context error;
  struct mip_profile_header header;
  unsigned char *data;
  size_t size, block3;

  /* Diamond's list is { function | 1, 2 } (block 0's, then block 3's);
     loop's { function | 0 | 1 | 2 } (blocks 0, 1, 3, 4).  */
  expect_profile_list_refused (0, 0, "'bad.mip': corrupt: inference cycle"
			       " in function 'diamond'");
  expect_profile_list_refused (4, 3, "inference cycle in function 'loop'");
  expect_profile_list_refused (1, 4, "function 0: inference entry 1 is 4,"
			       " not one of its blocks");
  /* A probed block with a list; a list past the function's.  */
  ck_assert_int_eq (mip_profile_serialize (profile, &data, &size, &error),
		    MIP_OK);
  memcpy (&header, data, sizeof header);
  block3 = header.blocks_offset + 3 * sizeof (struct mip_profile_block);
  test_put (data, block3 + offsetof (struct mip_profile_block, infer_count),
	    4, 3, mip_host_big_endian ());
  ck_assert_int_eq (mip_profile_parse (data, size, "bad.mip", &again,
				       &error), MIP_ERROR_CORRUPT);
  ck_assert (strstr (message_of (&error), "block 3 is inconsistent"));
  test_put (data, block3 + offsetof (struct mip_profile_block, infer_count),
	    4, 2, mip_host_big_endian ());
  test_put (data, block3 - sizeof (struct mip_profile_block)
	    + offsetof (struct mip_profile_block, infer_count), 4, 1,
	    mip_host_big_endian ());
  ck_assert_int_eq (mip_profile_parse (data, size, "bad.mip", &again,
				       &error), MIP_ERROR_CORRUPT);
  ck_assert (strstr (message_of (&error), "block 2 is inconsistent"));
  ck_assert_ptr_null (again);
  free (data);
  mip_profile_free (profile);
}
END_TEST

/* Blocks and lists survive a round trip through a file.  */
START_TEST (test_profile_blocks_round_trip)
{
  struct test_binary binary = test_block_binary ();
  struct mip_profile *profile = profile_of (&binary), *again = NULL;
  struct test_run run = block_run (true, 0x1, 2, 0);
  struct mip_error_context error;
  unsigned char *first, *second;
  size_t first_size, second_size;

  ck_assert_int_eq (merge_run (profile, &binary, &run, &error), MIP_OK);
  ck_assert_int_eq (mip_profile_serialize (profile, &first, &first_size,
					   &error), MIP_OK);
  ck_assert_int_eq (mip_profile_parse (first, first_size, "p.mip", &again,
				       &error), MIP_OK);
  ck_assert_int_eq (mip_profile_serialize (again, &second, &second_size,
					   &error), MIP_OK);
  ck_assert_uint_eq (first_size, second_size);
  ck_assert (memcmp (first, second, first_size) == 0);
  ck_assert_uint_eq (again->functions[LOOP].cold_address, 0x9000);
  ck_assert_uint_eq (again->blocks[3].covered_runs, 1);
  ck_assert_uint_eq (again->infer_entries[6], 2);
  free (first);
  free (second);
  mip_profile_free (again);
  mip_profile_free (profile);
}
END_TEST

/* Corrupt every byte of a merged block profile: clean refusals, and
   whatever is accepted merges safely.  */
START_TEST (test_profile_blocks_fuzz)
{
  struct test_binary binary = test_block_binary ();
  struct mip_profile *profile = profile_of (&binary);
  struct test_run run = block_run (true, 0x3, 2, 0x1);
  struct mip_error_context error;
  unsigned char *data;
  size_t size, at;

  ck_assert_int_eq (merge_run (profile, &binary, &run, &error), MIP_OK);
  ck_assert_int_eq (mip_profile_serialize (profile, &data, &size, &error),
		    MIP_OK);
  for (at = 0; at < size; at++)
    {
      unsigned char saved = data[at];
      struct mip_profile *parsed = NULL;
      data[at] ^= 0x03;
      if (mip_profile_parse (data, size, "fuzz.mip", &parsed, &error)
	  == MIP_OK)
	{
	  (void) merge_run (parsed, &binary, &run, &error);
	  mip_profile_free (parsed);
	}
      data[at] = saved;
    }
  free (data);
  mip_profile_free (profile);
}
END_TEST

START_TEST (test_map_blocks_fuzz)
{
  struct test_binary binary = test_block_binary ();
  struct test_bytes bytes = test_make_map (&binary);
  static const unsigned char values[] = { 0x00, 0x01, 0x03, 0xfe, 0xff };
  size_t at, v;

  for (at = 0; at < bytes.size; at++)
    for (v = 0; v < sizeof values; v++)
      {
	unsigned char saved = bytes.data[at];
	struct mip_error_context error;
	struct mip_map *map = NULL;
	bytes.data[at] = values[v];
	if (parse_map (&bytes, &map, &error) == MIP_OK)
	  mip_map_free (map);
	else
	  ck_assert_ptr_null (map);
	bytes.data[at] = saved;
      }
  test_bytes_free (&bytes);
}
END_TEST

/* Which function holds an address: main and cold parts, the byte before
   a return address, no discarded copies, no aliases.  */
START_TEST (test_address_lookup)
{
  struct test_binary binary = test_block_binary ();
  struct mip_profile *profile = profile_of (&binary);
  struct mip_address_index *index = NULL;
  struct mip_error_context error;

  ck_assert_int_eq (mip_address_index_build (profile, &index, &error),
		    MIP_OK);
  ck_assert_uint_eq (mip_address_index_find (index, 0x1000), DIAMOND);
  ck_assert_uint_eq (mip_address_index_find (index, 0x101f), DIAMOND);
  ck_assert_uint_eq (mip_address_index_find (index, 0x1020),
		     MIP_NO_FUNCTION);
  ck_assert_uint_eq (mip_address_index_find (index, 0xfff), MIP_NO_FUNCTION);
  ck_assert_uint_eq (mip_address_index_find (index, 0x9000), LOOP);
  ck_assert_uint_eq (mip_address_index_find (index, 0x900f), LOOP);
  ck_assert_uint_eq (mip_address_index_find (index, 0x9010),
		     MIP_NO_FUNCTION);
  ck_assert_uint_eq (mip_address_index_find (index, 0x1205), CALLEE);
  /* A call that ends its function returns just past it.  */
  ck_assert_uint_eq (mip_address_index_find_caller (index, 0x1020), DIAMOND);
  ck_assert_uint_eq (mip_address_index_find_caller (index, 0x1000),
		     MIP_NO_FUNCTION);
  ck_assert_uint_eq (mip_address_index_find_caller (index, 0),
		     MIP_NO_FUNCTION);
  mip_address_index_free (index);
  mip_profile_free (profile);

  binary = test_sample_binary (4, false);
  profile = profile_of (&binary);
  ck_assert_int_eq (mip_address_index_build (profile, &index, &error),
		    MIP_OK);
  ck_assert_uint_eq (mip_address_index_find (index, 0x401200),
		     find_function (profile, "inline_fn", 3));
  ck_assert_uint_eq (mip_address_index_find (index, 0x401000),
		     find_function (profile, "main", 0));
  ck_assert_uint_eq (mip_address_index_find (index, 0xfffffff0u),
		     MIP_NO_FUNCTION);
  ck_assert_uint_eq (mip_address_index_find (index, 0x10),
		     MIP_NO_FUNCTION);
  mip_address_index_free (index);
  mip_profile_free (profile);
}
END_TEST

/* Caller slots hold run-time return addresses: merge converts them with
   the anchor difference, up or down, and the profile names the caller
   (the cold part of one included).  */
START_TEST (test_merge_callers_named)
{
  static const int64_t biases[] = { 0x7f0000000000ll, -0x1000 };
  size_t i;

  for (i = 0; i < 2; i++)
    {
      struct test_binary binary = test_block_binary ();
      struct mip_profile *profile = profile_of (&binary);
      struct mip_address_index *index = NULL;
      struct mip_error_context error;
      struct test_run run = block_run (false, 0, 0, 0);
      uint64_t bias = (uint64_t) biases[i];
      const struct mip_profile_function *callee =
	&profile->functions[CALLEE];
      const struct mip_profile_caller *callers;

      run.anchor_address = binary.anchor_address + bias;
      run.records[0][CALLEE].ran = true;
      run.records[0][CALLEE].callers[0] = 0x1010 + bias;
      run.records[0][CALLEE].callers[1] = 0x9006 + bias;
      ck_assert_int_eq (merge_run (profile, &binary, &run, &error), MIP_OK);
      ck_assert_uint_eq (callee->caller_count, 2);
      callers = profile->callers + callee->caller_begin;
      ck_assert_uint_eq (callers[0].return_address, 0x1010);
      ck_assert_uint_eq (callers[1].return_address, 0x9006);
      ck_assert_int_eq (mip_address_index_build (profile, &index, &error),
			MIP_OK);
      ck_assert_uint_eq (mip_address_index_find_caller
			 (index, callers[0].return_address), DIAMOND);
      ck_assert_uint_eq (mip_address_index_find_caller
			 (index, callers[1].return_address), LOOP);
      mip_address_index_free (index);
      mip_profile_free (profile);
    }
}
END_TEST

/* The inference walk on its own: a long chain (deeper than any
   recursion would like) and a wide fan-in.  */
struct list_array
{
  const uint32_t *begin, *count;
};

static void
array_list (const void *blocks, uint32_t block, uint32_t *begin,
	    uint32_t *count)
{
  const struct list_array *lists = blocks;
  *begin = lists->begin[block];
  *count = lists->count[block];
}

START_TEST (test_infer_walk)
{
  enum { BLOCKS = 100000 };
  uint32_t *entries = calloc (BLOCKS, sizeof *entries);
  uint32_t *begin = calloc (BLOCKS, sizeof *begin);
  uint32_t *count = calloc (BLOCKS, sizeof *count);
  unsigned char *covered = calloc (BLOCKS, 1);
  struct list_array lists = { begin, count };
  struct mip_infer_scratch scratch;
  struct mip_infer_graph graph;
  uint32_t b, cycle = 0;

  /* Block b lists b + 1; the last lists the function.  */
  for (b = 0; b < BLOCKS; b++)
    {
      entries[b] = b + 1 < BLOCKS ? b + 1 : MIP_INFER_FUNCTION;
      begin[b] = b;
      count[b] = 1;
    }
  memset (&scratch, 0, sizeof scratch);
  graph.block_count = BLOCKS;
  graph.entries = entries;
  graph.blocks = &lists;
  graph.list_of = array_list;
  ck_assert_int_eq (mip_infer_check (&graph, &scratch, &cycle),
		    MIP_INFER_OK);
  ck_assert_int_eq (mip_infer_coverage (&graph, false, covered, &scratch),
		    MIP_INFER_OK);
  ck_assert_uint_eq (covered[0], 0);
  ck_assert_int_eq (mip_infer_coverage (&graph, true, covered, &scratch),
		    MIP_INFER_OK);
  ck_assert_uint_eq (covered[0], 1);
  ck_assert_uint_eq (covered[BLOCKS / 2], 1);
  /* Close the chain into a loop.  */
  entries[BLOCKS - 1] = 0;
  ck_assert_int_eq (mip_infer_check (&graph, &scratch, &cycle),
		    MIP_INFER_CYCLE);
  ck_assert_uint_lt (cycle, BLOCKS);
  /* No blocks at all.  */
  graph.block_count = 0;
  ck_assert_int_eq (mip_infer_check (&graph, &scratch, &cycle),
		    MIP_INFER_OK);
  mip_infer_scratch_free (&scratch);
  free (entries);
  free (begin);
  free (count);
  free (covered);
}
END_TEST

/* ---- Files ---------------------------------------------------------------------------- */

static char temporary_directory[64];

static void
make_temporary_directory (void)
{
  snprintf (temporary_directory, sizeof temporary_directory,
	    "check-format.XXXXXX");
  ck_assert_ptr_nonnull (mkdtemp (temporary_directory));
}

static void
remove_temporary_directory (void)
{
  char command[128];
  snprintf (command, sizeof command, "rm -rf '%s'", temporary_directory);
  if (system (command) != 0)
    fprintf (stderr, "cannot remove %s\n", temporary_directory);
}

START_TEST (test_write_atomic)
{
  char path[128], missing[160], command[200];
  struct test_bytes bytes;
  struct mip_error_context error;
  struct stat info;

  snprintf (path, sizeof path, "%s/p.mip", temporary_directory);
  ck_assert_int_eq (mip_write_file_atomic (path, "old", 3, &error), MIP_OK);
  chmod (path, 0640);
  ck_assert_int_eq (mip_write_file_atomic (path, "newer", 5, &error), MIP_OK);
  ck_assert (test_read_file (path, &bytes));
  ck_assert_uint_eq (bytes.size, 5);
  ck_assert (memcmp (bytes.data, "newer", 5) == 0);
  test_bytes_free (&bytes);
  ck_assert_int_eq (stat (path, &info), 0);
  ck_assert_uint_eq (info.st_mode & 0777, 0640);
  snprintf (missing, sizeof missing, "%s/no/such/dir.mip",
	    temporary_directory);
  ck_assert_int_eq (mip_write_file_atomic (missing, "x", 1, &error),
		    MIP_ERROR_IO);
  ck_assert (strstr (message_of (&error), "No such file or directory"));
  /* Nothing but p.mip is left in the directory.  */
  snprintf (command, sizeof command, "test \"$(ls '%s')\" = p.mip",
	    temporary_directory);
  ck_assert_int_eq (system (command), 0);
}
END_TEST

START_TEST (test_profile_files)
{
  struct test_binary binary = test_sample_binary (8, false);
  struct mip_profile *profile = profile_of (&binary), *read = NULL;
  struct mip_error_context error;
  char path[128];

  snprintf (path, sizeof path, "%s/x.mip", temporary_directory);
  ck_assert_int_eq (mip_profile_write_file (profile, path, &error), MIP_OK);
  ck_assert_int_eq (mip_profile_read_file (path, &read, &error), MIP_OK);
  ck_assert_uint_eq (read->header.build_id, profile->header.build_id);
  mip_profile_free (read);
  read = NULL;
  snprintf (path, sizeof path, "%s/none.mip", temporary_directory);
  ck_assert_int_eq (mip_profile_read_file (path, &read, &error),
		    MIP_ERROR_IO);
  ck_assert_ptr_null (read);
  ck_assert (strstr (message_of (&error), "cannot open '"));
  mip_profile_free (profile);
}
END_TEST

/* ---- The suite --------------------------------------------------------------------------- */

/* ---- Merging in any order, weights, profiles into profiles ---------------- */

/* Like merge_run, for an input of weight WEIGHT.  */
static enum mip_error
merge_weighted_run (struct mip_profile *profile,
		    const struct test_binary *binary,
		    const struct test_run *run, uint32_t weight,
		    struct mip_error_context *error)
{
  struct test_bytes bytes = test_make_raw (binary, run);
  struct mip_raw raw;
  enum mip_error status;

  mip_error_clear (error);
  status = mip_raw_parse (bytes.data, bytes.size, "run.mipraw", &raw, error);
  if (status == MIP_OK)
    status = mip_profile_check_raw (profile, &raw, "run.mipraw", error);
  if (status == MIP_OK)
    status = mip_profile_add_weighted_run (profile, &raw, weight,
					   "run.mipraw", error);
  test_bytes_free (&bytes);
  return status;
}

/* Add OTHER to PROFILE WEIGHT times, checking it first.  */
static void
add_profile (struct mip_profile *profile, const struct mip_profile *other,
	     uint32_t weight)
{
  struct mip_error_context error;
  ck_assert_int_eq (mip_profile_check_profile (profile, "a.mip", other,
					       "b.mip", &error), MIP_OK);
  ck_assert_int_eq (mip_profile_add_profile (profile, other, weight,
					     "b.mip", &error), MIP_OK);
}

static struct mip_profile *
empty_copy (const struct mip_profile *profile)
{
  struct mip_profile *copy = NULL;
  struct mip_error_context error;
  ck_assert_int_eq (mip_profile_copy_empty (profile, &copy, &error), MIP_OK);
  return copy;
}

/* Check that A and B serialize to the same bytes.  */
static void
ck_assert_same_profile (const struct mip_profile *a,
			const struct mip_profile *b)
{
  struct mip_error_context error;
  unsigned char *x, *y;
  size_t x_size, y_size;

  ck_assert_int_eq (mip_profile_serialize (a, &x, &x_size, &error), MIP_OK);
  ck_assert_int_eq (mip_profile_serialize (b, &y, &y_size, &error), MIP_OK);
  ck_assert_uint_eq (x_size, y_size);
  ck_assert_msg (memcmp (x, y, x_size) == 0, "the profiles differ");
  free (x);
  free (y);
}

/* A small pseudo-random generator, so that the runs are the same on
   every machine.  */
static uint32_t
next_random (uint32_t *state)
{
  *state = *state * 1103515245u + 12345u;
  return *state >> 16;
}

#define MIXED_RUNS 6

/* MIXED_RUNS runs of the block binary with different blocks, counts and
   callers (some slots repeat a caller, some are empty).  */
static void
mixed_block_runs (struct test_run runs[MIXED_RUNS])
{
  static const uint64_t callers[] = { 0, 0x1010, 0x1105, 0x9006, 0x1207 };
  uint32_t state = 7;
  int r;

  for (r = 0; r < MIXED_RUNS; r++)
    {
      struct test_run *run = &runs[r];
      uint64_t bias = 0x10000ull * (uint64_t) (r + 1);
      memset (run, 0, sizeof *run);
      run->anchor_address = 0x4000 + bias;
      run->records[0][DIAMOND].ran = next_random (&state) % 2;
      run->records[0][DIAMOND].probes = next_random (&state) % 4;
      run->records[0][LOOP].count = next_random (&state) % 9;
      run->records[0][LOOP].probes = next_random (&state) % 2;
      run->records[0][CALLEE].ran = true;
      for (int s = 0; s < 2; s++)
	{
	  uint64_t caller = callers[next_random (&state) % 5];
	  run->records[0][CALLEE].callers[s] = caller ? caller + bias : 0;
	}
    }
}

/* The same runs merged in any order, or grouped into partial profiles
   that are then added up, give the same profile byte for byte: what
   mipdata merge -j relies on.  */
START_TEST (test_merge_any_order)
{
  struct test_binary binary = test_block_binary ();
  struct test_run runs[MIXED_RUNS];
  struct mip_profile *forward = profile_of (&binary);
  struct mip_profile *backward = profile_of (&binary);
  struct mip_profile *grouped = profile_of (&binary);
  struct mip_profile *tree = profile_of (&binary);
  struct mip_profile *partial[2], *pair[3];
  struct mip_error_context error;
  int r;

  mixed_block_runs (runs);
  for (r = 0; r < MIXED_RUNS; r++)
    {
      ck_assert_int_eq (merge_run (forward, &binary, &runs[r], &error),
			MIP_OK);
      ck_assert_int_eq (merge_run (backward, &binary,
				   &runs[MIXED_RUNS - 1 - r], &error),
			MIP_OK);
    }
  ck_assert_uint_eq (forward->header.runs, MIXED_RUNS);
  ck_assert_uint_gt (forward->header.caller_count, 1);
  ck_assert_same_profile (forward, backward);
  /* Two workers, odd and even runs, added to the profile in turn.  */
  partial[0] = empty_copy (grouped);
  partial[1] = empty_copy (grouped);
  for (r = 0; r < MIXED_RUNS; r++)
    ck_assert_int_eq (merge_run (partial[r % 2], &binary, &runs[r], &error),
		      MIP_OK);
  add_profile (grouped, partial[1], 1);
  add_profile (grouped, partial[0], 1);
  ck_assert_same_profile (forward, grouped);
  /* A tree: pairs of runs, then the pairs.  */
  for (r = 0; r < 3; r++)
    {
      pair[r] = profile_of (&binary);
      ck_assert_int_eq (merge_run (pair[r], &binary, &runs[2 * r], &error),
			MIP_OK);
      ck_assert_int_eq (merge_run (pair[r], &binary, &runs[2 * r + 1],
				   &error), MIP_OK);
    }
  add_profile (pair[2], pair[0], 1);
  add_profile (tree, pair[1], 1);
  add_profile (tree, pair[2], 1);
  ck_assert_same_profile (forward, tree);
  for (r = 0; r < 3; r++)
    mip_profile_free (pair[r]);
  mip_profile_free (partial[0]);
  mip_profile_free (partial[1]);
  mip_profile_free (forward);
  mip_profile_free (backward);
  mip_profile_free (grouped);
  mip_profile_free (tree);
}
END_TEST

/* Caller samples become callers with a weight: summed over the runs
   (times the run's weight), sorted by address, saturating, and the same
   whatever order or grouping the runs are added in.  */
START_TEST (test_merge_samples)
{
  struct test_binary binary = test_sample_binary (8, false);
  struct mip_profile *profile = profile_of (&binary);
  struct mip_profile *other = profile_of (&binary);
  struct mip_profile *grouped = profile_of (&binary);
  struct test_run a = sampled_run (), b = sampled_run ();
  struct mip_error_context error;
  uint32_t helper = find_function (profile, "helper", 0);
  /* The kept copy of unit 1 (unit 0's was discarded).  */
  uint32_t inline_fn = find_function (profile, "inline_fn", 3);
  const struct mip_profile_caller *callers;

  b.samples[0].return_address = 0x555555401008ull;
  b.samples[1].samples = 0xfffffffeu;
  ck_assert_int_eq (merge_run (profile, &binary, &a, &error), MIP_OK);
  ck_assert_int_eq (merge_run (profile, &binary, &b, &error), MIP_OK);
  ck_assert_uint_eq (profile->functions[helper].caller_count, 3);
  callers = &profile->callers[profile->functions[helper].caller_begin];
  ck_assert_uint_eq (callers[0].return_address, 0x401008);
  ck_assert_uint_eq (callers[0].samples, 5);
  ck_assert_uint_eq (callers[0].runs, 1);
  ck_assert_uint_eq (callers[1].return_address, 0x401010);
  ck_assert_uint_eq (callers[1].samples, 5);
  ck_assert_uint_eq (callers[2].return_address, 0x401020);
  ck_assert_uint_eq (callers[2].samples, UINT32_MAX);
  ck_assert_uint_eq (callers[2].runs, 2);
  /* The sample of a copy goes to the primary.  */
  ck_assert_uint_eq (profile->functions[inline_fn].caller_count, 1);
  callers = &profile->callers[profile->functions[inline_fn].caller_begin];
  ck_assert_uint_eq (callers[0].return_address, 0x401110);
  ck_assert_uint_eq (callers[0].samples, 2);
  ck_assert_uint_eq (callers[0].runs, 2);
  /* The call counts are the records', untouched by the samples.  */
  ck_assert_uint_eq (profile->functions[helper].call_count, 6);
  /* b then a, through a partial profile: the same profile.  */
  ck_assert_int_eq (merge_run (other, &binary, &b, &error), MIP_OK);
  ck_assert_int_eq (merge_run (grouped, &binary, &a, &error), MIP_OK);
  add_profile (other, grouped, 1);
  ck_assert_same_profile (profile, other);
  /* A weight multiplies the samples.  */
  mip_profile_free (grouped);
  grouped = profile_of (&binary);
  ck_assert_int_eq (merge_run (grouped, &binary, &a, &error), MIP_OK);
  mip_profile_free (other);
  other = profile_of (&binary);
  add_profile (other, grouped, 3);
  callers = &other->callers[other->functions[helper].caller_begin];
  ck_assert_uint_eq (callers[0].return_address, 0x401010);
  ck_assert_uint_eq (callers[0].samples, 15);
  ck_assert_uint_eq (callers[0].runs, 3);
  mip_profile_free (profile);
  mip_profile_free (other);
  mip_profile_free (grouped);
}
END_TEST

/* A run of weight 3 is three runs; a profile of weight 2, twice it.  */
START_TEST (test_merge_weights)
{
  struct test_binary binary = test_sample_binary (8, false);
  struct test_binary blocks = test_block_binary ();
  struct mip_profile *weighted = profile_of (&binary);
  struct mip_profile *repeated = profile_of (&binary);
  struct mip_profile *doubled = profile_of (&binary);
  struct mip_profile *block_weighted = profile_of (&blocks);
  struct mip_profile *block_repeated = profile_of (&blocks);
  struct test_run run = sample_run (), block_runs[MIXED_RUNS];
  struct mip_error_context error;
  uint32_t helper = find_function (weighted, "helper", 0);
  int r;

  ck_assert_int_eq (merge_weighted_run (weighted, &binary, &run, 3, &error),
		    MIP_OK);
  ck_assert_uint_eq (weighted->header.runs, 3);
  ck_assert_uint_eq (weighted->functions[helper].call_count, 9);
  ck_assert_uint_eq (weighted->functions[helper].covered_runs, 3);
  ck_assert_uint_eq (weighted->functions[helper].order_sum, 6);
  ck_assert_uint_eq (weighted->functions[helper].order_runs, 3);
  ck_assert_uint_eq (mip_profile_function_order (weighted, helper), 2);
  for (r = 0; r < 3; r++)
    ck_assert_int_eq (merge_run (repeated, &binary, &run, &error), MIP_OK);
  ck_assert_same_profile (weighted, repeated);
  add_profile (doubled, weighted, 2);
  for (r = 0; r < 3; r++)
    ck_assert_int_eq (merge_run (repeated, &binary, &run, &error), MIP_OK);
  ck_assert_uint_eq (doubled->header.runs, 6);
  ck_assert_same_profile (doubled, repeated);
  /* Blocks and callers too.  */
  mixed_block_runs (block_runs);
  ck_assert_int_eq (merge_weighted_run (block_weighted, &blocks,
					&block_runs[1], 4, &error), MIP_OK);
  for (r = 0; r < 4; r++)
    ck_assert_int_eq (merge_run (block_repeated, &blocks, &block_runs[1],
				 &error), MIP_OK);
  ck_assert_same_profile (block_weighted, block_repeated);
  mip_profile_free (weighted);
  mip_profile_free (repeated);
  mip_profile_free (doubled);
  mip_profile_free (block_weighted);
  mip_profile_free (block_repeated);
}
END_TEST

/* Weights never overflow a count: runs and covered runs stop at
   UINT32_MAX, call counts and order sums at UINT64_MAX.  */
START_TEST (test_merge_weight_saturates)
{
  struct test_binary binary = test_sample_binary (8, false);
  struct mip_profile *profile = profile_of (&binary);
  struct mip_profile *copy;
  struct test_run run = sample_run ();
  struct mip_error_context error;
  uint32_t helper = find_function (profile, "helper", 0);

  run.records[0][1].count = 0xfffffffeu;
  ck_assert_int_eq (merge_weighted_run (profile, &binary, &run, UINT32_MAX,
					&error), MIP_OK);
  ck_assert_uint_eq (profile->header.runs, UINT32_MAX);
  ck_assert_uint_eq (profile->functions[helper].call_count,
		     (uint64_t) 0xfffffffeu * UINT32_MAX);
  ck_assert_int_eq (merge_weighted_run (profile, &binary, &run, 2, &error),
		    MIP_OK);
  ck_assert_uint_eq (profile->header.runs, UINT32_MAX);
  ck_assert_uint_eq (profile->functions[helper].covered_runs, UINT32_MAX);
  ck_assert_uint_eq (profile->functions[helper].order_runs, UINT32_MAX);
  copy = empty_copy (profile);
  add_profile (copy, profile, UINT32_MAX);
  ck_assert_uint_eq (copy->header.runs, UINT32_MAX);
  ck_assert_uint_eq (copy->functions[helper].call_count, UINT64_MAX);
  /* 2 (UINT32_MAX + 2) order sum, times UINT32_MAX, is over 2^64.  */
  ck_assert_uint_eq (profile->functions[helper].order_sum,
		     2 * (UINT32_MAX + 2ull));
  ck_assert_uint_eq (copy->functions[helper].order_sum, UINT64_MAX);
  mip_profile_free (copy);
  mip_profile_free (profile);
}
END_TEST

/* A profile of another build is refused, naming both files.  */
START_TEST (test_merge_profile_refuses_other_build)
{
  struct test_binary binary = test_sample_binary (8, false);
  struct test_binary other_binary = binary;
  struct mip_profile *profile, *other;
  struct mip_error_context error;
  char expected[256];

  other_binary.units[2].unit_hash = 42;
  profile = profile_of (&binary);
  other = profile_of (&other_binary);
  ck_assert_int_eq (mip_profile_check_profile (profile, "a.mip", other,
					       "b.mip", &error),
		    MIP_ERROR_BUILD_ID);
  snprintf (expected, sizeof expected, "'b.mip': built by another binary"
	    " (a profile of build id %016llx, 'a.mip' is of build id %016llx)",
	    (unsigned long long) test_build_id (&other_binary),
	    (unsigned long long) test_build_id (&binary));
  ck_assert_str_eq (message_of (&error), expected);
  mip_profile_free (other);
  /* Same build id, other tables: refused as well.  */
  other = profile_of (&binary);
  other->functions[1].raw_offset += 8;
  ck_assert_int_eq (mip_profile_check_profile (profile, "a.mip", other,
					       "b.mip", &error),
		    MIP_ERROR_CORRUPT);
  ck_assert_ptr_nonnull (strstr (message_of (&error), "'a.mip'"));
  mip_profile_free (other);
  mip_profile_free (profile);
}
END_TEST

/* ---- Layout ranks (profile use, mipdata order) ------------------------- */

/* A run of test_sample_binary: main once (order 1), helper 300 times
   (2), never 7 times (3), inline_fn 5,000 times (4), mostly from helper
   (20 caller samples), counted_only 5 times with no order kind.  */
static struct mip_profile *
layout_profile (struct test_binary *binary)
{
  struct mip_profile *profile = profile_of (binary);
  struct mip_error_context error;
  struct test_run run;

  memset (&run, 0, sizeof run);
  run.anchor_address = 0x555555404000ull;
  run.records[0][0] = (struct test_record) { .ran = true, .count = 1, .order = 1 };
  run.records[0][1] = (struct test_record) { .ran = true, .count = 300, .order = 2 };
  run.records[1][0] = (struct test_record) { .ran = true, .count = 5000, .order = 4 };
  run.records[1][1] = (struct test_record) { .ran = true, .count = 7, .order = 3 };
  run.records[1][2] = (struct test_record) { .ran = true, .count = 5, .order = 0 };
  run.sample_count = 2;
  /* Return addresses inside helper (0x401100) and main (0x401000).  */
  run.samples[0] = (struct test_sample) { 1, 0, 0x555555401110ull, 20 };
  run.samples[1] = (struct test_sample) { 0, 1, 0x555555401010ull, 1 };
  ck_assert_msg (merge_run (profile, binary, &run, &error) == MIP_OK, "%s",
		 message_of (&error));
  return profile;
}

/* The ranks of main, helper, never, inline_fn and counted_only.  */
static void
check_ranks (const struct mip_profile *profile, enum mip_layout_kind kind,
	     const uint32_t expected[5])
{
  static const char *const names[5] = { "main", "helper", "never",
					"inline_fn", "counted_only" };
  struct mip_error_context error;
  uint32_t *ranks = NULL, i;

  mip_error_clear (&error);
  ck_assert_int_eq (mip_layout_ranks (profile, kind, &ranks, &error),
		    MIP_OK);
  for (i = 0; i < 5; i++)
    {
      /* inline_fn: the kept copy of unit 1, after the dropped one.  */
      uint32_t f = find_function (profile, names[i], i == 3 ? 3 : 0);
      ck_assert_msg (ranks[f] == expected[i], "%s: rank %u, expected %u",
		     names[i], ranks[f], expected[i]);
    }
  /* The dropped copy, the alias and the discarded function: no rank.  */
  ck_assert_uint_eq (ranks[2], 0);
  ck_assert_uint_eq (ranks[6], 0);
  ck_assert_uint_eq (ranks[7], 0);
  free (ranks);
}

START_TEST (test_layout_ranks)
{
  static const uint32_t first_call[5] = { 1, 2, 3, 4, 5 };
  static const uint32_t chains[5] = { 1, 2, 4, 3, 5 };
  struct test_binary binary = test_sample_binary (8, false);
  struct mip_profile *profile = layout_profile (&binary);
  enum mip_layout_kind kind;

  /* First-call order; counted_only, with none, last.  */
  check_ranks (profile, MIP_LAYOUT_FIRST_CALL, first_call);
  /* inline_fn joins the cluster of helper, which calls it most, ahead of
     never; main is called once and clusters with nothing.  */
  check_ranks (profile, MIP_LAYOUT_CALL_CHAINS, chains);
  mip_profile_free (profile);

  /* A cluster beyond a page is not made: first-call order again.  */
  binary.units[0].functions[1].size = MIP_LAYOUT_CLUSTER_BYTES - 16;
  profile = layout_profile (&binary);
  check_ranks (profile, MIP_LAYOUT_CALL_CHAINS, first_call);
  mip_profile_free (profile);

  ck_assert (mip_layout_parse ("first-call", &kind)
	     && kind == MIP_LAYOUT_FIRST_CALL);
  ck_assert (mip_layout_parse ("call-chains", &kind)
	     && kind == MIP_LAYOUT_CALL_CHAINS);
  ck_assert (!mip_layout_parse ("c3", &kind));
}
END_TEST

/* ---- The accumulator against the run by run path ------------------------ */

/* Up to three caller samples in RUN (loaded BIAS away) of random
   functions (those that count no calls are sampled by no runtime and
   left out by merge), some repeated, one saturating now and then.  */
static void
add_random_samples (const struct test_binary *binary, struct test_run *run,
		    uint64_t bias, uint32_t *state)
{
  static const uint64_t callers[] = { 0x1010, 0x1105, 0x9006, 0x7fff0000 };
  unsigned count = next_random (state) % 4, s;

  for (s = 0; s < count; s++)
    {
      struct test_sample *sample = &run->samples[run->sample_count];
      sample->unit = next_random (state) % binary->unit_count;
      if (binary->units[sample->unit].function_count == 0)
	continue;
      sample->function = next_random (state)
			 % binary->units[sample->unit].function_count;
      sample->return_address = callers[next_random (state) % 4] + bias;
      sample->samples = next_random (state) % 9 == 0
			? UINT32_MAX : 1 + next_random (state) % 50;
      run->sample_count++;
    }
}

/* A run of BINARY with random records: coverage, counts (some
   saturated), orders, probes, stored values and callers (some repeated,
   some outside the binary, some empty), at a random load address.  */
static struct test_run
random_run (const struct test_binary *binary, uint32_t *state)
{
  static const uint64_t callers[] = { 0, 0x1010, 0x1105, 0x9006, 0x1207,
				      0x7fff0000 };
  struct test_run run;
  uint64_t bias = 0x10000ull * (next_random (state) % 5);
  unsigned u, f, s;

  memset (&run, 0, sizeof run);
  run.anchor_address = binary->anchor_address + bias;
  for (u = 0; u < binary->unit_count; u++)
    for (f = 0; f < binary->units[u].function_count; f++)
      {
	struct test_record *record = &run.records[u][f];
	bool runs = next_random (state) % 3 != 0;
	if (!runs)
	  continue;
	record->ran = next_random (state) % 2;
	record->count = next_random (state) % 7 == 0 ? UINT32_MAX
			: next_random (state) % 5;
	record->order = next_random (state) % 4;
	record->probes = next_random (state) % 16;
	record->stored = next_random (state) % 3 == 0 ? 0x40 : 0;
	for (s = 0; s < 4; s++)
	  {
	    uint64_t caller = callers[next_random (state) % 6];
	    record->callers[s] = caller ? caller + bias : 0;
	  }
      }
  if (next_random (state) % 4 == 0)
    {
      run.gnu_build_id_size = 20;
      memset (run.gnu_build_id, 0x5a, 20);
    }
  add_random_samples (binary, &run, bias, state);
  return run;
}

/* A weight for run R: mostly 1, some larger, one that saturates.  */
static uint32_t
random_weight (uint32_t *state, int r)
{
  if (r == 5)
    return UINT32_MAX;
  return next_random (state) % 3 == 0 ? 1 + next_random (state) % 1000 : 1;
}

/* Add RUN (WEIGHT times) to the accumulator ACC of PROFILE.  */
static void
accumulate_run (struct mip_run_accumulator *acc,
		const struct mip_profile *profile,
		const struct test_binary *binary, const struct test_run *run,
		uint32_t weight)
{
  struct test_bytes bytes = test_make_raw (binary, run);
  struct mip_error_context error;
  struct mip_raw raw;

  mip_error_clear (&error);
  ck_assert_int_eq (mip_raw_parse (bytes.data, bytes.size, "run.mipraw",
				   &raw, &error), MIP_OK);
  ck_assert_int_eq (mip_profile_check_raw (profile, &raw, "run.mipraw",
					   &error), MIP_OK);
  ck_assert_int_eq (mip_run_accumulator_add (acc, &raw, weight, "run.mipraw",
					     &error), MIP_OK);
  test_bytes_free (&bytes);
}

/* RUNS random runs of BINARY added run by run and through an
   accumulator (that keeps at most CALLER_LIMIT callers waiting, if not
   0), both after PRIOR runs added run by run (so that the profile has
   counts and callers already): the same profile bytes.  */
static void
check_accumulator_on (const struct test_binary *binary, uint32_t seed,
		      int prior, int runs, size_t caller_limit)
{
  struct mip_profile *by_run = profile_of (binary);
  struct mip_profile *accumulated = profile_of (binary);
  struct mip_run_accumulator *acc = NULL;
  struct mip_error_context error;
  uint32_t state = seed;
  int r;

  for (r = 0; r < prior; r++)
    {
      struct test_run run = random_run (binary, &state);
      ck_assert_int_eq (merge_weighted_run (by_run, binary, &run, 2, &error),
			MIP_OK);
      ck_assert_int_eq (merge_weighted_run (accumulated, binary, &run, 2,
					    &error), MIP_OK);
    }
  ck_assert_int_eq (mip_run_accumulator_new (accumulated, &acc, &error),
		    MIP_OK);
  if (caller_limit != 0)
    mip_run_accumulator_limit_callers (acc, caller_limit);
  for (r = 0; r < runs; r++)
    {
      struct test_run run = random_run (binary, &state);
      uint32_t weight = random_weight (&state, r);
      ck_assert_int_eq (merge_weighted_run (by_run, binary, &run, weight,
					    &error), MIP_OK);
      accumulate_run (acc, accumulated, binary, &run, weight);
    }
  ck_assert_int_eq (mip_run_accumulator_finish (acc, &error), MIP_OK);
  mip_run_accumulator_free (acc);
  ck_assert_uint_gt (by_run->header.runs, 0);
  ck_assert_same_profile (by_run, accumulated);
  mip_profile_free (by_run);
  mip_profile_free (accumulated);
}

/* The block binary with a second unit holding another copy of diamond
   (an alias), of the same CFG or not.  */
static struct test_binary
block_binary_with_alias (bool same_cfg)
{
  struct test_binary binary = test_block_binary ();

  binary.unit_count = 2;
  binary.units[1] = binary.units[0];
  binary.units[1].unit_hash ^= 1;
  binary.units[1].function_count = 1;
  binary.units[0].functions[DIAMOND].cfg_signature = 0x5167;
  binary.units[1].functions[DIAMOND].cfg_signature
    = same_cfg ? 0x5167 : 0x5168;
  test_layout (&binary);
  return binary;
}

/* The accumulator gives the profile of the run by run path, byte for
   byte: every mode and kind, both pointer sizes and byte orders,
   aliases of the same CFG and not, discarded copies, weights (one
   saturating), callers and caller samples, GNU build ids, a profile
   with runs already.  */
START_TEST (test_accumulator_matches_runs)
{
  struct test_binary binaries[] = {
    test_block_binary (),
    test_block_binary_for (4, true),
    test_block_binary_for (8, true),
    block_binary_with_alias (true),
    block_binary_with_alias (false),
    test_sample_binary (8, false),
    test_sample_binary (4, true),
    test_coverage_binary (),
  };
  size_t b;

  for (b = 0; b < sizeof binaries / sizeof binaries[0]; b++)
    {
      check_accumulator_on (&binaries[b], 11 + (uint32_t) b, 0, 40, 0);
      check_accumulator_on (&binaries[b], 101 + (uint32_t) b, 3, 25, 0);
      check_accumulator_on (&binaries[b], 1001 + (uint32_t) b, 0, 1, 0);
    }
}
END_TEST

/* Callers that go into the profile in parts, when too many wait:
   still the same profile.  */
START_TEST (test_accumulator_many_callers)
{
  struct test_binary binary = test_block_binary ();
  struct test_binary sample = test_sample_binary (8, false);

  check_accumulator_on (&binary, 5, 0, 300, 4);
  check_accumulator_on (&binary, 6, 2, 300, 2);
  check_accumulator_on (&sample, 7, 0, 100, 1);
}
END_TEST

/* mip_infer_order lists every block once, each after the blocks of its
   list, on a graph whose edges go against the index order; a cycle has
   no order.  */
START_TEST (test_infer_order)
{
  enum { BLOCKS = 300, PER_BLOCK = 3 };
  uint32_t entries[BLOCKS * PER_BLOCK], begin[BLOCKS], count[BLOCKS];
  uint32_t order[BLOCKS], position[BLOCKS];
  struct list_array lists = { begin, count };
  struct mip_infer_scratch scratch;
  struct mip_infer_graph graph;
  uint32_t b, e, state = 3;

  /* Block b lists up to three blocks of lower index, or the function.  */
  for (b = 0; b < BLOCKS; b++)
    {
      begin[b] = b * PER_BLOCK;
      count[b] = b == 0 ? 1 : next_random (&state) % (PER_BLOCK + 1);
      for (e = 0; e < count[b]; e++)
	entries[begin[b] + e] = b == 0 || next_random (&state) % 5 == 0
				? MIP_INFER_FUNCTION
				: next_random (&state) % b;
    }
  memset (&scratch, 0, sizeof scratch);
  graph.block_count = BLOCKS;
  graph.entries = entries;
  graph.blocks = &lists;
  graph.list_of = array_list;
  ck_assert_int_eq (mip_infer_order (&graph, &scratch, order),
		    MIP_INFER_OK);
  for (b = 0; b < BLOCKS; b++)
    position[b] = BLOCKS;
  for (b = 0; b < BLOCKS; b++)
    {
      ck_assert_uint_lt (order[b], BLOCKS);
      ck_assert_uint_eq (position[order[b]], BLOCKS);
      position[order[b]] = b;
    }
  for (b = 0; b < BLOCKS; b++)
    for (e = 0; e < count[b]; e++)
      if (entries[begin[b] + e] != MIP_INFER_FUNCTION)
	ck_assert_uint_lt (position[entries[begin[b] + e]], position[b]);
  /* Block 1 lists block 2, which lists block 1.  */
  count[1] = 1;
  entries[begin[1]] = 2;
  count[2] = 1;
  entries[begin[2]] = 1;
  ck_assert_int_eq (mip_infer_order (&graph, &scratch, order),
		    MIP_INFER_CYCLE);
  mip_infer_scratch_free (&scratch);
}
END_TEST

/* An if without else: block 0 (the entry) branches to 1 (then) or 2
   (the join, which returns); 1 falls through to 2.  */
struct edge_profile
{
  struct mip_profile profile;
  struct mip_profile_function function;
  struct mip_profile_block blocks[3];
  struct mip_map_edge edges[3];
  uint32_t primary, kinds;
  struct mip_edge_fate fates[3];
};

static void
make_edge_profile (struct edge_profile *p, bool then_ran, bool counts)
{
  static const struct mip_map_edge edges[3] = {
    { 1, MIP_EDGE_FALLTHROUGH }, { 2, 0 }, { 2, MIP_EDGE_FALLTHROUGH }
  };
  memset (p, 0, sizeof *p);
  memcpy (p->edges, edges, sizeof edges);
  p->function.block_count = 3;
  p->function.edge_count = 3;
  p->function.call_count = 5;
  p->kinds = MIP_KIND_BLOCK_COVERAGE | (counts ? MIP_KIND_CALL_COUNT : 0);
  p->function.kinds = p->kinds;
  p->blocks[0].flags = MIP_BLOCK_ENTRY | MIP_BLOCK_ONCE;
  p->blocks[0].edge_count = 2;
  p->blocks[1].edge_begin = 2;
  p->blocks[1].edge_count = 1;
  p->blocks[2].edge_begin = 3;
  p->blocks[2].flags = MIP_BLOCK_EXIT | MIP_BLOCK_ONCE;
  p->blocks[0].covered_runs = p->blocks[2].covered_runs = 1;
  p->blocks[1].covered_runs = then_ran;
  p->profile.header.runs = 1;
  p->profile.header.function_count = 1;
  p->profile.functions = &p->function;
  p->profile.blocks = p->blocks;
  p->profile.edges = p->edges;
  p->profile.primary = &p->primary;
  p->profile.effective_kinds = &p->kinds;
}

/* A graph for the flow solver: EDGES[b] lists block b's successors
   (-1 ends a list), FLAGS[b] its MIP_BLOCK_* flags.  */
static struct mip_flow *
make_flow (uint32_t n, const int edges[][4], const uint32_t *flags)
{
  struct mip_flow_block blocks[16];
  struct mip_map_edge list[64];
  uint32_t b, count = 0;
  struct mip_flow *flow;

  for (b = 0; b < n; b++)
    {
      int i;
      blocks[b].flags = flags[b];
      blocks[b].edge_begin = count;
      for (i = 0; i < 4 && edges[b][i] >= 0; i++)
	{
	  list[count].target = (uint32_t) edges[b][i];
	  list[count].flags = 0;
	  count++;
	}
      blocks[b].edge_count = count - blocks[b].edge_begin;
    }
  flow = mip_flow_new (n, blocks, count, list);
  ck_assert_ptr_nonnull (flow);
  return flow;
}

#define U MIP_FLOW_UNKNOWN

/* The local rules: a diamond whose one arm is counted, a loop.  */
START_TEST (test_flow_local)
{
  /* 0 -> {1, 2} -> 3 -> exit; 3 -> 1 (a loop back).  */
  static const int edges[][4] = { { 1, 2, -1 }, { 3, -1 }, { 3, -1 },
				  { 1, -1 } };
  static const uint32_t flags[] = { MIP_BLOCK_ENTRY, 0, 0, MIP_BLOCK_EXIT };
  struct mip_flow *flow = make_flow (4, edges, flags);
  uint64_t counts[4] = { U, 7, U, U };
  bool consistent = false;

  /* 5 calls and block 1 ran 7 times: how the 5 entries split between
     blocks 1 and 2, and so how often the loop went back, does not
     follow (neither block 2's count nor block 3's).  */
  ck_assert_uint_eq (mip_flow_solve (flow, 5, counts, NULL, &consistent), 2);
  ck_assert (consistent);
  ck_assert_uint_eq (counts[0], 5);
  ck_assert_uint_eq (counts[1], 7);
  ck_assert_uint_eq (counts[2], U);
  counts[0] = counts[2] = U;
  counts[1] = 7;
  counts[3] = 9;
  ck_assert_uint_eq (mip_flow_solve (flow, 5, counts, NULL, &consistent), 0);
  ck_assert (consistent);
  ck_assert_uint_eq (counts[2], 2);   /* 9 = 7 + block 2's */
  mip_flow_free (flow);
}
END_TEST

/* What the local rules leave: a graph on which every side of every
   block has two edges of unknown count, solved by elimination; counts
   that contradict each other; a block nothing enters.  */
START_TEST (test_flow_residual)
{
  /* 0 -> 1; 1 -> {2, 3} and exits; 2 -> {1, 4}; 3 -> {1, 4, 5};
     4 -> 2 and exits; 5 -> 4; 6 is reached from nowhere.  */
  static const int edges[][4] = { { 1, -1 }, { 2, 3, -1 }, { 1, 4, -1 },
				  { 1, 4, 5, -1 }, { 2, -1 }, { 4, -1 },
				  { 4, -1 } };
  static const uint32_t flags[] = { MIP_BLOCK_ENTRY, MIP_BLOCK_EXIT, 0, 0,
				    MIP_BLOCK_EXIT, 0, 0 };
  struct mip_flow *flow = make_flow (7, edges, flags);
  /* A run of 10 calls: 0 -> 1 10 times, 1 -> 2 5, 1 -> 3 3, 1 exits 7,
     2 -> 1 4, 2 -> 4 3, 3 -> 1, 3 -> 4 and 3 -> 5 once each, 4 -> 2
     twice, 4 exits 3 times, 5 -> 4 once.  */
  uint64_t counts[7] = { U, U, 7, 3, 5, 1, U };
  bool consistent = false;

  ck_assert_uint_eq (mip_flow_solve (flow, 10, counts, NULL, &consistent),
		     0);
  ck_assert (consistent);
  ck_assert_uint_eq (counts[0], 10);
  ck_assert_uint_eq (counts[1], 15);
  ck_assert_uint_eq (counts[6], 0);

  /* Block 1 runs calls + count (2) + count (3) - count (4) times: block
     4 cannot have run 20 times.  */
  counts[0] = counts[1] = counts[6] = U;
  counts[2] = 1;
  counts[3] = 1;
  counts[4] = 20;
  counts[5] = 1;
  mip_flow_solve (flow, 10, counts, NULL, &consistent);
  ck_assert (!consistent);
  mip_flow_free (flow);
}
END_TEST

START_TEST (test_edge_fates)
{
  struct edge_profile p;

  /* The then-block ran: it was entered from block 0 and left to block
     2; whether block 0 ever went straight to 2 the blocks do not say.  */
  make_edge_profile (&p, true, false);
  ck_assert (mip_profile_block_is_branch (&p.profile, 0, 0));
  ck_assert (!mip_profile_block_is_branch (&p.profile, 0, 1));
  ck_assert (mip_profile_edge_fates (&p.profile, 0, p.fates));
  ck_assert_int_eq (p.fates[0].state, MIP_EDGE_TAKEN);
  ck_assert_int_eq (p.fates[1].state, MIP_EDGE_UNKNOWN);
  ck_assert_int_eq (p.fates[2].state, MIP_EDGE_TAKEN);
  ck_assert_uint_eq (p.fates[1].count, MIP_EDGE_NO_COUNT);
  /* It never ran: both its edges never taken, so block 0 went to 2.  */
  make_edge_profile (&p, false, false);
  ck_assert (mip_profile_edge_fates (&p.profile, 0, p.fates));
  ck_assert_int_eq (p.fates[0].state, MIP_EDGE_NOT_TAKEN);
  ck_assert_int_eq (p.fates[1].state, MIP_EDGE_TAKEN);
  ck_assert_int_eq (p.fates[2].state, MIP_EDGE_NOT_TAKEN);
  ck_assert_uint_eq (p.fates[0].count, 0);
  ck_assert_uint_eq (p.fates[1].count, MIP_EDGE_NO_COUNT);
  /* With call counts, block 0 ran 5 times: all of them to block 2.  */
  make_edge_profile (&p, false, true);
  ck_assert (mip_profile_edge_fates (&p.profile, 0, p.fates));
  ck_assert_uint_eq (p.fates[1].count, 5);
  ck_assert_uint_eq (p.fates[2].count, 0);
  /* With counts and the then-block run, block 0's 5 runs split in a way
     no block's count tells.  */
  make_edge_profile (&p, true, true);
  ck_assert (mip_profile_edge_fates (&p.profile, 0, p.fates));
  ck_assert_uint_eq (p.fates[0].count, MIP_EDGE_NO_COUNT);
  ck_assert_uint_eq (p.fates[1].count, MIP_EDGE_NO_COUNT);
  ck_assert_int_eq (p.fates[1].state, MIP_EDGE_UNKNOWN);
}
END_TEST

/* ---- Allocation sites in the profile ------------------------------------ */

/* The sites of test_heap_binary, as the profile numbers them: unit 0's,
   then unit 1's.  */
enum
{
  MAIN_MALLOC, MAIN_FREE, MAIN_REALLOC, LOAD_CALLOC,
  HELPER_MALLOC, HELPER_FREE, GONE_NEW, HEAP_SITES
};

/* Parse the map and the .debug_mip_heap section of BINARY.  */
static void
parse_heap (const struct test_binary *binary, struct mip_map **map,
	    struct mip_heap_map **heap)
{
  struct test_bytes map_bytes = test_make_map (binary);
  struct test_bytes heap_bytes = test_make_heap (binary);
  struct mip_error_context error;

  ck_assert_int_eq (parse_map (&map_bytes, map, &error), MIP_OK);
  ck_assert_int_eq (mip_heap_map_parse (heap_bytes.data, heap_bytes.size,
					"test.heap", *map, heap, &error),
		    MIP_OK);
  test_bytes_free (&map_bytes);
  test_bytes_free (&heap_bytes);
}

/* A profile created from the map of BINARY with its allocation sites,
   as mipdata create makes it from a binary built with the heap
   option.  */
static struct mip_profile *
heap_profile_of (const struct test_binary *binary)
{
  struct mip_error_context error;
  struct mip_map *map;
  struct mip_heap_map *heap;
  struct mip_profile *profile = NULL;

  parse_heap (binary, &map, &heap);
  ck_assert_int_eq (mip_profile_create (map, &profile, &error), MIP_OK);
  ck_assert_int_eq (mip_profile_set_heap_sites (profile, heap, &error),
		    MIP_OK);
  mip_heap_map_free (heap);
  mip_map_free (map);
  return profile;
}

/* A run of test_heap_binary; SALT changes its counts, and which site
   frees helper's blocks (main's free when SALT is odd, helper's own
   when it is even).  */
static struct test_run
heap_run (const struct test_binary *binary, uint64_t salt)
{
  struct test_run run;
  struct test_heap_record *r;

  memset (&run, 0, sizeof run);
  run.anchor_address = binary->anchor_address;
  run.records[0][0].ran = true;
  r = &run.heap[0][0];          /* main's malloc */
  r->count = 10 + salt;
  r->bytes = 100 * (10 + salt);
  r->max_bytes = 200 + salt;
  r->sampled = 4;
  r->sampled_bytes = 400;
  r->freed = 3;
  r->freed_bytes = 300;
  r->lifetime = 1000 * salt + 7;
  r->freed_by[0] = test_site_offset (binary, 0, 1);
  r->freed_by_count[0] = 2;
  r->freed_by[1] = test_site_offset (binary, 1, 1);
  r->freed_by_count[1] = 1;
  r = &run.heap[0][1];          /* main's free */
  r->count = 5;
  r->sampled = 3;
  r->lifetime = 50 + salt;
  r = &run.heap[0][2];          /* main's realloc */
  r->count = 3;
  r->bytes = 30;
  r->max_bytes = 20 - salt;
  r->sampled = 3;
  r->freed = 2;
  r->freed_by[0] = test_site_offset (binary, 0, 2);
  r->freed_by_count[0] = 1;
  r->freed_by[1] = test_site_offset (binary, 0, 1);
  r->freed_by_count[1] = 1;
  r = &run.heap[0][3];          /* load's calloc */
  r->count = 1;
  r->bytes = 48;
  r->max_bytes = 48;
  r->null_count = 1;
  r = &run.heap[1][0];          /* helper's malloc */
  r->count = 2 * salt;
  r->bytes = 64 * salt;
  r->sampled = 2;
  r->freed = 2;
  r->freed_by[0] = test_site_offset (binary, salt % 2 ? 0 : 1, 1);
  r->freed_by_count[0] = 2;
  return run;
}

/* The pairs of PROFILE are EXPECTED (COUNT of them, {alloc, free,
   blocks}).  */
static void
ck_assert_heap_pairs (const struct mip_profile *profile,
		      const struct mip_profile_heap_pair *expected,
		      uint32_t count)
{
  ck_assert_uint_eq (profile->header.heap_pair_count, count);
  for (uint32_t i = 0; i < count; i++)
    {
      const struct mip_profile_heap_pair *pair = &profile->heap_pairs[i];
      ck_assert_msg (pair->alloc == expected[i].alloc
		     && pair->free == expected[i].free
		     && pair->blocks == expected[i].blocks,
		     "pair %u is (%u, %u, %llu), expected (%u, %u, %llu)", i,
		     pair->alloc, pair->free,
		     (unsigned long long) pair->blocks, expected[i].alloc,
		     expected[i].free,
		     (unsigned long long) expected[i].blocks);
    }
}

/* A profile created with the sites of a binary built with the heap
   option has them all, in record order, with no count and no pair, and
   survives a write and a read; one created from the map alone has
   none.  */
START_TEST (test_heap_profile_sites)
{
  struct test_binary binary = test_heap_binary ();
  struct mip_profile *profile = heap_profile_of (&binary);
  struct mip_profile *plain = profile_of (&binary), *again = NULL;
  struct mip_error_context error;
  static const uint32_t functions[HEAP_SITES] = { 0, 0, 0, 1, 2, 2, 3 };
  static const uint32_t callees[HEAP_SITES] = { 0, 9, 2, 1, 0, 9, 14 };
  static const uint64_t addresses[HEAP_SITES] = {
    0x1008, 0x1010, 0x1018, 0x1108, 0x1208, 0x1210, 0
  };
  unsigned char *data;
  size_t size;

  ck_assert_uint_eq (plain->header.heap_site_count, 0);
  ck_assert_uint_eq (profile->header.heap_site_count, HEAP_SITES);
  ck_assert_uint_eq (profile->header.heap_pair_count, 0);
  for (uint32_t i = 0; i < HEAP_SITES; i++)
    {
      const struct mip_profile_heap_site *site = &profile->heap_sites[i];
      uint32_t offset = i < 4 ? test_site_offset (&binary, 0, i)
			: test_site_offset (&binary, 1, i - 4);
      ck_assert_uint_eq (site->function, functions[i]);
      ck_assert_uint_eq (site->callee, callees[i]);
      ck_assert_uint_eq (site->address, addresses[i]);
      ck_assert_uint_eq (site->raw_offset, offset);
      ck_assert_uint_eq (site->count + site->bytes + site->max_bytes
			 + site->sampled + site->freed + site->lifetime, 0);
      ck_assert_int_eq (mip_profile_heap_site_at (profile, offset), (int) i);
    }
  ck_assert_int_eq (mip_profile_heap_site_at (profile, 8), -1);
  ck_assert_int_eq (mip_profile_serialize (profile, &data, &size, &error),
		    MIP_OK);
  ck_assert_int_eq (mip_profile_parse (data, size, "heap.mip", &again,
				       &error), MIP_OK);
  ck_assert_same_profile (profile, again);
  free (data);
  mip_profile_free (again);
  mip_profile_free (plain);
  mip_profile_free (profile);
}
END_TEST

/* A run adds each site's record and turns its freed_by fields into
   pairs, sorted by (alloc, free); a run of weight W is W runs, but for
   the largest block; the profile reads back as written.  */
START_TEST (test_heap_merge_runs)
{
  struct test_binary binary = test_heap_binary ();
  struct mip_profile *profile = heap_profile_of (&binary);
  struct mip_profile *weighted = heap_profile_of (&binary);
  struct mip_profile *repeated = heap_profile_of (&binary);
  struct mip_profile *plain = profile_of (&binary);
  struct test_run one = heap_run (&binary, 1), two = heap_run (&binary, 2);
  struct mip_error_context error;
  const struct mip_profile_heap_site *site;
  static const struct mip_profile_heap_pair after_one[] = {
    { MAIN_MALLOC, MAIN_FREE, 2 }, { MAIN_MALLOC, HELPER_FREE, 1 },
    { MAIN_REALLOC, MAIN_FREE, 1 }, { MAIN_REALLOC, MAIN_REALLOC, 1 },
    { HELPER_MALLOC, MAIN_FREE, 2 },
  };
  static const struct mip_profile_heap_pair after_two[] = {
    { MAIN_MALLOC, MAIN_FREE, 4 }, { MAIN_MALLOC, HELPER_FREE, 2 },
    { MAIN_REALLOC, MAIN_FREE, 2 }, { MAIN_REALLOC, MAIN_REALLOC, 2 },
    { HELPER_MALLOC, MAIN_FREE, 2 }, { HELPER_MALLOC, HELPER_FREE, 2 },
  };
  static const struct mip_profile_heap_pair weighted_pairs[] = {
    { MAIN_MALLOC, MAIN_FREE, 6 }, { MAIN_MALLOC, HELPER_FREE, 3 },
    { MAIN_REALLOC, MAIN_FREE, 3 }, { MAIN_REALLOC, MAIN_REALLOC, 3 },
    { HELPER_MALLOC, MAIN_FREE, 6 },
  };

  ck_assert_int_eq (merge_run (profile, &binary, &one, &error), MIP_OK);
  site = &profile->heap_sites[MAIN_MALLOC];
  ck_assert_uint_eq (site->count, 11);
  ck_assert_uint_eq (site->bytes, 1100);
  ck_assert_uint_eq (site->max_bytes, 201);
  ck_assert_uint_eq (site->sampled, 4);
  ck_assert_uint_eq (site->sampled_bytes, 400);
  ck_assert_uint_eq (site->freed, 3);
  ck_assert_uint_eq (site->freed_bytes, 300);
  ck_assert_uint_eq (site->lifetime, 1007);
  ck_assert_uint_eq (profile->heap_sites[LOAD_CALLOC].null_count, 1);
  ck_assert_uint_eq (profile->heap_sites[MAIN_FREE].lifetime, 51);
  ck_assert_heap_pairs (profile, after_one, 5);
  ck_assert_int_eq (merge_run (profile, &binary, &two, &error), MIP_OK);
  site = &profile->heap_sites[MAIN_MALLOC];
  ck_assert_uint_eq (site->count, 23);
  ck_assert_uint_eq (site->max_bytes, 202);
  ck_assert_uint_eq (site->lifetime, 3014);
  /* The largest of any run, not a sum.  */
  ck_assert_uint_eq (profile->heap_sites[MAIN_REALLOC].max_bytes, 19);
  ck_assert_uint_eq (profile->heap_sites[HELPER_MALLOC].count, 6);
  ck_assert_heap_pairs (profile, after_two, 6);
  /* Weight 3: three runs, every count times 3 but the largest.  */
  ck_assert_int_eq (merge_weighted_run (weighted, &binary, &one, 3, &error),
		    MIP_OK);
  for (int r = 0; r < 3; r++)
    ck_assert_int_eq (merge_run (repeated, &binary, &one, &error), MIP_OK);
  ck_assert_same_profile (weighted, repeated);
  site = &weighted->heap_sites[MAIN_MALLOC];
  ck_assert_uint_eq (site->count, 33);
  ck_assert_uint_eq (site->bytes, 3300);
  ck_assert_uint_eq (site->max_bytes, 201);
  ck_assert_uint_eq (site->null_count, 0);
  ck_assert_uint_eq (site->sampled, 12);
  ck_assert_uint_eq (site->sampled_bytes, 1200);
  ck_assert_uint_eq (site->freed, 9);
  ck_assert_uint_eq (site->freed_bytes, 900);
  ck_assert_uint_eq (site->lifetime, 3021);
  ck_assert_uint_eq (weighted->heap_sites[LOAD_CALLOC].null_count, 3);
  ck_assert_heap_pairs (weighted, weighted_pairs, 5);
  /* A profile without sites leaves the records out.  */
  ck_assert_int_eq (merge_run (plain, &binary, &one, &error), MIP_OK);
  ck_assert_uint_eq (plain->header.runs, 1);
  ck_assert_uint_eq (plain->header.heap_site_count, 0);
  ck_assert_uint_eq (plain->header.heap_pair_count, 0);
  mip_profile_free (plain);
  mip_profile_free (repeated);
  mip_profile_free (weighted);
  mip_profile_free (profile);
}
END_TEST

/* Counts and pair blocks stop at UINT64_MAX, whatever the weight; the
   largest block is the largest.  */
START_TEST (test_heap_merge_saturates)
{
  struct test_binary binary = test_heap_binary ();
  struct mip_profile *profile = heap_profile_of (&binary);
  struct mip_profile *copy;
  struct test_run run = heap_run (&binary, 1);
  struct mip_error_context error;
  const struct mip_profile_heap_site *site;

  run.heap[0][0].count = UINT64_MAX - 1;
  run.heap[0][0].bytes = UINT64_MAX / 3;
  run.heap[0][0].max_bytes = UINT64_MAX;
  run.heap[0][0].lifetime = (uint64_t) 1 << 40;
  run.heap[0][0].freed_by_count[0] = UINT32_MAX;
  ck_assert_int_eq (merge_weighted_run (profile, &binary, &run, 2, &error),
		    MIP_OK);
  site = &profile->heap_sites[MAIN_MALLOC];
  ck_assert_uint_eq (site->count, UINT64_MAX);
  ck_assert_uint_eq (site->bytes, UINT64_MAX / 3 * 2);
  ck_assert_uint_eq (site->max_bytes, UINT64_MAX);
  ck_assert_uint_eq (site->lifetime, (uint64_t) 1 << 41);
  ck_assert_uint_eq (profile->heap_pairs[0].blocks, 2ull * UINT32_MAX);
  ck_assert_int_eq (merge_weighted_run (profile, &binary, &run, UINT32_MAX,
					&error), MIP_OK);
  site = &profile->heap_sites[MAIN_MALLOC];
  ck_assert_uint_eq (site->count, UINT64_MAX);
  ck_assert_uint_eq (site->bytes, UINT64_MAX);
  ck_assert_uint_eq (site->lifetime, UINT64_MAX);
  ck_assert_uint_eq (site->max_bytes, UINT64_MAX);
  /* (2^32 - 1)^2 + 2 (2^32 - 1) = 2^64 - 1 exactly; then no more.  */
  ck_assert_uint_eq (profile->heap_pairs[0].blocks, UINT64_MAX);
  ck_assert_int_eq (merge_run (profile, &binary, &run, &error), MIP_OK);
  ck_assert_uint_eq (profile->heap_pairs[0].blocks, UINT64_MAX);
  ck_assert_uint_eq (profile->heap_sites[MAIN_FREE].count,
		     5ull * (UINT32_MAX + 3ull));
  /* A profile added UINT32_MAX times saturates too.  */
  copy = empty_copy (profile);
  add_profile (copy, profile, UINT32_MAX);
  ck_assert_uint_eq (copy->heap_sites[MAIN_FREE].count, UINT64_MAX);
  ck_assert_uint_eq (copy->heap_sites[MAIN_MALLOC].max_bytes, UINT64_MAX);
  ck_assert_uint_eq (copy->heap_pairs[1].blocks, UINT64_MAX);
  mip_profile_free (copy);
  mip_profile_free (profile);
}
END_TEST

/* Runs A, B and C with different pairs: A + (B + C) and (A + B) + C,
   run by run in any order, through empty copies, weighted profiles or
   the accumulator, give the same profile byte for byte.  */
START_TEST (test_heap_merge_associative)
{
  struct test_binary binary = test_heap_binary ();
  struct test_run runs[3] = {
    heap_run (&binary, 1), heap_run (&binary, 2), heap_run (&binary, 3)
  };
  struct mip_profile *left = heap_profile_of (&binary);
  struct mip_profile *right = heap_profile_of (&binary);
  struct mip_profile *bc = heap_profile_of (&binary);
  struct mip_profile *c = heap_profile_of (&binary);
  struct mip_profile *backward = heap_profile_of (&binary);
  struct mip_profile *accumulated = heap_profile_of (&binary);
  struct mip_profile *doubled, *twice = heap_profile_of (&binary);
  struct mip_run_accumulator *acc = NULL;
  struct mip_error_context error;

  /* A + (B + C).  */
  ck_assert_int_eq (merge_run (left, &binary, &runs[0], &error), MIP_OK);
  ck_assert_int_eq (merge_run (bc, &binary, &runs[1], &error), MIP_OK);
  ck_assert_int_eq (merge_run (bc, &binary, &runs[2], &error), MIP_OK);
  add_profile (left, bc, 1);
  /* (A + B) + C.  */
  ck_assert_int_eq (merge_run (right, &binary, &runs[0], &error), MIP_OK);
  ck_assert_int_eq (merge_run (right, &binary, &runs[1], &error), MIP_OK);
  ck_assert_int_eq (merge_run (c, &binary, &runs[2], &error), MIP_OK);
  add_profile (right, c, 1);
  ck_assert_uint_eq (left->header.heap_pair_count, 6);
  ck_assert_same_profile (left, right);
  /* C, B, A run by run.  */
  for (int r = 2; r >= 0; r--)
    ck_assert_int_eq (merge_run (backward, &binary, &runs[r], &error),
		      MIP_OK);
  ck_assert_same_profile (left, backward);
  /* The accumulator of mipdata merge.  */
  ck_assert_int_eq (mip_run_accumulator_new (accumulated, &acc, &error),
		    MIP_OK);
  for (int r = 0; r < 3; r++)
    accumulate_run (acc, accumulated, &binary, &runs[(r + 1) % 3], 1);
  ck_assert_int_eq (mip_run_accumulator_finish (acc, &error), MIP_OK);
  mip_run_accumulator_free (acc);
  ck_assert_same_profile (left, accumulated);
  /* An empty copy keeps the sites, with no count and no pair; twice a
     profile is its runs twice.  */
  doubled = empty_copy (left);
  ck_assert_uint_eq (doubled->header.heap_site_count, HEAP_SITES);
  ck_assert_uint_eq (doubled->header.heap_pair_count, 0);
  ck_assert_uint_eq (doubled->heap_sites[MAIN_MALLOC].count, 0);
  ck_assert_uint_eq (doubled->heap_sites[MAIN_MALLOC].raw_offset,
		     left->heap_sites[MAIN_MALLOC].raw_offset);
  add_profile (doubled, left, 2);
  for (int r = 0; r < 6; r++)
    ck_assert_int_eq (merge_run (twice, &binary, &runs[r % 3], &error),
		      MIP_OK);
  ck_assert_same_profile (doubled, twice);
  mip_profile_free (twice);
  mip_profile_free (doubled);
  mip_profile_free (accumulated);
  mip_profile_free (backward);
  mip_profile_free (c);
  mip_profile_free (bc);
  mip_profile_free (right);
  mip_profile_free (left);
}
END_TEST

/* RUN (its records changed by the test) is refused, whichever way it
   is added, with a message naming the file and saying DETAIL, and
   PROFILE, which holds runs already, is left byte for byte as it
   was.  */
static void
expect_heap_run_refused (struct mip_profile *profile,
			 const struct test_binary *binary,
			 const struct test_run *run, const char *detail)
{
  struct test_bytes bytes = test_make_raw (binary, run);
  struct mip_error_context error;
  struct mip_run_accumulator *acc = NULL;
  unsigned char *before, *after;
  size_t before_size, after_size;
  struct mip_raw raw;

  ck_assert_int_eq (mip_profile_serialize (profile, &before, &before_size,
					   &error), MIP_OK);
  ck_assert_int_eq (mip_raw_parse (bytes.data, bytes.size, "bad.mipraw",
				   &raw, &error), MIP_OK);
  ck_assert_int_eq (mip_profile_check_raw (profile, &raw, "bad.mipraw",
					   &error), MIP_ERROR_CORRUPT);
  ck_assert_ptr_nonnull (strstr (message_of (&error), "'bad.mipraw'"));
  ck_assert_msg (strstr (message_of (&error), detail) != NULL,
		 "'%s' does not say '%s'", message_of (&error), detail);
  /* Added without the check, it is refused all the same.  */
  ck_assert_int_eq (mip_profile_add_weighted_run (profile, &raw, 2,
						  "bad.mipraw", &error),
		    MIP_ERROR_CORRUPT);
  ck_assert_int_eq (mip_run_accumulator_new (profile, &acc, &error),
		    MIP_OK);
  ck_assert_int_eq (mip_run_accumulator_add (acc, &raw, 1, "bad.mipraw",
					     &error), MIP_ERROR_CORRUPT);
  ck_assert_int_eq (mip_run_accumulator_finish (acc, &error), MIP_OK);
  mip_run_accumulator_free (acc);
  ck_assert_int_eq (mip_profile_serialize (profile, &after, &after_size,
					   &error), MIP_OK);
  ck_assert_uint_eq (after_size, before_size);
  ck_assert_msg (memcmp (before, after, before_size) == 0,
		 "a refused run changed the profile");
  free (before);
  free (after);
  test_bytes_free (&bytes);
}

/* A record whose freed_by names no site (a record's offset plus 8, the
   raw unit's header, a function record, past the data) or that counts
   blocks freed by none is refused, and nothing of it is added.  */
START_TEST (test_heap_merge_bad_freed_by)
{
  struct test_binary binary = test_heap_binary ();
  struct mip_profile *profile = heap_profile_of (&binary);
  struct test_run good = heap_run (&binary, 1), bad;
  struct mip_error_context error;
  const uint32_t wrong[] = {
    test_site_offset (&binary, 0, 1) + 8, binary.units[0].raw_size,
    binary.units[0].functions[1].raw_offset, 0x7ffffff8u
  };

  ck_assert_int_eq (merge_run (profile, &binary, &good, &error), MIP_OK);
  for (size_t w = 0; w < sizeof wrong / sizeof wrong[0]; w++)
    {
      bad = heap_run (&binary, 2);
      bad.heap[1][0].freed_by[0] = wrong[w];
      expect_heap_run_refused (profile, &binary, &bad, "no such site");
      bad = heap_run (&binary, 2);
      bad.heap[0][2].freed_by[1] = wrong[w];
      expect_heap_run_refused (profile, &binary, &bad, "allocation site 2");
    }
  bad = heap_run (&binary, 2);
  bad.heap[0][0].freed_by[1] = 0;
  expect_heap_run_refused (profile, &binary, &bad, "record 0 freed 1");
  ck_assert_uint_eq (profile->header.runs, 1);
  mip_profile_free (profile);
}
END_TEST

/* A profile whose allocation tables are damaged at OFFSET (SIZE bytes
   set to VALUE) is refused with STATUS and a message naming it and
   saying DETAIL.  */
static void
expect_heap_profile_refused (size_t offset, unsigned size, uint64_t value,
			     enum mip_error status, const char *detail)
{
  struct test_binary binary = test_heap_binary ();
  struct mip_profile *profile = heap_profile_of (&binary), *bad = NULL;
  struct test_run run = heap_run (&binary, 1);
  struct mip_error_context error;
  unsigned char *data;
  size_t data_size;

  ck_assert_int_eq (merge_run (profile, &binary, &run, &error), MIP_OK);
  ck_assert_int_eq (mip_profile_serialize (profile, &data, &data_size,
					   &error), MIP_OK);
  ck_assert_int_eq (mip_profile_parse (data, data_size, "bad.mip", &bad,
				       &error), MIP_OK);
  mip_profile_free (bad);
  bad = NULL;
  test_put (data, offset, size, value, mip_host_big_endian ());
  ck_assert_int_eq (mip_profile_parse (data, data_size, "bad.mip", &bad,
				       &error), status);
  ck_assert_ptr_null (bad);
  ck_assert_ptr_nonnull (strstr (message_of (&error), "'bad.mip'"));
  ck_assert_msg (strstr (message_of (&error), detail) != NULL,
		 "'%s' does not say '%s'", message_of (&error), detail);
  free (data);
  mip_profile_free (profile);
}

/* Where the allocation tables of heap_profile_of's profile with one
   run lie: after the header, units, functions and callers (no blocks,
   inference lists, edges or callers).  */
static size_t
heap_sites_at (void)
{
  return sizeof (struct mip_profile_header)
	 + 2 * sizeof (struct mip_profile_unit)
	 + 4 * sizeof (struct mip_profile_function);
}

#define SITE_FIELD(index, field) \
  heap_sites_at () + (index) * sizeof (struct mip_profile_heap_site) \
  + offsetof (struct mip_profile_heap_site, field), \
  sizeof (((struct mip_profile_heap_site *) 0)->field)
#define PAIR_FIELD(index, field) \
  heap_sites_at () + HEAP_SITES * sizeof (struct mip_profile_heap_site) \
  + (index) * sizeof (struct mip_profile_heap_pair) \
  + offsetof (struct mip_profile_heap_pair, field), \
  sizeof (((struct mip_profile_heap_pair *) 0)->field)

/* Every rule of the allocation tables is checked on read.  */
START_TEST (test_heap_profile_corrupt)
{
  struct test_binary binary = test_heap_binary ();
  uint32_t unit1 = binary.units[0].raw_size;

  expect_heap_profile_refused (FIELD (mip_profile_header, heap_site_count),
			       0x1000000, MIP_ERROR_TRUNCATED,
			       "allocation site table");
  expect_heap_profile_refused (FIELD (mip_profile_header, heap_pairs_offset),
			       0x7ffffff0, MIP_ERROR_TRUNCATED,
			       "allocation pair table");
  expect_heap_profile_refused (FIELD (mip_profile_header, heap_sites_offset),
			       16, MIP_ERROR_CORRUPT, "overlaps the header");
  expect_heap_profile_refused (SITE_FIELD (1, function), 4,
			       MIP_ERROR_CORRUPT, "function 4 does not exist");
  expect_heap_profile_refused (SITE_FIELD (1, callee), MIP_HEAP_CALLEE_COUNT,
			       MIP_ERROR_CORRUPT, "allocation function 34");
  /* A record in the other unit, at its unit's header, misaligned, past
     the data.  */
  expect_heap_profile_refused (SITE_FIELD (2, raw_offset),
			       test_site_offset (&binary, 1, 0),
			       MIP_ERROR_CORRUPT, "outside its unit's raw");
  expect_heap_profile_refused (SITE_FIELD (4, raw_offset), unit1,
			       MIP_ERROR_CORRUPT, "outside its unit's raw");
  expect_heap_profile_refused (SITE_FIELD (4, raw_offset),
			       test_site_offset (&binary, 1, 0) + 4,
			       MIP_ERROR_CORRUPT, "outside its unit's raw");
  expect_heap_profile_refused (SITE_FIELD (6, raw_offset),
			       test_site_offset (&binary, 1, 2) + 8,
			       MIP_ERROR_CORRUPT, "outside its unit's raw");
  expect_heap_profile_refused (SITE_FIELD (1, raw_offset),
			       test_site_offset (&binary, 0, 0),
			       MIP_ERROR_CORRUPT, "not after the previous");
  expect_heap_profile_refused (PAIR_FIELD (0, alloc), HEAP_SITES,
			       MIP_ERROR_CORRUPT, "pair 0 names site 7");
  expect_heap_profile_refused (PAIR_FIELD (3, free), HEAP_SITES,
			       MIP_ERROR_CORRUPT, "pair 3 names site 2");
  expect_heap_profile_refused (PAIR_FIELD (2, blocks), 0,
			       MIP_ERROR_CORRUPT, "pair 2 frees no block");
  expect_heap_profile_refused (PAIR_FIELD (1, free), MAIN_FREE,
			       MIP_ERROR_CORRUPT, "pair 1 (sites 0, 1) is out"
			       " of order");
  expect_heap_profile_refused (PAIR_FIELD (4, alloc), MAIN_REALLOC - 1,
			       MIP_ERROR_CORRUPT, "is out of order");
}
END_TEST

/* A profile with sites takes a profile of the same build only with the
   same sites; a profile without takes one with, leaving its sites
   out.  */
START_TEST (test_heap_profile_checks)
{
  struct test_binary binary = test_heap_binary ();
  struct mip_profile *with = heap_profile_of (&binary);
  struct mip_profile *other = heap_profile_of (&binary);
  struct mip_profile *without = profile_of (&binary);
  struct test_run run = heap_run (&binary, 1);
  struct mip_error_context error;

  ck_assert_int_eq (merge_run (without, &binary, &run, &error), MIP_OK);
  ck_assert_int_eq (merge_run (other, &binary, &run, &error), MIP_OK);
  ck_assert_int_eq (mip_profile_check_profile (with, "with.mip", without,
					       "without.mip", &error),
		    MIP_ERROR_CORRUPT);
  ck_assert_str_eq (message_of (&error), "'without.mip': corrupt: it holds"
		    " no allocation sites, 'with.mip' has 7: its runs would"
		    " count without theirs (was it created from a .mipmap?"
		    "  Create it from the binary)");
  add_profile (without, other, 1);
  ck_assert_uint_eq (without->header.runs, 2);
  ck_assert_uint_eq (without->header.heap_site_count, 0);
  ck_assert_uint_eq (without->header.heap_pair_count, 0);
  other->heap_sites[GONE_NEW].callee = 15;
  ck_assert_int_eq (mip_profile_check_profile (with, "with.mip", other,
					       "other.mip", &error),
		    MIP_ERROR_CORRUPT);
  ck_assert_ptr_nonnull (strstr (message_of (&error), "its 7 allocation"
				 " sites differ from the 7 of 'with.mip'"));
  mip_profile_free (without);
  mip_profile_free (other);
  mip_profile_free (with);
}
END_TEST

/* mipdata heap's counts of a profile are those of its runs' raw
   profiles added up: the same totals, pairs and runs.  */
START_TEST (test_heap_counts_of_profile)
{
  struct test_binary binary = test_heap_binary ();
  struct mip_profile *profile = heap_profile_of (&binary);
  struct mip_profile *plain = profile_of (&binary);
  struct mip_heap_counts from_runs, from_profile;
  struct mip_error_context error;
  struct mip_map *map;
  struct mip_heap_map *heap;

  parse_heap (&binary, &map, &heap);
  ck_assert (mip_heap_counts_init (&from_runs, heap));
  ck_assert (mip_heap_counts_init (&from_profile, heap));
  for (int r = 1; r <= 3; r++)
    {
      struct test_run run = heap_run (&binary, (uint64_t) r);
      struct test_bytes bytes = test_make_raw (&binary, &run);
      struct mip_raw raw;
      ck_assert_int_eq (mip_raw_parse (bytes.data, bytes.size, "run.mipraw",
				       &raw, &error), MIP_OK);
      ck_assert_int_eq (mip_heap_counts_add (&from_runs, heap, &raw,
					     "run.mipraw", &error), MIP_OK);
      test_bytes_free (&bytes);
      ck_assert_int_eq (merge_weighted_run (profile, &binary, &run,
					    r == 2 ? 2 : 1, &error), MIP_OK);
      if (r == 2)
	{
	  /* The run of weight 2 is that run twice.  */
	  bytes = test_make_raw (&binary, &run);
	  mip_raw_parse (bytes.data, bytes.size, "run.mipraw", &raw, &error);
	  ck_assert_int_eq (mip_heap_counts_add (&from_runs, heap, &raw,
						 "run.mipraw", &error),
			    MIP_OK);
	  test_bytes_free (&bytes);
	}
    }
  ck_assert_int_eq (mip_heap_counts_add_profile (&from_profile, heap,
						 profile, "p.mip", &error),
		    MIP_OK);
  ck_assert_uint_eq (from_profile.runs, 4);
  ck_assert_uint_eq (from_runs.runs, 4);
  ck_assert (memcmp (from_runs.sites, from_profile.sites,
		     HEAP_SITES * sizeof *from_runs.sites) == 0);
  ck_assert_uint_eq (from_runs.pair_count, 6);
  ck_assert_uint_eq (from_profile.pair_count, from_runs.pair_count);
  ck_assert (memcmp (from_runs.pairs, from_profile.pairs,
		     from_runs.pair_count * sizeof *from_runs.pairs) == 0);
  /* A profile without sites, or with others, adds nothing.  */
  ck_assert_int_eq (mip_heap_counts_add_profile (&from_profile, heap, plain,
						 "plain.mip", &error),
		    MIP_ERROR_CORRUPT);
  ck_assert_ptr_nonnull (strstr (message_of (&error), "no allocation"
				 " sites"));
  profile->heap_sites[HELPER_FREE].raw_offset += 8;
  ck_assert_int_eq (mip_heap_counts_add_profile (&from_profile, heap,
						 profile, "p.mip", &error),
		    MIP_ERROR_CORRUPT);
  ck_assert_ptr_nonnull (strstr (message_of (&error), "allocation site 5"));
  ck_assert_uint_eq (from_profile.runs, 4);
  ck_assert (memcmp (from_runs.sites, from_profile.sites,
		     HEAP_SITES * sizeof *from_runs.sites) == 0);
  mip_heap_counts_free (&from_runs);
  mip_heap_counts_free (&from_profile);
  mip_heap_map_free (heap);
  mip_map_free (map);
  mip_profile_free (plain);
  mip_profile_free (profile);
}
END_TEST

/* ---- Value sites ----------------------------------------------------------- */

/* test_sample_binary with early functions: main in unit 0, without
   value sites; copy_bytes and fill in unit 1, with four value site
   records out of order, one of them a copy of copy_bytes' site 1.  */
static struct test_binary
value_binary_for (unsigned pointer_size, bool big_endian)
{
  struct test_binary binary = test_sample_binary (pointer_size, big_endian);
  struct test_unit *unit = &binary.units[1];

  binary.units[0].ipa_function_count = 1;
  binary.units[0].ipa_functions[0] = "main";
  unit->ipa_function_count = 2;
  unit->ipa_functions[0] = "copy_bytes";
  unit->ipa_functions[1] = "fill";
  unit->value_site_count = 4;
  unit->value_sites[0] = (struct test_value_site) { 1, 0,
						    MIP_VALUE_MEMSET_SIZE };
  unit->value_sites[1] = (struct test_value_site) { 0, 1,
						    MIP_VALUE_MEMCPY_SIZE };
  unit->value_sites[2] = (struct test_value_site) { 0, 0,
						    MIP_VALUE_MEMMOVE_SIZE };
  unit->value_sites[3] = (struct test_value_site) { 0, 1,
						    MIP_VALUE_MEMCPY_SIZE };
  test_layout (&binary);
  return binary;
}

static struct test_binary
value_binary (void)
{
  return value_binary_for (8, false);
}

/* Parse IPA as the .debug_mip_ipa section of BINARY ("test.ipa").  */
static enum mip_error
parse_ipa (const struct test_binary *binary, const struct test_bytes *ipa,
	   struct mip_ipa_map **result, struct mip_error_context *error)
{
  struct test_bytes bytes = test_make_map (binary);
  struct mip_map *map;
  enum mip_error status;

  ck_assert_int_eq (parse_map (&bytes, &map, error), MIP_OK);
  status = mip_ipa_map_parse (ipa->data, ipa->size, "test.ipa", map, result,
			      error);
  mip_map_free (map);
  test_bytes_free (&bytes);
  return status;
}

/* A profile created from BINARY with its early functions and value
   sites.  */
static struct mip_profile *
value_profile_of (const struct test_binary *binary)
{
  struct mip_profile *profile = profile_of (binary);
  struct test_bytes ipa = test_make_ipa (binary, 2);
  struct mip_ipa_map *model;
  struct mip_error_context error;

  ck_assert_int_eq (parse_ipa (binary, &ipa, &model, &error), MIP_OK);
  ck_assert_int_eq (mip_profile_set_ipa (profile, model, &error), MIP_OK);
  mip_ipa_map_free (model);
  test_bytes_free (&ipa);
  return profile;
}

/* The instrumented code's rule for one value X (mip-format.h).  */
static void
stream_add (uint64_t *value, uint64_t *count, uint64_t x)
{
  if (x == *value)
    ++*count;
  else if (*count == 0)
    *value = x, *count = 1;
  else
    --*count;
}

#define VALUE_PIECES 6

/* Sequences of up to 64 values split into up to VALUE_PIECES runs, each
   summarised by the instrumented code's rule: in each run, a value
   taken f > n / 2 times is the candidate with a count of at least
   2f - n, the candidate's f is at least its count, the count at most
   n; over the runs, the counts of the runs whose candidate a value is
   add up to no more than the times it was taken (the lower bound that
   a profile's pairs give).  */
START_TEST (test_value_summary_bounds)
{
  uint32_t state = 11;

  for (int trial = 0; trial < 2000; trial++)
    {
      uint64_t sequence[64], taken[4] = { 0 }, summed[4] = { 0 };
      uint32_t n = 1 + next_random (&state) % 64;
      uint32_t pieces = 1 + next_random (&state) % VALUE_PIECES;
      uint32_t planted = next_random (&state) % 4;
      uint32_t bias = next_random (&state) % 100;

      for (uint32_t i = 0; i < n; i++)
	{
	  uint64_t x = next_random (&state) % 100 < bias ? planted
		       : next_random (&state) % 4;
	  sequence[i] = 100 + x;
	  taken[x]++;
	}
      for (uint32_t piece = 0; piece < pieces; piece++)
	{
	  uint32_t begin = (uint32_t) ((uint64_t) piece * n / pieces);
	  uint32_t end = (uint32_t) ((uint64_t) (piece + 1) * n / pieces);
	  uint64_t value = 0, count = 0, run_taken[4] = { 0 };
	  for (uint32_t i = begin; i < end; i++)
	    {
	      stream_add (&value, &count, sequence[i]);
	      run_taken[sequence[i] - 100]++;
	    }
	  ck_assert_uint_le (count, end - begin);
	  for (uint32_t x = 0; x < 4; x++)
	    {
	      if (2 * run_taken[x] > end - begin)
		{
		  ck_assert_uint_eq (value, 100 + x);
		  ck_assert_uint_ge (count, 2 * run_taken[x] - (end - begin));
		}
	      if (count != 0 && value == 100 + x)
		{
		  ck_assert_uint_ge (run_taken[x], count);
		  summed[x] += count;
		}
	    }
	}
      for (uint32_t x = 0; x < 4; x++)
	ck_assert_uint_ge (taken[x], summed[x]);
    }
}
END_TEST

/* A version 2 section: the value sites in the model, their early
   function binary-wide and their record from the start of the raw
   data; a version 1 section has none.  */
START_TEST (test_ipa_value_sites)
{
  for (int variant = 0; variant < 4; variant++)
    {
      struct test_binary binary = value_binary_for (variant & 1 ? 4 : 8,
						    variant & 2);
      struct test_bytes ipa = test_make_ipa (&binary, 2);
      struct mip_ipa_map *model;
      struct mip_error_context error;

      ck_assert_int_eq (parse_ipa (&binary, &ipa, &model, &error), MIP_OK);
      ck_assert_uint_eq (model->function_count, 3);
      ck_assert_str_eq (model->functions[2].name, "fill");
      ck_assert_uint_eq (model->value_site_count, 4);
      for (unsigned k = 0; k < 4; k++)
	{
	  const struct mip_profile_value_site *site = &model->value_sites[k];
	  ck_assert_uint_eq (site->ipa_function,
			     1 + binary.units[1].value_sites[k].ipa_function);
	  ck_assert_uint_eq (site->site, binary.units[1].value_sites[k].site);
	  ck_assert_uint_eq (site->operation,
			     binary.units[1].value_sites[k].operation);
	  ck_assert_uint_eq (site->raw_offset,
			     test_value_site_offset (&binary, 1, k));
	  ck_assert_uint_eq (site->value_begin, 0);
	  ck_assert_uint_eq (site->value_count, 0);
	}
      mip_ipa_map_free (model);
      test_bytes_free (&ipa);
      ipa = test_make_ipa (&binary, 1);
      ck_assert_int_eq (parse_ipa (&binary, &ipa, &model, &error), MIP_OK);
      ck_assert_uint_eq (model->function_count, 3);
      ck_assert_uint_eq (model->value_site_count, 0);
      mip_ipa_map_free (model);
      test_bytes_free (&ipa);
    }
}
END_TEST

/* Change FIELD of value site SITE in IPA, parse it: it fails with CODE
   and a message that names the file and holds TEXT.  */
static void
expect_bad_value_site (const struct test_binary *binary, unsigned site,
		       size_t offset, uint64_t value, enum mip_error code,
		       const char *text)
{
  struct test_bytes ipa = test_make_ipa (binary, 2);
  struct mip_ipa_map *model = NULL;
  struct mip_error_context error;

  test_put (ipa.data, test_ipa_value_site_at (binary, site) + offset, 4,
	    value, binary->big_endian);
  ck_assert_int_eq (parse_ipa (binary, &ipa, &model, &error), code);
  ck_assert_ptr_null (model);
  ck_assert_str_eq (error.file, "test.ipa");
  ck_assert_msg (strstr (error.detail, text), "'%s' does not say '%s'",
		 error.detail, text);
  test_bytes_free (&ipa);
}

START_TEST (test_ipa_value_sites_bad)
{
  struct test_binary binary = value_binary ();
  uint32_t record = binary.units[1].value_sites_offset;
  uint32_t raw_size = binary.units[1].raw_size;
  struct test_bytes ipa;
  struct mip_ipa_map *model = NULL;
  struct mip_error_context error;
  const bool be = binary.big_endian;

  expect_bad_value_site (&binary, 2, offsetof (struct mip_ipa_map_value_site,
					       ipa_function),
			 2, MIP_ERROR_CORRUPT,
			 "value site 2 names early function 2, the unit has 2");
  expect_bad_value_site (&binary, 1, offsetof (struct mip_ipa_map_value_site,
					       operation),
			 0, MIP_ERROR_CORRUPT, "value site 1 has operation 0");
  expect_bad_value_site (&binary, 1, offsetof (struct mip_ipa_map_value_site,
					       operation),
			 MIP_VALUE_OPERATION_MAX + 1, MIP_ERROR_CORRUPT,
			 "which this mipdata does not know");
  /* Not 8-aligned, inside the raw unit's header, across its end.  */
  expect_bad_value_site (&binary, 0, offsetof (struct mip_ipa_map_value_site,
					       raw_offset),
			 record + 4, MIP_ERROR_CORRUPT, "not 8-aligned");
  expect_bad_value_site (&binary, 0, offsetof (struct mip_ipa_map_value_site,
					       raw_offset),
			 0, MIP_ERROR_CORRUPT, "outside the unit's");
  expect_bad_value_site (&binary, 3, offsetof (struct mip_ipa_map_value_site,
					       raw_offset),
			 raw_size - 8, MIP_ERROR_CORRUPT, "outside the unit's");
  /* Two sites, one record.  */
  expect_bad_value_site (&binary, 3, offsetof (struct mip_ipa_map_value_site,
					       raw_offset),
			 record, MIP_ERROR_CORRUPT,
			 "two value sites have their record");
  /* A version 1 unit has no value sites: its field is reserved.  */
  ipa = test_make_ipa (&binary, 1);
  test_put (ipa.data, FIELD (mip_ipa_map_unit, value_site_count), 1, be);
  ck_assert_int_eq (parse_ipa (&binary, &ipa, &model, &error),
		    MIP_ERROR_CORRUPT);
  ck_assert_msg (strstr (error.detail, "of version 1 has 1 in its reserved"
			 " field"), "%s", error.detail);
  test_bytes_free (&ipa);
  /* Version 3, and the section cut short.  */
  ipa = test_make_ipa (&binary, 2);
  test_put (ipa.data, FIELD (mip_ipa_map_unit, version), 3, be);
  ck_assert_int_eq (parse_ipa (&binary, &ipa, &model, &error),
		    MIP_ERROR_VERSION);
  ck_assert_msg (strstr (error.detail, "reads versions 1 to 2"), "%s",
		 error.detail);
  test_bytes_free (&ipa);
  ipa = test_make_ipa (&binary, 2);
  for (size_t size = ipa.size - 8; size > ipa.size - 80; size -= 8)
    {
      struct test_bytes cut = { ipa.data, size };
      ck_assert_int_ne (parse_ipa (&binary, &cut, &model, &error), MIP_OK);
      ck_assert_ptr_null (model);
    }
  test_bytes_free (&ipa);
}
END_TEST

/* Give the value sites of PROFILE the pairs of SPEC, a string
   "v:c v:c|v:c||" with the sites' pairs separated by '|'.  */
static void
set_site_values (struct mip_profile *profile, const char *spec)
{
  uint32_t n = 0;

  free (profile->values);
  profile->values = calloc (64, sizeof *profile->values);
  ck_assert_ptr_nonnull (profile->values);
  for (uint32_t s = 0; s < profile->header.value_site_count; s++)
    {
      profile->value_sites[s].value_begin = n;
      while (*spec && *spec != '|')
	{
	  char *end;
	  profile->values[n].value = strtoull (spec, &end, 0);
	  ck_assert_int_eq (*end, ':');
	  profile->values[n].count = strtoull (end + 1, &end, 0);
	  n++;
	  spec = end + (*end == ' ');
	}
      profile->value_sites[s].value_count =
	n - profile->value_sites[s].value_begin;
      spec += *spec == '|';
    }
  profile->header.value_count = n;
}

/* The pairs of value site SITE of PROFILE as set_site_values takes
   them: "v:c v:c", by value.  */
static const char *
site_values (const struct mip_profile *profile, uint32_t site)
{
  static char text[512];
  const struct mip_profile_value_site *s = &profile->value_sites[site];
  size_t at = 0;

  text[0] = 0;
  for (uint32_t k = 0; k < s->value_count; k++)
    at += (size_t) snprintf (text + at, sizeof text - at, "%s%" PRIu64 ":%"
			     PRIu64, k ? " " : "",
			     profile->values[s->value_begin + k].value,
			     profile->values[s->value_begin + k].count);
  return text;
}

/* Profile with value sites: sorted by (function, site, record), written
   and read back the same with their values, every bad entry and every
   bad value refused.  */
START_TEST (test_value_profile_round_trip)
{
  struct test_binary binary = value_binary_for (4, true);
  struct mip_profile *profile = value_profile_of (&binary);
  const struct mip_profile_header *h = &profile->header;
  struct mip_profile *again;
  struct mip_error_context error;
  unsigned char *data;
  size_t size;

  ck_assert_uint_eq (h->value_site_count, 4);
  ck_assert_uint_eq (h->value_count, 0);
  /* copy_bytes site 0, its site 1 twice, fill site 0.  */
  ck_assert_uint_eq (profile->value_sites[0].ipa_function, 1);
  ck_assert_uint_eq (profile->value_sites[0].site, 0);
  ck_assert_uint_eq (profile->value_sites[0].operation,
		     MIP_VALUE_MEMMOVE_SIZE);
  ck_assert_uint_eq (profile->value_sites[1].site, 1);
  ck_assert_uint_eq (profile->value_sites[1].raw_offset,
		     test_value_site_offset (&binary, 1, 1));
  ck_assert_uint_eq (profile->value_sites[2].raw_offset,
		     test_value_site_offset (&binary, 1, 3));
  ck_assert_uint_eq (profile->value_sites[3].ipa_function, 2);
  set_site_values (profile, "|8:5 64:9||3:1");
  profile->value_sites[1].size_sum = 1234;
  profile->value_sites[1].calls = 56;
  profile->value_sites[2].size_sum = UINT64_MAX;
  profile->value_sites[2].calls = 7;
  ck_assert_int_eq (mip_profile_serialize (profile, &data, &size, &error),
		    MIP_OK);
  ck_assert_int_eq (mip_profile_parse (data, size, "t.mip", &again, &error),
		    MIP_OK);
  ck_assert_uint_eq (again->header.value_site_count, 4);
  ck_assert_uint_eq (again->header.value_count, 3);
  ck_assert_str_eq (site_values (again, 0), "");
  ck_assert_str_eq (site_values (again, 1), "8:5 64:9");
  ck_assert_str_eq (site_values (again, 2), "");
  ck_assert_uint_eq (again->value_sites[2].value_begin, 2);
  ck_assert_str_eq (site_values (again, 3), "3:1");
  ck_assert_uint_eq (again->value_sites[0].calls, 0);
  ck_assert_uint_eq (again->value_sites[1].size_sum, 1234);
  ck_assert_uint_eq (again->value_sites[1].calls, 56);
  ck_assert_uint_eq (again->value_sites[2].size_sum, UINT64_MAX);
  ck_assert_uint_eq (again->value_sites[2].calls, 7);
  ck_assert_same_profile (profile, again);
  uint32_t table = again->header.value_sites_offset;
  uint32_t values = again->header.values_offset;
  mip_profile_free (again);

  /* Each field of an entry, or of a value, made bad.  */
  const struct
  {
    size_t at;
    unsigned size;
    uint64_t value;
    const char *text;
  } bad[] = {
#define SITE_AT(site, field) \
  (table + (site) * sizeof (struct mip_profile_value_site) \
   + offsetof (struct mip_profile_value_site, field)), 4
#define VALUE_AT(k, field) \
  (values + (k) * sizeof (struct mip_profile_value) \
   + offsetof (struct mip_profile_value, field)), 8
    { SITE_AT (0, ipa_function), 3,
      "value site 0: early function 3 does not exist" },
    { SITE_AT (3, operation), 0, "value site 3 has operation 0" },
    { SITE_AT (3, operation), MIP_VALUE_OPERATION_MAX + 1,
      "value site 3 has operation 6" },
    { SITE_AT (1, raw_offset), test_value_site_offset (&binary, 1, 1) + 4,
      "or not 8-aligned" },
    /* In unit 0's raw data, not its early function's unit 1.  */
    { SITE_AT (1, raw_offset), 16, "outside its unit's raw data" },
    { SITE_AT (3, raw_offset), test_value_site_offset (&binary, 2, 0),
      "outside its unit's" },
    { SITE_AT (2, site), 0, "value site 2 is out of order" },
    { SITE_AT (2, raw_offset), test_value_site_offset (&binary, 1, 2),
      "two value sites" },
    /* A gap, an overlap, past the table, pairs left over.  */
    { SITE_AT (2, value_begin), 3,
      "value site 2: its values start at 3, the previous site's end at 2" },
    { SITE_AT (1, value_begin), 1,
      "value site 1: its values start at 1, the previous site's end at 0" },
    { SITE_AT (3, value_count), 2,
      "value site 3: its 2 values at 2 end past the 3 of the value table" },
    { SITE_AT (3, value_count), 0,
      "the value sites' values end at 2, the value table has 3" },
    /* Values out of order, the same twice, a count of 0.  */
    { VALUE_AT (1, value), 7, "value site 1: value 7 after 8 is out of"
      " order" },
    { VALUE_AT (1, value), 8, "value site 1: value 8 after 8 is out of"
      " order" },
    { VALUE_AT (2, count), 0, "value site 3: value 3 has count 0" },
#undef SITE_AT
#undef VALUE_AT
  };
  for (size_t b = 0; b < sizeof bad / sizeof bad[0]; b++)
    {
      unsigned char *copy = malloc (size);
      struct mip_profile *parsed = NULL;
      memcpy (copy, data, size);
      test_put (copy, bad[b].at, bad[b].size, bad[b].value,
		mip_host_big_endian ());
      ck_assert_int_eq (mip_profile_parse (copy, size, "t.mip", &parsed,
					   &error), MIP_ERROR_CORRUPT);
      ck_assert_ptr_null (parsed);
      ck_assert_str_eq (error.file, "t.mip");
      ck_assert_msg (strstr (error.detail, bad[b].text),
		     "case %zu: '%s' does not say '%s'", b, error.detail,
		     bad[b].text);
      free (copy);
    }
  /* The value table past the end of the file.  */
  {
    unsigned char *copy = malloc (size);
    struct mip_profile *parsed = NULL;
    memcpy (copy, data, size);
    test_put (copy, offsetof (struct mip_profile_header, value_count), 4,
	      1000, mip_host_big_endian ());
    ck_assert_int_eq (mip_profile_parse (copy, size, "t.mip", &parsed,
					 &error), MIP_ERROR_TRUNCATED);
    ck_assert_msg (strstr (error.detail, "the value table ends at"), "%s",
		   error.detail);
    free (copy);
  }
  free (data);
  mip_profile_free (profile);
}
END_TEST

/* A run of value_binary: record K of unit 1 holds VALUES[K] with
   COUNTS[K], and the sum SUMS[K] of CALLS[K] values.  */
static struct test_run
value_run (const uint64_t values[4], const uint64_t counts[4],
	   const uint64_t sums[4], const uint64_t calls[4])
{
  struct test_run run;

  memset (&run, 0, sizeof run);
  run.anchor_address = 0x404000;
  run.records[0][0].ran = true;
  for (int k = 0; k < 4; k++)
    run.values[1][k] = (struct test_value_record) { values[k], counts[k],
						    sums[k], calls[k] };
  return run;
}

/* The profile's entry of record K of unit 1 (the entries are sorted:
   records 2, 1, 3, 0).  */
static uint32_t
record_entry (int k)
{
  static const uint32_t entry[4] = { 3, 1, 0, 2 };
  return entry[k];
}

/* The pairs of the profile's entry of record K.  */
static const char *
record_values (const struct mip_profile *profile, int k)
{
  return site_values (profile, record_entry (k));
}

/* "size_sum/calls" of the profile's entry of record K.  */
static const char *
record_sums (const struct mip_profile *profile, int k)
{
  static char text[64];
  const struct mip_profile_value_site *site =
    &profile->value_sites[record_entry (k)];

  snprintf (text, sizeof text, "%" PRIu64 "/%" PRIu64, site->size_sum,
	    site->calls);
  return text;
}

/* The records of a run add their candidate to its pair, in the target's
   byte order, times the weight, a record with count 0 no pair; their
   sums and calls, times the weight, to the site's, whatever the count;
   through an accumulator the same; an empty copy has the sites without
   values or calls; a profile added to it gives the same profile.  */
START_TEST (test_value_merge_runs)
{
  static const uint64_t values_a[4] = { 64, 0x123456789ull, 8, 0 };
  static const uint64_t counts_a[4] = { 5, 2, 3, 0 };
  /* Record 3 ran 6 times and ended with count 0.  */
  static const uint64_t sums_a[4] = { 320, 100, 40, 60 };
  static const uint64_t calls_a[4] = { 5, 4, 5, 6 };
  static const uint64_t values_b[4] = { 64, 7, 16, 12 };
  static const uint64_t counts_b[4] = { 1, 3, 3, 4 };
  static const uint64_t sums_b[4] = { 200, 35, 48, 48 };
  static const uint64_t calls_b[4] = { 3, 5, 3, 4 };
  static const uint64_t values_c[4] = { 64, 7, 8, 99 };
  static const uint64_t counts_c[4] = { UINT64_MAX, 0, 1, 0 };
  /* Three times: a product that saturates, one that does not but
     saturates the sum, a count of calls that saturates, no call.  */
  static const uint64_t sums_c[4] = { UINT64_MAX, UINT64_MAX / 3 - 10, 8,
				      0 };
  static const uint64_t calls_c[4] = { 1, 2, (uint64_t) 1 << 63, 0 };

  for (int variant = 0; variant < 2; variant++)
    {
      struct test_binary binary = value_binary_for (variant ? 4 : 8,
						    variant);
      struct mip_profile *profile = value_profile_of (&binary);
      struct mip_profile *accumulated = value_profile_of (&binary);
      struct test_run a = value_run (values_a, counts_a, sums_a, calls_a);
      struct test_run b = value_run (values_b, counts_b, sums_b, calls_b);
      struct test_run c = value_run (values_c, counts_c, sums_c, calls_c);
      struct mip_run_accumulator *acc;
      struct mip_error_context error;

      ck_assert_int_eq (merge_run (profile, &binary, &a, &error), MIP_OK);
      ck_assert_int_eq (merge_weighted_run (profile, &binary, &b, 2, &error),
			MIP_OK);
      /* 64: 5 + 2; 7 6 beside 0x123456789 2; 8 3 beside 16 6; a count
	 of 0 adds nothing, 12 8.  */
      ck_assert_str_eq (record_values (profile, 0), "64:7");
      ck_assert_str_eq (record_values (profile, 1), "7:6 4886718345:2");
      ck_assert_str_eq (record_values (profile, 2), "8:3 16:6");
      ck_assert_str_eq (record_values (profile, 3), "12:8");
      ck_assert_uint_eq (profile->header.value_count, 6);
      /* Sums and calls: a's, and b's twice; record 3's of a with no
	 pair.  */
      ck_assert_str_eq (record_sums (profile, 0), "720/11");
      ck_assert_str_eq (record_sums (profile, 1), "170/14");
      ck_assert_str_eq (record_sums (profile, 2), "136/11");
      ck_assert_str_eq (record_sums (profile, 3), "156/14");
      ck_assert_int_eq (mip_run_accumulator_new (accumulated, &acc, &error),
			MIP_OK);
      accumulate_run (acc, accumulated, &binary, &a, 1);
      accumulate_run (acc, accumulated, &binary, &b, 2);
      ck_assert_int_eq (mip_run_accumulator_finish (acc, &error), MIP_OK);
      mip_run_accumulator_free (acc);
      ck_assert_same_profile (profile, accumulated);
      /* An empty copy, and the profile added to it.  */
      struct mip_profile *copy = empty_copy (profile);
      ck_assert_uint_eq (copy->header.value_site_count, 4);
      ck_assert_uint_eq (copy->header.value_count, 0);
      for (int k = 0; k < 4; k++)
	{
	  ck_assert_str_eq (record_values (copy, k), "");
	  ck_assert_str_eq (record_sums (copy, k), "0/0");
	}
      for (uint32_t s = 0; s < 4; s++)
	ck_assert_uint_eq (copy->value_sites[s].raw_offset,
			   profile->value_sites[s].raw_offset);
      add_profile (copy, profile, 1);
      ck_assert_same_profile (copy, profile);
      /* Twice: every count doubled; three times more, weighted.  */
      add_profile (copy, profile, 1);
      ck_assert_str_eq (record_values (copy, 1), "7:12 4886718345:4");
      ck_assert_str_eq (record_sums (copy, 1), "340/28");
      add_profile (copy, profile, 3);
      ck_assert_str_eq (record_values (copy, 2), "8:15 16:30");
      ck_assert_str_eq (record_sums (copy, 2), "680/55");
      ck_assert_str_eq (record_sums (copy, 3), "780/70");
      /* Counts saturate.  */
      ck_assert_int_eq (merge_weighted_run (copy, &binary, &c, 3, &error),
			MIP_OK);
      ck_assert_str_eq (record_values (copy, 0), "64:18446744073709551615");
      ck_assert_str_eq (record_values (copy, 1), "7:30 4886718345:10");
      ck_assert_str_eq (record_values (copy, 2), "8:18 16:30");
      ck_assert_str_eq (record_sums (copy, 0), "18446744073709551615/58");
      ck_assert_str_eq (record_sums (copy, 1), "18446744073709551615/76");
      ck_assert_str_eq (record_sums (copy, 2), "704/18446744073709551615");
      ck_assert_str_eq (record_sums (copy, 3), "780/70");
      /* A saturated profile added: the sums stay there.  */
      add_profile (copy, profile, 2);
      ck_assert_str_eq (record_sums (copy, 2), "976/18446744073709551615");
      mip_profile_free (copy);
      mip_profile_free (accumulated);
      mip_profile_free (profile);
    }
}
END_TEST

#define VALUE_RUNS 12

/* VALUE_RUNS runs of value_binary whose candidates disagree (a few
   values, counts 0 to 4, calls a few more, some records with count 0
   and calls, record 2's sum saturating), added run by run forward and
   backward, in partial profiles of every grouping by three, through
   accumulators that let 1 to VALUE_RUNS candidates wait, and as a tree
   of profiles: the same profile bytes, whose pairs, sums and calls are
   the sums of the runs'.  */
START_TEST (test_value_merge_any_order)
{
  struct test_binary binary = value_binary ();
  struct test_run runs[VALUE_RUNS];
  uint64_t expected[4][8] = { { 0 } };
  uint64_t expected_sums[4] = { 0 }, expected_calls[4] = { 0 };
  uint32_t state = 5;
  struct mip_error_context error;

  for (int r = 0; r < VALUE_RUNS; r++)
    {
      uint64_t values[4], counts[4], sums[4], calls[4];
      for (int k = 0; k < 4; k++)
	{
	  values[k] = 8u << (next_random (&state) % 8);
	  counts[k] = next_random (&state) % 5;
	  calls[k] = counts[k] + next_random (&state) % 3;
	  sums[k] = k == 2 ? UINT64_MAX / 5 : calls[k] * values[k];
	  if (counts[k] != 0)
	    expected[k][__builtin_ctzll (values[k]) - 3] += counts[k];
	  expected_sums[k] = mip_saturating_add (expected_sums[k], sums[k]);
	  expected_calls[k] += calls[k];
	}
      runs[r] = value_run (values, counts, sums, calls);
    }
  struct mip_profile *forward = value_profile_of (&binary);
  struct mip_profile *backward = value_profile_of (&binary);
  for (int r = 0; r < VALUE_RUNS; r++)
    {
      ck_assert_int_eq (merge_run (forward, &binary, &runs[r], &error),
			MIP_OK);
      ck_assert_int_eq (merge_run (backward, &binary,
				   &runs[VALUE_RUNS - 1 - r], &error),
			MIP_OK);
    }
  for (int k = 0; k < 4; k++)
    {
      char text[512] = "";
      size_t at = 0;
      for (int v = 0; v < 8; v++)
	if (expected[k][v])
	  at += (size_t) snprintf (text + at, sizeof text - at, "%s%u:%"
				   PRIu64, at ? " " : "", 8u << v,
				   expected[k][v]);
      ck_assert_str_eq (record_values (forward, k), text);
      snprintf (text, sizeof text, "%" PRIu64 "/%" PRIu64, expected_sums[k],
		expected_calls[k]);
      ck_assert_str_eq (record_sums (forward, k), text);
    }
  ck_assert_uint_eq (forward->value_sites[record_entry (2)].size_sum,
		     UINT64_MAX);
  ck_assert_same_profile (forward, backward);
  /* Three workers, run r going to worker (r * step) % 3, the partials
     added in either order.  */
  for (int step = 1; step < 3; step++)
    {
      struct mip_profile *grouped = value_profile_of (&binary);
      struct mip_profile *partial[3];
      for (int w = 0; w < 3; w++)
	partial[w] = empty_copy (grouped);
      for (int r = 0; r < VALUE_RUNS; r++)
	ck_assert_int_eq (merge_run (partial[(r * step + r / 3) % 3], &binary,
				     &runs[r], &error), MIP_OK);
      for (int w = 0; w < 3; w++)
	add_profile (grouped, partial[step == 1 ? w : 2 - w], 1);
      ck_assert_same_profile (forward, grouped);
      for (int w = 0; w < 3; w++)
	mip_profile_free (partial[w]);
      mip_profile_free (grouped);
    }
  /* Accumulators that add the waiting candidates after every run, every
     few runs and at the end, some runs added to the profile itself
     meanwhile.  */
  for (size_t limit = 1; limit <= VALUE_RUNS * 4; limit += 5)
    {
      struct mip_profile *accumulated = value_profile_of (&binary);
      struct mip_run_accumulator *acc;
      ck_assert_int_eq (mip_run_accumulator_new (accumulated, &acc, &error),
			MIP_OK);
      mip_run_accumulator_limit_values (acc, limit);
      for (int r = VALUE_RUNS - 1; r >= 0; r--)
	accumulate_run (acc, accumulated, &binary, &runs[r], 1);
      ck_assert_int_eq (mip_run_accumulator_finish (acc, &error), MIP_OK);
      mip_run_accumulator_free (acc);
      ck_assert_same_profile (forward, accumulated);
      mip_profile_free (accumulated);
    }
  /* A tree: pairs of runs, pairs of pairs, and so on.  */
  struct mip_profile *level[VALUE_RUNS];
  int count = VALUE_RUNS;
  for (int r = 0; r < VALUE_RUNS; r++)
    {
      level[r] = value_profile_of (&binary);
      ck_assert_int_eq (merge_run (level[r], &binary, &runs[r], &error),
			MIP_OK);
    }
  while (count > 1)
    {
      int next = 0;
      for (int i = 0; i < count; i += 2)
	{
	  if (i + 1 < count)
	    {
	      add_profile (level[i + 1], level[i], 1);
	      mip_profile_free (level[i]);
	      level[next++] = level[i + 1];
	    }
	  else
	    level[next++] = level[i];
	}
      count = next;
    }
  ck_assert_same_profile (forward, level[0]);
  mip_profile_free (level[0]);
  mip_profile_free (backward);
  mip_profile_free (forward);
}
END_TEST

/* A profile with value sites takes only profiles with the same sites,
   and is left as it was; one without takes any, leaving them out.  */
START_TEST (test_value_merge_profile_checks)
{
  static const uint64_t values[4] = { 64, 7, 16, 12 };
  static const uint64_t counts[4] = { 1, 3, 3, 4 };
  static const uint64_t sums[4] = { 64, 21, 48, 48 };
  static const uint64_t calls[4] = { 1, 3, 3, 4 };
  struct test_binary binary = value_binary ();
  struct mip_profile *profile = value_profile_of (&binary);
  struct mip_profile *other = value_profile_of (&binary);
  struct mip_profile *plain = profile_of (&binary);
  struct mip_profile *before;
  struct test_run run = value_run (values, counts, sums, calls);
  struct mip_error_context error;

  ck_assert_int_eq (merge_run (other, &binary, &run, &error), MIP_OK);
  ck_assert_int_eq (merge_run (plain, &binary, &run, &error), MIP_OK);
  before = empty_copy (profile);
  ck_assert_int_eq (mip_profile_check_profile (profile, "a.mip", plain,
					       "b.mip", &error),
		    MIP_ERROR_CORRUPT);
  ck_assert_str_eq (error.file, "b.mip");
  ck_assert_msg (strstr (error.detail, "it holds no value sites, 'a.mip'"
			 " has 4"), "%s", error.detail);
  other->value_sites[2].operation = MIP_VALUE_BZERO_SIZE;
  ck_assert_int_eq (mip_profile_check_profile (profile, "a.mip", other,
					       "b.mip", &error),
		    MIP_ERROR_CORRUPT);
  ck_assert_msg (strstr (error.detail, "its 4 value sites differ from the 4"
			 " of 'a.mip'"), "%s", error.detail);
  ck_assert_same_profile (profile, before);
  other->value_sites[2].operation = MIP_VALUE_MEMCPY_SIZE;
  /* Sums and calls are data, not what makes the sites the same.  */
  profile->value_sites[1].size_sum = 5;
  profile->value_sites[1].calls = 1;
  ck_assert_int_eq (mip_profile_check_profile (profile, "a.mip", other,
					       "b.mip", &error), MIP_OK);
  add_profile (profile, other, 1);
  ck_assert_str_eq (record_values (profile, 3), "12:4");
  ck_assert_str_eq (record_sums (profile, 3), "48/4");
  ck_assert_str_eq (record_sums (profile, 1), "26/4");
  /* Without value sites: the other's are left out.  */
  add_profile (plain, other, 1);
  ck_assert_uint_eq (plain->header.value_site_count, 0);
  ck_assert_uint_eq (plain->header.value_count, 0);
  ck_assert_uint_eq (plain->header.runs, 2);
  mip_profile_free (before);
  mip_profile_free (plain);
  mip_profile_free (other);
  mip_profile_free (profile);
}
END_TEST

static Suite *
format_suite (void)
{
  Suite *suite = suite_create ("format");
  TCase *reader = tcase_create ("reader");
  TCase *errors = tcase_create ("errors");
  TCase *map = tcase_create ("map");
  TCase *raw = tcase_create ("raw");
  TCase *profile = tcase_create ("profile");
  TCase *merge = tcase_create ("merge");
  TCase *heap = tcase_create ("heap");
  TCase *values = tcase_create ("values");
  TCase *blocks = tcase_create ("blocks");
  TCase *files = tcase_create ("files");

  tcase_add_test (reader, test_bswap);
  tcase_add_test (reader, test_hash_multiply_32);
  tcase_add_test (reader, test_reader_bounds);
  tcase_add_test (reader, test_reader_swaps);
  tcase_add_test (reader, test_layout_tables);
  tcase_add_test (reader, test_magic);
  suite_add_tcase (suite, reader);
  tcase_add_test (errors, test_strerror);
  tcase_add_test (errors, test_error_format);
  suite_add_tcase (suite, errors);
  tcase_add_test (map, test_map_good);
  tcase_add_test (map, test_map_swapped_and_32);
  tcase_add_test (map, test_map_truncated_everywhere);
  tcase_add_test (map, test_map_corrupt_units);
  tcase_add_test (map, test_map_corrupt_functions);
  tcase_add_test (map, test_map_fuzz);
  tcase_add_test (map, test_map_discarded_addresses);
  suite_add_tcase (suite, map);
  tcase_add_test (raw, test_raw_good);
  tcase_add_test (raw, test_raw_from_section);
  tcase_add_test (raw, test_raw_gnu_build_id);
  tcase_add_test (raw, test_gnu_build_id_text);
  tcase_add_test (raw, test_raw_truncated_everywhere);
  tcase_add_test (raw, test_raw_size_messages);
  tcase_add_test (raw, test_foreign_formats);
  tcase_add_test (raw, test_raw_several_dumps);
  tcase_add_test (raw, test_raw_corrupt);
  tcase_add_test (raw, test_raw_fuzz);
  tcase_add_test (raw, test_raw_samples);
  tcase_add_test (raw, test_raw_samples_then_dump);
  suite_add_tcase (suite, raw);
  tcase_add_test (profile, test_profile_create);
  tcase_add_test (profile, test_profile_round_trip);
  tcase_add_test (profile, test_profile_swapped);
  tcase_add_test (profile, test_profile_gnu_build_id);
  tcase_add_test (profile, test_profile_truncated_everywhere);
  tcase_add_test (profile, test_profile_corrupt);
  tcase_add_test (profile, test_profile_fuzz);
  tcase_add_test (profile, test_profile_imported);
  tcase_add_test (profile, test_profile_imported_refusals);
  suite_add_tcase (suite, profile);
  tcase_add_test (merge, test_merge_two_runs);
  tcase_add_test (merge, test_merge_order_rounding);
  tcase_add_test (merge, test_merge_saturates);
  tcase_add_test (merge, test_merge_aliases);
  tcase_add_test (merge, test_merge_discarded);
  tcase_add_test (merge, test_merge_function_coverage);
  tcase_add_test (merge, test_merge_callers);
  tcase_add_test (merge, test_merge_refuses_other_binaries);
  tcase_add_test (merge, test_merge_refuses_other_gnu_build_id);
  tcase_add_test (merge, test_merge_any_order);
  tcase_add_test (merge, test_merge_weights);
  tcase_add_test (merge, test_accumulator_matches_runs);
  tcase_add_test (merge, test_accumulator_many_callers);
  tcase_add_test (merge, test_merge_weight_saturates);
  tcase_add_test (merge, test_merge_profile_refuses_other_build);
  tcase_add_test (merge, test_merge_samples);
  suite_add_tcase (suite, merge);
  tcase_add_test (heap, test_heap_profile_sites);
  tcase_add_test (heap, test_heap_merge_runs);
  tcase_add_test (heap, test_heap_merge_saturates);
  tcase_add_test (heap, test_heap_merge_associative);
  tcase_add_test (heap, test_heap_merge_bad_freed_by);
  tcase_add_test (heap, test_heap_profile_corrupt);
  tcase_add_test (heap, test_heap_profile_checks);
  tcase_add_test (heap, test_heap_counts_of_profile);
  suite_add_tcase (suite, heap);
  tcase_add_test (values, test_value_summary_bounds);
  tcase_add_test (values, test_ipa_value_sites);
  tcase_add_test (values, test_ipa_value_sites_bad);
  tcase_add_test (values, test_value_profile_round_trip);
  tcase_add_test (values, test_value_merge_runs);
  tcase_add_test (values, test_value_merge_any_order);
  tcase_add_test (values, test_value_merge_profile_checks);
  suite_add_tcase (suite, values);
  tcase_add_test (blocks, test_map_blocks);
  tcase_add_test (blocks, test_map_bad_blocks);
  tcase_add_test (blocks, test_map_blocks_fuzz);
  tcase_add_test (blocks, test_merge_inference);
  tcase_add_test (blocks, test_merge_inference_from_probe);
  tcase_add_test (blocks, test_merge_any_stored_byte);
  tcase_add_test (blocks, test_merge_block_aliases);
  tcase_add_test (blocks, test_profile_bad_blocks);
  tcase_add_test (blocks, test_profile_blocks_round_trip);
  tcase_add_test (blocks, test_profile_blocks_fuzz);
  tcase_add_test (blocks, test_address_lookup);
  tcase_add_test (blocks, test_merge_callers_named);
  tcase_add_test (blocks, test_infer_walk);
  tcase_add_test (blocks, test_infer_order);
  tcase_add_test (blocks, test_edge_fates);
  tcase_add_test (blocks, test_flow_local);
  tcase_add_test (blocks, test_flow_residual);
  tcase_add_test (blocks, test_layout_ranks);
  suite_add_tcase (suite, blocks);
  tcase_add_checked_fixture (files, make_temporary_directory,
			     remove_temporary_directory);
  tcase_add_test (files, test_write_atomic);
  tcase_add_test (files, test_profile_files);
  suite_add_tcase (suite, files);
  return suite;
}

int
main (void)
{
  SRunner *runner = srunner_create (format_suite ());
  int failed;

  srunner_run_all (runner, CK_NORMAL);
  failed = srunner_ntests_failed (runner);
  srunner_free (runner);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
