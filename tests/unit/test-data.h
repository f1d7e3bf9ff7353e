/* test-data.h - crafted MIP maps and raw profiles for the unit tests.

   The tests describe a binary (its units and functions) and the values
   one run recorded, and these helpers lay out the bytes exactly as the
   plugin and the runtime would: with the structures of mip-format.inc,
   offsets from offsetof, records from mip_record_layout, and every value
   in the chosen byte order.  They share no code with the format library,
   so a bug there cannot hide itself here.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef TEST_DATA_H
#define TEST_DATA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mip-format.h"

#define TEST_MAX_UNITS 4
#define TEST_MAX_FUNCTIONS 8
#define TEST_MAX_BLOCKS 16
#define TEST_MAX_INFER 4          /* entries per block */
#define TEST_MAX_SITES 6          /* allocation sites per unit */
#define TEST_MAX_IPA_FUNCTIONS 4  /* early functions per unit */
#define TEST_MAX_VALUE_SITES 6    /* value site records per unit */

/* A machine basic block: its probe or its inference list.  */
struct test_block
{
  uint32_t offset;
  uint32_t probe;               /* MIP_NO_PROBE when inferred */
  uint32_t flags;               /* MIP_BLOCK_* */
  uint32_t infer_count;
  uint32_t infer[TEST_MAX_INFER]; /* block indexes, MIP_INFER_FUNCTION */
};

struct test_function
{
  const char *name;
  uint64_t address;
  uint32_t kinds;
  uint32_t caller_slots;
  uint32_t size;                /* add_function makes it 32 */
  uint64_t cold_address;
  uint32_t cold_size;
  uint64_t cfg_signature;       /* 0: one derived from raw_offset */
  uint32_t probe_count;
  uint32_t block_count;
  struct test_block blocks[TEST_MAX_BLOCKS];
  /* Filled in by test_layout.  */
  uint32_t raw_offset;          /* from the raw unit's start */
  uint32_t blocks_offset;       /* from the map unit's start */
  uint32_t infer_offset;        /* from the map unit's start */
  uint32_t infer_count;         /* the blocks' lists, one after another */
};

/* An allocation site of the heap option: its record follows the
   function records in the raw unit, its entry is in .debug_mip_heap.  */
struct test_site
{
  uint32_t function;            /* index in its unit */
  uint32_t callee;              /* MIP_HEAP_CALLEE id */
  uint64_t address;             /* of the call */
};

/* A value site of the block-count mode: its record follows the
   allocation sites' in the raw unit, its entry is in .debug_mip_ipa.  */
struct test_value_site
{
  uint32_t ipa_function;        /* index among the unit's early
				   functions */
  uint32_t site;
  uint32_t operation;           /* MIP_VALUE_* */
};

struct test_unit
{
  uint64_t unit_hash;
  uint32_t mode;
  unsigned function_count;
  struct test_function functions[TEST_MAX_FUNCTIONS];
  unsigned site_count;
  struct test_site sites[TEST_MAX_SITES];
  /* Early functions (.debug_mip_ipa): names; function K has K + 2
     blocks and signature 0x1a0 + K, and no hold.  */
  unsigned ipa_function_count;
  const char *ipa_functions[TEST_MAX_IPA_FUNCTIONS];
  unsigned value_site_count;
  struct test_value_site value_sites[TEST_MAX_VALUE_SITES];
  /* Filled in by test_layout.  */
  uint32_t raw_size;
  uint32_t strings_offset;      /* from the map unit's start */
  uint32_t sites_offset;        /* first site record, from the raw
				   unit's start */
  uint32_t value_sites_offset;  /* first value site record, from the
				   raw unit's start */
};

struct test_binary
{
  unsigned pointer_size;        /* 4 or 8 */
  bool big_endian;              /* byte order of the target */
  uint64_t anchor_address;      /* link-time __mip_runtime */
  unsigned unit_count;
  struct test_unit units[TEST_MAX_UNITS];
};

/* What one run recorded for one function.  */
struct test_record
{
  bool ran;                     /* coverage byte 0 */
  uint32_t count;
  uint32_t order;
  uint64_t callers[4];          /* run-time return addresses */
  uint32_t probes;              /* bit P: probe byte P stored */
  uint8_t stored;               /* what a probe stores: 0 (x86, aarch64)
				   or, on 32-bit Arm, the low byte of an
				   address, anything but 0xff */
};

/* A caller sample: function FUNCTION of unit UNIT called from
   RETURN_ADDRESS (run-time), sampled SAMPLES times.  */
#define TEST_MAX_SAMPLES 8
struct test_sample
{
  unsigned unit, function;
  uint64_t return_address;
  uint32_t samples;
};

/* What one run recorded for one allocation site: the fields of its
   struct mip_raw_heap_site.  FREED_BY are offsets of site records from
   the start of the raw data (test_site_offset), 0 for none.  */
struct test_heap_record
{
  uint64_t count, bytes, max_bytes, null_count;
  uint64_t sampled, sampled_bytes, freed, freed_bytes, lifetime;
  uint32_t freed_by[2];
  uint32_t freed_by_count[2];
};

/* What one run recorded for one value site: its struct
   mip_raw_value_site.  */
