/* An instrumented executable and an instrumented shared object, each
   linked with -lmip before its objects: each module has its own copy of
   the runtime and, with MIP_PROFILE_FILENAME=%m.mipraw, writes its own
   raw profile; a shared object with no instrumented code linked with
   -lmip writes none (see mip-check-link-shared in lib/mip-link.exp).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do assemble } */
/* { dg-options "-O2" } */

extern int lib_square (int);
extern int lib_unused (int);

__attribute__ ((noipa)) int exe_sum (int n) { /* mip-calls(1) mip-order(2) */
  int sum = 0;
  for (int i = 1; i <= n; i++)
    sum += lib_square (i);
  return sum;
}

int main (int argc, char **argv) { /* mip-calls(1) mip-order(1) */
  (void) argv;
  if (argc > 10)
    return lib_unused (argc);
  return exe_sum (3) == 14 ? 0 : 1;
}

/* { dg-final { mip-check-link-shared link-shared-aux.c } } */
