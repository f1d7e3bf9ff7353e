/* An argument the plugin does not know is a compile error, like an
   unknown option of GCC's.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do compile } */
/* { dg-options "-fplugin-arg-mip-bogus" } */
/* { dg-error "unknown argument" "" { target *-*-* } 0 } */
/* { dg-error "failed to initialize plugin" "" { target *-*-* } 0 } */

int main (void) {
  return 0;
}
