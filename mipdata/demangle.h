/* demangle.h - function names as people read them (see demangle.c).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef MIPDATA_DEMANGLE_H
#define MIPDATA_DEMANGLE_H

#include <stdbool.h>

/* Whether the reports show C++ names demangled: true unless a command's
   --no-demangle cleared it.  */
extern bool mipdata_demangle_names;

/* NAME as the reports show it: demangled when it is a C++ symbol and
   demangling is on, else NAME itself (also when memory runs out).  The
   result lives until mipdata_display_names_free.  */
const char *mipdata_display_name (const char *name);

/* Forget every demangled name (at exit).  */
void mipdata_display_names_free (void);

#endif /* MIPDATA_DEMANGLE_H */
