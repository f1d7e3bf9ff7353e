/* profile-out.c - how the firmware example gets its MIP profile out,
   both ways a board without files has:

   (a) by the program itself: libmip's __mip_write_buffer writes the
       profile (header and records, the bytes of a .mipraw file) into a
       buffer, which semihosting saves as a file on the host; a product
       would send the buffer over a serial line instead;
   (b) by a debugger: the program calls mip_firmware_done, on which
       mip-dump.gdb breaks and dumps the records (the __mip_raw section)
       from RAM; "mipdata merge --section-dump" wraps them in a header.
       This way needs no buffer and no code at all in the firmware
       besides the records (and the function to break on, which any
       function the program calls at the right time can be).

   Part of the board support, compiled without the plugin: no
   instrumented code runs between the two snapshots, so they give the
   same profile.  Compiled with MIP_FIRMWARE_PROFILE undefined (the
   build without the plugin), it saves nothing.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "mip.h"
#include "profile-out.h"
#include "semihosting.h"

/* The room for the profile of way (a).  __mip_get_size says how much
   the program needs: a 104-byte header and the records, 128 to 200
   bytes here.  A program with more instrumented code builds with a
   larger -DPROFILE_BUFFER_SIZE (it says so when the buffer is too
   small).  */
#ifndef PROFILE_BUFFER_SIZE
#define PROFILE_BUFFER_SIZE 256
#endif

#ifdef MIP_FIRMWARE_PROFILE
static unsigned char profile_buffer[PROFILE_BUFFER_SIZE]
  __attribute__ ((aligned (8)));
#endif

void
mip_firmware_done (void)
{
  /* Nothing to do: the debugger breaks here.  */
  __asm__ volatile ("" ::: "memory");
}

int
mip_firmware_save_profile (const char *file_name)
{
#ifdef MIP_FIRMWARE_PROFILE
  size_t size = __mip_get_size ();
  if (size > sizeof profile_buffer)
    {
      semihosting_write_text ("mip-firmware: the profile takes ");
      semihosting_write_number ((unsigned) size);
      semihosting_write_text (" bytes, more than PROFILE_BUFFER_SIZE\n");
      mip_firmware_done ();
      return 1;
    }
  /* (a): the counters as they are now...  */
  int written = __mip_write_buffer (profile_buffer, size);
  /* ...and (b) sees them the same.  */
  mip_firmware_done ();
  if (written != 0)
    {
      semihosting_write_text ("mip-firmware: __mip_write_buffer failed\n");
      return 1;
    }
  if (semihosting_save_file (file_name, profile_buffer, size) != 0)
    {
      semihosting_write_text ("mip-firmware: cannot write the profile on"
			      " the host\n");
      return 1;
    }
  semihosting_write_text ("mip-firmware: profile of ");
  semihosting_write_number ((unsigned) size);
  semihosting_write_text (" bytes written\n");
#else
  (void) file_name;
  mip_firmware_done ();
#endif
  return 0;
}
