// check_heap_cxx.cc - the heap option's wrappers of operators new and
// delete in libmip: counted as the C ones are, and an exception thrown
// by operator new goes through its wrapper to the caller, with nothing
// counted.
//
// Calls the wrappers as instrumented code does (see check_heap.c), with
// site records of its own in a hand-made raw unit of __mip_raw.  Exits
// 0 when every check passes; prints the first that fails.
//
// Copyright (C) 2026 The MIP for GCC developers.
// SPDX-License-Identifier: GPL-3.0-or-later

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <new>

#include "mip-format.h"

namespace
{

struct fake_section
{
  mip_raw_unit unit;
  mip_raw_heap_site sites[4];
};

__attribute__ ((section (MIP_RAW_SECTION), used, aligned (8)))
fake_section fake = { { 0x4845415043585858ull, sizeof (fake_section), 0 },
		      {} };

mip_raw_heap_site *const site_new = &fake.sites[0];
mip_raw_heap_site *const site_delete = &fake.sites[1];

int failures;

void
check (bool ok, const char *what, int line)
{
  if (!ok)
    {
      std::fprintf (stderr, "check_heap_cxx.cc:%d: FAIL: %s\n", line, what);
      failures++;
    }
}
#define CHECK(condition) check ((condition), #condition, __LINE__)

} // namespace

#if __SIZEOF_SIZE_T__ == 8
#define SIZE_SYMBOL(s64, s32) s64
#else
#define SIZE_SYMBOL(s64, s32) s32
#endif
#define WRAPPER(s64, s32) __asm__ (MIP_HEAP_WRAPPER_PREFIX SIZE_SYMBOL (s64, s32))

typedef const std::nothrow_t &nothrow_ref;
typedef std::align_val_t align;

#if defined __i386__
#define DECLARE(type, name, s64, s32, ...) \
  extern "C" __attribute__ ((regparm (1))) type name \
    (mip_raw_heap_site *, __VA_ARGS__) WRAPPER (s64, s32)
#define DECLARE1(type, name, s64, s32, t1) DECLARE (type, name, s64, s32, t1)
#define DECLARE2(type, name, s64, s32, t1, t2) \
  DECLARE (type, name, s64, s32, t1, t2)
#define DECLARE3(type, name, s64, s32, t1, t2, t3) \
  DECLARE (type, name, s64, s32, t1, t2, t3)
#define CALL1(f, site, a) f (site, a)
#define CALL2(f, site, a, b) f (site, a, b)
#define CALL3(f, site, a, b, c) f (site, a, b, c)
#else
#define DECLARE1(type, name, s64, s32, t1) \
  extern "C" type name (t1, std::uintptr_t, std::uintptr_t, \
			mip_raw_heap_site *) WRAPPER (s64, s32)
#define DECLARE2(type, name, s64, s32, t1, t2) \
  extern "C" type name (t1, t2, std::uintptr_t, mip_raw_heap_site *) \
    WRAPPER (s64, s32)
#define DECLARE3(type, name, s64, s32, t1, t2, t3) \
  extern "C" type name (t1, t2, t3, mip_raw_heap_site *) WRAPPER (s64, s32)
#define CALL1(f, site, a) f (a, 0, 0, site)
#define CALL2(f, site, a, b) f (a, b, 0, site)
#define CALL3(f, site, a, b, c) f (a, b, c, site)
#endif

DECLARE1 (void *, w_new, "_Znwm", "_Znwj", std::size_t);
DECLARE1 (void *, w_new_array, "_Znam", "_Znaj", std::size_t);
DECLARE2 (void *, w_new_nothrow, "_ZnwmRKSt9nothrow_t",
	  "_ZnwjRKSt9nothrow_t", std::size_t, nothrow_ref);
DECLARE2 (void *, w_new_array_nothrow, "_ZnamRKSt9nothrow_t",
	  "_ZnajRKSt9nothrow_t", std::size_t, nothrow_ref);
DECLARE2 (void *, w_new_aligned, "_ZnwmSt11align_val_t",
	  "_ZnwjSt11align_val_t", std::size_t, align);
DECLARE2 (void *, w_new_array_aligned, "_ZnamSt11align_val_t",
	  "_ZnajSt11align_val_t", std::size_t, align);
DECLARE3 (void *, w_new_aligned_nothrow,
	  "_ZnwmSt11align_val_tRKSt9nothrow_t",
	  "_ZnwjSt11align_val_tRKSt9nothrow_t", std::size_t, align,
	  nothrow_ref);
DECLARE3 (void *, w_new_array_aligned_nothrow,
	  "_ZnamSt11align_val_tRKSt9nothrow_t",
	  "_ZnajSt11align_val_tRKSt9nothrow_t", std::size_t, align,
	  nothrow_ref);
DECLARE1 (void, w_delete, "_ZdlPv", "_ZdlPv", void *);
DECLARE1 (void, w_delete_array, "_ZdaPv", "_ZdaPv", void *);
DECLARE2 (void, w_delete_sized, "_ZdlPvm", "_ZdlPvj", void *, std::size_t);
DECLARE2 (void, w_delete_array_sized, "_ZdaPvm", "_ZdaPvj", void *,
	  std::size_t);
DECLARE2 (void, w_delete_aligned, "_ZdlPvSt11align_val_t",
	  "_ZdlPvSt11align_val_t", void *, align);
DECLARE2 (void, w_delete_array_aligned, "_ZdaPvSt11align_val_t",
	  "_ZdaPvSt11align_val_t", void *, align);
