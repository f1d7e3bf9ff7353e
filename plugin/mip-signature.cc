/* mip-signature.cc - what identifies a function's shape and its blocks
   across compiles: the CFG signature and the early block numbers.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Both are computed by a small pass placed just before "bbpart" (hot/cold
   partitioning), the last point where a compile that uses a profile still
   sees the same RTL as the compile that generated it: the profile can
   only change what happens from there on.  The pass numbers the blocks in
   their order at that point and remembers, for each insn, the number of
   its block; the instrumentation pass, much later, gives each final block
   the number of the first insn that came from an early block (insns that
   later passes create or copy have none; such a block's id is 0).

   The signature is FNV-1a over the blocks in order: for each, the shape
   of every non-debug insn pattern (rtx codes, modes, hard register
   numbers, pseudo registers by their order of appearance, constants,
   symbol names; not locations, so moving code by whole lines
   keeps it) and the numbers of its successors.  Two compiles of the same
   source with the same flags give the same signature; changing a
   function's code changes it.  */

#include "mip-plugin.h"
#include "hash-map.h"

typedef mip_uid_map uid_block_map;

static uid_block_map *early_blocks;
static tree early_decl;
static uint64_t early_signature;
/* The pseudo registers of the function being hashed, numbered in the
   order the hash first meets them.  */
static uid_block_map *pseudo_numbers;
static unsigned next_pseudo_number;

static uint64_t hash_rtx_shape (uint64_t hash, const_rtx x);

/* A symbol by what it stands for where its name is only a number given
   in order of appearance in the file: a constant pool entry (".LC3") by
   its constant, a function-scope static ("count.1") by its source name;
   other symbols by their names.  Otherwise a constant added to one
   function would renumber the labels, and change the signature, of
   every function after it.  */
static uint64_t
hash_symbol (uint64_t hash, const_rtx x)
{
  if (CONSTANT_POOL_ADDRESS_P (x))
    {
      hash = mip_hash_u64 (hash, (uint64_t) get_pool_mode (x));
      return hash_rtx_shape (hash, get_pool_constant (x));
    }
  tree decl = SYMBOL_REF_DECL (x);
  if (decl && TREE_CONSTANT_POOL_ADDRESS_P (x) && DECL_INITIAL (decl))
    return mip_hash_u64 (hash, iterative_hash_expr (DECL_INITIAL (decl), 0));
  if (decl && VAR_P (decl) && TREE_STATIC (decl) && DECL_CONTEXT (decl)
      && TREE_CODE (DECL_CONTEXT (decl)) == FUNCTION_DECL && DECL_NAME (decl))
    {
      const char *name = IDENTIFIER_POINTER (DECL_NAME (decl));
      return mip_hash_bytes (hash, name, strlen (name));
    }
  return mip_hash_bytes (hash, XSTR (x, 0), strlen (XSTR (x, 0)));
}

static uint64_t
hash_rtx_operands (uint64_t hash, const_rtx x)
{
  const char *format = GET_RTX_FORMAT (GET_CODE (x));
  for (int i = 0; format[i]; i++)
    switch (format[i])
      {
      case 'e':
	hash = hash_rtx_shape (hash, XEXP (x, i));
	break;
      case 'E':
	hash = mip_hash_u64 (hash, XVECLEN (x, i));
	for (int j = 0; j < XVECLEN (x, i); j++)
	  hash = hash_rtx_shape (hash, XVECEXP (x, i, j));
	break;
      case 'i':
	hash = mip_hash_u64 (hash, (uint64_t) (int64_t) XINT (x, i));
	break;
      case 'n':
	hash = mip_hash_u64 (hash, (uint64_t) (int64_t) XINT (x, i));
	break;
      case 'w':
	hash = mip_hash_u64 (hash, (uint64_t) XWINT (x, i));
	break;
      case 's':
	if (XSTR (x, i))
	  hash = mip_hash_bytes (hash, XSTR (x, i), strlen (XSTR (x, i)));
	break;
      default:
	/* 'u' (insn links), '0', 'B', 't', 'p', 'L' (locations), 'r':
	   nothing stable across compiles or nothing about the shape.  */
	break;
      }
  return hash;
}

/* An UNSPEC whose integer operands are label numbers: its number and
   its other operands.  */
static uint64_t
hash_unspec_without_numbers (uint64_t hash, const_rtx x)
{
  hash = mip_hash_u64 (hash, (uint64_t) XINT (x, 1));
  for (int i = 0; i < XVECLEN (x, 0); i++)
    if (!CONST_INT_P (XVECEXP (x, 0, i)))
      hash = hash_rtx_shape (hash, XVECEXP (x, 0, i));
  return hash;
}

