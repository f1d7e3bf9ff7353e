/* Block identity at every optimisation level: two compiles of this file
   with the same flags give every function the same CFG signature and
   the same block ids.  -DMIP_CHANGED adds a branch to changed_branch,
   -DMIP_CHANGED_CONSTANT changes a constant of changed_constant,
   -DMIP_CHANGED_LITERAL adds a string literal to changed_literal; each
   must change that function's signature and nothing else's.  (The
   functions are noipa: code inlined into a caller would change the
   caller too.)

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do link } */

volatile int sink;

__attribute__ ((noipa)) int loop (int n) {
  int sum = 0;
  for (int i = 0; i < n; i++)
    sum += i * sink;
  return sum;
}

__attribute__ ((noipa)) int changed_branch (int x) {
#ifdef MIP_CHANGED
  if (x > 5)
    return x * sink;
#endif
  return x + sink;
}

__attribute__ ((noipa)) int changed_constant (int x) {
#ifdef MIP_CHANGED_CONSTANT
  return x + 1001;
#else
  return x + 1000;
#endif
}

/* A string literal and a floating-point constant live in the constant
   pool, whose labels (.LC0, .LC1...) are numbered across the file.  */
__attribute__ ((noipa)) const char *changed_literal (int x) {
#ifdef MIP_CHANGED_LITERAL
  if (x > 5)
    return "a new literal";
#endif
  return x > 3 ? "big" : "small";
}

__attribute__ ((noipa)) double with_constants (double x) {
  return x > 2.75 ? x * 1.25 : x - 0.5;
}

__attribute__ ((noipa)) int dispatch (int x) {
  switch (x)
    {
    case 0: return 4;
    case 1: return sink;
    case 2: return 1;
    case 3: sink = 8; return 9;
    case 4: return 16;
    case 5: return 25;
    case 6: return 36;
    default: return 0;
    }
}

__attribute__ ((noipa)) static int helper (int x) {
  return x > 0 ? helper (x - 1) + 1 : 0;
}

int main (void) {
  return loop (3) + changed_branch (2) + changed_constant (1)
	 + dispatch (sink) + helper (2) + *changed_literal (4)
	 + (int) with_constants (sink) == 0;
}

/* { dg-final { mip-check-signatures changed_branch } } */
/* { dg-final { mip-check-signatures changed_constant -define MIP_CHANGED_CONSTANT } } */
/* A literal added to changed_literal renumbers the constant-pool labels
   (.LC0, .LC1...) of with_constants, which comes after it; the signature
   hashes constants, not their labels, so only changed_literal changes.
   { dg-final { mip-check-signatures changed_literal -define MIP_CHANGED_LITERAL } } */
