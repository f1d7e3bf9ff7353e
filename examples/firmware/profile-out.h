/* profile-out.h - the firmware example's way out for its profile (see
   profile-out.c).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef PROFILE_OUT_H
#define PROFILE_OUT_H

/* Called once the profile is final: mip-dump.gdb breaks here to dump
   the records.  Not inlined, so that there is a place to break.  */
__attribute__ ((noinline, noipa)) void mip_firmware_done (void);

/* Save the profile as the host file FILE_NAME (way (a)) and call
   mip_firmware_done (way (b)).  Returns 0, or 1 when the profile could
   not be saved.  */
int mip_firmware_save_profile (const char *file_name);

#endif /* PROFILE_OUT_H */
