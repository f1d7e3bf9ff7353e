/* mip.h - the public interface of libmip, the MIP profiling runtime.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   A program built with -fplugin=mip -fplugin-arg-mip-generate and linked
   with -lmip writes its raw profile when it exits (calls exit () or
   returns from main) to $MIP_PROFILE_FILENAME, or to default.mipraw when
   that is unset or empty.  In the name, "%p" stands for the process id
   and "%%" for a single '%'; any other '%' is kept as it is.  Include
   this header only to ask for a dump at another time.

   Every executable and shared object that contains instrumented code
   has its own copy of the runtime (the functions are hidden), so
   __mip_dump writes the profile of the module that calls it.  */

#ifndef MIP_H
#define MIP_H

#ifdef __cplusplus
extern "C" {
#endif

/* Write the raw profile now, with the counters as they are, replacing
   the file atomically (a temporary file in the same directory, then a
   rename).  The profile is written again at exit, with the final
   counters.  Returns 0 when the file was written or when the module has
   no instrumented code (nothing is written then), and -1 when it could
   not be written (a line starting with "mip: " on stderr says why) or
   when another thread is dumping at the same time.  errno is left
   unchanged; the program is never stopped or signalled.  */
#if defined (__GNUC__)
__attribute__ ((visibility ("hidden")))
#endif
int __mip_dump (void);

#ifdef __cplusplus
}
#endif

#endif /* MIP_H */
