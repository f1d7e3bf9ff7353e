/* Without a file system a program gets its profile out through
   __mip_get_size and __mip_write_buffer; here the bytes are saved with
   fwrite, as a serial line or a debugger would save them, and the
   program ends with _exit, so the runtime writes no file at exit.  The
   saved bytes merge as a raw profile, to the same profile as the file
   that __mip_dump writes at the same point.

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
  unsigned char *buffer = malloc (size + 1);
  FILE *file = fopen (path, "wb");
  int too_small, written, dumped, ok;

  /* The buffer's dump, then the file's (MIP_PROFILE_FILENAME), in one
     block: both of the same counts, so the same profile.  */
  too_small = __mip_write_buffer (buffer, size - 1);
  written = __mip_write_buffer (buffer, size);
  dumped = __mip_dump ();
  ok = buffer && file && size > 0 && too_small == -1 && written == 0
       && dumped == 0 && fwrite (buffer, 1, size, file) == size;
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
