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
  const char *mode_name;        /* generate's MODE ("full" by default) */
  const char *use_file;         /* -fplugin-arg-mip-use=FILE, or NULL */
  const char *use_early_file;   /* -fplugin-arg-mip-use-early=FILE: the
				   early block counts from FILE */
  bool use_verbose;             /* -fplugin-arg-mip-use-verbose */
  bool use_strict;              /* -fplugin-arg-mip-use-strict */
  bool use_layout_only;         /* -fplugin-arg-mip-use-layout-only, or
				   -fprofile-partial-training, or a
				   profile without counts (mip_use_load) */
  bool use_cold_never_run;      /* -fplugin-arg-mip-use-cold-never-run */
  bool use_no_early_counts;     /* -fplugin-arg-mip-use-no-early-counts */
  bool use_early_counts;        /* the profile's early block counts are
				   used (mip-ipa-blocks.cc) */
  int use_layout;               /* -fplugin-arg-mip-use-layout=KIND:
				   an enum mip_layout_kind */
  bool probe_all_blocks;        /* -fplugin-arg-mip-probe-all-blocks */
  bool calls_may_exit;          /* -fplugin-arg-mip-calls-may-exit */
  bool atomic_counts;           /* -fplugin-arg-mip-atomic */
  bool heap;                    /* -fplugin-arg-mip-heap, or generate=heap:
				   record the allocation sites */
  bool afdo_exact;              /* -fplugin-arg-mip-afdo-exact */
};

extern struct mip_options mip_options;

/* One machine basic block of an instrumented function.  */
struct mip_block_record
{
  uint32_t id;                  /* early block number + 1, or 0 */
  uint32_t probe;               /* coverage byte index or MIP_NO_PROBE */
  uint32_t infer_begin, infer_count;
  uint32_t flags;               /* MIP_BLOCK_* (COLD added at emission) */
  uint32_t edge_begin, edge_count; /* into the function's edges */
  bool other_part;              /* not in the partition of the entry */
};

/* One instrumented function, kept until the unit's data is emitted.  */
struct mip_function_record
{
  char *symbol;                 /* assembler name, as in the symbol table */
  char *code_start;             /* what the map's address and offsets are
				   measured from: the symbol, or a label at
				   the first instruction where the symbol's
				   value is not its address (Thumb) */
  uint64_t cfg_signature;
  uint32_t ipa_signature;       /* 0 when unknown (mip-ipa.cc) */
  uint32_t kinds;               /* what the record really holds */
  uint32_t raw_offset;          /* from the raw unit's start */
  struct mip_record_layout layout;
  uint32_t probe_count;         /* block coverage bytes */
  uint32_t caller_slots;
  uint32_t block_count;
  struct mip_block_record *blocks;
  uint32_t infer_count;
  uint32_t *infer;
  uint32_t edge_count;
  struct mip_map_edge *edges;   /* each block's edges to other blocks */
  /* Labels that end the symbol's part of the code, and start and end the
     other part (hot/cold partitioning), set after final; the other
     part's are NULL when there is none or it cannot be described.  */
  char *end_label;
  char *other_start_label;
  char *other_end_label;
};

/* mip-pass.cc */
void mip_register_passes (const char *plugin_name);
/* Emit TEXT as a volatile asm insn before WHERE at location LOC (a real
   one), clobbering the N hard registers in CLOBBERS.  */
rtx_insn *mip_emit_asm_before (rtx_insn *where, const char *text,
			       location_t loc, const int *clobbers, int n);
/* The same after WHERE.  */
rtx_insn *mip_emit_asm_after (rtx_insn *where, const char *text,
			      location_t loc, const int *clobbers, int n);
unsigned mip_function_count (void);
const struct mip_function_record *mip_function_at (unsigned index);

/* mip-signature.cc */
uint64_t mip_cfg_signature (function *fun);
void mip_number_early_blocks (function *fun);
uint32_t mip_early_block_id (function *fun, basic_block bb);
/* Insn uids to numbers; the value of the first insn of BB (debug
   insns aside) that MAP has, or NULL.  */
typedef hash_map<int_hash<int, -1, -2>, unsigned> mip_uid_map;
unsigned *mip_first_mapped_insn (basic_block bb, mip_uid_map *map);
bool mip_have_early_signature (function *fun, uint64_t *signature);

/* mip-ipa.cc */
void mip_ipa_start (void *gcc_data, void *user_data);
void mip_ipa_function_start (void *gcc_data, void *user_data);
void mip_ipa_function_end (void *gcc_data, void *user_data);
uint32_t mip_ipa_signature (const char *symbol);
uint32_t mip_gimple_signature (function *fn);

