/* Exact call counts with caller samples in the dumps (the full mode
   of x86-64, AArch64, ARM state, Thumb-2 and Thumb-1, where every
   function here, called more than 256 times, has its borrows carried
   and its callers sampled; mip.cross runs it on each of them): a
   fork child starts from the initial counters and an empty sample
   table, the parent dumps with __mip_dump before it exits (its second dump
   replaces the first), and with %m.mipraw the file holds the child's
   dump and the parent's, each followed by its caller samples.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do link } */
/* { dg-options "-O1" } */

#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "mip.h"

__attribute__ ((noipa)) int before_fork (int x) { /* mip-calls(1000) */
  return x + 1;
}

__attribute__ ((noipa)) int in_child (int x) { /* mip-calls(700) */
  return x * 2;
}

__attribute__ ((noipa)) int in_parent (int x) { /* mip-calls(600) */
  return x - 1;
}

int main (void) { /* mip-calls(1) */
  int i, status, value = 0;
  pid_t child;

  for (i = 0; i < 1000; i++)
    value = before_fork (value);
  child = fork ();
  if (child < 0)
    return 1;
  if (child == 0)
    {
      for (i = 0; i < 700; i++)
	value = in_child (value) & 0xffff;
      exit (0);
    }
  if (waitpid (child, &status, 0) != child || !WIFEXITED (status)
      || WEXITSTATUS (status) != 0)
    return 1;
  for (i = 0; i < 300; i++)
    value = in_parent (value);
  if (__mip_dump () != 0)
    return 1;
  for (i = 0; i < 300; i++)
    value = in_parent (value);
  return value == 400 ? 0 : 1;
}

/* { dg-final { mip-check-runtime-fork } } */
