/* mip-blocks.cc - fewer probes than blocks: which blocks of a function are
   probed, and how the coverage of every other block is inferred.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   In the manner of "Minimum Coverage Instrumentation" (Chen et al. 2022)
   the pass reasons on the function's CFG with one virtual EXIT node and
   extra edges to it from every block that may leave the function: blocks
   that return, contain a call that may throw out of the function, have
   no successor (noreturn calls, traps) or cannot reach EXIT (infinite
   loops).  Like LLVM's block coverage, other calls are taken to return:
   a program that ends inside a callee (exit, abort, longjmp) may have the
   blocks after the interrupted calls of its callers reported covered.
   -fplugin-arg-mip-calls-may-exit treats every call as a possible exit
   instead, exact for such programs too, at the price of more probes.

   On that graph, with D = dominates and P = post-dominates, three rules
   give a block X's coverage from others':

     equivalence  X D Y and Y P X (or the converse): covered(X) = covered(Y)
     predecessors X is not the entry and no run goes through a predecessor
		  of X without going through X: covered(X) = OR of the
		  predecessors that the entry reaches without passing X
     successors   X cannot leave the function and no run goes through a
		  successor of X without going through X: covered(X) = OR
		  of the successors that reach EXIT without passing X

   (A neighbour Y of X runs in a run that avoids X exactly when X neither
   dominates nor post-dominates Y.)  The entry block is covered exactly
   when the function ran, which the function's own entry probe records
   (MIP_INFER_FUNCTION).  A block with neither neighbour rule needs a
   probe under any placement.  The others may depend on each other in
   pairs (X on its successor Y, Y on its predecessor X); such pairs chain
   into paths, and a path needs a probe of its own only when its first
   block has no predecessor rule and its last no successor rule.  These
   probes are the minimum that Chen et al. prove, and with them a
   worklist applying the rules to blocks whose right-hand sides are all
   known infers every other block (should it stall, a probe on the least
   often executed unknown block breaks the cycle).  Every list therefore
   names only blocks known before it, so the inference graph has no
   cycle.  scripts/probe-oracle.py checks the count against its own
   computation of the minimum.  */

#include "mip-blocks.h"
#include "mip-plugin.h"
#include "except.h"
#include "mip-format.h"
#include "mip-flow.h"

namespace {

/* The block graph: nodes 0..n-1 are the blocks in layout order, node n
   is the virtual EXIT.  */
struct block_graph
{
  unsigned n;
  vec<unsigned> *succs;		/* [n + 1] */
  vec<unsigned> *preds;		/* [n + 1] */
  bool *leaves;			/* [n] may leave the function */
  bool *self_loop;		/* [n] */
};

/* A dominator tree with pre/post numbers for O(1) ancestor queries.  */
struct dom_tree
{
  int *idom;			/* -1 for the root and unreachable nodes */
  unsigned *pre, *post;
  bool *reached;
};

bool
block_has_call (basic_block bb)
{
  rtx_insn *insn;
  FOR_BB_INSNS (bb, insn)
    if (CALL_P (insn))
      return true;
  return false;
}

/* True if BB contains a call that may leave the function other than by
   returning to it: one that may throw out of it, or, when the user asked
   for coverage exact even for programs that end inside a callee (exit,
   abort, longjmp), any call.  */
bool
block_may_leave_in_call (basic_block bb)
{
  rtx_insn *insn;
  FOR_BB_INSNS (bb, insn)
    if (CALL_P (insn)
	&& (mip_options.calls_may_exit || can_throw_external (insn)))
      return true;
  return false;
}

void
add_edge (struct block_graph *g, unsigned from, unsigned to)
{
  g->succs[from].safe_push (to);
  g->preds[to].safe_push (from);
}

bool
has_succ (const struct block_graph *g, unsigned from, unsigned to)
{
  for (unsigned s : g->succs[from])
    if (s == to)
      return true;
  return false;
}

/* Nodes from which EXIT can be reached, by a backward walk.  */
bool *
nodes_reaching_exit (const struct block_graph *g)
{
  bool *reach = XCNEWVEC (bool, g->n + 1);
  auto_vec<unsigned> stack;
  reach[g->n] = true;
  stack.safe_push (g->n);
  while (!stack.is_empty ())
    {
      unsigned x = stack.pop ();
      for (unsigned p : g->preds[x])
	if (!reach[p])
	  {
	    reach[p] = true;
	    stack.safe_push (p);
	  }
    }
  return reach;
}

void
build_graph (const struct mip_block_plan *plan, struct block_graph *g)
{
  unsigned n = plan->count;
  g->n = n;
  g->succs = new vec<unsigned>[n + 1] ();
  g->preds = new vec<unsigned>[n + 1] ();
  g->leaves = XCNEWVEC (bool, n);
  g->self_loop = XCNEWVEC (bool, n);

  for (unsigned i = 0; i < n; i++)
    {
      basic_block bb = plan->blocks[i];
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, bb->succs)
	{
	  unsigned to = e->dest->index == EXIT_BLOCK ? n
			: (unsigned) (uintptr_t) e->dest->aux;
	  if (to == i)
	    g->self_loop[i] = true;
	  else if (!has_succ (g, i, to))
	    add_edge (g, i, to);
	}
      if (EDGE_COUNT (bb->succs) == 0 || block_may_leave_in_call (bb))
	g->leaves[i] = true;
      else if (has_succ (g, i, n))
	g->leaves[i] = true;
    }
  for (unsigned i = 0; i < n; i++)
    if (g->leaves[i] && !has_succ (g, i, n))
      add_edge (g, i, n);
  /* Blocks that cannot reach EXIT (infinite loops) may still end the
     program through a call; give them the exit edge too.  */
  bool *reach = nodes_reaching_exit (g);
  for (unsigned i = 0; i < n; i++)
    if (!reach[i])
      {
	g->leaves[i] = true;
	add_edge (g, i, n);
      }
  XDELETEVEC (reach);
}

