/* A memory dump of the __mip_raw section, taken without the runtime (by
   a debugger, from a stopped target), merges as the raw profile does;
   a dump that is no such section, or of another build, is refused.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do link } */
/* { dg-options "-O1" } */

__attribute__ ((noipa)) int twice (int x) { /* mip-calls(2) */
  return x + 1;
}

__attribute__ ((noipa)) int never (int x) { /* mip-calls(0) mip-not-covered */
  return x;
}

int main (int argc, char **argv) { /* mip-calls(1) */
  (void) argv;
  if (argc > 5)
    return never (argc);
  return twice (1) + twice (2) == 5 ? 0 : 1;
}

/* { dg-final { mip-check-section-dump } } */
