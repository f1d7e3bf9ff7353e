/* Value sites: the block-count mode profiles the size of every call of
   memcpy, mempcpy, memmove and memset whose size is not a constant, and profile
   use specializes a call for its size when the profile proves that size
   took at least half of the calls (lib/mip-use.exp,
   mip-check-use-value-sites).

   copy's memcpy gets sizes 8, 8, ..., 8, 3 (nine eights, then a three)
   a hundred times: the summary names 8 with a count of 9 - 1 = 8 per
   ten calls, 800 of 1000 (exactly 2f - n: a three always follows
   eights).  fill's memset alternates 16 and 24: no size is a majority,
   and the summary ends with a count of 0 (a 16 takes the empty counter,
   a 24 takes it back), which says nothing of any size: the profile
   keeps none (value 0).  move's memmove always gets 5, 1000 times of
   1000, append's mempcpy 4.  twice, inlined into both of its callers
   after the early blocks are numbered (-fno-early-inlining), has a
   record per copy: steady's calls all take 12 (300 of them), varied's
   12 then 40 alternately (200 calls, ending with a count of 0); the
   profile adds them to 12 with a count of 300 + 0 = 300 of twice's 500
   calls.

   Each record also counts its calls and adds their sizes: copy's 1000
   calls take 7500 bytes (900 x 8 + 100 x 3), fill's 1000 take 20000,
   move's 1000 take 5000, append's 4000, twice's 300 + 200 take 3600 +
   5200 (100 x 12 + 100 x 40).

   The use build compares copy's size with 8, move's with 5, append's
   with 4, twice's with 12 (in both callers, where it is inlined), and
   leaves fill alone; it prints what the profile's build printed.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2 -fno-early-inlining -fplugin-arg-mip-generate=block-count" } */

#define _GNU_SOURCE 1		/* mempcpy */
#include <stdio.h>
#include <string.h>

static char buffer[64], other[64];
static volatile size_t sizes[64];

__attribute__ ((noipa)) void copy (char *to, const char *from, size_t n) {
  memcpy (to, from, n);
}

__attribute__ ((noipa)) void fill (char *to, size_t n) {
  memset (to, 0x5a, n);
}

__attribute__ ((noipa)) char *append (char *to, size_t n) {
  return mempcpy (to, other, n);
}

__attribute__ ((noipa)) void move (char *to, size_t n) {
  memmove (to + 1, to, n);
}

static inline void twice (char *to, size_t n) {
  memcpy (to, other, n);
}

__attribute__ ((noipa)) void steady (size_t n) {
  twice (buffer, n);
}

__attribute__ ((noipa)) void varied (size_t n) {
  twice (buffer + 8, n);
}

int main (int argc, char **argv) {
  (void) argv;
  unsigned long sum = 0;
  for (int i = 0; i < 64; i++)
    {
      other[i] = (char) (i * 7 + argc);
      sizes[i] = (size_t) i;
    }
  for (int i = 0; i < 1000; i++)
    {
      copy (buffer, other, i % 10 == 9 ? sizes[3] : sizes[8]);
      fill (other + 32, i % 2 ? sizes[24] : sizes[16]);
      move (buffer + 16, sizes[5]);
      if (append (buffer + 40, sizes[4]) != buffer + 44)
	return 1;
      if (i < 300)
	steady (sizes[12]);
      if (i < 200)
	varied (i % 2 ? sizes[40] : sizes[12]);
      for (int j = 0; j < 64; j++)
	sum = sum * 31 + (unsigned char) buffer[j];
    }
  printf ("%lu\n", sum);
  return 0;
}

/* { dg-final { mip-check-use-value-sites {copy memcpy 8 800 1 1000 7500 copy} {fill memset 0 0 1 1000 20000 {}} {move memmove 5 1000 1 1000 5000 move} {append mempcpy 4 1000 1 1000 4000 append} {twice memcpy 12 300 2 500 8800 {steady varied}} } } */