/* Reverse post-order of the nodes reachable from ROOT following NEXT.  */
void
reverse_post_order (unsigned root, const vec<unsigned> *next,
		    vec<unsigned> *order, bool *reached)
{
  auto_vec<std::pair<unsigned, unsigned> > stack;
  auto_vec<unsigned> post;
  reached[root] = true;
  stack.safe_push (std::make_pair (root, 0u));
  while (!stack.is_empty ())
    {
      std::pair<unsigned, unsigned> &top = stack.last ();
      if (top.second < next[top.first].length ())
	{
	  unsigned s = next[top.first][top.second++];
	  if (!reached[s])
	    {
	      reached[s] = true;
	      stack.safe_push (std::make_pair (s, 0u));
	    }
	}
      else
	{
	  post.safe_push (top.first);
	  stack.pop ();
	}
    }
  for (unsigned i = post.length (); i-- > 0;)
    order->safe_push (post[i]);
}

/* The children of each node in the tree of immediate dominators IDOM.  */
vec<unsigned> *
tree_children (const int *idom, unsigned count)
{
  vec<unsigned> *children = new vec<unsigned>[count] ();
  for (unsigned i = 0; i < count; i++)
    if (idom[i] >= 0)
      children[idom[i]].safe_push (i);
  return children;
}

/* Cooper, Harvey and Kennedy's iterative dominators over NEXT/PREV from
   ROOT, then pre/post numbers of the tree.  */
void
compute_dominators (unsigned count, unsigned root, const vec<unsigned> *next,
		    const vec<unsigned> *prev, struct dom_tree *t)
{
  t->idom = XNEWVEC (int, count);
  t->pre = XCNEWVEC (unsigned, count);
  t->post = XCNEWVEC (unsigned, count);
  t->reached = XCNEWVEC (bool, count);
  auto_vec<unsigned> rpo;
  reverse_post_order (root, next, &rpo, t->reached);
  unsigned *rank = XCNEWVEC (unsigned, count);
  for (unsigned i = 0; i < rpo.length (); i++)
    rank[rpo[i]] = i;
  for (unsigned i = 0; i < count; i++)
    t->idom[i] = -1;
  t->idom[root] = (int) root;

  bool changed = true;
  while (changed)
    {
      changed = false;
      for (unsigned k = 1; k < rpo.length (); k++)
	{
	  unsigned b = rpo[k];
	  int new_idom = -1;
	  for (unsigned p : prev[b])
	    {
	      if (!t->reached[p] || t->idom[p] < 0)
		continue;
	      if (new_idom < 0)
		{
		  new_idom = (int) p;
		  continue;
		}
	      unsigned f1 = p, f2 = (unsigned) new_idom;
	      while (f1 != f2)
		{
		  while (rank[f1] > rank[f2])
		    f1 = (unsigned) t->idom[f1];
		  while (rank[f2] > rank[f1])
		    f2 = (unsigned) t->idom[f2];
		}
	      new_idom = (int) f1;
	    }
	  if (new_idom >= 0 && t->idom[b] != new_idom)
	    {
	      t->idom[b] = new_idom;
	      changed = true;
	    }
	}
    }
  t->idom[root] = -1;
  XDELETEVEC (rank);

  /* Number the tree depth-first.  */
  vec<unsigned> *children = tree_children (t->idom, count);
  unsigned clock = 0;
  auto_vec<std::pair<unsigned, unsigned> > stack;
  stack.safe_push (std::make_pair (root, 0u));
  t->pre[root] = clock++;
  while (!stack.is_empty ())
    {
      std::pair<unsigned, unsigned> &top = stack.last ();
      if (top.second < children[top.first].length ())
	{
	  unsigned c = children[top.first][top.second++];
	  t->pre[c] = clock++;
	  stack.safe_push (std::make_pair (c, 0u));
	}
      else
	{
	  t->post[top.first] = clock++;
	  stack.pop ();
	}
    }
  delete[] children;
}

/* True if A is an ancestor of (or equal to) B in tree T.  */
bool
tree_ancestor (const struct dom_tree *t, unsigned a, unsigned b)
{
  return t->reached[a] && t->reached[b] && t->pre[a] <= t->pre[b]
	 && t->post[b] <= t->post[a];
}

