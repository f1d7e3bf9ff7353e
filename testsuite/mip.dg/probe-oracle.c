/* scripts/probe-oracle.py, the minimum number of block probes of Chen et
   al. ("Minimum Coverage Instrumentation", arXiv 2208.13907), on small
   functions whose minimum is worked out by hand below; and the plugin's
   probes must be that minimum in each.

   if_then: the arm alone tells whether it ran (ambiguous): 1 probe.
   nested_if (blocks E: if (a), A: work (1); if (b), B: work (2),
   C: work (3), D: work (4)): B is ambiguous.  A and C always run
   together (A depends on its successors B and C, C on its predecessors A
   and B), and nothing outside tells whether they ran: a run E-D and a run
   E-A-C-D differ in A and C only.  So the path A-C needs a probe of its
   own: minimum 2, 1 ambiguous.  free_list: the same shape inside a loop
   (the test of p->owned and the block after release () run together):
   minimum 2, 1 ambiguous.  release: one block, the entry: no probe.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do compile } */
/* { dg-options "-O0 -fplugin-arg-mip-generate=block-coverage -fdump-rtl-all-details" } */

void work (int);

int
if_then (int a, int b)
{
  int r = 0;
  if (a)
    r += b;
  return r;
}

void
nested_if (int a, int b)
{
  if (a)
    {
      work (1);
      if (b)
	work (2);
      work (3);
    }
  work (4);
}

struct node
{
  struct node *next;
  int owned;
};

void
release (struct node *p)
{
  work (p->owned);
}

void
free_list (struct node *p)
{
  while (p)
    {
      struct node *n = p->next;
      if (p->owned)
	release (p);
      p = n;
    }
}

/* { dg-final { mip-check-probe-oracle { {if_then 3 1 1} {nested_if 5 2 1} {release 1 0 0} {free_list 6 2 1} } } } */
