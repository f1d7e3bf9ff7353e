/* The heap option counts every call of an allocation function by its
   site: blocks, bytes, the largest, failures; with every block sampled
   (MIP_HEAP_SAMPLE_BYTES=1), which site freed each block, how many
   were still live at exit (the leak candidates), a realloc chain whose
   every step frees the block before it, a block freed in another
   function, calloc's product, strdup's length, posix_memalign, and a
   tail call.  At -O0 and -O2, and as i386 (-m32), position-dependent
   and PIE.  Two runs merged into a profile (.mip) made from the binary
   give twice the counts, and the report of the two raw profiles
   exactly.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do link } */
/* { dg-options "-O0 -fplugin-arg-mip-generate=heap" } */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static void *kept[16];
/* Past PTRDIFF_MAX: every malloc refuses it.  */
static volatile size_t huge = SIZE_MAX / 2 + 1;
/* Seen escaping: GCC may drop an allocation and free pair it sees
   through.  */
static void *volatile seen;

__attribute__ ((noinline)) static void
release (void *block)
{
  free (block);			/* heap: free label=release blocks=10 */
}

__attribute__ ((noinline)) static void *
make (size_t size)
{
  return malloc (size);		/* heap: malloc blocks=3 bytes=60 largest=30 freed=2 live=1 freed-by=made-free:2 */
}

int
main (void)
{
  for (int i = 0; i < 10; i++)
    kept[i] = malloc (16 * (i + 1)); /* heap: malloc blocks=10 bytes=880 largest=160 sampled=10 freed=10 live=0 freed-by=release:10 */
  for (int i = 0; i < 10; i++)
    release (kept[i]);

  char *chain = NULL;
  for (int i = 1; i <= 5; i++)
    chain = realloc (chain, 100 * i); /* heap: realloc label=chain blocks=5 bytes=1500 largest=500 freed=5 freed-by=chain:4 freed-by=main-free:1 */
  free (chain);			/* heap: free label=main-free blocks=1 */

  char *table = calloc (4, 25);	/* heap: calloc blocks=1 bytes=100 largest=100 live=1 */
  char *name = strdup ("hello"); /* heap: strdup blocks=1 bytes=6 live=1 */
  void *aligned = NULL;
  if (posix_memalign (&aligned, 64, 256) != 0) /* heap: posix_memalign blocks=1 bytes=256 live=1 */
    return 1;
  void *none = malloc (huge);	/* heap: malloc blocks=0 null=1 */
  seen = none;

  void *made[3];
  for (int i = 0; i < 3; i++)
    made[i] = make (10 * (i + 1));
  for (int i = 0; i < 2; i++)
    free (made[i]);		/* heap: free label=made-free blocks=2 */
  free (none);			/* heap: free blocks=0 null=1 */
  return table[0] + name[0] - 'h' + (made[2] == NULL);
}

/* { dg-final { mip-check-heap -profile 1 -variants { {-O2} {-m32 -fno-pie -no-pie} {-m32 -fPIE -pie} } } } */