struct planner
{
  struct mip_block_plan *plan;
  struct block_graph g;
  unsigned entry;		/* layout position of the entry block */
  struct dom_tree dom, pdom;
  vec<unsigned> *dom_children;	/* [n + 1] */
  vec<unsigned> *pdom_children;	/* [n + 1] */
  bool *known, *queued;
  vec<unsigned> queue;
  vec<uint32_t> infer;
  /* For each block X: every entry-to-exit path through a predecessor
     (successor) of X also goes through X, so X's coverage is the OR of
     its predecessors' (successors') that the entry reaches without
     passing through X (that reach EXIT without passing through X): the
     lists PRED_DEPS (SUCC_DEPS).  A predecessor that only X leads to
     (the latch of a loop X heads, say) adds nothing and could make the
     rule wait for X itself.  */
  bool *by_preds, *by_succs;
  vec<unsigned> *pred_deps, *succ_deps;	/* [n] */
};

void
set_known (struct planner *p, unsigned x, const vec<uint32_t> &list)
{
  p->known[x] = true;
  p->plan->infer_begin[x] = p->infer.length ();
  p->plan->infer_count[x] = list.length ();
  for (uint32_t v : list)
    p->infer.safe_push (v);
}

bool
all_known (const struct planner *p, const vec<unsigned> &nodes)
{
  for (unsigned x : nodes)
    if (x >= p->g.n || !p->known[x])
      return false;
  return true;
}

/* Try the three rules on X; on success record its list and return
   true.  */
bool
try_infer (struct planner *p, unsigned x)
{
  const struct block_graph *g = &p->g;
  auto_vec<uint32_t> list;

  /* Equivalence with the immediate dominator or post-dominator.  */
  int d = p->dom.idom[x];
  if (d >= 0 && p->known[d] && tree_ancestor (&p->pdom, x, (unsigned) d))
    {
      list.safe_push ((uint32_t) d);
      set_known (p, x, list);
      return true;
    }
  int pd = p->pdom.idom[x];
  if (pd >= 0 && (unsigned) pd < g->n && p->known[pd]
      && tree_ancestor (&p->dom, x, (unsigned) pd))
    {
      list.safe_push ((uint32_t) pd);
      set_known (p, x, list);
      return true;
    }

  /* Predecessors, then successors.  */
  if (p->by_preds[x] && all_known (p, p->pred_deps[x]))
    {
      for (unsigned q : p->pred_deps[x])
	list.safe_push (q);
      set_known (p, x, list);
      return true;
    }
  if (p->by_succs[x] && all_known (p, p->succ_deps[x]))
    {
      for (unsigned s : p->succ_deps[x])
	list.safe_push (s);
      set_known (p, x, list);
      return true;
    }
  return false;
}

void wake_readers (struct planner *p, unsigned x);

/* Queue X for another try if it is still unknown.  */
void
requeue (struct planner *p, unsigned x)
{
  if (x < p->g.n && !p->known[x] && !p->queued[x])
    {
      p->queued[x] = true;
      p->queue.safe_push (x);
    }
}

/* Apply the rules until nothing changes.  A block's rules read only its
   neighbours and its tree parents, so when X becomes known only those
   that read X are tried again.  */
void
propagate (struct planner *p)
{
  while (!p->queue.is_empty ())
    {
      unsigned x = p->queue.pop ();
      p->queued[x] = false;
      if (!p->known[x] && try_infer (p, x))
	wake_readers (p, x);
    }
}

/* Requeue the blocks whose rules read X, which just became known.  */
void
wake_readers (struct planner *p, unsigned x)
{
  for (unsigned s : p->g.succs[x])
    requeue (p, s);
  for (unsigned q : p->g.preds[x])
    requeue (p, q);
  for (unsigned c : p->dom_children[x])
    requeue (p, c);
  for (unsigned c : p->pdom_children[x])
    requeue (p, c);
}

/* The next block to probe, or -1 when all are known.  A block that no
   rule can ever infer must be probed in any case (*UNAVOIDABLE is set);
   otherwise the inference stalled on a cycle, and the block least often
   executed by GCC's estimate is the cheapest to break it with.  */
int
choose_probe (const struct planner *p, function *fun, bool *unavoidable)
{
  int best = -1;
  int best_frequency = 0;
  *unavoidable = false;
  for (unsigned x = 0; x < p->g.n; x++)
    {
      if (p->known[x])
	continue;
      if (!p->by_preds[x] && !p->by_succs[x])
	{
	  *unavoidable = true;
	  return (int) x;
	}
      int frequency = p->plan->blocks[x]->count.to_frequency (fun);
      if (best < 0 || frequency < best_frequency)
	{
	  best = (int) x;
	  best_frequency = frequency;
	}
    }
  return best;
}

void
add_probe (struct planner *p, unsigned x)
{
  auto_vec<uint32_t> empty;
  p->plan->probe[x] = p->plan->probe_count++;
  set_known (p, x, empty);
}


