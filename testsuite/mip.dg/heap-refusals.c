/* mipdata heap refuses a binary whose allocation sites are corrupt, one
   built without the heap option, another build's raw profile, a file
   that is no raw profile and one that does not exist, a profile made
   from a .mipmap (no allocation sites), another build's profile and a
   raw profile whose record names a freeing site that is none, each
   with a message naming the file and the problem; mipdata merge
   refuses the last and a profile without allocation sites, leaving the
   profile with them unchanged.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do link } */
/* { dg-options "-O0 -g -fplugin-arg-mip-generate=heap" } */

#include <stdlib.h>

int
main (void)
{
  char *p = malloc (10);
  p[0] = 1;
  int r = p[0] - 1;
  free (p);
  return r;
}

/* { dg-final { mip-check-heap-refusals } } */
