/* Function-coverage mode in a multi-threaded program: a byte store per
   function, exact coverage, no counts.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2 -pthread -fplugin-arg-mip-generate=function-coverage" } */

#include <pthread.h>

#define THREADS 4
#define ITERATIONS 100000

static long totals[THREADS];

__attribute__ ((noipa)) static long step (long x) { /* mip-covered */
  return x + 1;
}

__attribute__ ((noipa)) static void *worker (void *argument) { /* mip-covered */
  long *total = argument;
  for (int i = 0; i < ITERATIONS; i++)
    *total = step (*total);
  return 0;
}

__attribute__ ((noipa)) static void never_run (void) { /* mip-not-covered */
}

__attribute__ ((noipa)) static int check (void) { /* mip-covered mip-calls(null) */
  for (int i = 0; i < THREADS; i++)
    if (totals[i] != ITERATIONS)
      return 1;
  return 0;
}

int main (int argc, char **argv) { /* mip-covered mip-calls(null) mip-order(null) */
  pthread_t threads[THREADS];
  for (int i = 0; i < THREADS; i++)
    if (pthread_create (&threads[i], 0, worker, &totals[i]))
      return 2;
  for (int i = 0; i < THREADS; i++)
    pthread_join (threads[i], 0);
  if (argc > 5)
    never_run ();
  return check ();
}

/* { dg-final { mip-run-check } } */
