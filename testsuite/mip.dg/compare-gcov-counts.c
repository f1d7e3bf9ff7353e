/* The block-count mode against gcov, at -O0: the line hits of the lcov
   tracefile are the block counts, and every line that gcov and MIP both
   report has gcov's count (loops, nested and one-line loops, a
   do-while, break and continue, a switch, an early return, a goto,
   recursion, a function never called), x86-64 and i386; the block
   coverage that follows from the counts agrees with gcov's executed
   lines, and the call counts with gcov's.  One line differs, and says
   why (-explained).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O0 --coverage -fplugin-arg-mip-generate=block-count" } */

volatile int sink;

static int
collatz (unsigned n)
{
  int steps = 0;
  while (n != 1)
    {
      if (n % 2 == 0)
	n /= 2;
      else
	n = 3 * n + 1;
      steps++;
    }
  return steps;
}

static int
classify (int x)
{
  switch (x % 5)
    {
    case 0:
      return 10;
    case 1:
    case 2:
      sink++;
      break;
    case 3:
      return 30;
    default:
      sink += 2;
    }
  return x;
}

static int
search (const int *a, int n, int key)
{
  for (int i = 0; i < n; i++)
    {
      if (a[i] < 0)
	continue;
      if (a[i] == key)
	return i;
      if (a[i] > 1000)
	break;
    }
  return -1;
}

static int
fib (int n)
{
  return n < 2 ? n : fib (n - 1) + fib (n - 2);
}

static int
retry (int tries)
{
  int done = 0;
 again:
  done++;
  if (done < tries)
    goto again;
  return done;
}

static int
digits (unsigned n)
{
  int d = 0;
  do
    {
      d++;
      n /= 10;
    }
  while (n);
  return d;
}

int
never_called (int x)
{
  for (int i = 0; i < x; i++)
    sink += i;
  return x;
}

int
main (void)
{
  static const int a[] = { 3, -1, 7, 9, -4, 12, 5, 2000, 8 };
  int total = 0;
  for (unsigned n = 1; n <= 30; n++)
    total += collatz (n);
  for (int x = 0; x < 23; x++)
    total += classify (x);
  for (int k = 0; k < 14; k++)
    total += search (a, 9, k);
  total += fib (12);
  for (int t = 1; t < 6; t++)
    total += retry (t);
  for (unsigned v = 1; v < 100000; v *= 7)
    total += digits (v);
  for (int i = 0; i < 4; i++) for (int j = 0; j < i; j++) sink += j;
  sink = total;
  return 0;
}

/* { dg-final { mip-compare-gcov-line-counts -variants {{-m32}} -explained {121 "a line that holds two whole loops: gcov adds their iterations (cycles within the line) to the times the line was entered, MIP gives its busiest block"} } } */
/* { dg-final { mip-compare-gcov-blocks } } */
/* { dg-final { mip-compare-gcov } } */
/* { dg-final { mip-compare-gcov-branches } } */
