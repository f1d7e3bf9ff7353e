/* C++ exceptions thrown through instrumented frames, and backtraces
   taken by the unwinder from inside them, with pointer authentication
   and BTI: the entry probe runs before paciasp with x30 unsigned, keeps
   x30 across its call to __mip_first_call (described by .cfi_register),
   and no probe leaves the CFI wrong.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2 -mbranch-protection=standard" } */

#include <unwind.h>
#include <stdexcept>

static int frames_seen;

static _Unwind_Reason_Code
count_frame (struct _Unwind_Context *, void *)
{
  frames_seen++;
  return _URC_NO_REASON;
}

__attribute__ ((noipa)) int backtrace_depth () { /* mip-calls(3) */
  frames_seen = 0;
  _Unwind_Backtrace (count_frame, 0);
  return frames_seen;
}

__attribute__ ((noipa)) int thrower (int n) { /* mip-calls(12) */
  if (n % 3 == 0)
    throw std::runtime_error ("three");
  return n;
}

__attribute__ ((noipa)) int middle (int n) { /* mip-calls(12) mip-caller(main) */
  struct guard
  {
    int *p;
    ~guard () { ++*p; }
  };
  static int destroyed;
  guard g = { &destroyed };
  int r = thrower (n) + 1;
  if (n == 11)
    r += destroyed;
  return r;
}

__attribute__ ((noipa)) int recurse (int depth) { /* mip-calls(33) */
  if (depth == 0)
    return backtrace_depth ();
  int r = recurse (depth - 1);
  __asm__ volatile ("" : "+r" (r));	/* no tail call, no loop */
  return r;
}

int main () { /* mip-calls(1) mip-order(1) */
  int caught = 0, sum = 0;
  for (int i = 0; i < 12; i++)
    try
      {
	sum += middle (i);
      }
    catch (const std::runtime_error &)
      {
	caught++;
      }
  /* 1..11 minus 3, 6, 9, each + 1, plus destructors run at i = 11 (11).  */
  if (caught != 4 || sum != 1 + 2 + 4 + 5 + 7 + 8 + 10 + 11 + 8 + 11)
    return 1;
  /* The unwinder walks every frame: deeper recursion, more frames.  */
  int d0 = recurse (0), d10 = recurse (10), d20 = recurse (20);
  if (d10 - d0 != 10 || d20 - d10 != 10)
    return 2;
  return 0;
}

/* { dg-final { mip-run-check } } */
