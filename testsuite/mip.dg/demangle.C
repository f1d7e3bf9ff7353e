// C++ functions are shown demangled, as c++filt shows them, in show,
// callgraph and annotate, and by their symbols with --no-demangle (see
// mip-check-demangled-names in lib/mip-report.exp): a function, a
// member of a class in a namespace, a template instance, a destructor
// of the standard library and an operator.  The standard library's
// headers give the reports files under /usr/include, which --include
// and --exclude leave out (mip-check-report-filters).
//
// Copyright (C) 2026 The MIP for GCC developers.
// SPDX-License-Identifier: GPL-3.0-or-later

// { dg-do run }
// { dg-options "-O0" }

#include <vector>

namespace shapes
{
  struct square
  {
    int side;
    __attribute__ ((noipa)) int area (int scale) const { /* mip-calls(1) */
      return side * side * scale;
    }
    __attribute__ ((noipa)) bool operator< (const square &other) const { /* mip-calls(1) */
      return side < other.side;
    }
  };
}

template <typename T>
__attribute__ ((noipa)) T twice (T value) { /* mip-calls(2) */
  return value + value;
}

__attribute__ ((noipa)) int count (const char *text, int limit) { /* mip-calls(1) */
  int n = 0;
  while (text[n] != '\0' && n < limit)
    n++;
  return n;
}

int main () { /* mip-calls(1) mip-order(1) */
  std::vector<int> values (3, 2);
  shapes::square a = { 2 }, b = { 3 };
  int sum = a.area (values[0]) + (a < b) + twice (1) + (int) twice (2L)
	    + count ("abc", 10);
  return sum == 8 + 1 + 2 + 4 + 3 ? 0 : 1;
}

// { dg-final { mip-run-check } }
// { dg-final { mip-check-report-filters } }
// { dg-final { mip-check-demangled-names {shapes::square::area(int) const} {shapes::square::operator<(shapes::square const&) const} {int twice<int>(int)} {long twice<long>(long)} {count(char const*, int)} } }
