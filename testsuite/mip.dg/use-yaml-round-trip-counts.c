/* The round trip of use-yaml-round-trip.c with a profile of the
   block-count mode: show --yaml writes each block's count, import reads
   it back (the copy shown again is the same text, counts included), and
   the copy lays the program out exactly as the profile does.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2 -freorder-blocks-and-partition -fplugin-arg-mip-generate=block-count" } */

#include "use-yaml-round-trip.c"

/* { dg-final { mip-check-use-yaml-round-trip } } */
