/* mip-format.h - constants, structures and layout rules of MIP's files.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Shared by the GCC plugin (compiled as C++), the runtime libmip and
   mipdata.  Everything here is header-only and free of libc calls, so
   the plugin and the runtime can use it without linking the format
   library.  The structures come from mip-format.inc; doc/format.md is the
   specification and must be kept in step with both files.  */

#ifndef MIP_FORMAT_H
#define MIP_FORMAT_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Bump on any change to mip-format.inc or to the rules below.  Readers
   refuse every other version: a raw profile written by another runtime
   must fail loudly, never merge garbage.  */
#define MIP_FORMAT_VERSION 10u

/* Magic numbers.  Eight bytes: 0xff, four letters naming the file kind,
   then a byte giving the target's pointer size in bits.  Read as a u64 in
   the writer's byte order they are the constants below; read with the
   other byte order they come out byte-swapped, which tells a reader to
   swap.  The 0xff byte (last on disk in little-endian files, first in
   big-endian ones) keeps them from reading as text in either order.  */
#define MIP_MAGIC(a, b, c, d, bits)                                         \
  (((uint64_t) 0xff << 56) | ((uint64_t) (a) << 48) | ((uint64_t) (b) << 40) \
   | ((uint64_t) (c) << 32) | ((uint64_t) (d) << 24) | ((uint64_t) 'M' << 16) \
   | ((uint64_t) 'I' << 8) | (uint64_t) (bits))
#define MIP_MAGIC_RAW64 MIP_MAGIC ('r', 'a', 'w', '_', 64)
#define MIP_MAGIC_RAW32 MIP_MAGIC ('r', 'a', 'w', '_', 32)
#define MIP_MAGIC_MAP64 MIP_MAGIC ('m', 'a', 'p', '_', 64)
#define MIP_MAGIC_MAP32 MIP_MAGIC ('m', 'a', 'p', '_', 32)
#define MIP_MAGIC_PROFILE MIP_MAGIC ('p', 'r', 'o', 'f', 64)
/* The pointer size in bits, from a magic read in the right byte order.  */
#define MIP_MAGIC_BITS(magic) ((unsigned) ((magic) & 0xff))
/* The magic with its size byte cleared, to compare kinds.  */
#define MIP_MAGIC_KIND(magic) ((magic) & ~(uint64_t) 0xff)

/* Section and symbol names.  */
#define MIP_RAW_SECTION "__mip_raw"
/* The map is debugging information by name: binutils' strip removes it
   with the rest, objcopy --only-keep-debug keeps it in the separate debug
   file, --compress-debug-sections and -gz compress it, and ld's
   --gc-sections neither keeps it as a root nor follows its references to
   functions.  */
#define MIP_MAP_SECTION ".debug_mip_map"
/* Its name once compressed the old GNU way (-gz=zlib-gnu).  */
#define MIP_MAP_SECTION_ZLIB_GNU ".zdebug_mip_map"
#define MIP_RUNTIME_ANCHOR "__mip_runtime"   /* defined by libmip */
#define MIP_ORDER_SEQUENCE "__mip_sequence"  /* u32, defined by libmip */
/* Referred to by the code an -flto compile streams for instrumentation,
   defined by the plugin wherever it instruments: a link of LTO objects
   that does not load the plugin (and so instruments nothing) fails on
   this name.  */
#define MIP_LTO_LINK_CHECK "__mip_link_with_fplugin_mip_generate"
#define MIP_LTO_CHECK_SECTION ".debug_mip_lto"
/* Referred to by every instrumented unit at the start of its .text,
   defined by libmip: a link that forgets -lmip fails first on a name that
   says what is missing, before the runtime's own names.  */
#define MIP_LMIP_LINK_CHECK "__mip_link_with_lmip"
/* The full mode's part of libmip (caller sampler, borrow helper, fork
   handler) is a member of its own.  libmip.a's linker script makes
   MIP_FULL_RUNTIME undefined, so that member is linked wherever -lmip
   stands, unless a unit linked before -lmip defines the name: every
   unit of the coverage modes does, weakly, as 0, so a coverage-only
   program linked with -lmip after its objects leaves the member out.
   Units of the full mode refer to MIP_FULL_RUNTIME_LINK, which only
   that member defines, from their .text, so a program with any of them
   links it in any case.  */
