/* A misspelt -fplugin-arg-mip-afdo-exact is an error that names it.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do compile } */
/* { dg-options "-fplugin-arg-mip-afdo-exakt" } */
/* { dg-error "unknown argument .-fplugin-arg-mip-afdo-exakt.; did you mean .-fplugin-arg-mip-afdo-exact.\\?" "" { target *-*-* } 0 } */
/* { dg-error "failed to initialize plugin" "" { target *-*-* } 0 } */

int main (void) { return 0; }
