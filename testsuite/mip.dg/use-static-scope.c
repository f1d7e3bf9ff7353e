/* A static function is known by the profile only in its own unit: the
   same name in a unit the profile never saw (a unit of another program)
   or in another unit of the profile's program is another function, "not
   in the profile", neither changed nor placed
   (mip-check-use-static-scope in lib/mip-use.exp).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2" } */
/* { dg-additional-sources "use-static-scope-aux.c" } */

#include <stdio.h>

int write_all (int n);

#ifdef MIP_STATIC_OTHER
/* Built only against the profile: a static writer of this unit, which
   the profile's program had only in use-static-scope-aux.c.  */
__attribute__ ((noipa)) static int writer (int x) {
  if (x > 3)
    return x * x - 1;
  return -x;
}

int write_other (int x) {
  return writer (x) + 2;
}
#endif

int main (int argc, char **argv) {
  (void) argv;
  printf ("%d\n", write_all (argc + 2));
  return 0;
}

/* { dg-final { mip-check-use-static-scope use-static-scope-other-aux.c writer } } */