/* A pseudo register by the order in which the signature first meets it,
   not by its number: GCC numbers pseudos in the order its passes make
   them, and passes such as PRE make them in the order of hash tables
   keyed by symbol names, among them the labels of constants (.LC46),
   whose numbers count the labels of every function output before,
   including the labels of their cold parts.  So the same code of one
   function got other pseudo numbers when a profile split functions
   output before it.  */
static uint64_t
hash_pseudo (uint64_t hash, unsigned regno)
{
  bool existed;
  unsigned &number = pseudo_numbers->get_or_insert ((int) regno, &existed);
  if (!existed)
    number = next_pseudo_number++;
  hash = mip_hash_u64 (hash, (uint64_t) -4);
  return mip_hash_u64 (hash, number);
}

static uint64_t
hash_rtx_shape (uint64_t hash, const_rtx x)
{
  if (x == NULL_RTX)
    return mip_hash_u64 (hash, (uint64_t) -3);
  enum rtx_code code = GET_CODE (x);
  hash = mip_hash_u64 (hash, (uint64_t) code);
  hash = mip_hash_u64 (hash, (uint64_t) GET_MODE (x));
  switch (code)
    {
    case REG:
      if (!HARD_REGISTER_NUM_P (REGNO (x)))
	return hash_pseudo (hash, REGNO (x));
      return mip_hash_u64 (hash, REGNO (x));
    case CONST_INT:
      return mip_hash_u64 (hash, (uint64_t) INTVAL (x));
    case SYMBOL_REF:
      return hash_symbol (hash, x);
    case UNSPEC:
      if (mip_target_unspec_numbers_labels (x))
	return hash_unspec_without_numbers (hash, x);
      return hash_rtx_operands (hash, x);
    case LABEL_REF:
    case CODE_LABEL:
    case DEBUG_EXPR:
    case VAR_LOCATION:
      return hash;
    default:
      return hash_rtx_operands (hash, x);
    }
}

/* Layout positions of FUN's blocks in their current order, in AUX.  */
static void
number_blocks (function *fun)
{
  basic_block bb;
  uintptr_t next = 0;
  FOR_EACH_BB_FN (bb, fun)
    bb->aux = (void *) next++;
}

static void
clear_block_numbers (function *fun)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    bb->aux = NULL;
}

uint64_t
mip_cfg_signature (function *fun)
{
  basic_block bb;
  number_blocks (fun);
  if (pseudo_numbers == NULL)
    pseudo_numbers = new uid_block_map (256);
  pseudo_numbers->empty ();
  next_pseudo_number = 0;
  uint64_t hash = mip_hash_u64 (MIP_HASH_INIT,
				(uint64_t) n_basic_blocks_for_fn (fun));
  FOR_EACH_BB_FN (bb, fun)
    {
      rtx_insn *insn;
      FOR_BB_INSNS (bb, insn)
	if (NONDEBUG_INSN_P (insn))
	  hash = hash_rtx_shape (hash, PATTERN (insn));
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, bb->succs)
	hash = mip_hash_u64 (hash, e->dest == EXIT_BLOCK_PTR_FOR_FN (fun)
				   ? (uint64_t) -1
				   : (uint64_t) (uintptr_t) e->dest->aux);
      hash = mip_hash_u64 (hash, (uint64_t) -2);	/* End of block.  */
    }
  clear_block_numbers (fun);
  /* 0 means "any CFG" in a profile (a hand-written entry): never give it.  */
  return hash != 0 ? hash : 1;
}

void
mip_number_early_blocks (function *fun)
{
  if (early_blocks == NULL)
    early_blocks = new uid_block_map (1024);
  early_blocks->empty ();
  early_decl = fun->decl;
  early_signature = mip_cfg_signature (fun);

  basic_block bb;
  unsigned number = 0;
  FOR_EACH_BB_FN (bb, fun)
    {
      number++;
      rtx_insn *insn;
      FOR_BB_INSNS (bb, insn)
	if (NONDEBUG_INSN_P (insn))
	  early_blocks->put (INSN_UID (insn), number);
    }
}

bool
mip_have_early_signature (function *fun, uint64_t *signature)
{
  if (early_decl != fun->decl)
    return false;
  *signature = early_signature;
  return true;
}

uint32_t
mip_early_block_id (function *fun, basic_block bb)
{
  if (early_decl != fun->decl || early_blocks == NULL)
    return 0;
  unsigned *number = mip_first_mapped_insn (bb, early_blocks);
  return number ? *number : 0;
}

unsigned *
mip_first_mapped_insn (basic_block bb, mip_uid_map *map)
{
  rtx_insn *insn;
  FOR_BB_INSNS (bb, insn)
    if (NONDEBUG_INSN_P (insn))
      {
	unsigned *value = map->get (INSN_UID (insn));
	if (value)
	  return value;
      }
  return NULL;
}
