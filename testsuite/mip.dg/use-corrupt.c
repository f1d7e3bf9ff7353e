/* A file that is no profile (here an empty one) is a compile error
   naming it and the problem.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do compile } */
/* { dg-options "-fplugin-arg-mip-use=/dev/null" } */
/* { dg-error "cannot use profile ./dev/null.: .*/dev/null" "" { target *-*-* } 0 } */
/* { dg-error "failed to initialize plugin" "" { target *-*-* } 0 } */

int main (void) {
  return 0;
}
