/* mip-afdo-exact.cc - -fplugin-arg-mip-afdo-exact: the counts of
   -fauto-profile's file are exact, and GCC is told so.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   GCC marks every count and probability its AutoFDO pass ("afdo") sets
   as of AutoFDO quality: an estimate from samples.  GCC's passes trust
   such a count less than one from -fprofile-use: a block that the
   profile says never ran is not made cold (probably_never_executed
   wants a precise count), and a hot path is weighed against guesses.
   The file that mipdata export --format=afdo writes from a block-count
   profile holds exact execution counts, line by line.  Right after the
   AutoFDO pass, this pass gives the counts and probabilities of
   AutoFDO quality the precise quality, so that GCC treats them as it
   treats -fprofile-use's; counts of other qualities (a function the
   file does not name keeps GCC's guesses) stay as they are.  */

#include "mip-plugin.h"

namespace {

/* COUNT with the precise quality when AutoFDO set it.  */
profile_count
exact_count (profile_count count)
{
  if (count.initialized_p () && count.quality () == AFDO)
    return profile_count::from_gcov_type (count.to_gcov_type ());
  return count;
}

/* PROBABILITY with the precise quality when AutoFDO set it (to GCC's
   branch probability base, 1/10000).  */
profile_probability
exact_probability (profile_probability probability)
{
  if (probability.initialized_p () && probability.quality () == AFDO)
    return profile_probability::probability_in_gcov_type
      (probability.to_reg_br_prob_base (), REG_BR_PROB_BASE);
  return probability;
}

/* Make NODE's AutoFDO counts exact: its own, its calls', its blocks'
   and its edges'.  */
void
make_node_exact (cgraph_node *node)
{
  function *fun = DECL_STRUCT_FUNCTION (node->decl);
  if (!fun || !fun->cfg)
    return;
  node->count = exact_count (node->count);
  for (cgraph_edge *e = node->callees; e; e = e->next_callee)
    e->count = exact_count (e->count);
  for (cgraph_edge *e = node->indirect_calls; e; e = e->next_callee)
    e->count = exact_count (e->count);
  basic_block bb;
  FOR_ALL_BB_FN (bb, fun)
    {
      bb->count = exact_count (bb->count);
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, bb->succs)
	e->probability = exact_probability (e->probability);
    }
}

const pass_data afdo_exact_pass_data = {
  SIMPLE_IPA_PASS, "mip_afdo_exact", OPTGROUP_NONE, TV_NONE, 0, 0, 0, 0, 0
};

class afdo_exact_pass : public simple_ipa_opt_pass
{
public:
  afdo_exact_pass (gcc::context *ctxt)
    : simple_ipa_opt_pass (afdo_exact_pass_data, ctxt)
  {}
  unsigned int execute (function *) final override
  {
    cgraph_node *node;
    FOR_EACH_DEFINED_FUNCTION (node)
      if (node->has_gimple_body_p ())
	make_node_exact (node);
    return 0;
  }
};

} // namespace

/* Registered only with -fauto-profile, so the pass needs no gate.  */
void
mip_afdo_exact_init (const char *plugin_name)
{
  if (!flag_auto_profile)
    {
      warning (0, "mip: %<-fplugin-arg-mip-afdo-exact%> has no effect"
	       " without %<-fauto-profile=FILE%>");
      return;
    }
  struct register_pass_info info;
  info.pass = new afdo_exact_pass (g);
  info.reference_pass_name = "afdo";
  info.ref_pass_instance_number = 1;
  info.pos_op = PASS_POS_INSERT_AFTER;
  register_callback (plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL, &info);
}