void
init_plan (function *fun, struct mip_block_plan *plan)
{
  unsigned n = n_basic_blocks_for_fn (fun) - NUM_FIXED_BLOCKS;
  basic_block bb;
  unsigned i = 0;

  plan->count = n;
  plan->blocks = XNEWVEC (basic_block, n);
  plan->probe = XNEWVEC (uint32_t, n);
  plan->flags = XCNEWVEC (uint32_t, n);
  plan->infer_begin = XCNEWVEC (uint32_t, n);
  plan->infer_count = XCNEWVEC (uint32_t, n);
  plan->infer = NULL;
  plan->infer_length = 0;
  plan->probe_count = 0;
  FOR_EACH_BB_FN (bb, fun)
    {
      plan->blocks[i] = bb;
      plan->probe[i] = MIP_NO_PROBE;
      bb->aux = (void *) (uintptr_t) i;
      i++;
    }
  gcc_assert (i == n);
}

void
finish_plan (struct planner *p)
{
  struct mip_block_plan *plan = p->plan;
  for (unsigned x = 0; x < plan->count; x++)
    {
      if (x == p->entry)
	plan->flags[x] |= MIP_BLOCK_ENTRY;
      if (p->g.leaves[x])
	plan->flags[x] |= MIP_BLOCK_EXIT;
      if (block_has_call (plan->blocks[x]))
	plan->flags[x] |= MIP_BLOCK_CALL;
      plan->blocks[x]->aux = NULL;
    }
  plan->infer_length = p->infer.length ();
  plan->infer = XNEWVEC (uint32_t, plan->infer_length ? plan->infer_length : 1);
  for (unsigned i = 0; i < plan->infer_length; i++)
    plan->infer[i] = p->infer[i];
  p->infer.release ();
  delete[] p->g.succs;
  delete[] p->g.preds;
  XDELETEVEC (p->g.leaves);
  XDELETEVEC (p->g.self_loop);
  XDELETEVEC (p->known);
  XDELETEVEC (p->queued);
  XDELETEVEC (p->by_preds);
  XDELETEVEC (p->by_succs);
  delete[] p->pred_deps;
  delete[] p->succ_deps;
  p->queue.release ();
}

void
free_tree (struct dom_tree *t)
{
  XDELETEVEC (t->idom);
  XDELETEVEC (t->pre);
  XDELETEVEC (t->post);
  XDELETEVEC (t->reached);
}

/* The entry block is covered exactly when the function ran.  */
void
start_planner (function *fun, struct mip_block_plan *plan, struct planner *p)
{
  init_plan (fun, plan);
  p->plan = plan;
  p->entry = (unsigned) (uintptr_t)
	     single_succ (ENTRY_BLOCK_PTR_FOR_FN (fun))->aux;
  build_graph (plan, &p->g);
  p->known = XCNEWVEC (bool, plan->count);
  p->queued = XCNEWVEC (bool, plan->count);
  p->queue = vNULL;
  p->infer = vNULL;
  p->dom_children = p->pdom_children = NULL;
  p->by_preds = p->by_succs = NULL;
  p->pred_deps = p->succ_deps = NULL;
  auto_vec<uint32_t> entry;
  entry.safe_push (MIP_INFER_FUNCTION);
  set_known (p, p->entry, entry);
}

/* Whether Y, a neighbour of X, is reached from the entry without
   passing through X (FORWARD), or reaches EXIT without passing through X
   (!FORWARD): exactly when X does not dominate (post-dominate) Y, every
   block that runs reaching EXIT in the block graph.  */
bool
reached_avoiding (const struct planner *p, unsigned x, unsigned y,
		  bool forward)
{
  if (y == x)
    return false;
  if (forward)
    return p->dom.reached[y] && !tree_ancestor (&p->dom, x, y);
  return y == p->g.n || !tree_ancestor (&p->pdom, x, y);
}

/* X's coverage is the OR of its neighbours' in NEXT (its predecessors or
   its successors, FORWARD telling which) when no run goes through one of
   them without going through X: none is reached from the entry and
   reaches EXIT, both avoiding X.  Then DEPS gets the neighbours that can
   run at all without X (reached avoiding X from the entry for
   predecessors, reaching EXIT avoiding X for successors); a run covers X
   exactly when it covers one of them.  */
bool
neighbour_rule (const struct planner *p, unsigned x,
		const vec<unsigned> &next, bool forward, vec<unsigned> *deps)
{
  for (unsigned y : next)
    if (y == p->g.n
	|| (reached_avoiding (p, x, y, true)
	    && reached_avoiding (p, x, y, false)))
      return false;
  for (unsigned y : next)
    if (reached_avoiding (p, x, y, forward))
      deps->safe_push (y);
  return !deps->is_empty ();
}