#define MIP_FULL_RUNTIME "__mip_full_runtime"
#define MIP_FULL_RUNTIME_LINK "__mip_link_full_mode"
/* The caller sample table's storage, sized by the program: each unit
   of the full mode whose probes sample callers adds
   MIP_SAMPLE_ENTRIES_PER_FUNCTION entries (struct mip_raw_sample) per
   such function, plus MIP_SAMPLE_ENTRIES_PER_UNIT, to the zero-filled
   section MIP_SAMPLE_ENTRY_SECTION, and twice as many u32 slots of the
   hash index to MIP_SAMPLE_INDEX_SECTION; the runtime finds them
   through the linker's __start_ and __stop_ symbols.  */
#define MIP_SAMPLE_ENTRY_SECTION "__mip_sample_entries"
#define MIP_SAMPLE_INDEX_SECTION "__mip_sample_index"
#define MIP_SAMPLE_ENTRIES_PER_FUNCTION 1u
#define MIP_SAMPLE_ENTRIES_PER_UNIT 8u
#define MIP_DEFAULT_RAW_NAME "default.mipraw"
#define MIP_FILENAME_ENV "MIP_PROFILE_FILENAME"

/* ---- Early blocks (the block-count mode; doc/format.md, section 16) -- */
#define MIP_IPA_MAP_SECTION ".debug_mip_ipa"
#define MIP_IPA_MAP_SECTION_ZLIB_GNU ".zdebug_mip_ipa"
#define MIP_MAGIC_IPA64 MIP_MAGIC ('i', 'p', 'a', '_', 64)
#define MIP_MAGIC_IPA32 MIP_MAGIC ('i', 'p', 'a', '_', 32)
/* .debug_mip_ipa has a version of its own, as .debug_mip_heap has.  */
#define MIP_IPA_FORMAT_VERSION 2u

/* ---- Value sites (the block-count mode; doc/format.md, section 16) --
   The operand a value site profiles: the size of a string operation,
   the operand GCC's -fprofile-use specializes for its most frequent
   value (mip_ipa_map_value_site.operation).  */
#define MIP_VALUE_MEMCPY_SIZE 1u
#define MIP_VALUE_MEMPCPY_SIZE 2u
#define MIP_VALUE_MEMMOVE_SIZE 3u
#define MIP_VALUE_MEMSET_SIZE 4u
#define MIP_VALUE_BZERO_SIZE 5u
#define MIP_VALUE_OPERATION_MAX 5u
/* libmip's wrapper of the operation OP (memcpy, mempcpy, memmove,
   memset, bzero) is MIP_VALUE_WRAPPER_PREFIX OP: the operation's
   parameters, then the address of the site's record.  */
#define MIP_VALUE_WRAPPER_PREFIX "__mip_value_"

/* ---- Allocation sites (the heap option; doc/format.md, section 15) --- */
#define MIP_HEAP_MAP_SECTION ".debug_mip_heap"
#define MIP_HEAP_MAP_SECTION_ZLIB_GNU ".zdebug_mip_heap"
#define MIP_MAGIC_HEAP64 MIP_MAGIC ('h', 'e', 'a', 'p', 64)
#define MIP_MAGIC_HEAP32 MIP_MAGIC ('h', 'e', 'a', 'p', 32)
/* .debug_mip_heap has a version of its own: the raw and map layouts
   (MIP_FORMAT_VERSION) do not change with it, so a reader that knows
   nothing of allocation sites reads a heap build's raw profiles and
   map as any.  The indexed profile's tables of sites and pairs
   (mip_profile_heap_site, mip_profile_heap_pair) are of
   MIP_FORMAT_VERSION.  */
#define MIP_HEAP_FORMAT_VERSION 1u
/* The roles of MIP_HEAP_CALLEE entries (mip-heap-callees.inc).  */
#define MIP_HEAP_ALLOC 1u          /* returns a new block */
#define MIP_HEAP_FREE 2u           /* frees one */
#define MIP_HEAP_REALLOC 3u        /* both: frees its old block */
#define MIP_HEAP_CALLEE_COUNT 34u  /* ids 0 .. 33 */
/* libmip's wrapper of SYMBOL is MIP_HEAP_WRAPPER_PREFIX SYMBOL; the call
   site passes its record's address in a register that carries no
   argument of the callees: the fourth argument register (x86-64 %rcx,
   AArch64 x3, 32-bit Arm r3), %eax on i386, where the wrappers take it
   as their first, regparm (1), parameter.  */
#define MIP_HEAP_WRAPPER_PREFIX "__mip_heap_"
/* Sampling: one byte in MIP_HEAP_SAMPLE_BYTES (the environment
   variable of that name overrides it; 1 samples every allocation) picks
   the block holding it for lifetime and free-site tracking.  */
