// C++ exceptions and backtraces through functions whose entry probe
// saves a register: on i386 the arguments of regparm(3) functions and of
// static functions in GCC's local convention (-O2) fill eax, ecx and
// edx, so the probe's first-call path (and in PIC code the base) pushes
// one and pops it, with the CFA offset adjusted around the push.  An
// exception thrown from such a function, or through one (with a cleanup
// to run on the way), must be caught as in the plain program, and a
// backtrace taken inside one must reach main; each function still
// records its count, order and first caller.  On x86-64 the same program
// checks the ordinary probes.
//
// Copyright (C) 2026 The MIP for GCC developers.
// SPDX-License-Identifier: GPL-3.0-or-later

// { dg-do run }
// { dg-options "-fno-optimize-sibling-calls" }

#include <stdexcept>
#include <unwind.h>

#ifdef __i386__
#define REGPARM3 __attribute__ ((regparm (3)))
#define FASTCALL __attribute__ ((fastcall))
#else
#define REGPARM3
#define FASTCALL
#endif

volatile int sink;

// Throws on its first call: the one that runs the probe's saving path.
__attribute__ ((noipa)) REGPARM3 int thrower (int a, int b, int c) { // mip-calls(3) mip-order(4) mip-caller(_ZL13through_localiii)
  if (a > b)
    throw std::runtime_error ("a > b");
  return a + b + c;
}

struct guard
{
  __attribute__ ((noipa)) ~guard () { // mip-calls(3) mip-order(5)
    sink = sink + 1;
  }
};

// Local to the unit: arguments in eax, edx and ecx at -O2 on i386; the
// exception passes through it and runs the cleanup.
static __attribute__ ((noinline, noclone)) int through_local (int a, int b, int c) { // mip-calls(3) mip-order(3) mip-caller(_Z7catcherii)
  guard g;
  return thrower (a, b, c) * 2;
}

__attribute__ ((noipa)) int catcher (int a, int b) { // mip-calls(3) mip-order(2) mip-caller(main)
  try
    {
      return through_local (a, b, 1);
    }
  catch (const std::runtime_error &)
    {
      return -1;
    }
}

static void *main_address;
static int reached_main;

// Whether the frame of CONTEXT is main's: the start of its function
// (_Unwind_GetRegionStart, which Arm's EHABI unwinder has too) is main,
// the Thumb bit aside.
static _Unwind_Reason_Code
frame (struct _Unwind_Context *context, void *)
{
  if ((_Unwind_GetRegionStart (context) | 1)
      == ((_Unwind_Ptr) main_address | 1))
    reached_main = 1;
  return _URC_NO_REASON;
}

// A backtrace from a fastcall function (ecx and edx hold arguments)
// called through a regparm(3) one.
__attribute__ ((noipa)) FASTCALL int backtrace_here (int a, int b) { // mip-calls(1) mip-order(7) mip-caller(_Z14backtrace_fromiii)
  _Unwind_Backtrace (frame, 0);
  return a + b;
}

__attribute__ ((noipa)) REGPARM3 int backtrace_from (int a, int b, int c) { // mip-calls(1) mip-order(6) mip-caller(main)
  return backtrace_here (a, b) + c;
}

int main () { // mip-calls(1) mip-order(1)
  main_address = (void *) &main;
  int sum = catcher (5, 1);	// thrower throws: -1, one cleanup
  sum += catcher (1, 5);	// (1 + 5 + 1) * 2 = 14
  sum += catcher (2, 3);	// (2 + 3 + 1) * 2 = 12
  if (sum != -1 + 14 + 12 || sink != 3)
    return 1;
  if (backtrace_from (1, 2, 3) != 6 || !reached_main)
    return 2;
  return 0;
}

// { dg-final { mip-run-check } }
