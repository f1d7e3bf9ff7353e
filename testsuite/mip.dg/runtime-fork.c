/* fork: the child starts from the initial counters, so its dump holds
   only what it ran, and the parent's counts up to the fork are not
   counted twice.  With %m.mipraw both dumps go into one file; merged,
   they give the counts below (main is called once, in the parent).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do link } */
/* { dg-options "-O1" } */

#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

__attribute__ ((noipa)) int before_fork (int x) { /* mip-calls(4) */
  return x + 1;
}

__attribute__ ((noipa)) int in_child (int x) { /* mip-calls(2) */
  return x * 2;
}

__attribute__ ((noipa)) int in_parent (int x) { /* mip-calls(1) */
  return x - 1;
}

int main (void) { /* mip-calls(1) */
  int status, value = before_fork (before_fork (before_fork (before_fork (0))));
  pid_t child = fork ();

  if (child < 0)
    return 1;
  if (child == 0)
    exit (in_child (in_child (value)) == 16 ? 0 : 1);
  if (waitpid (child, &status, 0) != child || !WIFEXITED (status)
      || WEXITSTATUS (status) != 0)
    return 1;
  return in_parent (value) == 3 ? 0 : 1;
}

/* { dg-final { mip-check-runtime-fork } } */