void
compute_path_rules (struct planner *p)
{
  const struct block_graph *g = &p->g;
  unsigned n = g->n;
  p->by_preds = XCNEWVEC (bool, n);
  p->by_succs = XCNEWVEC (bool, n);
  p->pred_deps = new vec<unsigned>[n] ();
  p->succ_deps = new vec<unsigned>[n] ();
  for (unsigned x = 0; x < n; x++)
    {
      if (!p->dom.reached[x])
	continue;
      p->by_preds[x] = x != p->entry
		       && neighbour_rule (p, x, g->preds[x], true,
					  &p->pred_deps[x]);
      p->by_succs[x] = !g->leaves[x]
		       && neighbour_rule (p, x, g->succs[x], false,
					  &p->succ_deps[x]);
    }
}

bool
contains (const vec<unsigned> &nodes, unsigned x)
{
  for (unsigned y : nodes)
    if (y == x)
      return true;
  return false;
}

/* The probes that inference cycles need beyond the blocks no rule can
   infer, as in Chen et al.: the cycles are between blocks that depend on
   each other (X on its successor Y, Y on its predecessor X), and such
   pairs chain into paths A1 -> ... -> Ak along the control flow.  Every
   other block can be inferred from the probes without a cycle.  A path
   is inferred forwards from A1's other predecessors, or backwards from
   Ak's other successors; only when A1 has no predecessor rule and Ak no
   successor rule does the path need a probe of its own: the less often
   executed of A1 and Ak by GCC's estimate (either breaks the cycle).
   Marks them in EXTRA and returns how many.  */
unsigned
find_cycle_probes (const struct planner *p, function *fun, bool *extra)
{
  unsigned n = p->g.n, count = 0;
  vec<unsigned> *mutual = new vec<unsigned>[n] ();
  for (unsigned x = 0; x < n; x++)
    if (x != p->entry && p->by_succs[x])
      for (unsigned y : p->succ_deps[x])
	if (y < n && y != p->entry && p->by_preds[y]
	    && contains (p->pred_deps[y], x))
	  {
	    mutual[x].safe_push (y);
	    mutual[y].safe_push (x);
	  }
  bool *done = XCNEWVEC (bool, n);
  auto_vec<unsigned> path;
  for (unsigned x = 0; x < n; x++)
    {
      if (done[x] || mutual[x].length () != 1)
	continue;
      path.truncate (0);
      path.safe_push (x);
      done[x] = true;
      for (;;)
	{
	  int next = -1;
	  for (unsigned y : mutual[path.last ()])
	    if (!done[y])
	      next = (int) y;
	  if (next < 0)
	    break;
	  path.safe_push ((unsigned) next);
	  done[next] = true;
	}
      if (path.length () < 2)
	continue;
      /* Orient it along the control flow.  */
      if (!contains (p->succ_deps[path[0]], path[1]))
	path.reverse ();
      unsigned first = path[0], last = path.last ();
      if (p->by_preds[first] || p->by_succs[last])
	continue;
      unsigned probe = first;
      if (p->plan->blocks[last]->count.to_frequency (fun)
	  < p->plan->blocks[first]->count.to_frequency (fun))
	probe = last;
      extra[probe] = true;
      count++;
    }
  XDELETEVEC (done);
  delete[] mutual;
  return count;
}

/* The instructions of BB that become machine code.  */
unsigned
count_active_insns (basic_block bb)
{
  unsigned count = 0;
  rtx_insn *insn;
  FOR_BB_INSNS (bb, insn)
    if (active_insn_p (insn))
      count++;
  return count;
}

/* True if all BB does is jump unconditionally.  */
bool
block_is_only_a_jump (basic_block bb)
{
  rtx_insn *last = BB_END (bb);
  return count_active_insns (bb) == 1 && JUMP_P (last)
	 && simplejump_p (last);
}

/* For -fdump-rtl-mip: how many blocks got a probe and why, and with
   -details the rule behind each block.  */
void
dump_plan (const struct planner *p, unsigned unavoidable_probes)
{
  const struct mip_block_plan *plan = p->plan;
  if (!dump_file)
    return;
  fprintf (dump_file, ";; mip: %u blocks, %u probed (%u that no rule can"
	   " infer, %u to break inference cycles), %u inferred\n",
	   plan->count, plan->probe_count, unavoidable_probes,
	   plan->probe_count - unavoidable_probes,
	   plan->count - plan->probe_count);
  if (!(dump_flags & TDF_DETAILS))
    return;
  for (unsigned x = 0; x < plan->count; x++)
    {
      fprintf (dump_file, ";;   bb %d (%u insns%s; to", plan->blocks[x]->index,
	       count_active_insns (plan->blocks[x]),
	       block_is_only_a_jump (plan->blocks[x]) ? ", a jump" : "");
      for (unsigned s : p->g.succs[x])
	if (s == p->g.n)
	  fprintf (dump_file, " exit");
	else
	  fprintf (dump_file, " bb %d", plan->blocks[s]->index);
      fprintf (dump_file, "):");
      if (plan->probe[x] != MIP_NO_PROBE)
	fprintf (dump_file, " probe %u", plan->probe[x]);
      else if (plan->infer_count[x] == 0)
	fprintf (dump_file, " never runs");
      else
	{
	  fprintf (dump_file, " covered if any of");
	  for (unsigned i = 0; i < plan->infer_count[x]; i++)
	    {
	      uint32_t v = p->infer[plan->infer_begin[x] + i];
	      if (v == MIP_INFER_FUNCTION)
		fprintf (dump_file, " function");
	      else
		fprintf (dump_file, " bb %d", plan->blocks[v]->index);
	    }
	}
      fprintf (dump_file, "\n");
    }
}

