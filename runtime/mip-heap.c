/* mip-heap.c - the heap option's C part of libmip: the wrappers of the
   C allocation functions, the counts of allocation sites, the sampling
   of blocks and the table of the sampled blocks still alive.

   A member of its own (mip-libmip-heap.c), linked by the programs whose
   instrumented code calls a wrapper; the C++ operators' wrappers are
   another member (mip-libmip-heap-cxx.c), so a C program never needs
   libstdc++.  POSIX only: the freestanding (firmware) runtime has no
   heap wrappers, and a unit built with the heap option does not link
   there.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Each wrapper (see mip-heap.h for how the site's record arrives) calls
   the real function and counts the call in the site's record, as the
   fields of struct mip_raw_heap_site (lib/mip-format.inc) say.  The
   counts are relaxed atomic additions where the target has lock-free
   8-byte atomics; elsewhere (ARM before v6K, e.g. arm-linux-gnueabi's
   default armv5te) plain additions, so that concurrent calls may lose
   counts there, as every counter does without -fplugin-arg-mip-atomic.

   Sampling: one byte in MIP_HEAP_SAMPLE_BYTES (the environment
   variable, read at the first sample, or MIP_HEAP_DEFAULT_SAMPLE_BYTES)
   picks the block that holds it.  Each thread counts down the bytes to
   its next sampled byte in a thread-local variable, so the fast path
   has no atomic operation.  A sampled block goes into a fixed table in
   .bss, open-addressed, whose slots are claimed with compare-and-swap
   and freed with a tombstone: no lock anywhere, so a signal handler, a
   thread or a fork child never waits for one.  Every free looks its
   pointer up in the table, unless the table holds no block at all.  A
   sampled block found there is counted as freed in its allocation
   site's record (freed, freed_bytes, lifetime, and freed_by_0/1 for the
   freeing site) and, at a free site, in the freeing site's (sampled,
   sampled_bytes, lifetime).

   Nothing here allocates, aborts or leaves errno changed: the few calls
   that could set it after the real call (clock_gettime, getenv, the
   messages) are on the sampled path, which saves and restores it.  */

#include "mip-heap.h"

#if MIP_PLATFORM_POSIX

#include <errno.h>
#include <malloc.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The bounds of the module's __mip_raw section: a site's record is
   named by its offset from the start, as the dump's data and the
   caller samples (mip-first-call.c) name records.  */
extern unsigned char __start___mip_raw[] MIP_WEAK MIP_HIDDEN;
extern unsigned char __stop___mip_raw[] MIP_WEAK MIP_HIDDEN;

/* The offset of SITE's record from the section start, or 0 (no record
   is at offset 0: a raw unit's header is) when it is not in this
   module's section.  */
static uint32_t
site_offset (const struct mip_raw_heap_site *site)
{
  const unsigned char *record = (const unsigned char *) site;

  if (record < __start___mip_raw || record >= __stop___mip_raw
      || __start___mip_raw == NULL)
    return 0;
  return (uint32_t) (record - __start___mip_raw);
}

static struct mip_raw_heap_site *
site_at (uint32_t offset)
{
  return (struct mip_raw_heap_site *) (void *) (__start___mip_raw + offset);
}

/* ---- Counting ------------------------------------------------------ */

#if __GCC_ATOMIC_LLONG_LOCK_FREE == 2
#define MIP_HEAP_ATOMIC_COUNTS 1
#else
#define MIP_HEAP_ATOMIC_COUNTS 0
#endif

#define MIP_HEAP_INLINE static inline __attribute__ ((always_inline))

MIP_HEAP_INLINE void
add_count (uint64_t *field, uint64_t value)
{
#if MIP_HEAP_ATOMIC_COUNTS
  __atomic_fetch_add (field, value, __ATOMIC_RELAXED);
#else
  *field += value;
#endif
}

