/* Without a file system a program gets its profile out through
   __mip_get_size and __mip_write_buffer; here the bytes are saved with
   fwrite, as a serial line or a debugger would save them, and the
   program ends with _exit, so the runtime writes no file itself.  The
   saved bytes merge as a raw profile.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do link } */
/* { dg-options "-O1" } */

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "mip.h"

__attribute__ ((noipa)) int work (int x) { /* mip-calls(2) */
  return x * 3;
}

__attribute__ ((noipa)) static int save (const char *path) { /* mip-calls(1) */
  size_t size = __mip_get_size ();
  unsigned char *buffer = malloc (size);
  FILE *file = fopen (path, "wb");
  int ok = buffer && file && size > 0
	   && __mip_write_buffer (buffer, size - 1) == -1
	   && __mip_write_buffer (buffer, size) == 0
	   && fwrite (buffer, 1, size, file) == size;

  if (file && fclose (file) != 0)
    ok = 0;
  free (buffer);
  return ok;
}

int main (int argc, char **argv) { /* mip-calls(1) */
  if (argc < 2 || work (work (1)) != 9)
    return 1;
  _exit (save (argv[1]) ? 0 : 1);
}

/* { dg-final { mip-check-runtime-buffer } } */
