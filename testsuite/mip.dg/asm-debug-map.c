/* -fplugin-arg-mip-debug-map: the map unit goes to .debug_mip_map, not
   retained; without it to __mip_map with "R" (see asm-full.c).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mip-debug-map" } */

int f (int x) { return x + 1; }

/* { dg-final { scan-assembler {\.pushsection[ \t]+\.debug_mip_map,"",%progbits} } } */
/* { dg-final { scan-assembler-not {__mip_map} } } */
/* { dg-final { scan-assembler {section[ \t]+__mip_raw,"aw[^"]*"} } } */
