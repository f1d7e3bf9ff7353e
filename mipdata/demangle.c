/* demangle.c - function names as people read them: C++ symbols
   demangled, as c++filt shows them.

     _ZNSt12_Vector_baseIiSaIiEED2Ev
       -> std::_Vector_base<int, std::allocator<int> >::~_Vector_base()
     _Z4workPKc.part.0 -> work(char const*) [clone .part.0]

   The demangler is the C++ runtime's (__cxa_demangle, the Itanium C++
   ABI's, in libstdc++), the one c++filt's output matches.  A name that
   is not a C++ symbol, or that it cannot demangle, is shown as it is.
   Names repeat (a function and each of its callers), so each is
   demangled once and kept until exit.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#define _POSIX_C_SOURCE 200809L

#include "demangle.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The Itanium C++ ABI's demangler, in the C++ runtime: a malloc'd
   string, or NULL with *STATUS nonzero.  */
extern char *__cxa_demangle (const char *mangled, char *buffer,
			     size_t *length, int *status);

bool mipdata_demangle_names = true;

/* A name demangled before: the symbol and what it shows as.  */
struct shown_name
{
  char *symbol;
  char *shown;
};

/* Open addressing, sized in powers of two; filled at most half.  */
static struct shown_name *shown_names;
static size_t shown_capacity, shown_count;

static uint64_t
name_hash (const char *name)
{
  uint64_t hash = 14695981039346656037u;

  for (; *name != '\0'; name++)
    hash = (hash ^ (unsigned char) *name) * 1099511628211u;
  return hash;
}

/* The slot of SYMBOL in the table: its entry, or the empty slot where
   it goes.  */
static struct shown_name *
find_slot (const char *symbol)
{
  size_t i = (size_t) name_hash (symbol) & (shown_capacity - 1);

  while (shown_names[i].symbol != NULL
	 && strcmp (shown_names[i].symbol, symbol) != 0)
    i = (i + 1) & (shown_capacity - 1);
  return &shown_names[i];
}

/* Room for one more name; false when memory runs out.  */
static bool
grow_table (void)
{
  struct shown_name *old = shown_names;
  size_t old_capacity = shown_capacity, i;

  if ((shown_count + 1) * 2 <= shown_capacity)
    return true;
  shown_capacity = old_capacity ? old_capacity * 2 : 256;
  shown_names = calloc (shown_capacity, sizeof *shown_names);
  if (shown_names == NULL)
    {
      shown_names = old;
      shown_capacity = old_capacity;
      return false;
    }
  for (i = 0; i < old_capacity; i++)
    if (old[i].symbol != NULL)
      *find_slot (old[i].symbol) = old[i];
  free (old);
  return true;
}

/* Whether NAME is a mangled C++ symbol (with GCC's clone suffixes,
   which the demangler shows as [clone .part.0]).  */
static bool
is_cxx_symbol (const char *name)
{
  return name[0] == '_' && name[1] == 'Z';
}

const char *
mipdata_display_name (const char *name)
{
  struct shown_name *slot;
  char *shown, *symbol;
  int status = -1;

  if (name == NULL || !mipdata_demangle_names || !is_cxx_symbol (name)
      || !grow_table ())
    return name;
  slot = find_slot (name);
  if (slot->symbol != NULL)
    return slot->shown;
  shown = __cxa_demangle (name, NULL, NULL, &status);
  symbol = strdup (name);
  if (status != 0 || shown == NULL || symbol == NULL)
    {
      free (shown);
      free (symbol);
      return name;
    }
  slot->symbol = symbol;
  slot->shown = shown;
  shown_count++;
  return shown;
}

void
mipdata_display_names_free (void)
{
  size_t i;

  for (i = 0; i < shown_capacity; i++)
    {
      free (shown_names[i].symbol);
      free (shown_names[i].shown);
    }
  free (shown_names);
  shown_names = NULL;
  shown_capacity = shown_count = 0;
}
