// C++ functions in comdat groups (inline, template) defined in two
// translation units count once, with the calls of both.
//
// Copyright (C) 2026 The MIP for GCC developers.
// SPDX-License-Identifier: GPL-3.0-or-later

// { dg-do run }
// { dg-options "-O0" }
// { dg-additional-sources "comdat-aux.C" }

#include "comdat.h"

int main () { /* mip-calls(1) mip-order(1) */
  int sum = shared_inline (1) + shared_inline (2);
  sum += shared_template (3) + shared_template (4L) + shared_template (5);
  sum += aux_calls (1);
  return sum == 5 + 24 + 12 ? 0 : 1;
}

// { dg-final { mip-run-check } }
