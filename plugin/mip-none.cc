/* mip-none.cc - the target file for compilers whose target MIP does not
   support yet: loading the plugin with generate is a clear error.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "mip-plugin.h"

bool
mip_target_init (void)
{
  sorry ("mip: instrumentation is not supported for this target yet");
  return false;
}

void
mip_target_register_passes (const char *)
{
}

uint32_t
mip_target_supported_kinds (void)
{
  return 0;
}


/* No unspec of this target numbers things across the file.  */
bool
mip_target_unspec_numbers_labels (const_rtx)
{
  return false;
}

bool
mip_target_symbol_is_code_address (function *)
{
  return true;
}

bool
mip_target_skip_function (function *)
{
  return true;
}

uint32_t
mip_target_entry_kinds (function *, uint32_t)
{
  return 0;
}

void
mip_target_instrument_entry (function *, const struct mip_entry_probe *)
{
}

void
mip_target_block_probe (function *, basic_block, const struct mip_entry_probe *,
			uint32_t, char *text, size_t size, int *, int *n)
{
  if (size)
    text[0] = '\0';
  *n = 0;
}

/* The block-count mode is not offered on this target
   (mip_target_supported_kinds): the pass never asks.  */
void
mip_target_count_probe (function *, basic_block,
			const struct mip_entry_probe *, uint32_t, char *,
			size_t, int *, int *)
{
  gcc_unreachable ();
}

/* No allocation sites: the calls stay as they are.  */
bool
mip_target_heap_site (function *, rtx_insn *, unsigned, char *, size_t,
		      int *)
{
  return false;
}
