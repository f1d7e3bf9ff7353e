/* The program of pthread-atomic.c and pthread-atomic-m32.c: 8 threads
   call the same functions 1,000,000 times each, all at once; with
   -fplugin-arg-mip-atomic every call is counted (without it, on 2
   cores, about one in ten is lost; with fewer calls the threads hardly
   overlap and plain increments would pass too).  step4 takes four
   arguments, so that the Arm probes have no dead low register and save
   theirs.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include <pthread.h>

#define THREADS 8
#define CALLS 1000000

static long totals[THREADS];
static pthread_barrier_t start;	/* the threads call at the same time */

__attribute__ ((noipa)) long step (long x) { /* mip-calls(8000000) */
  return x + 1;
}

__attribute__ ((noipa)) long step4 (long a, long b, long c, long d) { /* mip-calls(8000000) */
  return a + b + c + d;
}

/* pthread-atomic-m32.c defines its own, a function.  */
#ifndef STEP3
#define STEP3(a, b, c) ((a) + (b) - (c))
#endif

__attribute__ ((noipa)) static void *worker (void *argument) { /* mip-calls(8) */
  long *total = argument;
  pthread_barrier_wait (&start);
  for (int i = 0; i < CALLS; i++)
    *total = STEP3 (step4 (step (*total), 1, 0, -1), 0, 0);
  return 0;
}

__attribute__ ((noipa)) static int check (void) { /* mip-calls(1) */
  for (int i = 0; i < THREADS; i++)
    if (totals[i] != CALLS)
      return 1;
  return 0;
}

int main (void) { /* mip-calls(1) mip-order(1) */
  pthread_t threads[THREADS];
  pthread_barrier_init (&start, 0, THREADS);
  for (int i = 0; i < THREADS; i++)
    if (pthread_create (&threads[i], 0, worker, &totals[i]))
      return 2;
  for (int i = 0; i < THREADS; i++)
    pthread_join (threads[i], 0);
  return check ();
}