/* FIELD = max (FIELD, VALUE).  */
MIP_HEAP_INLINE void
raise_max (uint64_t *field, uint64_t value)
{
#if MIP_HEAP_ATOMIC_COUNTS
  uint64_t old = __atomic_load_n (field, __ATOMIC_RELAXED);

  while (value > old
	 && !__atomic_compare_exchange_n (field, &old, value, 1,
					  __ATOMIC_RELAXED, __ATOMIC_RELAXED))
    ;
#else
  if (value > *field)
    *field = value;
#endif
}

/* ---- The sampling period ------------------------------------------- */

/* Bytes per sample; 0 until the environment has been read.  */
static size_t sample_period_bytes;
/* Set once a bad MIP_HEAP_SAMPLE_BYTES has been reported.  */
static int bad_period_reported;

/* TEXT as a positive decimal number of bytes, or 0 when it is none.  */
static size_t
parse_sample_bytes (const char *text)
{
  size_t value = 0;

  if (*text == '\0')
    return 0;
  for (; *text != '\0'; text++)
    {
      unsigned digit = (unsigned) (*text - '0');

      if (digit > 9 || value > (SIZE_MAX - digit) / 10)
	return 0;
      value = value * 10 + digit;
    }
  return value;
}

/* VALUE in decimal into BUFFER (24 bytes).  */
static const char *
decimal (uint64_t value, char *buffer)
{
  char *p = buffer + 23;

  *p = '\0';
  do
    *--p = (char) ('0' + value % 10);
  while ((value /= 10) != 0);
  return p;
}

/* Read MIP_HEAP_SAMPLE_ENV; the first thread that finds a bad value
   says so.  Threads racing here all read the same value.  */
static __attribute__ ((noinline, cold)) size_t
read_sample_period (void)
{
  const char *text = mip_platform_getenv (MIP_HEAP_SAMPLE_ENV, NULL);
  size_t period = MIP_HEAP_DEFAULT_SAMPLE_BYTES;

  if (text != NULL)
    {
      size_t value = parse_sample_bytes (text);

      if (value != 0)
	period = value;
      else if (!__atomic_exchange_n (&bad_period_reported, 1,
				     __ATOMIC_RELAXED))
	{
	  char number[24];

	  mip_report (MIP_HEAP_SAMPLE_ENV "='", text,
		      "' is not a positive number of bytes; sampling one"
		      " byte in ", decimal (period, number));
	}
    }
  __atomic_store_n (&sample_period_bytes, period, __ATOMIC_RELAXED);
  return period;
}

static size_t
sample_period (void)
{
  size_t period = __atomic_load_n (&sample_period_bytes, __ATOMIC_RELAXED);

  return period != 0 ? period : read_sample_period ();
}

/* Bytes this thread allocates before its next sampled byte, that one
   included; 0 before its first allocation.  initial-exec: one
   thread-pointer-relative load, no __tls_get_addr call, in a shared
   object too (8 bytes of the static TLS surplus when it is dlopened).  */
static __thread size_t bytes_to_sample
  __attribute__ ((tls_model ("initial-exec")));

/* Whether a block of SIZE bytes (an empty one counts as one byte, so
   that a period of 1 samples every allocation) holds this thread's
   next sampled byte; moves the countdown past it.  */
MIP_HEAP_INLINE int
picks_sample (size_t size)
{
  size_t left = bytes_to_sample, period;

  if (size == 0)
    size = 1;
  if (size < left)
    {
      bytes_to_sample = left - size;
      return 0;
    }
  period = sample_period ();
  if (left == 0)
    {
      /* The thread's first allocation: its first sampled byte is the
	 period's last.  */
      left = period;
      if (size < left)
	{
	  bytes_to_sample = left - size;
	  return 0;
	}
    }
  /* Sampled bytes are PERIOD apart: the next is past this block.  */
  bytes_to_sample = period - (size - left) % period;
  return 1;
}

/* ---- The table of sampled blocks ------------------------------------ */

/* A power of two.  256 KB of .bss on 64-bit targets (pages the program
   never samples into are never touched).  */
#define MIP_HEAP_TABLE_SLOTS 8192u
/* How far from its home slot a block may be: bounds the cost of a
   lookup that finds nothing (most frees) to a few cache lines.  */