struct test_value_record
{
  uint64_t value, count, sum, calls;
};

/* One run: values per unit and function, and the header fields.  */
struct test_run
{
  struct test_record records[TEST_MAX_UNITS][TEST_MAX_FUNCTIONS];
  struct test_heap_record heap[TEST_MAX_UNITS][TEST_MAX_SITES];
  struct test_value_record values[TEST_MAX_UNITS][TEST_MAX_VALUE_SITES];
  unsigned sample_count;        /* not 0: a caller sample table follows
				   the data (and the flag says so) */
  struct test_sample samples[TEST_MAX_SAMPLES];
  uint64_t anchor_address;      /* run-time __mip_runtime */
  uint32_t flags;
  uint32_t gnu_build_id_size;   /* 0: none recorded */
  uint8_t gnu_build_id[MIP_GNU_BUILD_ID_MAX];
};

/* A growable byte buffer.  */
struct test_bytes
{
  unsigned char *data;
  size_t size;
};

/* Compute raw offsets and raw unit sizes, as the plugin does, and where
   the blocks, inference lists and strings go in each map unit.  */
void test_layout (struct test_binary *binary);

/* The build id of BINARY, computed independently of the library.  */
uint64_t test_build_id (const struct test_binary *binary);

/* The map (.debug_mip_map contents) of BINARY.  */
struct test_bytes test_make_map (const struct test_binary *binary);

/* The .debug_mip_heap section of BINARY (empty when it has no site).  */
struct test_bytes test_make_heap (const struct test_binary *binary);

/* The .debug_mip_ipa section of BINARY in format VERSION (1: without
   the value sites, whose field is then zero); empty when no unit has
   early functions.  */
struct test_bytes test_make_ipa (const struct test_binary *binary,
				 uint32_t version);

/* Where, in the section test_make_ipa makes in version 2, value site
   SITE of the first unit with value sites lies.  */
size_t test_ipa_value_site_at (const struct test_binary *binary,
			       unsigned site);

/* The offset of value site SITE of unit UNIT's record from the start
   of the raw data.  */
uint32_t test_value_site_offset (const struct test_binary *binary,
				 unsigned unit, unsigned site);

/* The offset of site SITE of unit UNIT's record from the start of the
   raw data (what freed_by fields hold).  */
uint32_t test_site_offset (const struct test_binary *binary, unsigned unit,
			   unsigned site);

/* The raw profile RUN of BINARY would write.  */
struct test_bytes test_make_raw (const struct test_binary *binary,
				 const struct test_run *run);

/* Store VALUE of SIZE bytes at DATA + OFFSET in the given byte order.  */
void test_put (unsigned char *data, size_t offset, unsigned size,
	       uint64_t value, bool big_endian);
uint64_t test_get (const unsigned char *data, size_t offset, unsigned size,
		   bool big_endian);

/* A binary used by many tests, with three units:
     unit 0: main, helper (CALL_COUNT | ORDER), a discarded copy of
	     inline_fn (address 0);
     unit 1: inline_fn (kept: the primary), never (CALL_COUNT | ORDER),
	     counted_only (CALL_COUNT);
     unit 2: inline_fn again at the same address (an alias), gone
	     (CALL_COUNT | ORDER, address all ones: discarded).  */
struct test_binary test_sample_binary (unsigned pointer_size,
				       bool big_endian);

/* A binary built with the heap option: the function coverage mode with
   allocation sites, two units.
     unit 0: main (sites 0 malloc, 1 free, 2 realloc), load (site 3
	     calloc);
     unit 1: helper (sites 0 malloc, 1 free), a discarded copy (its
	     site 2, operator new, at address 0).  */
struct test_binary test_heap_binary (void);

/* A function-coverage binary: one unit, three functions.  */
struct test_binary test_coverage_binary (void);

/* A block coverage binary for a target with POINTER_SIZE-byte pointers
   (4 or 8) and the given byte order, one unit:
     diamond (FUNCTION_COVERAGE | BLOCK_COVERAGE), at 0x1000:
       0 entry  <- function        1 then  (probe 0)
       2 else   (probe 1)          3 join  <- 1, 2
     loop (CALL_COUNT | BLOCK_COVERAGE), at 0x1100, cold part at 0x9000:
       0 entry  <- function        1 header <- 0
       2 body   (probe 0)          3 exit   <- 1   (cold, offset 4)
       4 no offset, <- 2
     callee (FUNCTION_COVERAGE | CALLERS, 2 slots), at 0x1200.  */
struct test_binary test_block_binary_for (unsigned pointer_size,
					  bool big_endian);
/* The same for a 64-bit little-endian target.  */
struct test_binary test_block_binary (void);

/* Append a block to FUNCTION: a probe (PROBE != MIP_NO_PROBE) or the
   inference list of COUNT entries.  */
void test_add_block (struct test_function *function, uint32_t offset,
		     uint32_t probe, uint32_t flags, unsigned count, ...);

void test_bytes_free (struct test_bytes *bytes);

/* Write BYTES to PATH; false on error.  */
bool test_write_file (const char *path, const void *data, size_t size);
/* Read PATH whole; false on error.  */
bool test_read_file (const char *path, struct test_bytes *bytes);

#endif /* TEST_DATA_H */
