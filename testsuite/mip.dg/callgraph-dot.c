/* The guide's `mipdata callgraph ... --dot | dot -Tsvg' commands, run:
   Graphviz's dot must draw the graph of every form, with the functions
   of each source file in a box of their own under --cluster
   (mip-check-callgraph-dot in lib/mip-compare.exp).  The #line
   directives make four source files of this one.  Its call tree, each
   function called once, is one that dot up to 2.43 cannot rank by
   default when its clusters and edge labels meet ("trouble in
   init_rank"), as with a Lua interpreter's.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O0" } */

#define STEP __attribute__ ((noipa))

int f2 (int), f3 (int), f5 (int), f15 (int);
int f4 (int), f10 (int), f11 (int);
int f6 (int), f14 (int);

#line 20 "callgraph-dot-main.c"
STEP int f8 (int x) { return x + 8; }
STEP int f9 (int x) { return x + 9; }
STEP int f12 (int x) { return x + 12; }
STEP int f13 (int x) { return x + 13; }
STEP int f16 (int x) { return x + 16; }
STEP int f17 (int x) { return x + 17; }
STEP int f1 (int x) { return f3 (x) + f14 (x) + 1; }
STEP int f7 (int x) { return f11 (x) + f15 (x) + f17 (x) + 7; }

#line 1 "callgraph-dot-parse.c"
STEP int f2 (int x) { return f10 (x) + f13 (x) + 2; }
STEP int f3 (int x) { return f5 (x) + f9 (x) + 3; }
STEP int f5 (int x) { return f8 (x) + 5; }
STEP int f15 (int x) { return x + 15; }

#line 1 "callgraph-dot-eval.c"
STEP int f4 (int x) { return f12 (x) + 4; }
STEP int f10 (int x) { return f16 (x) + 10; }
STEP int f11 (int x) { return x + 11; }

#line 1 "callgraph-dot-print.c"
STEP int f6 (int x) { return x + 6; }
STEP int f14 (int x) { return x + 14; }

#line 29 "callgraph-dot-main.c"
int main (int argc, char **argv) {
  (void) argv;
  return (f1 (argc) + f2 (argc) + f4 (argc) + f6 (argc) + f7 (argc)) == 0;
}

/* DejaGnu reads a directive from one line: each stays on one.  */
/* { dg-final { mip-check-callgraph-dot {--dot} {<unknown> main f1 f2 f3 f4 f5 f6 f7 f8 f9 f10 f11 f12 f13 f14 f15 f16 f17} } } */
/* { dg-final { mip-check-callgraph-dot {--dot --debug BINARY} {<unknown> main f1 f2 f3 f4 f5 f6 f7 f8 f9 f10 f11 f12 f13 f14 f15 f16 f17} } } */
/* { dg-final { mip-check-callgraph-dot {--dot --cluster --debug BINARY} {<unknown> main f1 f2 f3 f4 f5 f6 f7 f8 f9 f10 f11 f12 f13 f14 f15 f16 f17} {callgraph-dot-main.c callgraph-dot-parse.c callgraph-dot-eval.c callgraph-dot-print.c} } } */
/* { dg-final { mip-check-callgraph-dot {--dot --cluster --debug BINARY --focus f7} {main f7 f11 f15 f17} {callgraph-dot-main.c callgraph-dot-parse.c callgraph-dot-eval.c} } } */