#define MIP_HEAP_PROBE_LIMIT 16u

/* Slot keys besides block addresses: no block starts at address 1.  */
#define MIP_HEAP_KEY_EMPTY ((uintptr_t) 0)
#define MIP_HEAP_KEY_REMOVED ((uintptr_t) 1)

struct sampled_block
{
  uintptr_t key;            /* the block's address, or a key above */
  uint32_t site;            /* offset of its allocation site's record */
  uint32_t generation;      /* table_generation when it was sampled */
  uint64_t size;            /* bytes asked for */
  uint64_t start;           /* CLOCK_MONOTONIC nanoseconds at sampling */
};

static struct sampled_block sampled_blocks[MIP_HEAP_TABLE_SLOTS];
/* Slots holding a block: while 0, a free looks nothing up.  */
static uintptr_t live_blocks;
/* Sampled blocks that found no slot, reported at exit.  */
static uintptr_t untracked_blocks;
/* Blocks of an older generation were sampled before the counters were
   reset (__mip_reset, and the reset of a fork child): they are dropped
   uncounted when found.  */
static uint32_t table_generation;

static uint64_t
now_ns (void)
{
  struct timespec now;

  if (clock_gettime (CLOCK_MONOTONIC, &now) != 0)
    return 0;
  return (uint64_t) now.tv_sec * 1000000000u + (uint64_t) now.tv_nsec;
}

/* The home slot of KEY: Fibonacci hashing of the address without its
   alignment bits.  */
static uint32_t
home_slot (uintptr_t key)
{
  uint64_t hash = (uint64_t) (key >> 4) * 0x9e3779b97f4a7c15u;

  return (uint32_t) (hash >> 51);
}

static struct sampled_block *
probe_slot (uint32_t home, uint32_t step)
{
  return &sampled_blocks[(home + step) & (MIP_HEAP_TABLE_SLOTS - 1)];
}

/* Take the block at KEY out of the table: copy its slot into *BLOCK and
   leave a tombstone.  Returns 1 when KEY was a sampled block of the
   current generation.  Only the thread that frees KEY takes it, and it
   does so before the real free: the address cannot be in the table
   twice at once.  */
static int
take_block (uintptr_t key, struct sampled_block *block)
{
  uint32_t home = home_slot (key), step;

  for (step = 0; step < MIP_HEAP_PROBE_LIMIT; step++)
    {
      struct sampled_block *slot = probe_slot (home, step);
      uintptr_t found = __atomic_load_n (&slot->key, __ATOMIC_ACQUIRE);

      if (found == MIP_HEAP_KEY_EMPTY)
	return 0;
      if (found != key)
	continue;
      *block = *slot;
      if (!__atomic_compare_exchange_n (&slot->key, &found,
					MIP_HEAP_KEY_REMOVED, 0,
					__ATOMIC_ACQ_REL, __ATOMIC_RELAXED))
	return 0;
      __atomic_fetch_sub (&live_blocks, 1, __ATOMIC_RELAXED);
      return block->generation
	     == __atomic_load_n (&table_generation, __ATOMIC_RELAXED);
    }
  return 0;
}

/* Count the sampled BLOCK as freed by the site at offset FREER (0:
   unknown) at time NOW, in its allocation site's record.  */
static void
count_block_freed (const struct sampled_block *block, uint32_t freer,
		   uint64_t now)
{
  struct mip_raw_heap_site *site = site_at (block->site);
  uint32_t *slots[2] = { &site->freed_by_0, &site->freed_by_1 };
  uint32_t *counts[2] = { &site->freed_by_count_0, &site->freed_by_count_1 };
  int i;

  add_count (&site->freed, 1);
  add_count (&site->freed_bytes, block->size);
  add_count (&site->lifetime, now > block->start ? now - block->start : 0);
  for (i = 0; freer != 0 && i < 2; i++)
    {
      uint32_t holder = __atomic_load_n (slots[i], __ATOMIC_RELAXED);

      if (holder == 0)
	__atomic_compare_exchange_n (slots[i], &holder, freer, 0,
				     __ATOMIC_RELAXED, __ATOMIC_RELAXED);
      /* Claimed now, by this thread or another, for FREER or not.  */
      holder = __atomic_load_n (slots[i], __ATOMIC_RELAXED);
      if (holder == freer)
	{
	  __atomic_fetch_add (counts[i], 1, __ATOMIC_RELAXED);
	  return;
	}
    }
}

