/* Built with --coverage as well as with the plugin, at -O0: every block
   that MIP reports covered starts on a line that gcov saw executed, and
   every executed line where a block starts is reached by a covered
   block (see mip_gcov_block_problems); in the full mode, the
   block-coverage mode and on i386.  Its branches agree with gcov -b's
   (mip-compare-gcov-branches): the switch, a compare tree of two
   machine branches for gcov's three outcomes, is listed, and mark's
   condition has an outcome that coverage cannot tell.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O0 --coverage" } */

volatile int sink;

static int classify (int x)
{
  if (x < 0)
    return -1;
  else if (x == 0)
    return 0;
  for (int i = 0; i < x; i++)
    if (i == 1000)
      return 2;
  return 1;
}

int never (int x)
{
  if (x)
    sink = 1;
  return x;
}

static int search (const int *values, int count, int wanted)
{
  int low = 0, high = count - 1;
  while (low <= high)
    {
      int middle = (low + high) / 2;
      if (values[middle] == wanted)
	return middle;
      if (values[middle] < wanted)
	low = middle + 1;
      else
	high = middle - 1;
    }
  return -1;
}

/* An if without else whose then-block ran: whether the condition was
   ever false does not follow from the blocks (an unknown outcome).  */
static void mark (int x)
{
  if (x > 0)
    sink = 2;
}

int main (int argc, char **argv)
{
  static const int values[] = { 1, 3, 5, 7, 9, 11, 13 };
  int sum = classify (3) + classify (-2);
  mark (argc);
  switch (argc)
    {
    case 1:
      sum += 4;
      break;
    case 2:
      sum += never (argc);
      break;
    default:
      sum -= 1;
    }
  while (sum > 10)
    sum -= 3;
  sum += search (values, 7, 11) + search (values, 7, 4);
  if (sum == 8)
    goto done;
  sum = -sum;
 done:
  return sum == 8 ? 0 : 1;
}

/* { dg-final { mip-compare-gcov-blocks -variants {{-fplugin-arg-mip-generate=block-coverage} {-m32}} } } */
/* { dg-final { mip-compare-gcov } } */
/* { dg-final { mip-compare-gcov-line-counts } } */
/* { dg-final { mip-compare-gcov-branches -variants {{-fplugin-arg-mip-generate=block-coverage}} } } */
