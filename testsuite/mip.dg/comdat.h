// comdat.h - inline and template functions that comdat.C and
// comdat-aux.C both define: each translation unit emits its own copy in
// a comdat group, the linker keeps one, and MIP must report the calls of
// both units on the copy kept.
//
// Copyright (C) 2026 The MIP for GCC developers.
// SPDX-License-Identifier: GPL-3.0-or-later

#ifndef COMDAT_H
#define COMDAT_H

inline int shared_inline (int x) { /* mip-calls(5) */
  return x + 1;
}

// Two instantiations, int (5 calls) and long (1 call), share this line:
// their counts add up.
template <typename T> T shared_template (T x) { /* mip-calls(6) */
  return x * 2;
}

int aux_calls (int x);

#endif
