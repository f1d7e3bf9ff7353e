/* check_heap.c - unit tests of the heap option's wrappers in libmip,
   without the plugin.

   This program links libmip.a as instrumented programs do and calls the
   wrappers (__mip_heap_malloc...) directly, passing the address of a
   site record of its own, in a hand-made raw unit of the __mip_raw
   section, the way the plugin's rewritten calls pass it: through the
   fourth argument register, or first with regparm (1) on i386 (the
   macros below, written independently of the runtime's).  Each test
   runs in a child process of its own (check's fork mode), so each
   starts with zero counts, an empty table of sampled blocks and
   MIP_HEAP_SAMPLE_BYTES not yet read.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#define _GNU_SOURCE 1

#include <check.h>
#include <errno.h>
#include <malloc.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "mip-format.h"

/* ---- The fake instrumented code ------------------------------------ */

#define SITES 8

/* One raw unit with no function record, then the site records.  */
struct fake_section
{
  struct mip_raw_unit unit;
  struct mip_raw_heap_site sites[SITES];
};

__attribute__ ((section (MIP_RAW_SECTION), used, aligned (8)))
static struct fake_section fake_section = {
  { 0x4845415053495445ull, sizeof (struct fake_section), 0 },
  { { 0 } },
};

static struct mip_raw_heap_site *const site_a = &fake_section.sites[0];
static struct mip_raw_heap_site *const site_b = &fake_section.sites[1];
static struct mip_raw_heap_site *const site_f = &fake_section.sites[2];
static struct mip_raw_heap_site *const site_g = &fake_section.sites[3];
static struct mip_raw_heap_site *const site_h = &fake_section.sites[4];

/* The record offset of SITE, from the section start.  */
static uint32_t
offset_of (const struct mip_raw_heap_site *site)
{
  return (uint32_t) ((const unsigned char *) site
		     - (const unsigned char *) &fake_section);
}

/* ---- Calling the wrappers as instrumented code does ---------------- */

#define WRAPPER_NAME(symbol) __asm__ (MIP_HEAP_WRAPPER_PREFIX symbol)

#if defined __i386__
#define DECLARE1(type, name, symbol, t1) \
  extern __attribute__ ((regparm (1))) type name \
    (struct mip_raw_heap_site *, t1) WRAPPER_NAME (symbol)
#define DECLARE2(type, name, symbol, t1, t2) \
  extern __attribute__ ((regparm (1))) type name \
    (struct mip_raw_heap_site *, t1, t2) WRAPPER_NAME (symbol)
#define DECLARE3(type, name, symbol, t1, t2, t3) \
  extern __attribute__ ((regparm (1))) type name \
    (struct mip_raw_heap_site *, t1, t2, t3) WRAPPER_NAME (symbol)
#define CALL1(f, site, a) f (site, a)
#define CALL2(f, site, a, b) f (site, a, b)
#define CALL3(f, site, a, b, c) f (site, a, b, c)
#else
/* The site in the fourth argument register: the arguments padded.  */
#define DECLARE1(type, name, symbol, t1) \
  extern type name (t1, uintptr_t, uintptr_t, struct mip_raw_heap_site *) \
    WRAPPER_NAME (symbol)
#define DECLARE2(type, name, symbol, t1, t2) \
  extern type name (t1, t2, uintptr_t, struct mip_raw_heap_site *) \
    WRAPPER_NAME (symbol)
#define DECLARE3(type, name, symbol, t1, t2, t3) \
  extern type name (t1, t2, t3, struct mip_raw_heap_site *) \
    WRAPPER_NAME (symbol)
#define CALL1(f, site, a) f (a, 0, 0, site)
#define CALL2(f, site, a, b) f (a, b, 0, site)
#define CALL3(f, site, a, b, c) f (a, b, c, site)
#endif

DECLARE1 (void *, w_malloc, "malloc", size_t);
DECLARE2 (void *, w_calloc, "calloc", size_t, size_t);
DECLARE2 (void *, w_realloc, "realloc", void *, size_t);
DECLARE3 (void *, w_reallocarray, "reallocarray", void *, size_t, size_t);
DECLARE2 (void *, w_aligned_alloc, "aligned_alloc", size_t, size_t);
DECLARE3 (int, w_posix_memalign, "posix_memalign", void **, size_t,
	  size_t);
