/* An instrumented program loads an instrumented shared object
   (runtime-dlopen-aux.c), uses it, unloads it, and does it again.  With
   the default file name nothing is lost: default.mipraw holds the
   program's dump and one dump of the library per load (each written at
   its dlclose); the program's profile takes one run, the library's
   (made from the shared object) two, whose counts add up (the aux
   file's counts are those of both loads).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do link } */
/* { dg-options "-O1" } */

#include <dlfcn.h>

__attribute__ ((noipa)) int use_library (const char *path, int x) { /* mip-calls(2) */
  void *library = dlopen (path, RTLD_NOW | RTLD_LOCAL);
  int (*triple) (int);

  if (!library)
    return -1;
  triple = (int (*) (int)) dlsym (library, "lib_triple");
  x = triple ? triple (x) : -1;
  dlclose (library);
  return x;
}

int main (int argc, char **argv) { /* mip-calls(1) */
  if (argc < 2)
    return 0;
  return use_library (argv[1], 1) == 3 && use_library (argv[1], 2) == 6
	 ? 0 : 1;
}

/* { dg-final { mip-check-runtime-dlopen runtime-dlopen-aux.c } } */