DECLARE3 (void, w_delete_sized_aligned, "_ZdlPvmSt11align_val_t",
	  "_ZdlPvjSt11align_val_t", void *, std::size_t, align);
DECLARE3 (void, w_delete_array_sized_aligned, "_ZdaPvmSt11align_val_t",
	  "_ZdaPvjSt11align_val_t", void *, std::size_t, align);
DECLARE2 (void, w_delete_nothrow, "_ZdlPvRKSt9nothrow_t",
	  "_ZdlPvRKSt9nothrow_t", void *, nothrow_ref);
DECLARE2 (void, w_delete_array_nothrow, "_ZdaPvRKSt9nothrow_t",
	  "_ZdaPvRKSt9nothrow_t", void *, nothrow_ref);
DECLARE3 (void, w_delete_aligned_nothrow,
	  "_ZdlPvSt11align_val_tRKSt9nothrow_t",
	  "_ZdlPvSt11align_val_tRKSt9nothrow_t", void *, align, nothrow_ref);
DECLARE3 (void, w_delete_array_aligned_nothrow,
	  "_ZdaPvSt11align_val_tRKSt9nothrow_t",
	  "_ZdaPvSt11align_val_tRKSt9nothrow_t", void *, align, nothrow_ref);

// Beyond PTRDIFF_MAX: refused on 32-bit targets too.
static const std::size_t too_big = SIZE_MAX - 65536;

// An exception from operator new reaches the caller of the wrapper, and
// the wrapper counts nothing.
static void
check_throwing_new ()
{
  bool caught = false;

  try
    {
      void *p = CALL1 (w_new, site_new, too_big);
      CALL1 (w_delete, site_delete, p);
    }
  catch (const std::bad_alloc &)
    {
      caught = true;
    }
  CHECK (caught);
  caught = false;
  try
    {
      CALL2 (w_new_array_aligned, site_new, too_big, align (64));
    }
  catch (const std::bad_alloc &)
    {
      caught = true;
    }
  CHECK (caught);
  CHECK (site_new->count == 0 && site_new->null_count == 0);
  CHECK (site_delete->count == 0);
}

static void
check_counts ()
{
  void *p[8];
  const align a64 = align (64);

  p[0] = CALL1 (w_new, site_new, 10);
  p[1] = CALL1 (w_new_array, site_new, 20);
  p[2] = CALL2 (w_new_nothrow, site_new, 30, std::nothrow);
  p[3] = CALL2 (w_new_array_nothrow, site_new, 40, std::nothrow);
  p[4] = CALL2 (w_new_aligned, site_new, 50, a64);
  p[5] = CALL2 (w_new_array_aligned, site_new, 60, a64);
  p[6] = CALL3 (w_new_aligned_nothrow, site_new, 70, a64, std::nothrow);
  p[7] = CALL3 (w_new_array_aligned_nothrow, site_new, 80, a64,
		std::nothrow);
  CHECK (site_new->count == 8);
  CHECK (site_new->bytes == 360);
  CHECK (site_new->max_bytes == 80);
  CHECK (reinterpret_cast<std::uintptr_t> (p[7]) % 64 == 0);
  CHECK (CALL2 (w_new_nothrow, site_new, too_big, std::nothrow) == nullptr);
  CHECK (CALL3 (w_new_array_aligned_nothrow, site_new, too_big, a64,
		std::nothrow) == nullptr);
  CHECK (site_new->null_count == 2);
  // With MIP_HEAP_SAMPLE_BYTES=1, every block is sampled.
  CHECK (site_new->sampled == 8);

  CALL1 (w_delete, site_delete, p[0]);
  CALL1 (w_delete_array, site_delete, p[1]);
  CALL2 (w_delete_nothrow, site_delete, p[2], std::nothrow);
  CALL2 (w_delete_array_nothrow, site_delete, p[3], std::nothrow);
  CALL3 (w_delete_sized_aligned, site_delete, p[4], 50, a64);
  CALL3 (w_delete_array_sized_aligned, site_delete, p[5], 60, a64);
  CALL3 (w_delete_aligned_nothrow, site_delete, p[6], a64, std::nothrow);
  CALL3 (w_delete_array_aligned_nothrow, site_delete, p[7], a64,
	 std::nothrow);
  p[0] = CALL1 (w_new, site_new, 1);
  CALL2 (w_delete_sized, site_delete, p[0], 1);
  p[0] = CALL1 (w_new_array, site_new, 2);
  CALL2 (w_delete_array_sized, site_delete, p[0], 2);
  p[0] = CALL2 (w_new_aligned, site_new, 3, a64);
  CALL2 (w_delete_aligned, site_delete, p[0], a64);
  p[0] = CALL2 (w_new_array_aligned, site_new, 4, a64);
  CALL2 (w_delete_array_aligned, site_delete, p[0], a64);
  CALL1 (w_delete, site_delete, nullptr);
  CHECK (site_delete->count == 12);
  CHECK (site_delete->null_count == 1);
  CHECK (site_new->freed == 12);
  CHECK (site_new->freed_bytes == 370);
  CHECK (site_new->freed_by_count_0 == 12);
  CHECK (site_delete->sampled == 12);
  CHECK (site_delete->sampled_bytes == 370);
}

int
main ()
{
  setenv ("MIP_PROFILE_FILENAME", "/dev/null", 1);
  setenv (MIP_HEAP_SAMPLE_ENV, "1", 1);
  check_throwing_new ();
  check_counts ();
  if (failures == 0)
    std::puts ("check_heap_cxx: all checks passed");
  return failures == 0 ? 0 : 1;
}