/* A block of the table whose address malloc has handed out again was
   freed where nothing counted it (code that is not instrumented): it
   counts as freed, by an unknown site, with its lifetime up to now.  */
static void
retire_stale_block (struct sampled_block *slot, uintptr_t key, uint64_t now)
{
  struct sampled_block stale = *slot;

  if (!__atomic_compare_exchange_n (&slot->key, &key, MIP_HEAP_KEY_REMOVED, 0,
				    __ATOMIC_ACQ_REL, __ATOMIC_RELAXED))
    return;
  __atomic_fetch_sub (&live_blocks, 1, __ATOMIC_RELAXED);
  if (stale.generation == __atomic_load_n (&table_generation,
					   __ATOMIC_RELAXED))
    count_block_freed (&stale, 0, now);
}

/* Put BLOCK (its key set) into the table.  Returns 0, or -1 when no
   slot within the probe limit of its home is free.  */
static int
track_block (const struct sampled_block *block, uint64_t now)
{
  uint32_t home = home_slot (block->key), step;

  /* A stale slot of the same address, if any, is on the way to the
     first empty slot.  */
  for (step = 0; step < MIP_HEAP_PROBE_LIMIT; step++)
    {
      struct sampled_block *slot = probe_slot (home, step);
      uintptr_t found = __atomic_load_n (&slot->key, __ATOMIC_ACQUIRE);

      if (found == MIP_HEAP_KEY_EMPTY)
	break;
      if (found == block->key)
	retire_stale_block (slot, found, now);
    }
  for (step = 0; step < MIP_HEAP_PROBE_LIMIT; step++)
    {
      struct sampled_block *slot = probe_slot (home, step);
      uintptr_t found = __atomic_load_n (&slot->key, __ATOMIC_RELAXED);

      if ((found == MIP_HEAP_KEY_EMPTY || found == MIP_HEAP_KEY_REMOVED)
	  && __atomic_compare_exchange_n (&slot->key, &found, block->key, 0,
					  __ATOMIC_ACQ_REL,
					  __ATOMIC_RELAXED))
	{
	  /* The block is not the program's yet: no other thread reads
	     the slot before the wrapper returns it.  */
	  slot->site = block->site;
	  slot->generation = block->generation;
	  slot->size = block->size;
	  slot->start = block->start;
	  __atomic_fetch_add (&live_blocks, 1, __ATOMIC_RELAXED);
	  return 0;
	}
    }
  __atomic_fetch_add (&untracked_blocks, 1, __ATOMIC_RELAXED);
  return -1;
}

/* SITE made BLOCK of SIZE bytes, which holds a sampled byte.  A block
   the table cannot hold is not counted as sampled, so that sampled -
   freed is what is still alive.  */
static __attribute__ ((noinline)) void
sample_block (struct mip_raw_heap_site *site, void *block, size_t size)
{
  int saved_errno = errno;
  struct sampled_block entry;

  entry.key = (uintptr_t) block;
  entry.site = site_offset (site);
  entry.generation = __atomic_load_n (&table_generation, __ATOMIC_RELAXED);
  entry.size = size;
  entry.start = now_ns ();
  if (entry.site != 0 && track_block (&entry, entry.start) == 0)
    {
      add_count (&site->sampled, 1);
      add_count (&site->sampled_bytes, size);
    }
  errno = saved_errno;
}

/* The sampled BLOCK was freed by SITE: a free site counts it among its
   own when FREE_SITE (a realloc counts it only in the block's
   allocation site).  */