/* mip-ipa-blocks.cc: the early blocks (block-count mode) and their
   counts (use).  */
struct mip_early_function
{
  const char *symbol;
  uint32_t signature;           /* mip_gimple_signature */
  uint32_t block_count;
};
void mip_ipa_blocks_register (const char *plugin_name);
/* A new artificial u64 variable NAME for debug binds that number
   things: no code reads it, and the binds go before var-tracking.  */
tree mip_bind_variable (const char *name);
/* Machine block K of the function being instrumented, BB: the early
   blocks it holds, for the record about to be added.  */
void mip_ipa_blocks_note_block (unsigned k, basic_block bb);
unsigned mip_early_function_count (void);
const mip_early_function *mip_early_function_at (unsigned index);
unsigned mip_early_hold_count (void);
const struct mip_ipa_map_hold *mip_early_hold_at (unsigned index);
/* What -fprofile-use turns on, where the command line did not say.  */
void mip_enable_fdo_options (void);
/* The name of DECL as the symbol table will know it.  */
const char *mip_decl_symbol (tree decl);
unsigned mip_ipa_made_cold (void);

/* The attribute a compile for link-time optimisation gives each of its
   functions, naming the mode it was compiled in (mip-ipa.cc); a name
   with a space, which no source can write.  */
#define MIP_MODE_ATTRIBUTE "mip mode"
void mip_check_lto_mode (function *fun);

/* mip-use.cc */
bool mip_use_load (const char *path);
/* -fplugin-arg-mip-use-early=PATH: read the profile whose early block
   counts are given.  */
bool mip_use_load_early (const char *path);
/* The profile mip_use_load read, or NULL.  */
const struct mip_profile *mip_use_profile (void);
/* The profile whose early block counts are given: use-early's, else
   the use profile.  */
const struct mip_profile *mip_use_early_profile (void);
void mip_use_function (function *fun, const char *symbol, uint64_t signature);
void mip_use_blocks (function *fun, const char *symbol, uint64_t signature);
bool mip_infer_counts (function *fun, gcov_type *known);
/* In a function the early block counts reached: keep GCC's counts for
   register allocation, then give the late counts as
   mip_use_block_counts does, before partitioning and again after
   reload.  */
void mip_hold_counts_for_allocation (function *fun);
void mip_use_block_counts_around_allocation (function *fun, gcov_type *known,
					     const unsigned char *seen,
					     gcov_type calls);
void mip_use_counts_register_passes (const char *plugin_name);
bool mip_early_blocks_seen (function *fun, unsigned char *seen,
			    uint64_t per_call = 0);
void mip_use_block_counts (function *fun, gcov_type *known,
			   const unsigned char *seen, gcov_type calls);
void mip_use_finish_unit (void *gcc_data, void *user_data);
void mip_use_note_caller_ranks (void *gcc_data, void *user_data);
void mip_use_function_start (void *gcc_data, void *user_data);
void mip_use_order_unlikely (void *gcc_data, void *user_data);

/* mip-heap.cc: the heap option's allocation sites.  */
struct mip_heap_site
{
  uint32_t function_index;      /* of the calling function in the unit */
  uint32_t callee;              /* MIP_HEAP_CALLEE id */
};
void mip_heap_init (const char *plugin_name);
void mip_heap_instrument_calls (function *fun, unsigned function_index);
unsigned mip_heap_site_count (void);
const struct mip_heap_site *mip_heap_site_at (unsigned index);
const char *mip_heap_callee_symbol (uint32_t callee);

/* mip-values.cc: the value sites (block-count mode).  */
struct mip_value_record
{
  uint32_t ipa_function;        /* the early function, in the unit */
  uint32_t site;                /* among its value sites */
  uint32_t operation;           /* MIP_VALUE_* */
};
struct mip_profile;
/* Generate: bind the number of each value site of FUN, early function
   FUNCTION of the unit, before it.  Returns how many.  */
unsigned mip_values_mark (function *fun, unsigned function);
void mip_values_register (const char *plugin_name);
/* Use: specialize the value sites of FUN, early function EARLY_FUNCTION
   of PROFILE, whose counts it was given, as the profile says.  */
void mip_values_use (function *fun, const struct mip_profile *profile,
		     uint32_t early_function);
unsigned mip_value_record_count (void);
const struct mip_value_record *mip_value_record_at (unsigned index);
/* mip-afdo-exact.cc: -fauto-profile's counts made exact.  */
void mip_afdo_exact_init (const char *plugin_name);

/* mip-emit.cc */
void mip_emit_unit (void *gcc_data, void *user_data);
uint64_t mip_pointer_size (void);

#endif /* MIP_PLUGIN_H */
