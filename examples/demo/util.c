/* util.c - helpers of the MIP demo program: word counting, a checksum
   and a histogram.  It has a static function named `scale' like main.c,
   to show that MIP tells them apart, and print_unused_report, which the
   program never calls.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include <stdio.h>
#include "util.h"

int
is_word_char (int c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '\'';
}

size_t
count_words (const char *text)
{
  size_t words = 0;
  int in_word = 0;

  for (; *text; text++)
    {
      int inside = is_word_char ((unsigned char) *text);
      if (inside && !in_word)
	words++;
      in_word = inside;
    }
  return words;
}

unsigned
checksum (const char *text)
{
  unsigned sum = 2166136261u;

  for (; *text; text++)
    sum = (sum ^ (unsigned char) *text) * 16777619u;
  return sum;
}

/* A bar of at most 40 characters for VALUE out of MAX.  */
static size_t
scale (size_t value, size_t max)
{
  return max ? value * 40 / max : 0;
}

void
print_histogram (const size_t *lengths, size_t count)
{
  size_t i, max = 0;

  for (i = 0; i < count; i++)
    if (lengths[i] > max)
      max = lengths[i];
  for (i = 0; i < count; i++)
    {
      size_t bar = scale (lengths[i], max);
      printf ("  line %zu: %3zu words |", i + 1, lengths[i]);
      while (bar--)
	putchar ('#');
      putchar ('\n');
    }
}

void
print_unused_report (void)
{
  puts ("this function is never called");
}