DECLARE2 (void *, w_memalign, "memalign", size_t, size_t);
DECLARE1 (void *, w_valloc, "valloc", size_t);
DECLARE1 (void *, w_pvalloc, "pvalloc", size_t);
DECLARE1 (void, w_free, "free", void *);
DECLARE1 (char *, w_strdup, "strdup", const char *);
DECLARE2 (char *, w_strndup, "strndup", const char *, size_t);
DECLARE1 (char *, w___strdup, "__strdup", const char *);
DECLARE2 (char *, w___strndup, "__strndup", const char *, size_t);

/* A size no allocation can get, beyond PTRDIFF_MAX on 32-bit targets
   too (and that wraps nothing).  */
#define TOO_BIG (SIZE_MAX - 65536)

static void
expect_counts (const struct mip_raw_heap_site *site, uint64_t count,
	       uint64_t bytes, uint64_t max_bytes, uint64_t null_count)
{
  ck_assert_uint_eq (site->count, count);
  ck_assert_uint_eq (site->bytes, bytes);
  ck_assert_uint_eq (site->max_bytes, max_bytes);
  ck_assert_uint_eq (site->null_count, null_count);
}

static void
sample_every_byte (void)
{
  ck_assert_int_eq (setenv (MIP_HEAP_SAMPLE_ENV, "1", 1), 0);
}

/* ---- Counts -------------------------------------------------------- */

START_TEST (test_malloc_and_free_counts)
{
  void *p[3];

  p[0] = CALL1 (w_malloc, site_a, 10);
  p[1] = CALL1 (w_malloc, site_a, 100);
  p[2] = CALL1 (w_malloc, site_a, 50);
  ck_assert (p[0] != NULL && p[1] != NULL && p[2] != NULL);
  errno = EDOM;
  ck_assert_ptr_null (CALL1 (w_malloc, site_a, TOO_BIG));
  ck_assert_int_eq (errno, ENOMEM);
  expect_counts (site_a, 3, 160, 100, 1);
  CALL1 (w_free, site_f, p[0]);
  CALL1 (w_free, site_f, p[1]);
  CALL1 (w_free, site_f, NULL);
  CALL1 (w_free, site_f, p[2]);
  expect_counts (site_f, 3, 0, 0, 1);
  ck_assert_uint_eq (site_f->sampled, 0);
}
END_TEST

START_TEST (test_calloc_counts_the_product)
{
  void *p = CALL2 (w_calloc, site_a, 4, 25);

  ck_assert_ptr_nonnull (p);
  ck_assert_uint_eq (((unsigned char *) p)[99], 0);
  ck_assert_ptr_null (CALL2 (w_calloc, site_a, SIZE_MAX, 2));
  expect_counts (site_a, 1, 100, 100, 1);
  CALL1 (w_free, site_f, p);
}
END_TEST

START_TEST (test_realloc_chain)
{
  void *p = CALL2 (w_realloc, site_a, NULL, 10);
  void *q;

  ck_assert_ptr_nonnull (p);
  p = CALL2 (w_realloc, site_a, p, 100);
  p = CALL2 (w_realloc, site_a, p, 1000);
  ck_assert_ptr_nonnull (p);
  expect_counts (site_a, 3, 1110, 1000, 0);
  /* A failure keeps the block.  */
  errno = 0;
  ck_assert_ptr_null (CALL2 (w_realloc, site_a, p, TOO_BIG));
  ck_assert_int_eq (errno, ENOMEM);
  expect_counts (site_a, 3, 1110, 1000, 1);
  q = CALL3 (w_reallocarray, site_b, NULL, 3, 4);
  ck_assert_ptr_nonnull (q);
  ck_assert_ptr_null (CALL3 (w_reallocarray, site_b, q, SIZE_MAX, 4));
  q = CALL3 (w_reallocarray, site_b, q, 5, 4);
  expect_counts (site_b, 2, 32, 20, 1);
  CALL1 (w_free, site_f, q);
  /* glibc's realloc to 0 bytes frees the block and returns NULL.  */
  ck_assert_ptr_null (CALL2 (w_realloc, site_a, p, 0));
  expect_counts (site_a, 3, 1110, 1000, 2);
}
END_TEST

