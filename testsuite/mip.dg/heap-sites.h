/* heap-sites.h - calls of allocation functions for the heap option's
   tests: each function below makes the calls its comment counts (7
   sites in all), two of them tail calls at -O2.  Declared here rather
   than taken from <stdlib.h>, so that -m32 and cross compiles need no
   headers of their own.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

typedef __SIZE_TYPE__ heap_size_t;
extern void *malloc (heap_size_t);
extern void *calloc (heap_size_t, heap_size_t);
extern void *realloc (void *, heap_size_t);
extern void free (void *);
extern char *strdup (const char *);
extern int posix_memalign (void **, heap_size_t, heap_size_t);

/* malloc, a tail call at -O2.  */
void *heap_get (heap_size_t n) {
  return malloc (n);
}

/* calloc.  */
void *heap_zero (heap_size_t n) {
  void *p = calloc (n, 4);
  return p ? p : (void *) 0;
}

/* realloc, and free where it fails.  */
void *heap_grow (void *p, heap_size_t n) {
  void *q = realloc (p, n);
  if (!q)
    free (p);
  return q;
}

/* strdup.  */
char *heap_copy (const char *s) {
  char *d = strdup (s);
  return d;
}

/* posix_memalign, three arguments.  */
int heap_aligned (void **p, heap_size_t n) {
  int r = posix_memalign (p, 64, n);
  return r + 1;
}

/* free, a tail call at -O2.  */
void heap_drop (void *p) {
  free (p);
}
