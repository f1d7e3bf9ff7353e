/* mip-blocks.h - choosing which machine basic blocks get a coverage probe
   and how the coverage of the others is inferred.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef MIP_BLOCKS_H
#define MIP_BLOCKS_H

#include "mip-gcc-compat.h"

/* The plan for one function's blocks, in layout order.  */
struct mip_block_plan
{
  unsigned count;		/* blocks */
  basic_block *blocks;		/* [count] */
  uint32_t *probe;		/* [count] probe index or MIP_NO_PROBE */
  uint32_t *flags;		/* [count] MIP_BLOCK_* */
  uint32_t *infer_begin;	/* [count] into infer */
  uint32_t *infer_count;	/* [count] */
  uint32_t *infer;		/* block indices or MIP_INFER_FUNCTION */
  unsigned infer_length;
  unsigned probe_count;
};

/* Plan FUN's blocks: the entry block is inferred from the function's own
   entry probe, blocks whose coverage follows from others' (through
   dominators, post-dominators and control equivalence, with calls
   treated as possible exits) get an inference list, the rest a probe.
   Unreachable blocks get an empty list: never covered.  */
void mip_plan_blocks (function *fun, struct mip_block_plan *plan);

/* Plan FUN's block counters (the block-count mode): a counter on a
   block only where flow conservation (mip-flow.h) cannot give its count
   from the other counters and the function's calls, found by taking the
   counters away one by one from every block but the entry, the blocks
   GCC expects to run most often first, and keeping those that cannot
   go.  With -fplugin-arg-mip-probe-all-blocks every block but the entry
   keeps its counter.  The probe indexes are counter indexes; no block
   but the entry has an inference list.  */
void mip_plan_counters (function *fun, struct mip_block_plan *plan);

/* Probe every block (except the entry block, inferred from the function
   probe): the plan used when inference is switched off.  */
void mip_plan_blocks_all (function *fun, struct mip_block_plan *plan);

#endif /* MIP_BLOCKS_H */
