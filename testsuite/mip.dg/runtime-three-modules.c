/* Three instrumented modules in one process: this program, a shared
   object it is linked with (runtime-three-modules-linked-aux.c) and one
   it loads with dlopen and unloads with dlclose before it exits
   (runtime-three-modules-loaded-aux.c).  Each module writes its own
   dump, with its own identity; the profile of each, made from its own
   binary, holds exactly the counts written beside its functions, with
   the default file name (one file of three dumps) and with %m (one file
   per module, two runs merged).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do assemble } */
/* { dg-options "-O1" } */

#include <dlfcn.h>

extern int linked_square (int);

__attribute__ ((noipa)) int exe_step (int x) { /* mip-calls(5) mip-order(2) */
  return x + 1;
}

__attribute__ ((noipa)) int exe_load_and_call (const char *path) { /* mip-calls(1) */
  void *library = dlopen (path, RTLD_NOW | RTLD_LOCAL);
  int (*loaded_triple) (int);
  int sum = 0;

  if (!library)
    return -1;
  loaded_triple = (int (*) (int)) dlsym (library, "loaded_triple");
  if (!loaded_triple)
    return -1;
  for (int i = 0; i < 13; i++)
    sum += loaded_triple (i);
  dlclose (library);
  return sum;
}

__attribute__ ((noipa)) void exe_never (void) { /* mip-calls(0) mip-not-covered */
}

int main (int argc, char **argv) { /* mip-calls(1) mip-order(1) */
  int sum = 0;

  for (int i = 0; i < 5; i++)
    sum = exe_step (sum);
  for (int i = 0; i < 7; i++)
    sum += linked_square (i);
  if (argc < 2)
    {
      exe_never ();
      return 2;
    }
  /* 5 + (0 + 1 + 4 + ... + 36) = 96; 3 * (0 + 1 + ... + 12) = 234.  */
  return sum == 96 && exe_load_and_call (argv[1]) == 234 ? 0 : 1;
}

/* { dg-final { mip-check-runtime-three-modules runtime-three-modules-linked-aux.c runtime-three-modules-loaded-aux.c } } */