#define MIP_HEAP_SAMPLE_ENV "MIP_HEAP_SAMPLE_BYTES"
#define MIP_HEAP_DEFAULT_SAMPLE_BYTES 65536u

/* Record kinds: which fields a function's raw record has.  A map unit's
   `mode' is the set the compile asked for; a function's `kinds' is the set
   it actually records.  */
#define MIP_KIND_FUNCTION_COVERAGE 0x01u /* u8: 0xff not run, 0 run */
#define MIP_KIND_CALL_COUNT 0x02u        /* u32: the count negated, see
					    mip_decode_call_count */
#define MIP_KIND_ORDER 0x04u             /* u32: 0, or 1 + first calls of
					    other functions before */
#define MIP_KIND_BLOCK_COVERAGE 0x08u    /* u8 per probe: 0xff / 0 */
#define MIP_KIND_CALLERS 0x10u           /* pointer-size return addresses */
#define MIP_KIND_BLOCK_COUNT 0x20u       /* u64 per counter: times its block
					    started (the counting mode) */
#define MIP_KIND_ALL 0x3fu
/* The kinds that describe the blocks of a function.  */
#define MIP_KIND_BLOCKS (MIP_KIND_BLOCK_COVERAGE | MIP_KIND_BLOCK_COUNT)

/* Initial values in __mip_raw.  Coverage bytes start at 0xff and a probe
   leaves any other value: aarch64 stores 0 (strb wzr), x86 shifts the
   byte left (shlb: 0xfe, then less, never 0xff again; one byte shorter
   than movb $0, which it stores where the flags are live), 32-bit Arm
   the low byte of the address register, which points at the
   byte or the one before it and is never 0xff (the plugin picks the one
   whose address is not 7 modulo 8), saving the instruction and the
   register that would hold a zero.  */
#define MIP_COVERAGE_UNSET 0xffu
#define MIP_COVERAGE_SET 0x00u

/* Whether a coverage byte read from raw data says "run".  */
static inline bool
mip_coverage_byte_set (uint8_t byte)
{
  return byte != MIP_COVERAGE_UNSET;
}

#define MIP_NO_PROBE 0xffffffffu  /* mip_map_block.probe of inferred block */
#define MIP_INFER_FUNCTION 0xfffffffeu /* inference entry: function entered */
#define MIP_NO_OFFSET 0xffffffffu /* absent field in mip_record_layout */

/* mip_map_block.flags.  */
#define MIP_BLOCK_ENTRY 0x1u      /* the function's entry block */
#define MIP_BLOCK_EXIT 0x2u       /* may leave the function: a return, or
				     a call that may not come back */
#define MIP_BLOCK_CALL 0x4u       /* contains a call */
#define MIP_BLOCK_COLD 0x8u       /* placed in the cold partition; offset
				     is from the cold part's start */
#define MIP_BLOCK_NO_OFFSET 0x10u /* offset unknown (no label reached) */
#define MIP_BLOCK_ONCE 0x20u      /* runs exactly once per call of the
				     function (it post-dominates the entry
				     and neither is on a cycle) */
#define MIP_BLOCK_COUNTED 0x40u   /* profiles only: the block's count is
				     known (mip_profile_block.count) */

/* mip_map_edge.flags (and the profile's edges).  */
#define MIP_EDGE_FALLTHROUGH 0x1u /* to the block that follows in GCC's
				     order, without a jump */
#define MIP_EDGE_ABNORMAL 0x2u    /* an exception, non-local goto or
				     computed jump: not a branch */
#define MIP_EDGE_ALL 0x3u

/* mip_profile_caller.return_address of a caller outside the
   instrumented code (the C library calling main, another shared object):
   its address moves with every run, so merge folds all of them into
   this one value.  */
#define MIP_EXTERNAL_CALLER UINT64_MAX

/* The longest GNU build id (the NT_GNU_BUILD_ID note of the linked
   module: 20 bytes for ld's default sha1, 16 for md5 or uuid, 8 for
   xxhash) that raw headers and profiles record.  A module with a longer
   one records none (gnu_build_id_size 0), as does one without.  */
#define MIP_GNU_BUILD_ID_MAX 32u

/* mip_raw_header.flags.  */
#define MIP_RAW_FLAG_UNIT_WALK_FAILED 0x1u /* units inconsistent at dump */
#define MIP_RAW_FLAG_CALLER_SAMPLES 0x2u   /* a mip_raw_samples table
					      follows the section data */
