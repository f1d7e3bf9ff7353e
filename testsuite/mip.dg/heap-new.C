// The heap option in C++: operator new and new[], their nothrow form,
// the sized operator delete that a delete of a complete type calls, and
// delete[], each block matched to the site that freed it.  At -O0 and
// -O2, and as i386 (-m32); two runs kept in a profile (.mip) as well.
//
// Copyright (C) 2026 The MIP for GCC developers.
// SPDX-License-Identifier: GPL-3.0-or-later

// { dg-do link }
// { dg-options "-O0 -fplugin-arg-mip-generate=heap" }

#include <new>

struct Block
{
  char data[48];
};

static Block *kept[8];
// Seen escaping: GCC may drop a new and delete pair it sees through.
static char *volatile seen;

int
main ()
{
  for (int i = 0; i < 8; i++)
    kept[i] = new Block;	/* heap: operator_new blocks=8 bytes=384 largest=48 freed=8 freed-by=delete:8 */
  for (int i = 0; i < 8; i++)
    delete kept[i];		/* heap: operator_delete_(sized) label=delete blocks=8 */
  char *text = new char[100];	/* heap: operator_new[] blocks=1 bytes=100 freed=1 freed-by=delete-array:1 */
  seen = text;
  delete[] text;		/* heap: operator_delete[] label=delete-array blocks=1 */
  Block *leak = new (std::nothrow) Block; /* heap: operator_new_(nothrow) blocks=1 bytes=48 live=1 */
  return leak == nullptr;
}

// { dg-final { mip-check-heap -profile 1 -variants { {-O2} {-m32 -fno-pie -no-pie} } } }