START_TEST (test_aligned_allocations)
{
  void *p = NULL, *blocks[4];
  int i;

  ck_assert_int_eq (CALL3 (w_posix_memalign, site_a, &p, 64, 200), 0);
  ck_assert_ptr_nonnull (p);
  ck_assert_uint_eq ((uintptr_t) p % 64, 0);
  /* Not a power of two: EINVAL, *memptr untouched, a failure.  */
  ck_assert_int_eq (CALL3 (w_posix_memalign, site_a, &p, 24, 8), EINVAL);
  ck_assert_int_eq (CALL3 (w_posix_memalign, site_a, &p, 64, TOO_BIG),
		    ENOMEM);
  expect_counts (site_a, 1, 200, 200, 2);
  blocks[0] = CALL2 (w_aligned_alloc, site_b, 32, 64);
  blocks[1] = CALL2 (w_memalign, site_b, 128, 10);
  blocks[2] = CALL1 (w_valloc, site_b, 20);
  blocks[3] = CALL1 (w_pvalloc, site_b, 30);
  for (i = 0; i < 4; i++)
    {
      ck_assert_ptr_nonnull (blocks[i]);
      CALL1 (w_free, site_f, blocks[i]);
    }
  expect_counts (site_b, 4, 124, 64, 0);
  CALL1 (w_free, site_f, p);
  expect_counts (site_f, 5, 0, 0, 0);
}
END_TEST

START_TEST (test_string_copies)
{
  char *copies[4];
  int i;

  copies[0] = CALL1 (w_strdup, site_a, "hello");
  copies[1] = CALL2 (w_strndup, site_a, "hello", 3);
  copies[2] = CALL1 (w___strdup, site_a, "a longer string");
  copies[3] = CALL2 (w___strndup, site_a, "hi", 10);
  ck_assert_str_eq (copies[0], "hello");
  ck_assert_str_eq (copies[1], "hel");
  ck_assert_str_eq (copies[2], "a longer string");
  ck_assert_str_eq (copies[3], "hi");
  expect_counts (site_a, 4, 6 + 4 + 16 + 3, 16, 0);
  for (i = 0; i < 4; i++)
    CALL1 (w_free, site_f, copies[i]);
}
END_TEST

/* ---- Sampling ------------------------------------------------------ */

START_TEST (test_every_block_sampled)
{
  void *p[5];
  int i;

  sample_every_byte ();
  for (i = 0; i < 5; i++)
    p[i] = CALL1 (w_malloc, site_a, 10 * (i + 1));
  ck_assert_uint_eq (site_a->sampled, 5);
  ck_assert_uint_eq (site_a->sampled_bytes, 150);
  for (i = 0; i < 3; i++)
    CALL1 (w_free, site_f, p[i]);
  ck_assert_uint_eq (site_a->freed, 3);
  ck_assert_uint_eq (site_a->freed_bytes, 60);
  ck_assert_uint_gt (site_a->lifetime, 0);
  ck_assert_uint_eq (site_a->freed_by_0, offset_of (site_f));
  ck_assert_uint_eq (site_a->freed_by_count_0, 3);
  ck_assert_uint_eq (site_a->freed_by_1, 0);
  ck_assert_uint_eq (site_f->count, 3);
  ck_assert_uint_eq (site_f->sampled, 3);
  ck_assert_uint_eq (site_f->sampled_bytes, 60);
  ck_assert_uint_eq (site_f->lifetime, site_a->lifetime);
  /* Live at the end: sampled - freed.  */
  ck_assert_uint_eq (site_a->sampled - site_a->freed, 2);
  /* A second freeing site takes the second slot, a third none.  */
  CALL1 (w_free, site_g, p[3]);
  CALL1 (w_free, site_h, p[4]);
  ck_assert_uint_eq (site_a->freed, 5);
  ck_assert_uint_eq (site_a->freed_bytes, 150);
  ck_assert_uint_eq (site_a->freed_by_1, offset_of (site_g));
  ck_assert_uint_eq (site_a->freed_by_count_1, 1);
  ck_assert_uint_eq (site_a->freed_by_count_0
		     + site_a->freed_by_count_1, site_a->freed - 1);
  ck_assert_uint_eq (site_h->sampled, 1);
  ck_assert_uint_eq (site_h->sampled_bytes, 50);
  ck_assert_uint_eq (site_a->lifetime,
		     site_f->lifetime + site_g->lifetime + site_h->lifetime);
}
END_TEST

