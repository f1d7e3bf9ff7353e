/* util.h - helpers of the MIP demo program: text statistics.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef DEMO_UTIL_H
#define DEMO_UTIL_H

#include <stddef.h>

int is_word_char (int c);
size_t count_words (const char *text);
unsigned checksum (const char *text);
void print_histogram (const size_t *lengths, size_t count);
void print_unused_report (void);

#endif /* DEMO_UTIL_H */
