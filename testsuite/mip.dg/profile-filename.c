/* Where the raw profile goes: default.mipraw in the current directory,
   or $MIP_PROFILE_FILENAME with %p replaced by the process id and %% by
   a percent sign.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O0" } */

int main (void) { /* mip-calls(1) */
  return 0;
}

/* { dg-final { mip-run-check } } */
/* { dg-final { mip-check-profile-filename } } */