/* CYCLIC[x] for each block x of G that lies on a cycle of the graph
   without EXIT: a self loop, or a strongly connected component of more
   than one block (Tarjan's algorithm, without recursion).  */
bool *
blocks_on_cycles (const struct block_graph *g)
{
  unsigned n = g->n, clock = 0;
  bool *cyclic = XCNEWVEC (bool, n);
  unsigned *index = XNEWVEC (unsigned, n), *low = XNEWVEC (unsigned, n);
  bool *on_stack = XCNEWVEC (bool, n);
  auto_vec<unsigned> scc_stack;
  auto_vec<std::pair<unsigned, unsigned> > walk;

  for (unsigned i = 0; i < n; i++)
    index[i] = UINT_MAX;
  for (unsigned root = 0; root < n; root++)
    {
      if (index[root] != UINT_MAX)
	continue;
      walk.safe_push (std::make_pair (root, 0u));
      index[root] = low[root] = clock++;
      scc_stack.safe_push (root);
      on_stack[root] = true;
      while (!walk.is_empty ())
	{
	  std::pair<unsigned, unsigned> &top = walk.last ();
	  unsigned x = top.first;
	  if (top.second < g->succs[x].length ())
	    {
	      unsigned y = g->succs[x][top.second++];
	      if (y >= n)
		continue;
	      if (index[y] == UINT_MAX)
		{
		  index[y] = low[y] = clock++;
		  scc_stack.safe_push (y);
		  on_stack[y] = true;
		  walk.safe_push (std::make_pair (y, 0u));
		}
	      else if (on_stack[y] && index[y] < low[x])
		low[x] = index[y];
	      continue;
	    }
	  walk.pop ();
	  if (!walk.is_empty () && low[x] < low[walk.last ().first])
	    low[walk.last ().first] = low[x];
	  if (low[x] != index[x])
	    continue;
	  /* X heads a component: pop it.  */
	  unsigned size = 0, y;
	  unsigned start = scc_stack.length ();
	  do
	    {
	      y = scc_stack[--start];
	      size++;
	    }
	  while (y != x);
	  for (unsigned k = start; k < scc_stack.length (); k++)
	    {
	      on_stack[scc_stack[k]] = false;
	      cyclic[scc_stack[k]] = size > 1 || g->self_loop[scc_stack[k]];
	    }
	  scc_stack.truncate (start);
	}
    }
  XDELETEVEC (index);
  XDELETEVEC (low);
  XDELETEVEC (on_stack);
  return cyclic;
}

/* Mark the blocks that run exactly once per call, MIP_BLOCK_ONCE: every
   path from the entry to EXIT goes through them (they post-dominate the
   entry) and none comes back to them (neither they nor the entry are on
   a cycle).  Their count is the function's call count, so a profile
   with call counts knows it; as for coverage, calls are taken to
   return unless they may throw.  */
void
mark_blocks_run_once (struct planner *p)
{
  bool *cyclic = blocks_on_cycles (&p->g);

  if (!cyclic[p->entry])
    for (unsigned x = 0; x < p->g.n; x++)
      if (p->dom.reached[x] && !cyclic[x]
	  && tree_ancestor (&p->pdom, x, p->entry))
	p->plan->flags[x] |= MIP_BLOCK_ONCE;
  XDELETEVEC (cyclic);
}

/* The plan's graph as the flow solver reads it: the blocks' entry and
   exit flags and their edges to each other, exactly as the map will
   record them (mip-pass.cc), so that mipdata finds every count the plan
   relies on.  */
struct flow_graph
{
  unsigned n;
  struct mip_flow_block *blocks;	/* [n] */
  auto_vec<struct mip_map_edge> edges;
};

void
build_flow_graph (const struct planner *p, function *fun,
		  struct flow_graph *graph)
{
  const struct mip_block_plan *plan = p->plan;
  unsigned n = plan->count;
  auto_vec<struct mip_map_edge> &edges = graph->edges;
  struct mip_flow_block *blocks = XNEWVEC (struct mip_flow_block, n + 1);
  graph->n = n;
  graph->blocks = blocks;
  for (unsigned x = 0; x < n; x++)
    {
      edge e;
      edge_iterator ei;
      blocks[x].flags = (x == p->entry ? MIP_BLOCK_ENTRY : 0)
			| (p->g.leaves[x] ? MIP_BLOCK_EXIT : 0);
      blocks[x].edge_begin = edges.length ();
      FOR_EACH_EDGE (e, ei, plan->blocks[x]->succs)
	if (e->dest != EXIT_BLOCK_PTR_FOR_FN (fun))
	  {
	    struct mip_map_edge out;
	    out.target = (uint32_t) (uintptr_t) e->dest->aux;
	    out.flags = 0;
	    edges.safe_push (out);
	  }
      blocks[x].edge_count = edges.length () - blocks[x].edge_begin;
    }
}