#define MIP_RAW_FLAG_UNITS_UNWALKED 0x4u   /* build_id and unit_count are
					      0: readers take them from
					      the units in the data (the
					      runtime without files, whose
					      flash has no room for the
					      walk) */

/* The caller samples (full mode on x86-64, i386, AArch64, ARM state and
   Thumb-2; on the 32-bit targets the return address is zero-extended
   into mip_raw_sample.return_address): the entry probe counts the low
   byte of the negated call count on its own, so it borrows once every
   MIP_CALLER_SAMPLE_PERIOD calls, and the runtime then samples the
   caller.  A sampled edge stands for about samples x period calls.  */
#define MIP_CALLER_SAMPLE_PERIOD 256u

/* mip_profile_function.flags.  */
#define MIP_FUNCTION_DISCARDED 0x1u /* the linker dropped this copy */

/* Declare the structures.  */
#define MIP_STRUCT_BEGIN(name) struct name {
#define MIP_FIELD(s, type, name) type name;
#define MIP_BYTES(s, name, count) uint8_t name[count];
#define MIP_STRUCT_END(name) };
#include "mip-format.inc"

/* FNV-1a, 64 bits: the one hash of the project (CFG signatures, unit
   hashes, build ids).  Not cryptographic; it only has to tell builds and
   function shapes apart.  */
#define MIP_HASH_INIT 0xcbf29ce484222325ull

/* HASH times the FNV prime 0x100000001b3 (2^40 + 0x1b3), modulo 2^64,
   with 32-bit multiplications only: the low word times 0x1b3 in two
   16-bit halves, the high word times 0x1b3, and the low word shifted
   into the high one for the 2^40.  */
static inline uint64_t
mip_hash_multiply_32 (uint64_t hash)
{
  uint32_t low = (uint32_t) hash, high = (uint32_t) (hash >> 32);
  uint32_t p0 = (low & 0xffffu) * 0x1b3u, p1 = (low >> 16) * 0x1b3u;
  uint32_t product_low = p0 + (p1 << 16);
  uint32_t product_high = high * 0x1b3u + (p1 >> 16)
			  + (uint32_t) (product_low < p0) + (low << 8);
  return ((uint64_t) product_high << 32) | product_low;
}

/* HASH times the FNV prime.  Armv6-M (Cortex-M0, M0+, M1) multiplies
   only 32 x 32 -> 32 bits: a 64-bit product there is libgcc's
   __aeabi_lmul, which a firmware's runtime then has to carry.  */
static inline uint64_t
mip_hash_multiply (uint64_t hash)
{
#if defined(__ARM_ARCH_6M__)
  return mip_hash_multiply_32 (hash);
#else
  return hash * 0x100000001b3ull;
#endif
}

static inline uint64_t
mip_hash_bytes (uint64_t hash, const void *data, uint64_t size)
{
  const unsigned char *p = (const unsigned char *) data;
  uint64_t i;
  for (i = 0; i < size; i++)
    {
      hash ^= p[i];
      hash = mip_hash_multiply (hash);
    }
  return hash;
}

/* Hash a value as 8 little-endian bytes, whatever the host.  (Shifting
   by 8 each time, not by 8 * i: a 64-bit shift by a variable is a libgcc
   call on 32-bit Arm.)  */
static inline uint64_t
mip_hash_u64 (uint64_t hash, uint64_t value)
{
  int i;
  for (i = 0; i < 8; i++, value >>= 8)
    {
      hash ^= value & 0xff;
      hash = mip_hash_multiply (hash);
    }
  return hash;
}

/* The build id: the hash of every unit hash in section order.  The runtime
   computes it from __mip_raw, mipdata from .debug_mip_map; equal ids mean the
   raw data has exactly the layout the map describes.  */
static inline uint64_t
mip_build_id_add (uint64_t build_id, uint64_t unit_hash)
{
  return mip_hash_u64 (build_id, unit_hash);
}

/* Where each field of a function's raw record lives.  The plugin lays
   records out with this, mipdata reads them with it.

     [CALL_COUNT]  u32          count
     [ORDER]       u32          first-call order
     [CALLERS]     ptr x slots  return addresses (aligned to ptr)
     [FUNCTION_COVERAGE] u8
     [BLOCK_COVERAGE]    u8 x probes
     [BLOCK_COUNT] u64 x probes block counters (aligned to 8; the
				record then is too)

   A record with only byte fields has alignment 1, so the function
   coverage mode costs exactly one byte per function.  */