START_TEST (test_realloc_frees_in_the_allocation_site_only)
{
  void *p, *q;

  sample_every_byte ();
  p = CALL1 (w_malloc, site_a, 40);
  q = CALL2 (w_realloc, site_b, p, 4000);
  ck_assert_ptr_nonnull (q);
  ck_assert_uint_eq (site_a->freed, 1);
  ck_assert_uint_eq (site_a->freed_bytes, 40);
  ck_assert_uint_eq (site_a->freed_by_0, offset_of (site_b));
  ck_assert_uint_eq (site_a->freed_by_count_0, 1);
  /* The realloc site counts its own new block, not the old one.  */
  expect_counts (site_b, 1, 4000, 4000, 0);
  ck_assert_uint_eq (site_b->sampled, 1);
  ck_assert_uint_eq (site_b->sampled_bytes, 4000);
  ck_assert_uint_eq (site_b->lifetime, 0);
  /* A failed realloc keeps the block sampled; one to 0 bytes frees it.  */
  ck_assert_ptr_null (CALL2 (w_realloc, site_b, q, TOO_BIG));
  ck_assert_uint_eq (site_b->freed, 0);
  ck_assert_ptr_null (CALL2 (w_realloc, site_g, q, 0));
  ck_assert_uint_eq (site_b->freed, 1);
  ck_assert_uint_eq (site_b->freed_bytes, 4000);
  ck_assert_uint_eq (site_b->freed_by_0, offset_of (site_g));
  expect_counts (site_g, 0, 0, 0, 1);
}
END_TEST

START_TEST (test_default_period)
{
  void *p;
  int i;

  unsetenv (MIP_HEAP_SAMPLE_ENV);
  /* 200 blocks of 1000 bytes hold bytes 65536, 131072 and 196608.  */
  for (i = 0; i < 200; i++)
    {
      p = CALL1 (w_malloc, site_a, 1000);
      CALL1 (w_free, site_f, p);
      if (i == 64)
	ck_assert_uint_eq (site_a->sampled, 0);
      if (i == 65)
	ck_assert_uint_eq (site_a->sampled, 1);
    }
  ck_assert_uint_eq (MIP_HEAP_DEFAULT_SAMPLE_BYTES, 65536);
  ck_assert_uint_eq (site_a->sampled, 3);
  ck_assert_uint_eq (site_a->freed, 3);
  ck_assert_uint_eq (site_f->sampled, 3);
}
END_TEST

START_TEST (test_period_from_environment)
{
  void *p;
  int i;

  ck_assert_int_eq (setenv (MIP_HEAP_SAMPLE_ENV, "300", 1), 0);
  /* Bytes 300, 600, ... 3000 of ten blocks of 300 bytes.  */
  for (i = 0; i < 10; i++)
    {
      p = CALL1 (w_malloc, site_a, 300);
      CALL1 (w_free, site_f, p);
    }
  ck_assert_uint_eq (site_a->sampled, 10);
  /* A block of 1000 bytes holds 3 or 4 sampled bytes: one sample.  */
  p = CALL1 (w_malloc, site_a, 1000);
  ck_assert_uint_eq (site_a->sampled, 11);
  CALL1 (w_free, site_f, p);
}
END_TEST

/* Run FUNCTION in a child whose stderr goes to a file; return what it
   wrote there (a static buffer).  The child exits with exit (0).  */
static const char *
stderr_of_child (void (*function) (void))
{
  static char text[512];
  char name[] = "check-heap-stderr.XXXXXX";
  int fd = mkstemp (name), status;
  ssize_t size;
  pid_t pid;

  ck_assert_int_ge (fd, 0);
  unlink (name);
  pid = fork ();
  ck_assert_int_ge (pid, 0);
  if (pid == 0)
    {
      dup2 (fd, STDERR_FILENO);
      function ();
      exit (0);
    }
  ck_assert_int_eq (waitpid (pid, &status, 0), pid);
  ck_assert (WIFEXITED (status) && WEXITSTATUS (status) == 0);
  size = pread (fd, text, sizeof text - 1, 0);
  close (fd);
  text[size > 0 ? size : 0] = '\0';
  return text;
}

static void
allocate_with_bad_period (void)
{
  CALL1 (w_free, site_f, CALL1 (w_malloc, site_a, 100));
  CALL1 (w_free, site_f, CALL1 (w_malloc, site_a, 100));
}

