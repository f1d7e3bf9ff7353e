/* A flag of the plugin given a value is a compile error saying that it
   takes none.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do compile } */
/* { dg-options "-fplugin-arg-mip-probe-all-blocks=yes" } */
/* { dg-error ".-fplugin-arg-mip-probe-all-blocks. takes no value" "" { target *-*-* } 0 } */
/* { dg-error "failed to initialize plugin" "" { target *-*-* } 0 } */

int main (void) {
  return 0;
}
