/* mip-layout.h - the order in which profile use lays out the functions
   a profile saw run, shared by the plugin (-fplugin-arg-mip-use names
   sections .text.sorted.RANK.SYMBOL) and mipdata order (ordering files
   for lld and gold), so that every linker gets the same layout.

   Two layouts:

     MIP_LAYOUT_FIRST_CALL (the default): by first-call order, start-up
       first; the functions with no order recorded (coverage modes)
       follow, by name.
     MIP_LAYOUT_CALL_CHAINS: the functions runs called repeatedly are
       grouped by call-chain clustering (C3: Ottoni and Maher,
       "Optimizing Function Placement for Large-Scale Data-Center
       Applications", CGO 2017) over the call graph the caller samples
       weigh: hottest function first, each cluster appended to the
       cluster of its most frequent caller while the result stays within
       a page (MIP_LAYOUT_CLUSTER_BYTES) and its density (calls per
       byte) does not fall below an eighth.  The clusters, and the
       functions each run called once (a cluster of their own), are
       then placed by the earliest first call among their functions, so
       that start-up still comes first.  C3 proper orders the clusters
       by density; on speedtest1 that tripled the text pages a start-up
       run touches.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef MIP_LAYOUT_H
#define MIP_LAYOUT_H

#include <stdbool.h>
#include <stdint.h>

#include "mip-error.h"
#include "mip-profile.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A cluster of repeatedly called functions grows to at most this many
   bytes of code (their main parts, as the profile's binary had them):
   one 4 KiB page, the unit that a run touches.  */
#define MIP_LAYOUT_CLUSTER_BYTES 4096

/* A merge may not leave a cluster less dense than this fraction of its
   density before (lld's call-graph sort uses the same bound).  */
#define MIP_LAYOUT_DENSITY_DEGRADATION 8

enum mip_layout_kind
{
  MIP_LAYOUT_FIRST_CALL,
  MIP_LAYOUT_CALL_CHAINS
};

/* The layout named NAME ("first-call", "call-chains") into *KIND; false
   for any other name.  */
bool mip_layout_parse (const char *name, enum mip_layout_kind *kind);

/* *RANKS, new (free with free ()), gets one entry per function of
   PROFILE: its place in layout KIND, from 1, among the functions that
   ran, or 0 for an alias, a discarded copy or a function no run
   executed.  */
enum mip_error mip_layout_ranks (const struct mip_profile *profile,
				 enum mip_layout_kind kind, uint32_t **ranks,
				 struct mip_error_context *error);

#ifdef __cplusplus
}
#endif

#endif /* MIP_LAYOUT_H */
