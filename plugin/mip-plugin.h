/* mip-plugin.h - state shared by the plugin's target-neutral files:
   the options, and the functions instrumented in this translation unit.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef MIP_PLUGIN_H
#define MIP_PLUGIN_H

#include "mip-target.h"

/* What -fplugin-arg-mip-... asked for.  */
struct mip_options
{
  uint32_t mode;                /* MIP_KIND_* to record; 0: no generate */
  const char *use_file;         /* -fplugin-arg-mip-use=FILE, or NULL */
};

extern struct mip_options mip_options;

/* One instrumented function, kept until the unit's data is emitted.  */
struct mip_function_record
{
  char *symbol;                 /* assembler name, as in the symbol table */
  uint64_t cfg_signature;
  uint32_t kinds;               /* what the record really holds */
  uint32_t raw_offset;          /* from the raw unit's start */
  struct mip_record_layout layout;
  bool end_label_emitted;       /* false: the function was not output */
};

/* mip-pass.cc */
void mip_register_pass (const char *plugin_name);
void mip_emit_end_label (void *gcc_data, void *user_data);
unsigned mip_function_count (void);
const struct mip_function_record *mip_function_at (unsigned index);

/* mip-emit.cc */
void mip_emit_unit (void *gcc_data, void *user_data);
uint64_t mip_pointer_size (void);

#endif /* MIP_PLUGIN_H */