static __attribute__ ((noinline)) void
count_sampled_free (struct mip_raw_heap_site *site,
		    const struct sampled_block *block, int free_site)
{
  int saved_errno = errno;
  uint64_t now = now_ns ();
  uint64_t lifetime = now > block->start ? now - block->start : 0;

  count_block_freed (block, site_offset (site), now);
  if (free_site)
    {
      add_count (&site->sampled, 1);
      add_count (&site->sampled_bytes, block->size);
      add_count (&site->lifetime, lifetime);
    }
  errno = saved_errno;
}

/* Called by __mip_reset once the counters are back to their initial
   values (after fork too): the blocks sampled before are no longer
   counted anywhere, and their frees must not be either.  One store: the
   table itself is left alone, its old slots are dropped as found.  */
MIP_SHARED void
mip_heap_forget_blocks (void)
{
  __atomic_fetch_add (&table_generation, 1, __ATOMIC_RELAXED);
}

/* Say at exit how many sampled blocks the table could not hold.  */
static MIP_DESTRUCTOR (101) MIP_USED void
report_untracked_blocks (void)
{
  uintptr_t lost = __atomic_load_n (&untracked_blocks, __ATOMIC_RELAXED);
  char number[24];

  if (lost != 0)
    mip_report (decimal (lost, number), " sampled allocations were not"
		" tracked: the table is full", NULL, NULL);
}

/* ---- The recording ------------------------------------------------- */

MIP_SHARED void
mip_heap_count_allocation (struct mip_raw_heap_site *site, void *block,
			   size_t size)
{
  if (block == NULL)
    {
      add_count (&site->null_count, 1);
      return;
    }
  add_count (&site->count, 1);
  add_count (&site->bytes, size);
  raise_max (&site->max_bytes, size);
  if (picks_sample (size))
    sample_block (site, block, size);
}

MIP_SHARED void
mip_heap_count_free (struct mip_raw_heap_site *site, void *block)
{
  struct sampled_block sampled;

  if (block == NULL)
    {
      add_count (&site->null_count, 1);
      return;
    }
  add_count (&site->count, 1);
  if (__atomic_load_n (&live_blocks, __ATOMIC_RELAXED) != 0
      && take_block ((uintptr_t) block, &sampled))
    count_sampled_free (site, &sampled, 1);
}

/* What a realloc found of its old block before the real call.  */
struct old_block
{
  int sampled;
  struct sampled_block entry;
};

static void
take_old_block (void *block, struct old_block *old)
{
  old->sampled = block != NULL
		 && __atomic_load_n (&live_blocks, __ATOMIC_RELAXED) != 0
		 && take_block ((uintptr_t) block, &old->entry);
}

/* A realloc at SITE of a block (OLD, taken out of the table before the
   call) to SIZE bytes returned BLOCK.  A block returned counts as an
   allocation; the old block is freed then, and by a realloc to 0 bytes
   that returns NULL, which counts as a failure (null_count); when any
   other size fails the old block lives on, and goes back into the
   table.  */
static void
count_reallocation (struct mip_raw_heap_site *site, void *block,
		    size_t size, const struct old_block *old)
{
  int freed = block != NULL || size == 0;

  mip_heap_count_allocation (site, block, size);
  if (!old->sampled)
    return;
  if (freed)
    count_sampled_free (site, &old->entry, 0);
  else
    {
      int saved_errno = errno;

      track_block (&old->entry, now_ns ());
      errno = saved_errno;
    }
}

/* ---- The wrappers --------------------------------------------------- */

/* Not in every C library's headers; glibc defines them (the aliases of
   strdup and strndup that its string inlines once called).  Weak, so
   that a C library without them still links: a program that calls them
   has them.  */
extern char *__strdup (const char *string) MIP_WEAK;
extern char *__strndup (const char *string, size_t size) MIP_WEAK;

MIP_HEAP_WRAPPER1 (void *, mip_heap_malloc, "malloc", "malloc",
		   size_t, size)
{
  void *block = malloc (size);

  mip_heap_count_allocation (site, block, size);
  return block;
}