START_TEST (test_bad_period_is_refused_once)
{
  const char *text;

  ck_assert_int_eq (setenv (MIP_HEAP_SAMPLE_ENV, "12k", 1), 0);
  text = stderr_of_child (allocate_with_bad_period);
  ck_assert_str_eq (text, "mip: MIP_HEAP_SAMPLE_BYTES='12k' is not a"
		    " positive number of bytes; sampling one byte in"
		    " 65536\n");
  ck_assert_int_eq (setenv (MIP_HEAP_SAMPLE_ENV, "0", 1), 0);
  text = stderr_of_child (allocate_with_bad_period);
  ck_assert_ptr_nonnull (strstr (text, "='0' is not"));
}
END_TEST

#define KEPT_BLOCKS 9000
static void *kept[KEPT_BLOCKS];

static void
fill_the_table (void)
{
  int i;

  for (i = 0; i < KEPT_BLOCKS; i++)
    kept[i] = CALL1 (w_malloc, site_a, 8);
  /* What was tracked, in the exit status's stead: on stdout.  */
  printf ("%llu\n", (unsigned long long) site_a->sampled);
  fflush (stdout);
}

START_TEST (test_full_table_is_reported_at_exit)
{
  const char *text;
  char expected[128];
  unsigned long long tracked;
  FILE *out;
  int saved_stdout = dup (STDOUT_FILENO);

  sample_every_byte ();
  out = tmpfile ();
  ck_assert_ptr_nonnull (out);
  dup2 (fileno (out), STDOUT_FILENO);
  text = stderr_of_child (fill_the_table);
  dup2 (saved_stdout, STDOUT_FILENO);
  rewind (out);
  ck_assert_int_eq (fscanf (out, "%llu", &tracked), 1);
  fclose (out);
  ck_assert_uint_gt (tracked, 4000);
  ck_assert_uint_lt (tracked, KEPT_BLOCKS);
  snprintf (expected, sizeof expected, "mip: %llu sampled allocations were"
	    " not tracked: the table is full\n", KEPT_BLOCKS - tracked);
  ck_assert_str_eq (text, expected);
}
END_TEST

START_TEST (test_errno_kept)
{
  void *p;

  sample_every_byte ();
  errno = EDOM;
  p = CALL1 (w_malloc, site_a, 10);
  ck_assert_int_eq (errno, EDOM);
  p = CALL2 (w_realloc, site_a, p, 20);
  ck_assert_int_eq (errno, EDOM);
  CALL1 (w_free, site_f, p);
  ck_assert_int_eq (errno, EDOM);
  ck_assert_uint_eq (site_a->freed, 2);
}
END_TEST

/* ---- Threads and fork ---------------------------------------------- */

#define THREADS 4
#define ROUNDS 10000

static void *
allocate_and_free (void *unused)
{
  int i;

  (void) unused;
  for (i = 0; i < ROUNDS; i++)
    {
      void *p = CALL1 (w_malloc, site_a, 16 + i % 64);

      CALL1 (w_free, site_f, p);
    }
  return NULL;
}

static void
run_threads (void)
{
  pthread_t threads[THREADS];
  int i;

  for (i = 0; i < THREADS; i++)
    ck_assert_int_eq (pthread_create (&threads[i], NULL, allocate_and_free,
				      NULL), 0);
  for (i = 0; i < THREADS; i++)
    ck_assert_int_eq (pthread_join (threads[i], NULL), 0);
}

/* The counts are exact where 8-byte atomics are lock-free (x86-64,
   i386, AArch64, ARMv7); elsewhere (ARMv5) concurrent updates may be
   lost, as the runtime documents, and only the 32-bit freed_by counts
   (atomic everywhere) are exact.  */
#if __GCC_ATOMIC_LLONG_LOCK_FREE == 2
#define EXACT_UNDER_THREADS 1
#else
#define EXACT_UNDER_THREADS 0
#endif

START_TEST (test_threads_count_exactly)
{
  uint64_t bytes = 0;
  int i;

  for (i = 0; i < ROUNDS; i++)
    bytes += 16 + i % 64;
  run_threads ();
  if (!EXACT_UNDER_THREADS)
    {
      ck_assert_uint_le (site_a->count, THREADS * ROUNDS);
      ck_assert_uint_gt (site_a->count, 0);
      return;
    }
  expect_counts (site_a, THREADS * ROUNDS, THREADS * bytes, 16 + 63, 0);
  expect_counts (site_f, THREADS * ROUNDS, 0, 0, 0);
}
END_TEST

