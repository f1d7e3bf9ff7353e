/* With -fcf-protection the indirect-branch landing pad endbr64 must stay
   the first instruction of a function: the entry probe comes after it.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do compile } */
/* { dg-options "-O2 -fcf-protection=full" } */

int increment (int x) {
  return x + 1;
}

/* { dg-final { scan-assembler {\nincrement:\n(?:[ \t]*[.#][^\n]*\n)*[ \t]*endbr64\n(?:[ \t]*[.#][^\n]*\n)*[ \t]*subb[ \t]+\$1, [^\n]*\(%rip\)} } } */
