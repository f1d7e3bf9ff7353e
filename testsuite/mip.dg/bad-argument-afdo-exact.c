/* -fplugin-arg-mip-afdo-exact without -fauto-profile does nothing, and
   the compiler says so; a misspelt one is an error that names it
   (bad-argument-afdo-exact-typo.c).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do compile } */
/* { dg-options "-fplugin-arg-mip-afdo-exact" } */
/* { dg-warning ".-fplugin-arg-mip-afdo-exact. has no effect without .-fauto-profile=FILE." "" { target *-*-* } 0 } */

int main (void) { return 0; }
