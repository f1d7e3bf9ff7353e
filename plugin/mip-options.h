/* mip-options.h - the options of a compile that change code generation
   (mip-options.cc): generate records them in each map unit, use names
   how they differ from those of the profile's unit.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef MIP_OPTIONS_H
#define MIP_OPTIONS_H

/* The options of this compile that change code generation, one string,
   options separated by single spaces, in command-line order, e.g.
   "-O2 -fno-pie -march=x86-64-v2".  Computed once, never NULL.  */
const char *mip_codegen_options (void);

/* How PROFILE_OPTIONS (the options a profile's unit recorded) and
   THIS_OPTIONS (mip_codegen_options) differ, as a short sentence
   without a final period, e.g. "the profile's unit was compiled with
   -O2, this one with -O0", naming only the options of either side that
   the other does not have ("none" for a side without any); NULL when
   they have the same effect.  Allocated with xmalloc: free it.  */
char *mip_options_difference (const char *profile_options,
			      const char *this_options);

#endif /* MIP_OPTIONS_H */