struct mip_flow *
graph_flow (const struct flow_graph *graph)
{
  struct mip_flow *flow = mip_flow_new (graph->n, graph->blocks,
					graph->edges.length (),
					graph->edges.address ());
  if (!flow)
    fatal_error (input_location, "mip: out of memory");
  return flow;
}

/* Counters on every block the fewest counters can: a block's count is
   the flow through it, so split each block B into B.in -> B.out; the
   counts the circulations allow have the rank of the cographic matroid
   of that split graph (counter-oracle.py says more), and a set of
   counted blocks T gives every count when T and the calls have the
   rank of all blocks: when taking the split edges of the blocks not in
   T, with the map's edges and the exit edges, joins as many components
   as taking all of them.  So, Kruskal's way: start with a counter on
   every block but the entry, and go through the blocks in ORDER; a
   block whose ends are not yet connected gives its counter up and joins
   them.  HAVE gets the result.  Union-find, nearly linear.  */
void
place_fewest_counters (const struct flow_graph *graph, unsigned entry,
		       const unsigned *order, bool *have)
{
  unsigned n = graph->n;
  /* Node 0 is the virtual node the calls go through, 1 + 2B block B's
     start, 2 + 2B its end.  */
  unsigned *parent = XNEWVEC (unsigned, 2 * n + 1);
  for (unsigned x = 0; x < 2 * n + 1; x++)
    parent[x] = x;
  auto find = [parent] (unsigned x) {
    while (parent[x] != x)
      {
	parent[x] = parent[parent[x]];
	x = parent[x];
      }
    return x;
  };
  auto join = [parent, &find] (unsigned a, unsigned b) {
    a = find (a);
    b = find (b);
    if (a == b)
      return false;
    parent[a] = b;
    return true;
  };
  for (unsigned x = 0; x < n; x++)
    {
      const struct mip_flow_block *b = &graph->blocks[x];
      for (unsigned i = 0; i < b->edge_count; i++)
	join (2 + 2 * x, 1 + 2 * graph->edges[b->edge_begin + i].target);
      if (b->flags & MIP_BLOCK_EXIT)
	join (2 + 2 * x, 0);
      have[x] = x != entry;
    }
  join (1 + 2 * entry, 2 + 2 * entry);
  for (unsigned i = 0; i < n; i++)
    {
      unsigned x = order[i];
      if (x != entry && join (1 + 2 * x, 2 + 2 * x))
	have[x] = false;
    }
  XDELETEVEC (parent);
}

/* Does every block's count follow from the blocks that HAVE a counter
   and the function's calls?  */
bool
counters_suffice (struct mip_flow *flow, const bool *have, unsigned n,
		  uint64_t *counts)
{
  for (unsigned x = 0; x < n; x++)
    counts[x] = have[x] ? 0 : MIP_FLOW_UNKNOWN;
  return mip_flow_solve (flow, 0, counts, NULL, NULL) == 0;
}

/* Blocks by GCC's estimate of how often they run, most often first
   (layout order among equals): the order in which counters are taken
   away.  */
struct block_frequency
{
  int frequency;
  unsigned block;
};

int
more_frequent_first (const void *a, const void *b)
{
  const struct block_frequency *x = (const struct block_frequency *) a;
  const struct block_frequency *y = (const struct block_frequency *) b;
  if (x->frequency != y->frequency)
    return x->frequency > y->frequency ? -1 : 1;
  return x->block < y->block ? -1 : x->block > y->block;
}

unsigned *
blocks_by_frequency (const struct mip_block_plan *plan, function *fun)
{
  unsigned n = plan->count;
  struct block_frequency *sorted = XNEWVEC (struct block_frequency, n + 1);
  unsigned *order = XNEWVEC (unsigned, n + 1);
  for (unsigned x = 0; x < n; x++)
    {
      sorted[x].frequency = plan->blocks[x]->count.to_frequency (fun);
      sorted[x].block = x;
    }
  qsort (sorted, n, sizeof *sorted, more_frequent_first);
  for (unsigned x = 0; x < n; x++)
    order[x] = sorted[x].block;
  XDELETEVEC (sorted);
  return order;
}

/* For -fdump-rtl-mip: how many blocks got a counter, and with -details
   each block's successors ("exit": it may leave the function; self-loops
   listed) and whether it has a counter, which scripts/counter-oracle.py
   reads.  */
void
dump_counters (const struct planner *p, function *fun)
{
  const struct mip_block_plan *plan = p->plan;
  if (!dump_file)
    return;
  fprintf (dump_file, ";; mip: %u blocks, %u counted\n", plan->count,
	   plan->probe_count);
  if (!(dump_flags & TDF_DETAILS))
    return;
  for (unsigned x = 0; x < plan->count; x++)
    {
      edge e;
      edge_iterator ei;
      fprintf (dump_file, ";;   bb %d (%s; to", plan->blocks[x]->index,
	       x == p->entry ? "entry" : "block");
      FOR_EACH_EDGE (e, ei, plan->blocks[x]->succs)
	if (e->dest != EXIT_BLOCK_PTR_FOR_FN (fun))
	  fprintf (dump_file, " bb %d", e->dest->index);
      if (p->g.leaves[x])
	fprintf (dump_file, " exit");
      if (plan->probe[x] != MIP_NO_PROBE)
	fprintf (dump_file, "): counter %u\n", plan->probe[x]);
      else
	fprintf (dump_file, "): count follows\n");
    }
}

