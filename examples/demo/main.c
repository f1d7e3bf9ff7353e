/* main.c - the MIP demo program: counts the words of a few lines of
   text, prints a histogram and a checksum.  Its functions run different
   numbers of times, so the profile has something to show: main once,
   count_words once per line, is_word_char once per character, scale (a
   static function, as in util.c) once per line, print_unused_report
   never.  (At -O2 GCC inlines is_word_char and scale, and their calls
   leave no trace in a profile of the machine code; scripts/demo.sh
   builds with -Og.)

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include <stdio.h>
#include "util.h"

static const char *const lines[] = {
  "It was the best of times, it was the worst of times,",
  "it was the age of wisdom, it was the age of foolishness,",
  "it was the epoch of belief,",
  "it was the epoch of incredulity,",
  "it was the season of Light, it was the season of Darkness.",
};

#define LINE_COUNT (sizeof lines / sizeof lines[0])

/* The percentage of WORDS out of TOTAL.  */
static unsigned
scale (size_t words, size_t total)
{
  return total ? (unsigned) (words * 100 / total) : 0;
}

int
main (void)
{
  size_t lengths[LINE_COUNT];
  size_t i, total = 0;
  unsigned sum = 0;

  for (i = 0; i < LINE_COUNT; i++)
    {
      lengths[i] = count_words (lines[i]);
      total += lengths[i];
      sum ^= checksum (lines[i]);
    }
  printf ("%zu lines, %zu words, checksum %08x\n", (size_t) LINE_COUNT,
	  total, sum);
  print_histogram (lengths, LINE_COUNT);
  for (i = 0; i < LINE_COUNT; i++)
    printf ("  line %zu holds %u%% of the words\n", i + 1,
	    scale (lengths[i], total));
  return 0;
}
