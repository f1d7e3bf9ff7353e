/* mip-gcc-compat.h - the GCC headers the plugin needs, and every
   GCC-version difference in one place.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   The rest of the plugin is written against the GCC 12 API and includes
   only this header from GCC.  When a newer GCC renames or hides something,
   add the #if here (the model is the Linux kernel's gcc-common.h), never in
   the pass or the target files.  */

#ifndef MIP_GCC_COMPAT_H
#define MIP_GCC_COMPAT_H

#include "gcc-plugin.h"
#include "bversion.h"
#include "config.h"
#include "system.h"
#include "coretypes.h"
#include "backend.h"
#include "target.h"
#include "rtl.h"
#include "tree.h"
#include "tree-pass.h"
#include "memmodel.h"
#include "tm_p.h"
#include "df.h"
#include "emit-rtl.h"
#include "regs.h"
#include "function-abi.h"
#include "output.h"
#include "varasm.h"
#include "stringpool.h"
#include "attribs.h"
#include "cgraph.h"
#include "diagnostic-core.h"
#include "context.h"
#include "toplev.h"
#include "flags.h"
#include "options.h"
#include "opts.h"
#include "insn-config.h"
#include "recog.h"

#if BUILDING_GCC_MAJOR < 11
#error "MIP for GCC needs GCC 11 or newer (the plugin uses GCC 11's section flags and function ABI API)"
#endif

/* Checked by make check-gcc-matrix (scripts/gcc-matrix.sh) with Debian's
   GCC 11.3 and 12.2 (bookworm), 13.3 and 14.2 (trixie), 15 and 16
   (unstable): the plugin builds against each one's headers with -Werror
   and no #if beyond the floor above, because it keeps clear of what
   those releases changed in the plugin API:
     GCC 13 wants gimple-iterator.h before gimple-fold.h (not included);
     GCC 14 renamed last_stmt to last_nondebug_stmt (not used);
     GCC 15 made diagnostic_context::printer private (not used: the
       plugin reports through error (), warning () and inform ());
     GCC 16 removed TODO_verify_il (not used in the pass data).
   A use of any of them needs its #if here.

   GCC 11's gcov-io.h includes gcov-iov.h, which its plugin headers do
   not install: its profile summary (the type of profile_info, which
   the early block counts set) is declared here as gcov-io.h declares
   it.  */
#if BUILDING_GCC_MAJOR < 12
struct gcov_summary
{
  unsigned int runs;		/* gcov_unsigned_t */
  gcov_type sum_max;
};
#else
#include "gcov-io.h"
#endif

#endif /* MIP_GCC_COMPAT_H */
