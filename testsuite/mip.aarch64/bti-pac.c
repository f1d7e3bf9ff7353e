/* BTI and PAC (-mbranch-protection=standard): the target's bti pass puts
   `bti c' (and `bti j' at jump-table and computed-goto targets) ahead of
   the probes, paciasp follows the entry probe (which therefore reads and
   stores x30 unsigned: the first caller resolves to a function), and the
   functions, called through pointers from pages mapped with PROT_BTI,
   do not fault.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2 -mbranch-protection=standard" } */

#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

#ifndef PROT_BTI
#define PROT_BTI 0x10
#endif

/* The guarded functions live in their own section, from a page start.  */
#define GUARDED __attribute__ ((noipa, section ("mip_guarded"), aligned (65536)))

extern char __start_mip_guarded[], __stop_mip_guarded[];

GUARDED int leaf (int x) { /* mip-calls(5) mip-caller(main) */
  return x * 3;
}

GUARDED int non_leaf (int (*f) (int), int x) { /* mip-calls(2) mip-caller(main) */
  return f (x) + f (x + 1);	/* signs x30: paciasp after the probe */
}

volatile int sink;

GUARDED int jump_table (int k) { /* mip-calls(13) */
  switch (k)			/* br to `bti j' landing pads */
    {
    case 0: sink = 1; return 11;
    case 1: sink = 2; return 13;
    case 2: sink = 3; return 17;
    case 3: sink = 4; return 19;
    case 4: sink = 5; return 23;
    case 5: sink = 6; return 29;
    case 6: sink = 7; return 31;
    case 7: sink = 8; return 37;
    case 8: sink = 9; return 41;
    case 9: sink = 10; return 43;
    case 10: sink = 11; return 47;
    case 11: sink = 12; return 53;
    default: sink = 0; return 59;
    }
}

GUARDED int computed_goto (int k) { /* mip-calls(3) */
  static void *const targets[] = { &&a, &&b, &&c };
  goto *targets[k];
 a:
  return 100;
 b:
  return 200;
 c:
  return 300;
}

static int
guard (int prot_bti)
{
  long page = sysconf (_SC_PAGESIZE);
  uintptr_t start = (uintptr_t) __start_mip_guarded & -(uintptr_t) page;
  uintptr_t end = ((uintptr_t) __stop_mip_guarded + page - 1)
		  & -(uintptr_t) page;
  return mprotect ((void *) start, end - start,
		   PROT_READ | PROT_EXEC | (prot_bti ? PROT_BTI : 0));
}

int (*volatile leaf_p) (int) = leaf;
int (*volatile non_leaf_p) (int (*) (int), int) = non_leaf;
int (*volatile jump_table_p) (int) = jump_table;
int (*volatile computed_goto_p) (int) = computed_goto;

int main (void) { /* mip-calls(1) mip-order(1) */
  int sum = 0;
  /* Without kernel (or emulator) support the test still checks PAC and
     the counts.  */
  int guarded = guard (1) == 0;
  sum += leaf_p (1);				/* 3 */
  sum += non_leaf_p (leaf_p, 2);		/* 6 + 9 */
  sum += non_leaf_p (leaf, 0);			/* 0 + 3 */
  for (int k = 0; k < 13; k++)
    sum += jump_table_p (k);			/* 423 */
  for (int k = 0; k < 3; k++)
    sum += computed_goto_p (k);			/* 600 */
  if (guarded)
    guard (0);
  return sum == 3 + 15 + 3 + 423 + 600 ? 0 : 1;
}

/* { dg-final { mip-run-check } } */
