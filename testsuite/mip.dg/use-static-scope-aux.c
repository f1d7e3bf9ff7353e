/* The unit of use-static-scope.c whose static writer the profile knows.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

__attribute__ ((noipa)) static int writer (int x) {
  return 3 * x + 1;
}

int write_all (int n) {
  int sum = 0;
  for (int i = 0; i < n; i++)
    sum += writer (i);
  return sum;
}