MIP_HEAP_WRAPPER2 (void *, mip_heap_calloc, "calloc", "calloc",
		   size_t, count, size_t, size)
{
  void *block = calloc (count, size);

  /* The product does not wrap when calloc returned a block.  */
  mip_heap_count_allocation (site, block, count * size);
  return block;
}

MIP_HEAP_WRAPPER2 (void *, mip_heap_realloc, "realloc", "realloc",
		   void *, old_block, size_t, size)
{
  struct old_block old;
  void *block;

  take_old_block (old_block, &old);
  block = realloc (old_block, size);
  count_reallocation (site, block, size, &old);
  return block;
}

MIP_HEAP_WRAPPER3 (void *, mip_heap_reallocarray, "reallocarray",
		   "reallocarray", void *, old_block, size_t, count,
		   size_t, size)
{
  struct old_block old;
  size_t bytes;
  void *block;

  /* An overflowing product fails (ENOMEM) and keeps the old block.  */
  if (__builtin_mul_overflow (count, size, &bytes))
    bytes = SIZE_MAX;
  take_old_block (old_block, &old);
  block = reallocarray (old_block, count, size);
  count_reallocation (site, block, bytes, &old);
  return block;
}

MIP_HEAP_WRAPPER2 (void *, mip_heap_aligned_alloc, "aligned_alloc",
		   "aligned_alloc", size_t, alignment, size_t, size)
{
  void *block = aligned_alloc (alignment, size);

  mip_heap_count_allocation (site, block, size);
  return block;
}

MIP_HEAP_WRAPPER3 (int, mip_heap_posix_memalign, "posix_memalign",
		   "posix_memalign", void **, out, size_t, alignment,
		   size_t, size)
{
  int result = posix_memalign (out, alignment, size);

  mip_heap_count_allocation (site, result == 0 ? *out : NULL, size);
  return result;
}

MIP_HEAP_WRAPPER2 (void *, mip_heap_memalign, "memalign", "memalign",
		   size_t, alignment, size_t, size)
{
  void *block = memalign (alignment, size);

  mip_heap_count_allocation (site, block, size);
  return block;
}

MIP_HEAP_WRAPPER1 (void *, mip_heap_valloc, "valloc", "valloc",
		   size_t, size)
{
  void *block = valloc (size);

  mip_heap_count_allocation (site, block, size);
  return block;
}

MIP_HEAP_WRAPPER1 (void *, mip_heap_pvalloc, "pvalloc", "pvalloc",
		   size_t, size)
{
  void *block = pvalloc (size);

  mip_heap_count_allocation (site, block, size);
  return block;
}

MIP_HEAP_WRAPPER1 (void, mip_heap_free, "free", "free", void *, block)
{
  mip_heap_count_free (site, block);
  free (block);
}

/* A copy of a string made by SITE: its bytes are the string's.  */
static char *
count_copy (struct mip_raw_heap_site *site, char *copy)
{
  mip_heap_count_allocation (site, copy,
			     copy != NULL ? strlen (copy) + 1 : 0);
  return copy;
}

MIP_HEAP_WRAPPER1 (char *, mip_heap_strdup, "strdup", "strdup",
		   const char *, string)
{
  return count_copy (site, strdup (string));
}

MIP_HEAP_WRAPPER2 (char *, mip_heap_strndup, "strndup", "strndup",
		   const char *, string, size_t, size)
{
  return count_copy (site, strndup (string, size));
}

MIP_HEAP_WRAPPER1 (char *, mip_heap___strdup, "__strdup", "__strdup",
		   const char *, string)
{
  return count_copy (site, __strdup != NULL ? __strdup (string)
					    : strdup (string));
}

MIP_HEAP_WRAPPER2 (char *, mip_heap___strndup, "__strndup", "__strndup",
		   const char *, string, size_t, size)
{
  return count_copy (site, __strndup != NULL ? __strndup (string, size)
					     : strndup (string, size));
}

#endif /* MIP_PLATFORM_POSIX */