/* Finish P's plan, marking the blocks that run once per call: that is
   the graph's, whatever the probes or counters, so a plan that did not
   need the dominator trees computes them for it.  */
void
finish_plan_marking_once (struct planner *p)
{
  unsigned n = p->plan->count;
  compute_dominators (n + 1, p->entry, p->g.succs, p->g.preds, &p->dom);
  compute_dominators (n + 1, n, p->g.preds, p->g.succs, &p->pdom);
  mark_blocks_run_once (p);
  free_tree (&p->dom);
  free_tree (&p->pdom);
  finish_plan (p);
}

} /* namespace */

void
mip_plan_counters (function *fun, struct mip_block_plan *plan)
{
  struct planner p;
  start_planner (fun, plan, &p);
  unsigned n = plan->count;
  bool *have = XNEWVEC (bool, n + 1);
  uint64_t *counts = XNEWVEC (uint64_t, n + 1);
  for (unsigned x = 0; x < n; x++)
    have[x] = x != p.entry;
  if (!mip_options.probe_all_blocks)
    {
      struct flow_graph graph;
      build_flow_graph (&p, fun, &graph);
      struct mip_flow *flow = graph_flow (&graph);
      unsigned *order = blocks_by_frequency (plan, fun);
      place_fewest_counters (&graph, p.entry, order, have);
      /* mipdata's solver must find every count from them; should it not
	 (a residual too large for its elimination), take the counters
	 away one by one instead, each time the solver still finds
	 every count.  */
      if (!counters_suffice (flow, have, n, counts))
	{
	  for (unsigned x = 0; x < n; x++)
	    have[x] = x != p.entry;
	  for (unsigned i = 0; i < n; i++)
	    {
	      unsigned x = order[i];
	      if (!have[x])
		continue;
	      have[x] = false;
	      if (!counters_suffice (flow, have, n, counts))
		have[x] = true;
	    }
	}
      XDELETEVEC (order);
      XDELETEVEC (graph.blocks);
      mip_flow_free (flow);
    }
  for (unsigned x = 0; x < n; x++)
    if (have[x])
      add_probe (&p, x);
  dump_counters (&p, fun);
  XDELETEVEC (have);
  XDELETEVEC (counts);
  finish_plan_marking_once (&p);
}

void
mip_plan_blocks (function *fun, struct mip_block_plan *plan)
{
  struct planner p;
  start_planner (fun, plan, &p);
  unsigned n = plan->count;
  compute_dominators (n + 1, p.entry, p.g.succs, p.g.preds, &p.dom);
  compute_dominators (n + 1, n, p.g.preds, p.g.succs, &p.pdom);
  p.dom_children = tree_children (p.dom.idom, n + 1);
  p.pdom_children = tree_children (p.pdom.idom, n + 1);
  compute_path_rules (&p);

  /* Blocks the entry cannot reach never run: an empty list.  */
  auto_vec<uint32_t> never;
  for (unsigned x = 0; x < n; x++)
    if (!p.dom.reached[x])
      set_known (&p, x, never);

  /* The blocks no rule can infer, and one block of each path of mutual
     dependencies that cannot be inferred from either end, get a probe
     first; then the rules infer all other blocks.  */
  unsigned unavoidable_probes = 0;
  bool *extra = XCNEWVEC (bool, n);
  find_cycle_probes (&p, fun, extra);
  for (unsigned x = 0; x < n; x++)
    if (!p.known[x] && (extra[x] || (!p.by_preds[x] && !p.by_succs[x])))
      {
	unavoidable_probes += !extra[x];
	add_probe (&p, x);
      }
  XDELETEVEC (extra);
  for (unsigned x = 0; x < n; x++)
    requeue (&p, x);
  /* Should the rules still stall, a probe breaks the cycle.  */
  for (;;)
    {
      propagate (&p);
      bool unavoidable;
      int x = choose_probe (&p, fun, &unavoidable);
      if (x < 0)
	break;
      unavoidable_probes += unavoidable;
      add_probe (&p, (unsigned) x);
      wake_readers (&p, (unsigned) x);
    }
  dump_plan (&p, unavoidable_probes);
  mark_blocks_run_once (&p);
  delete[] p.dom_children;
  delete[] p.pdom_children;
  free_tree (&p.dom);
  free_tree (&p.pdom);
  finish_plan (&p);
}

void
mip_plan_blocks_all (function *fun, struct mip_block_plan *plan)
{
  struct planner p;
  start_planner (fun, plan, &p);
  for (unsigned x = 0; x < plan->count; x++)
    if (x != p.entry)
      add_probe (&p, x);
  finish_plan_marking_once (&p);
}
