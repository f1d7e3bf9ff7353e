/* A Thumb-1 prologue at -Os makes room for a small frame by pushing
   registers it never uses (push {r0, r1, r2, r3, r4, lr} for a 16-byte
   frame and lr), and its epilogue drops them with the frame
   (add sp, #20) instead of restoring them: the probes must not take r4
   for a register the prologue saved.  Taken, r4 came back changed to
   callers that keep a value in it across the call (as c-torture's
   stdarg-2 at -Os did in the coverage modes).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-Os -fplugin-arg-mip-generate=function-coverage" } */

#include <stdarg.h>

int seen;

__attribute__ ((noinline)) void
note (int v) { /* mip-covered */
  seen += v;
}

struct holder { int i; va_list g; va_list h[2]; };

__attribute__ ((noinline)) void
varargs_frame (int i, ...) { /* mip-covered */
  struct holder a;
  va_start (a.h[1], i);
  note (i);
  va_end (a.h[1]);
}

int
main (void) { /* mip-covered */
  int total = 0;
  for (int k = 1; k <= 20; k++)
    {
      varargs_frame (k, 1, 2.0);
      total += k * 3;
    }
  if (total != 630 || seen != 210)
    __builtin_abort ();
  return 0;
}

/* { dg-final { mip-run-check } } */
