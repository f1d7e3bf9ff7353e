/* Block coverage with setjmp and longjmp: a longjmp out of a function
   not declared noreturn interrupts its callers like exit does, so the
   blocks after the interrupted call in "interrupted" may be inferred
   covered (calls are taken to return) though they never ran; with
   -fplugin-arg-mip-calls-may-exit the inference is exact.  Also a
   noreturn function that leaves by longjmp, and setjmp returning
   twice.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-fno-optimize-sibling-calls" } */

#include <setjmp.h>

static jmp_buf env;
volatile int sink;

__attribute__ ((noreturn, noipa)) static void bail (int code) { /* mip-calls(1) */
  longjmp (env, code);
}

__attribute__ ((noipa)) static void maybe_bail (int code) { /* mip-calls(3) */
  if (code > 0)
    longjmp (env, code);
  sink = code;
}

__attribute__ ((noipa)) static void even (void) { /* mip-calls(0) */
  sink = 2;
}

__attribute__ ((noipa)) static void odd (void) { /* mip-calls(0) */
  sink = 3;
}

/* Always left by the longjmp of maybe_bail: nothing after the call
   runs.  */
__attribute__ ((noipa)) static int interrupted (int code) { /* mip-calls(1) */
  maybe_bail (code);
  if (sink & 1)
    odd ();
  else
    even ();
  return 3;
}

__attribute__ ((noipa)) static int checked (int x) { /* mip-calls(3) */
  if (x < 0)
    bail (-x);
  maybe_bail (-x);
  return x + 1;
}

int main (void) { /* mip-calls(1) mip-order(1) */
  volatile int total = 0;
  for (volatile int i = 0; i < 4; i++)
    {
      int got = setjmp (env);
      if (got == 0)
	{
	  if (i == 1)
	    total += interrupted (5);
	  else if (i == 2)
	    total += checked (-7);
	  else
	    total += checked (i);
	}
      else
	total += got;
    }
  return total == 1 + 5 + 7 + 4 ? 0 : 1;
}

/* { dg-final { mip-run-check } } */
/* { dg-final { mip-check-inference -interrupted interrupted } } */
/* { dg-final { mip-check-inference -flags -fplugin-arg-mip-calls-may-exit } } */
/* { dg-final { mip-check-mode-blocks block-coverage } } */
