// C++ exceptions and block coverage: a call that throws leaves its
// function (the call may throw out of it, so the plugin counts it as a
// way out), and the blocks after it must not look covered when it
// threw; landing pads, cleanups and catch blocks are blocks like the
// others.  The inferred coverage equals the probed one at every
// optimisation level, and the block-coverage mode records the same.
// The first callers, destructors included (MIP names the base-object
// destructor, callgrind its alias), are among callgrind's callers.
//
// Copyright (C) 2026 The MIP for GCC developers.
// SPDX-License-Identifier: GPL-3.0-or-later

// { dg-do run }
// { dg-options "-fno-optimize-sibling-calls" }

#include <stdexcept>

volatile int sink;

__attribute__ ((noipa)) void may_throw (int x) { // mip-calls(6)
  if (x > 2)
    throw std::runtime_error ("too big");
  sink = x;
}

__attribute__ ((noipa)) void first_after (void) { // mip-calls(0)
  sink = 10;
}

__attribute__ ((noipa)) void second_after (void) { // mip-calls(1)
  sink = 20;
}

__attribute__ ((noipa)) int after_throw (int x) { // mip-calls(2) mip-blocks(some-covered)
  may_throw (x);
  if (x == 2)
    first_after ();
  else
    second_after ();
  return sink;
}

// Every call of may_throw here throws: nothing after it runs.
__attribute__ ((noipa)) int only_throws (int x) { // mip-calls(2) mip-blocks(some-covered)
  may_throw (x + 10);
  if (x)
    first_after ();
  else
    second_after ();
  return 0;
}

struct guard
{
  ~guard () { sink = sink + 1; }
};

__attribute__ ((noipa)) int with_cleanup (int x) { // mip-calls(2)
  guard g;
  may_throw (x);
  return x + 1;
}

__attribute__ ((noipa)) int catcher (int x) { // mip-calls(2)
  try
    {
      return after_throw (x) + with_cleanup (x);
    }
  catch (const std::runtime_error &)
    {
      return -1;
    }
}

__attribute__ ((noipa)) int cleanup_catcher (int x) { // mip-calls(1)
  try
    {
      return with_cleanup (x);
    }
  catch (...)
    {
      return -3;
    }
}

__attribute__ ((noipa)) int catch_all (int x) { // mip-calls(2)
  try
    {
      return only_throws (x);
    }
  catch (...)
    {
      return -2;
    }
}

int main () { // mip-calls(1) mip-order(1)
  int sum = catcher (1) + catcher (5) + cleanup_catcher (9);
  sum += catch_all (0) + catch_all (1);
  return sum == 22 - 1 - 3 - 2 - 2 ? 0 : 1;
}

// { dg-final { mip-run-check } }
// { dg-final { mip-check-inference } }
// { dg-final { mip-check-mode-blocks block-coverage } }
// { dg-final { mip-compare-callgrind-callers } }
