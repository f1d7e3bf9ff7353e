/* An unknown mode of -fplugin-arg-mip-generate is a compile error.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do compile } */
/* { dg-options "-fplugin-arg-mip-generate=everything" } */
/* { dg-error "unknown mode" "" { target *-*-* } 0 } */
/* { dg-error "failed to initialize plugin" "" { target *-*-* } 0 } */

int main (void) {
  return 0;
}
