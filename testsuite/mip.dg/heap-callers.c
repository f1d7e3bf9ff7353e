/* Call context in the folded stacks: built in the full mode with the
   heap option, the raw profile carries caller samples, and mipdata heap
   --folded splits the bytes of a site among the sampled callers of its
   function.  grow_table's malloc is called 3000 times from
   fill_often and 1000 times from fill_rarely, 64 bytes each: the stack
   through each caller must carry its share of the 256,000 bytes within
   one sampling period (256 calls, 16,384 bytes).  The flame graph of
   --html, in a browser, shows the binary, the total and every site
   with its bytes.  Two runs merged into a profile (.mip) give the
   folded stacks of the two raw profiles: the profile keeps the caller
   samples.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do link } */
/* { dg-options "-O0 -fplugin-arg-mip-generate -fplugin-arg-mip-heap" } */

#include <stdlib.h>

/* Seen escaping: GCC may drop an allocation and free pair it sees
   through.  */
static void *volatile seen;

__attribute__ ((noinline)) static void
grow_table (void)
{
  void *block = malloc (64);	/* heap: malloc blocks=4000 bytes=256000 */
  seen = block;
  free (block);			/* heap: free blocks=4000 */
}

__attribute__ ((noinline)) static void
fill_often (void)
{
  for (int i = 0; i < 3000; i++)
    grow_table ();
}

__attribute__ ((noinline)) static void
fill_rarely (void)
{
  for (int i = 0; i < 1000; i++)
    grow_table ();
}

__attribute__ ((noinline)) static char *
name_table (void)
{
  return calloc (10, 100);	/* heap: calloc blocks=1 bytes=1000 live=1 */
}

int
main (void)
{
  fill_often ();
  fill_rarely ();
  seen = name_table ();
  seen = malloc (777);		/* heap: malloc blocks=1 bytes=777 live=1 */
  return 0;
}

/* { dg-final { mip-check-heap -profile 1 -html 1 -within 16384 -callers { "fill_often;grow_table;malloc" 192000 "fill_rarely;grow_table;malloc" 64000 } } } */