struct mip_record_layout
{
  uint32_t count_offset;        /* MIP_NO_OFFSET when absent */
  uint32_t order_offset;
  uint32_t callers_offset;
  uint32_t coverage_offset;
  uint32_t blocks_offset;
  uint32_t counters_offset;     /* the block counters: the PROBE_COUNT of
				   the counting mode */
  uint32_t size;
  uint32_t align;
};

/* The call count field holds 0 - count: the entry probe decrements it,
   so the first call borrows (0 -> 0xffffffff) and the probe's one
   conditional jump takes the first-call path, which stamps the order and
   the caller.  After 2^32 - 1 calls the field is 1; the next call makes
   it 0 and the one after borrows again, when the first-call path, seeing
   an order already set, puts it back to 1: the count saturates at
   0xffffffff.  A field of 0 with an order set is that saturated count.  */
static inline uint32_t
mip_decode_call_count (uint32_t stored, uint32_t order)
{
  uint32_t count = 0u - stored;
  if (count == 0 && order != 0)
    count = 0xffffffffu;
  return count;
}

static inline uint32_t
mip_encode_call_count (uint32_t count)
{
  return 0u - count;
}

/* Counts saturate: an addition that would go past the maximum leaves
   it there.  */
static inline uint64_t
mip_saturating_add (uint64_t a, uint64_t b)
{
  return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

/* A value site's record is a Misra-Gries summary with one counter of
   the values its operand took in one run: the candidate VALUE and
   COUNT, with the SUM of the values and the number of CALLS that added
   one, all zero at start.  The instrumented code adds one value X of
   the operand as

     if (X == VALUE) COUNT++;
     else if (COUNT == 0) VALUE = X, COUNT = 1;
     else COUNT--;
     SUM += X;                  (modulo 2^64)
     CALLS++;

   so that of the n values the operand took in the run, a value taken f
   times has f >= COUNT when it is the candidate and f <= (n + COUNT) / 2;
   a value taken more than n / 2 times is the candidate, with
   COUNT >= 2f - n.  COUNT never exceeds n.

   Summaries of this kind do not add up exactly: adding two by the same
   rule gives a candidate that depends on the order.  The profile keeps
   instead, per record, the runs' candidates with the sum of their
   counts (struct mip_profile_value), a sum that does not depend on the
   order, and that is a lower bound again: a value whose pair has count
   C was taken at least C times over the runs.  SUM and CALLS add up
   exactly (saturating in the profile): GCC's profile use takes their
   quotient, the operand's average, to choose how to expand a string
   operation inline.  A record can end with COUNT 0 after CALLS > 0
   (values that cancelled out): it adds its SUM and CALLS, no value.  */

static inline uint32_t
mip_align_up (uint32_t value, uint32_t align)
{
  return (value + align - 1) & ~(align - 1);
}

static inline struct mip_record_layout
mip_record_layout (uint32_t kinds, uint32_t probe_count,
		   uint32_t caller_slots, uint32_t pointer_size)
{
  struct mip_record_layout l;
  uint32_t at = 0;

  l.count_offset = l.order_offset = l.callers_offset = MIP_NO_OFFSET;
  l.coverage_offset = l.blocks_offset = MIP_NO_OFFSET;
  l.counters_offset = MIP_NO_OFFSET;
  l.align = 1;
  if (kinds & (MIP_KIND_CALL_COUNT | MIP_KIND_ORDER))
    l.align = 4;
  if ((kinds & MIP_KIND_CALLERS) && caller_slots)
    l.align = pointer_size;
  if (kinds & MIP_KIND_CALL_COUNT)
    {
      l.count_offset = at;
      at += 4;
    }
  if (kinds & MIP_KIND_ORDER)
    {
      l.order_offset = at;
      at += 4;
    }
  if ((kinds & MIP_KIND_CALLERS) && caller_slots)
    {
      at = mip_align_up (at, pointer_size);
      l.callers_offset = at;
      at += caller_slots * pointer_size;
    }
  if (kinds & MIP_KIND_FUNCTION_COVERAGE)
    {
      l.coverage_offset = at;
      at += 1;
    }
  if ((kinds & MIP_KIND_BLOCK_COVERAGE) && probe_count)
    {
      l.blocks_offset = at;
      at += probe_count;
    }
  if ((kinds & MIP_KIND_BLOCK_COUNT) && probe_count)
    {
      l.align = 8;
      at = mip_align_up (at, 8);
      l.counters_offset = at;
      at += 8 * probe_count;
    }
  l.size = at;
  return l;
}

#ifdef __cplusplus
}
#endif

#endif /* MIP_FORMAT_H */
