// The heap option in C++: operator new, new[], the nothrow new, the
// sized delete (-fsized-deallocation) and delete[] go to libmip's
// wrappers of their mangled names.
//
// Copyright (C) 2026 The MIP for GCC developers.
// SPDX-License-Identifier: GPL-3.0-or-later

/* { dg-do compile } */
/* { dg-options "-O2 -fsized-deallocation -fplugin-arg-mip-generate=heap" } */

#include <new>

struct heap_s { int a[4]; };

heap_s *heap_make () { return new heap_s; }
int *heap_make_array (unsigned n) { return new int[n]; }
heap_s *heap_make_nothrow () { return new (std::nothrow) heap_s; }
void heap_delete (heap_s *s) { delete s; }
void heap_delete_array (int *p) { delete[] p; }

/* { dg-final { scan-assembler {\.Lmip\.c[0-9]+:\n(?:(?:#|\t\.)[^\n]*\n)*\t(?:call|jmp)\t__mip_heap__Znwm\n} } } */
/* { dg-final { scan-assembler {\.Lmip\.c[0-9]+:\n(?:(?:#|\t\.)[^\n]*\n)*\t(?:call|jmp)\t__mip_heap__Znam\n} } } */
/* { dg-final { scan-assembler {\.Lmip\.c[0-9]+:\n(?:(?:#|\t\.)[^\n]*\n)*\t(?:call|jmp)\t__mip_heap__ZnwmRKSt9nothrow_t\n} } } */
/* { dg-final { scan-assembler {\.Lmip\.c[0-9]+:\n(?:(?:#|\t\.)[^\n]*\n)*\t(?:call|jmp)\t__mip_heap__ZdlPvm\n} } } */
/* { dg-final { scan-assembler {\.Lmip\.c[0-9]+:\n(?:(?:#|\t\.)[^\n]*\n)*\t(?:call|jmp)\t__mip_heap__ZdaPv\n} } } */
/* { dg-final { scan-assembler-times {\tleaq\t\.Lmip\.h([0-9]+)\(%rip\), %rcx\n\.Lmip\.c\1:\n} 5 } } */
/* { dg-final { scan-assembler-not {\t(?:call|jmp)\t_Z(?:nw|na|dl|da)} } } */
