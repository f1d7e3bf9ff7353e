/* A hand-written profile with a mistake (use-yaml-missing.yaml: a count
   that is no number) is refused by mipdata import, naming the file and
   the line, and no profile is written; a compile asked to use that
   missing profile stops with an error
   (mip-check-use-yaml-refused in lib/mip-use.exp).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do link } */
/* { dg-options "-O2" } */

int main (void) {
  return 0;
}

/* { dg-final { mip-check-use-yaml-refused "mipdata: '\[^']*use-yaml-missing.yaml':7: 'covered' must be a number" } } */