START_TEST (test_threads_sample_every_block)
{
  sample_every_byte ();
  run_threads ();
  ck_assert_uint_eq (site_a->freed_by_count_0, THREADS * ROUNDS);
  if (!EXACT_UNDER_THREADS)
    return;
  ck_assert_uint_eq (site_a->count, THREADS * ROUNDS);
  ck_assert_uint_eq (site_a->sampled, THREADS * ROUNDS);
  ck_assert_uint_eq (site_a->freed, THREADS * ROUNDS);
  ck_assert_uint_eq (site_f->sampled, THREADS * ROUNDS);
  ck_assert_uint_eq (site_a->freed_bytes, site_a->sampled_bytes);
}
END_TEST

/* The full mode's fork handler (this program links it, as any program
   linked with -lmip before its objects does) resets the child's
   counters: the blocks sampled before the fork are forgotten there, and
   the parent still counts them.  */
START_TEST (test_fork)
{
  void *before, *in_child;
  int status;
  pid_t pid;

  sample_every_byte ();
  before = CALL1 (w_malloc, site_a, 64);
  ck_assert_uint_eq (site_a->sampled, 1);
  pid = fork ();
  ck_assert_int_ge (pid, 0);
  if (pid == 0)
    {
      int ok = site_a->count == 0 && site_a->sampled == 0;

      CALL1 (w_free, site_f, before);
      ok = ok && site_f->count == 1 && site_f->sampled == 0
	   && site_a->freed == 0;
      in_child = CALL1 (w_malloc, site_a, 32);
      CALL1 (w_free, site_f, in_child);
      ok = ok && site_a->sampled == 1 && site_a->freed == 1
	   && site_a->freed_bytes == 32;
      _exit (ok ? 0 : 1);
    }
  ck_assert_int_eq (waitpid (pid, &status, 0), pid);
  ck_assert (WIFEXITED (status));
  ck_assert_int_eq (WEXITSTATUS (status), 0);
  CALL1 (w_free, site_f, before);
  ck_assert_uint_eq (site_a->freed, 1);
  ck_assert_uint_eq (site_a->freed_bytes, 64);
  ck_assert_uint_eq (site_f->sampled, 1);
}
END_TEST

static Suite *
heap_suite (void)
{
  Suite *suite = suite_create ("heap");
  TCase *counts = tcase_create ("counts");
  TCase *sampling = tcase_create ("sampling");
  TCase *threads = tcase_create ("threads");

  tcase_add_test (counts, test_malloc_and_free_counts);
  tcase_add_test (counts, test_calloc_counts_the_product);
  tcase_add_test (counts, test_realloc_chain);
  tcase_add_test (counts, test_aligned_allocations);
  tcase_add_test (counts, test_string_copies);
  suite_add_tcase (suite, counts);
  tcase_add_test (sampling, test_every_block_sampled);
  tcase_add_test (sampling, test_realloc_frees_in_the_allocation_site_only);
  tcase_add_test (sampling, test_default_period);
  tcase_add_test (sampling, test_period_from_environment);
  tcase_add_test (sampling, test_bad_period_is_refused_once);
  tcase_add_test (sampling, test_full_table_is_reported_at_exit);
  tcase_add_test (sampling, test_errno_kept);
  suite_add_tcase (suite, sampling);
  tcase_add_test (threads, test_threads_count_exactly);
  tcase_add_test (threads, test_threads_sample_every_block);
  tcase_add_test (threads, test_fork);
  tcase_set_timeout (threads, 60);
  suite_add_tcase (suite, threads);
  return suite;
}

int
main (void)
{
  SRunner *runner;
  int failed;

  /* The dumps at exit of the test processes go nowhere.  */
  setenv ("MIP_PROFILE_FILENAME", "/dev/null", 1);
  runner = srunner_create (heap_suite ());
  srunner_set_fork_status (runner, CK_FORK);
  srunner_run_all (runner, CK_NORMAL);
  failed = srunner_ntests_failed (runner);
  srunner_free (runner);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
