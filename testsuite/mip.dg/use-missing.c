/* A profile that does not exist is a compile error naming it.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do compile } */
/* { dg-options "-fplugin-arg-mip-use=no-such-profile.mip" } */
/* { dg-error "cannot use profile .no-such-profile.mip.: .*no-such-profile.mip" "" { target *-*-* } 0 } */
/* { dg-error "failed to initialize plugin" "" { target *-*-* } 0 } */

int main (void) {
  return 0;
}
