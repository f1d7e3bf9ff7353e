// C++ exceptions thrown through functions whose entry probe saved a
// register (four live arguments) and through blocks with probes: the
// unwinder (ARM EHABI) must see the frames as GCC described them.
//
// Copyright (C) 2026 The MIP for GCC developers.
// SPDX-License-Identifier: GPL-3.0-or-later

// { dg-do run }
// { dg-options "-O2" }

struct err { int v; };

__attribute__ ((noinline)) int
thrower (int a, int b, int c, int d) { // mip-calls(3) mip-order(4) mip-caller(_Z6middleiiii)
  if (a + b + c + d > 10)
    throw err { a + b + c + d };
  return a;
}

struct guard
{
  int *p;
  ~guard () { ++*p; }
};

int destroyed;

__attribute__ ((noinline)) int
middle (int a, int b, int c, int d) { // mip-calls(2) mip-order(3) mip-caller(_Z5outeri)
  guard g { &destroyed };
  int r = thrower (a, b, c, d);
  return r + thrower (d, c, b, a);
}

__attribute__ ((noinline)) int
outer (int k) { // mip-calls(2) mip-order(2) mip-caller(main)
  try
    {
      return middle (k, k, k, k);
    }
  catch (const err &e)
    {
      return -e.v;
    }
}

int
main () { // mip-calls(1) mip-order(1)
  if (outer (1) != 2)
    return 1;
  if (outer (5) != -20)
    return 2;
  return destroyed == 2 ? 0 : 3;
}

// { dg-final { mip-run-check } }
