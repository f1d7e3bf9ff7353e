/* A misspelt plugin argument is a compile error that suggests the
   nearest argument the plugin takes; a flag given a value says it takes
   none (bad-argument-value.c).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do compile } */
/* { dg-options "-fplugin-arg-mip-use-strcit" } */
/* { dg-error "unknown argument .-fplugin-arg-mip-use-strcit.; did you mean .-fplugin-arg-mip-use-strict.\\?" "" { target *-*-* } 0 } */
/* { dg-error "failed to initialize plugin" "" { target *-*-* } 0 } */

int main (void) {
  return 0;
}
