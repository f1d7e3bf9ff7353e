/* A unit of another program, compiled against use-static-scope.c's
   profile: its static writer is not the one the profile knows.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

__attribute__ ((noipa)) static int writer (const char *text, int size) {
  int sum = 0;
  for (int i = 0; i < size; i++)
    sum += text[i] == '\n';
  return sum;
}

int count_lines (const char *text, int size) {
  return writer (text, size);
}
