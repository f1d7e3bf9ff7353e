/* compat.c - the tiny program whose profile files are kept, one set per
   released format version, in tests/data/compat (see generate.sh).
   Its functions give every kind of record something to hold: calls
   counted, a first-call order, blocks run and not run, two callers.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

static volatile int sink;

__attribute__ ((noinline)) static void
leaf (int value)
{
  if (value > 2)
    sink += value;
  else
    sink -= value;
}

__attribute__ ((noinline)) static void
caller_one (void)
{
  leaf (1);
}

__attribute__ ((noinline)) static void
caller_two (int times)
{
  for (int i = 0; i < times; i++)
    leaf (i);
}

__attribute__ ((noinline)) void
never_called (void)
{
  sink = 42;
}

int
main (void)
{
  caller_one ();
  caller_two (5);
  if (sink == 12345)
    never_called ();
  return 0;
}
