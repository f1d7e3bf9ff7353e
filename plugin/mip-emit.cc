/* mip-emit.cc - writes a translation unit's raw unit (__mip_raw) and map
   unit (.debug_mip_map) as assembler directives at the end of the unit.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   For a unit with two functions in function-coverage mode the output is:

	.pushsection __mip_raw,"aw",%progbits
	.balign 8
	.quad	0x<unit hash>		# struct mip_raw_unit
	.long	24, 2
   .Lmip.r0:
	.byte	0xff			# main: coverage
   .Lmip.r1:
	.byte	0xff			# helper: coverage
	.zero	6			# to a multiple of 8
	.popsection
	.pushsection .debug_mip_map,"",%progbits
	.balign 8
	.quad	<magic>			# struct mip_map_unit
	...
	.quad	main			# struct mip_map_function
	.quad	0x<cfg signature>
	.long	.Lmip.e0-main, 16, 0, 1, 0, 0, 0, 0, 0, 0
	...
	.string	"main"			# the string table
	.popsection

   With the heap option the raw unit ends with the allocation sites'
   records (after the function records, 8-aligned, .Lmip.hN each) and a
   unit in .debug_mip_heap describes them (emit_heap_unit).

   Layouts come from mip-format.inc; this file only decides values.  The
   map is never loaded at run time; the raw unit is the only cost in the
   running program besides the probes.  */

#include "mip-plugin.h"
#include "mip-options.h"
#include <stddef.h>

uint64_t
mip_pointer_size (void)
{
  return POINTER_SIZE / BITS_PER_UNIT;
}

static void
emit_u32 (uint32_t value)
{
  fprintf (asm_out_file, "\t.long\t%u\n", (unsigned) value);
}

static void
emit_u64 (uint64_t value)
{
  fprintf (asm_out_file, "\t.quad\t0x%016llx\n", (unsigned long long) value);
}

/* A u64 field holding a symbol's link-time address: one .quad on 64-bit
   targets, the address and a zero word in target order on 32-bit ones.  */
static void
emit_u64_symbol (const char *symbol)
{
  if (mip_pointer_size () == 8)
    {
      fprintf (asm_out_file, "\t.quad\t");
      assemble_name_raw (asm_out_file, symbol);
      fputc ('\n', asm_out_file);
      return;
    }
  if (BYTES_BIG_ENDIAN)
    fprintf (asm_out_file, "\t.long\t0\n");
  fprintf (asm_out_file, "\t.long\t");
  assemble_name_raw (asm_out_file, symbol);
  fputc ('\n', asm_out_file);
  if (!BYTES_BIG_ENDIAN)
    fprintf (asm_out_file, "\t.long\t0\n");
}

static void
emit_zeros (uint32_t count)
{
  if (count)
    fprintf (asm_out_file, "\t.zero\t%u\n", (unsigned) count);
}

/* The size of the string table: every symbol NUL-terminated, then the
   unit's code-generation options.  */
static uint32_t
strings_size (void)
{
  uint32_t size = 0;
  for (unsigned i = 0; i < mip_function_count (); i++)
    size += strlen (mip_function_at (i)->symbol) + 1;
  return size + strlen (mip_codegen_options ()) + 1;
}

/* A NUL-terminated string, quoted for the assembler.  */
static void
emit_string (const char *text)
{
  fputs ("\t.string\t\"", asm_out_file);
  for (const char *p = text; *p; p++)
    {
      if (*p == '"' || *p == '\\')
	fputc ('\\', asm_out_file);
      fputc (*p, asm_out_file);
    }
  fputs ("\"\n", asm_out_file);
}

/* The end of the unit's function records in its raw unit.  */
static uint32_t
function_records_end (void)
{
  uint32_t end = sizeof (struct mip_raw_unit);
  unsigned n = mip_function_count ();
  if (n)
    {
      const struct mip_function_record *last = mip_function_at (n - 1);
      end = last->raw_offset + last->layout.size;
    }
  return end;
}

/* Where the allocation sites' records start (the heap option): after
   the function records, 8-aligned.  */
static uint32_t
heap_sites_offset (void)
{
  return mip_align_up (function_records_end (), 8);
}

/* Where the value sites' records start (the block-count mode): after
   the allocation sites'.  */
static uint32_t
value_sites_offset (void)
{
  return mip_align_up (heap_sites_offset ()
		       + mip_heap_site_count ()
			 * sizeof (struct mip_raw_heap_site), 8);
}

static uint32_t
raw_unit_size (void)
{
  return value_sites_offset ()
	 + mip_value_record_count () * sizeof (struct mip_raw_value_site);
}

/* The unit hash: the main input file (outside LTO, where the name is a
   temporary) and, for each function, everything the map says about its
   record.  Equal hashes mean equal raw layouts.  */
static uint64_t
compute_unit_hash (void)
{
  uint64_t hash = MIP_HASH_INIT;
  if (!in_lto_p && main_input_filename)
    hash = mip_hash_bytes (hash, main_input_filename,
			   strlen (main_input_filename) + 1);
  hash = mip_hash_u64 (hash, mip_options.mode);
  for (unsigned i = 0; i < mip_function_count (); i++)
    {
      const struct mip_function_record *f = mip_function_at (i);
      hash = mip_hash_bytes (hash, f->symbol, strlen (f->symbol) + 1);
      hash = mip_hash_u64 (hash, f->cfg_signature);
      hash = mip_hash_u64 (hash, f->kinds);
      hash = mip_hash_u64 (hash, f->raw_offset);
      hash = mip_hash_u64 (hash, f->probe_count);
      hash = mip_hash_u64 (hash, f->caller_slots);
      hash = mip_hash_u64 (hash, f->block_count);
    }
  /* The allocation sites, whose records extend the raw unit.  Only
     with the option, so that the hashes of other builds stay as they
     were.  */
  if (mip_options.heap)
    {
      hash = mip_hash_u64 (hash, mip_heap_site_count ());
      for (unsigned i = 0; i < mip_heap_site_count (); i++)
	{
	  hash = mip_hash_u64 (hash, mip_heap_site_at (i)->function_index);
	  hash = mip_hash_u64 (hash, mip_heap_site_at (i)->callee);
	}
    }
  /* The value sites, likewise only where there are any.  */
  if (mip_value_record_count ())
    {
      hash = mip_hash_u64 (hash, mip_value_record_count ());
      for (unsigned i = 0; i < mip_value_record_count (); i++)
	{
	  const struct mip_value_record *r = mip_value_record_at (i);
	  hash = mip_hash_u64 (hash, r->ipa_function);
	  hash = mip_hash_u64 (hash, r->site);
	  hash = mip_hash_u64 (hash, r->operation);
	}
    }
  return hash;
}

/* Initial contents of one record: counters 0, coverage bytes 0xff.  */
static void
emit_raw_record (unsigned index, const struct mip_function_record *f)
{
  const struct mip_record_layout *l = &f->layout;
  fprintf (asm_out_file, MIP_RECORD_LABEL_FMT ":\n", index);
  /* Coverage bytes are last in the record (see mip_record_layout).  */
  uint32_t coverage_start = l->size;
  if (l->coverage_offset != MIP_NO_OFFSET)
    coverage_start = l->coverage_offset;
  else if (l->blocks_offset != MIP_NO_OFFSET)
    coverage_start = l->blocks_offset;
  emit_zeros (coverage_start);
  if (l->size > coverage_start)
    fprintf (asm_out_file, "\t.fill\t%u, 1, %#x\n",
	     (unsigned) (l->size - coverage_start), MIP_COVERAGE_UNSET);
}

/* The value sites' records, all zero, at value_sites_offset:
   .Lmip.v0:
	.zero	32			# struct mip_raw_value_site
   .Lmip.v1:
	...  */
static void
emit_value_records (void)
{
  for (unsigned i = 0; i < mip_value_record_count (); i++)
    {
      fprintf (asm_out_file, MIP_VALUE_RECORD_LABEL_FMT ":\n", i);
      emit_zeros (sizeof (struct mip_raw_value_site));
    }
}

static void
emit_raw_unit (uint64_t unit_hash, uint32_t unit_size)
{
  unsigned n = mip_function_count ();
  fprintf (asm_out_file, "\t.pushsection\t%s,\"aw\",%%progbits\n"
	   "\t.balign\t8\n", MIP_RAW_SECTION);
  emit_u64 (unit_hash);
  emit_u32 (unit_size);
  emit_u32 (n);
  uint32_t at = sizeof (struct mip_raw_unit);
  for (unsigned i = 0; i < n; i++)
    {
      const struct mip_function_record *f = mip_function_at (i);
      emit_zeros (f->raw_offset - at);
      emit_raw_record (i, f);
      at = f->raw_offset + f->layout.size;
    }
  /* The allocation sites' records, all zero:
	.zero	PADDING			# to a multiple of 8
   .Lmip.h0:
	.zero	88			# struct mip_raw_heap_site
   .Lmip.h1:
	...  */
  if (mip_heap_site_count ())
    {
      emit_zeros (heap_sites_offset () - at);
      at = heap_sites_offset ();
      for (unsigned i = 0; i < mip_heap_site_count (); i++)
	{
	  fprintf (asm_out_file, MIP_HEAP_RECORD_LABEL_FMT ":\n", i);
	  emit_zeros (sizeof (struct mip_raw_heap_site));
	  at += sizeof (struct mip_raw_heap_site);
	}
    }
  emit_zeros (value_sites_offset () - at);
  emit_value_records ();
  fprintf (asm_out_file, "\t.popsection\n");
}

/* A u32 field holding END - START, two labels of one section.  */
static void
emit_label_difference (const char *end, const char *start)
{
  fprintf (asm_out_file, "\t.long\t");
  assemble_name_raw (asm_out_file, end);
  fputc ('-', asm_out_file);
  assemble_name_raw (asm_out_file, start);
  fputc ('\n', asm_out_file);
}

/* Where each part of a map unit goes, from the unit's start.  */
struct map_unit_layout
{
  uint32_t blocks_offset;	/* all functions' block entries */
  uint32_t infer_offset;	/* all functions' inference lists */
  uint32_t edges_offset;	/* all functions' edge lists */
  uint32_t strings_offset;
  uint32_t strings_size;
  uint32_t unit_size;
};

static struct map_unit_layout
plan_map_unit (void)
{
  struct map_unit_layout l;
  unsigned n = mip_function_count ();
  uint32_t blocks = 0, infer = 0, edges = 0;
  for (unsigned i = 0; i < n; i++)
    {
      blocks += mip_function_at (i)->block_count;
      infer += mip_function_at (i)->infer_count;
      edges += mip_function_at (i)->edge_count;
    }
  l.blocks_offset = sizeof (struct mip_map_unit)
		    + n * sizeof (struct mip_map_function);
  l.infer_offset = l.blocks_offset + blocks * sizeof (struct mip_map_block);
  l.edges_offset = l.infer_offset + infer * 4;
  l.strings_offset = mip_align_up (l.edges_offset, 8)
		     + edges * sizeof (struct mip_map_edge);
  l.strings_size = strings_size ();
  l.unit_size = mip_align_up (l.strings_offset + l.strings_size, 8);
  return l;
}

static void
emit_map_function (const struct mip_function_record *f, uint32_t name_offset,
		   uint32_t blocks_offset, uint32_t infer_offset,
		   uint32_t edges_offset)
{
  bool other_part = f->other_start_label != NULL;
  emit_u64_symbol (f->code_start);			/* address */
  if (other_part)					/* cold_address */
    emit_u64_symbol (f->other_start_label);
  else
    emit_u64 (0);
  emit_u64 (f->cfg_signature);				/* cfg_signature */
  emit_label_difference (f->end_label, f->code_start);	/* size */
  if (other_part)					/* cold_size */
    emit_label_difference (f->other_end_label, f->other_start_label);
  else
    emit_u32 (0);
  emit_u32 (f->raw_offset);				/* raw_offset */
  emit_u32 (name_offset);				/* name_offset */
  emit_u32 (f->kinds);					/* kinds */
  emit_u32 (f->block_count);				/* block_count */
  emit_u32 (f->probe_count);				/* probe_count */
  emit_u32 (f->block_count ? blocks_offset : 0);	/* blocks_offset */
  emit_u32 (f->caller_slots);				/* caller_slots */
  emit_u32 (f->infer_count ? infer_offset : 0);		/* infer_offset */
  emit_u32 (f->infer_count);				/* infer_count */
  emit_u32 (f->ipa_signature);				/* ipa_signature */
  emit_u32 (f->edge_count ? edges_offset : 0);		/* edge_offset */
  emit_u32 (f->edge_count);				/* edge_count */
}

/* Block K's offset: from the code's start in the symbol's part, from the other
   part's start label in the other part, unknown when that part has no
   usable label.  */
static void
emit_map_block (unsigned index, unsigned k,
		const struct mip_function_record *f)
{
  const struct mip_block_record *b = &f->blocks[k];
  uint32_t flags = b->flags;
  char label[64];
  snprintf (label, sizeof label, MIP_BLOCK_LABEL_FMT, index, k);
  if (!b->other_part)
    emit_label_difference (label, f->code_start);
  else if (f->other_start_label)
    {
      emit_label_difference (label, f->other_start_label);
      flags |= MIP_BLOCK_COLD;
    }
  else
    {
      emit_u32 (0);
      flags |= MIP_BLOCK_COLD | MIP_BLOCK_NO_OFFSET;
    }
  emit_u32 (b->id);
  emit_u32 (b->probe);
  emit_u32 (b->infer_begin);
  emit_u32 (b->infer_count);
  emit_u32 (flags);
  emit_u32 (b->edge_begin);
  emit_u32 (b->edge_count);
}

static void
emit_map_unit (uint64_t unit_hash, uint32_t raw_size)
{
  unsigned n = mip_function_count ();
  struct map_unit_layout l = plan_map_unit ();

  /* A debug section: binutils strips it with the rest of the debug
     information and keeps it in separate debug files, and ld's
     --gc-sections keeps it without following its references (those to
     discarded functions become 0).  */
  fprintf (asm_out_file, "\t.pushsection\t%s,\"\",%%progbits\n",
	   MIP_MAP_SECTION);
  fprintf (asm_out_file, "\t.balign\t8\n");
  emit_u64 (mip_pointer_size () == 8 ? MIP_MAGIC_MAP64 : MIP_MAGIC_MAP32);
  emit_u32 (MIP_FORMAT_VERSION);
  emit_u32 (sizeof (struct mip_map_unit));
  emit_u64 (unit_hash);
  emit_u32 (l.unit_size);
  emit_u32 (raw_size);
  emit_u32 (n);
  emit_u32 (sizeof (struct mip_map_function));
  emit_u32 (sizeof (struct mip_map_block));
  emit_u32 (l.strings_offset);
  emit_u32 (l.strings_size);
  emit_u32 (mip_options.mode);
  emit_u64_symbol (MIP_RUNTIME_ANCHOR);		/* also pulls in libmip */
  emit_u32 (l.strings_size - strlen (mip_codegen_options ()) - 1);
						/* options_offset */
  emit_u32 (0);					/* reserved */

  uint32_t name_offset = 0;
  uint32_t blocks_offset = l.blocks_offset;
  uint32_t infer_offset = l.infer_offset;
  uint32_t edges_offset = mip_align_up (l.edges_offset, 8);
  for (unsigned i = 0; i < n; i++)
    {
      const struct mip_function_record *f = mip_function_at (i);
      emit_map_function (f, name_offset, blocks_offset, infer_offset,
			 edges_offset);
      name_offset += strlen (f->symbol) + 1;
      blocks_offset += f->block_count * sizeof (struct mip_map_block);
      infer_offset += f->infer_count * 4;
      edges_offset += f->edge_count * sizeof (struct mip_map_edge);
    }
  for (unsigned i = 0; i < n; i++)
    for (unsigned k = 0; k < mip_function_at (i)->block_count; k++)
      emit_map_block (i, k, mip_function_at (i));
  for (unsigned i = 0; i < n; i++)
    {
      const struct mip_function_record *f = mip_function_at (i);
      for (unsigned j = 0; j < f->infer_count; j++)
	emit_u32 (f->infer[j]);
    }
  emit_zeros (mip_align_up (l.edges_offset, 8) - l.edges_offset);
  for (unsigned i = 0; i < n; i++)
    {
      const struct mip_function_record *f = mip_function_at (i);
      for (unsigned j = 0; j < f->edge_count; j++)
	{
	  emit_u32 (f->edges[j].target);
	  emit_u32 (f->edges[j].flags);
	}
    }
  for (unsigned i = 0; i < n; i++)
    emit_string (mip_function_at (i)->symbol);
  emit_string (mip_codegen_options ());
  emit_zeros (l.unit_size - l.strings_offset - l.strings_size);
  fprintf (asm_out_file, "\t.popsection\n");
}

/* The unit's allocation sites in .debug_mip_heap (a unit with at
   least one), matched to its map unit by the unit hash:

	.pushsection .debug_mip_heap,"",%progbits
	.balign	8
	.quad	<magic>			# struct mip_heap_map_unit
	.long	1, 40
	.quad	0x<unit hash>
	.long	<sites>, 16, <raw offset of .Lmip.h0>, 0
	.quad	.Lmip.c0		# struct mip_heap_map_site
	.long	<function index>, <callee id>
	...
	.popsection

   (each address, as the map's, a .long and a zero word on 32-bit
   targets).  */
static void
emit_heap_unit (uint64_t unit_hash)
{
  unsigned n = mip_heap_site_count ();
  if (n == 0)
    return;
  fprintf (asm_out_file, "\t.pushsection\t%s,\"\",%%progbits\n",
	   MIP_HEAP_MAP_SECTION);
  fprintf (asm_out_file, "\t.balign\t8\n");
  emit_u64 (mip_pointer_size () == 8 ? MIP_MAGIC_HEAP64 : MIP_MAGIC_HEAP32);
  emit_u32 (MIP_HEAP_FORMAT_VERSION);
  emit_u32 (sizeof (struct mip_heap_map_unit));
  emit_u64 (unit_hash);
  emit_u32 (n);
  emit_u32 (sizeof (struct mip_heap_map_site));
  emit_u32 (heap_sites_offset ());			/* raw_offset */
  emit_u32 (0);						/* reserved */
  for (unsigned i = 0; i < n; i++)
    {
      const struct mip_heap_site *site = mip_heap_site_at (i);
      char label[32];
      snprintf (label, sizeof label, MIP_HEAP_CALL_LABEL_FMT, i);
      emit_u64_symbol (label);				/* address */
      emit_u32 (site->function_index);			/* function */
      emit_u32 (site->callee);				/* callee */
    }
  fprintf (asm_out_file, "\t.popsection\n");
}

/* The unit's early blocks in .debug_mip_ipa (a unit of the block-count
   mode that has any: mip-ipa-blocks.cc), matched to its map unit by the
   unit hash:

	.pushsection .debug_mip_ipa,"",%progbits
	.balign	8
	.quad	<magic>			# struct mip_ipa_map_unit
	.long	2, 40
	.quad	0x<unit hash>
	.long	<functions>, <holds>, <strings size>, <value sites>
	.long	<name offset>, <signature>, <blocks>, 0	# per function
	...
	.long	<function>, <block>, <early function>, <early block>	# per hold
	...
	.long	<early function>, <site>, <raw offset>, <operation>	# per
	...							# value site
	.string	"<symbol>"			# per function
	...
	.balign	8
	.popsection  */
static void
emit_ipa_unit (uint64_t unit_hash)
{
  unsigned functions = mip_early_function_count ();
  if (functions == 0)
    return;
  uint32_t strings_size = 0;
  for (unsigned i = 0; i < functions; i++)
    strings_size += strlen (mip_early_function_at (i)->symbol) + 1;
  fprintf (asm_out_file, "\t.pushsection\t%s,\"\",%%progbits\n",
	   MIP_IPA_MAP_SECTION);
  fprintf (asm_out_file, "\t.balign\t8\n");
  emit_u64 (mip_pointer_size () == 8 ? MIP_MAGIC_IPA64 : MIP_MAGIC_IPA32);
  emit_u32 (MIP_IPA_FORMAT_VERSION);
  emit_u32 (sizeof (struct mip_ipa_map_unit));
  emit_u64 (unit_hash);
  emit_u32 (functions);
  emit_u32 (mip_early_hold_count ());
  emit_u32 (strings_size);
  emit_u32 (mip_value_record_count ());
  uint32_t name_offset = 0;
  for (unsigned i = 0; i < functions; i++)
    {
      const mip_early_function *f = mip_early_function_at (i);
      emit_u32 (name_offset);
      emit_u32 (f->signature);
      emit_u32 (f->block_count);
      emit_u32 (0);
      name_offset += strlen (f->symbol) + 1;
    }
  for (unsigned i = 0; i < mip_early_hold_count (); i++)
    {
      const struct mip_ipa_map_hold *hold = mip_early_hold_at (i);
      emit_u32 (hold->function);
      emit_u32 (hold->block);
      emit_u32 (hold->ipa_function);
      emit_u32 (hold->ipa_block);
    }
  for (unsigned i = 0; i < mip_value_record_count (); i++)
    {
      const struct mip_value_record *r = mip_value_record_at (i);
      emit_u32 (r->ipa_function);
      emit_u32 (r->site);
      emit_u32 (value_sites_offset ()
		+ i * sizeof (struct mip_raw_value_site));
      emit_u32 (r->operation);
    }
  for (unsigned i = 0; i < functions; i++)
    emit_string (mip_early_function_at (i)->symbol);
  fprintf (asm_out_file, "\t.balign\t8, 0\n\t.popsection\n");
}

/* Functions whose end label was never written (not output after all)
   cannot be described; they are dropped before anything is emitted.  */
static bool
all_functions_ended (void)
{
  for (unsigned i = 0; i < mip_function_count (); i++)
    if (mip_function_at (i)->end_label == NULL)
      return false;
  return true;
}

/* A reference to a symbol that only libmip defines, from the first byte
   of the unit's .text, so that the first error of a link without -lmip
   names what is missing (undefined reference to `__mip_link_with_lmip')
   before the runtime's own names.  The relocation applies nothing and
   the .text section exists in every unit (it may be empty):

	.pushsection .text
	.reloc	0, BFD_RELOC_NONE, __mip_link_with_lmip
	.popsection  */
static void
emit_runtime_check (void)
{
  fprintf (asm_out_file, "\t.hidden\t%s\n\t.pushsection\t.text\n"
	   "\t.reloc\t0, BFD_RELOC_NONE, %s\n\t.popsection\n",
	   MIP_LMIP_LINK_CHECK, MIP_LMIP_LINK_CHECK);
}

/* Functions of this unit whose probes may sample their callers.  */
static unsigned sampled_functions;

void
mip_note_sampled_function (void)
{
  sampled_functions++;
}

/* What the unit asks of libmip's full mode's member (see
   MIP_FULL_RUNTIME in mip-format.h).  A unit of the full mode refers to
   the member, from its .text as emit_runtime_check does, and gives the
   caller sample table its share of room, zero-filled, sized by its
   sampled functions:

	.hidden	__mip_link_full_mode
	.pushsection .text
	.reloc	0, BFD_RELOC_NONE, __mip_link_full_mode
	.popsection
	.pushsection __mip_sample_entries,"aw",%nobits
	.balign	8
	.zero	16 * ENTRIES
	.popsection
	.pushsection __mip_sample_index,"aw",%nobits
	.balign	4
	.zero	4 * 2 * ENTRIES
	.popsection

   A unit of a coverage mode needs none of it, and says so by defining
   the name libmip.a's linker script asks for, weakly:

	.weak	__mip_full_runtime
	.hidden	__mip_full_runtime
	.set	__mip_full_runtime, 0  */
static void
emit_full_runtime_request (void)
{
  if (!(mip_options.mode & MIP_KIND_CALL_COUNT))
    {
      fprintf (asm_out_file, "\t.weak\t%s\n\t.hidden\t%s\n\t.set\t%s, 0\n",
	       MIP_FULL_RUNTIME, MIP_FULL_RUNTIME, MIP_FULL_RUNTIME);
      return;
    }
  fprintf (asm_out_file, "\t.hidden\t%s\n\t.pushsection\t.text\n"
	   "\t.reloc\t0, BFD_RELOC_NONE, %s\n\t.popsection\n",
	   MIP_FULL_RUNTIME_LINK, MIP_FULL_RUNTIME_LINK);
  if (sampled_functions == 0)
    return;
  unsigned long entries = (unsigned long) sampled_functions
			  * MIP_SAMPLE_ENTRIES_PER_FUNCTION
			  + MIP_SAMPLE_ENTRIES_PER_UNIT;
  fprintf (asm_out_file, "\t.pushsection\t%s,\"aw\",%%nobits\n\t.balign\t8\n"
	   "\t.zero\t%lu\n\t.popsection\n", MIP_SAMPLE_ENTRY_SECTION,
	   entries * sizeof (struct mip_raw_sample));
  fprintf (asm_out_file, "\t.pushsection\t%s,\"aw\",%%nobits\n\t.balign\t4\n"
	   "\t.zero\t%lu\n\t.popsection\n", MIP_SAMPLE_INDEX_SECTION,
	   entries * 2 * 4);
  sampled_functions = 0;
}

/* Value sites of a unit that ended up with no function record still
   have code that counts into their records: define them, with nothing
   to say whose they are, where no dump reads them.

	.pushsection .bss
	.balign	8
   .Lmip.v0:
	.zero	32
	...
	.popsection  */
static void
emit_orphan_value_records (void)
{
  if (mip_value_record_count () == 0)
    return;
  fprintf (asm_out_file, "\t.pushsection\t.bss\n\t.balign\t8\n");
  for (unsigned i = 0; i < mip_value_record_count (); i++)
    {
      fprintf (asm_out_file, MIP_VALUE_RECORD_LABEL_FMT ":\n", i);
      emit_zeros (sizeof (struct mip_raw_value_site));
    }
  fprintf (asm_out_file, "\t.popsection\n");
}

/* PLUGIN_FINISH_UNIT: emit the unit's data, if it instrumented anything.  */
void
mip_emit_unit (void *, void *)
{
  if (!asm_out_file || seen_error ())
    return;
  if (mip_function_count () == 0)
    {
      emit_orphan_value_records ();
      return;
    }
  if (!all_functions_ended ())
    {
      /* Should not happen: every instrumented function reaches final.
	 Refuse to write a map that would not assemble.  */
      error ("mip: internal error: an instrumented function was not output");
      return;
    }
  fprintf (asm_out_file, "\t.hidden\t%s\n\t.hidden\t%s\n",
	   MIP_RUNTIME_ANCHOR, MIP_ORDER_SEQUENCE);
  /* What an -flto compile's reference asks for (mip-ipa.cc): this link
     instruments.  Weak, as every unit defines it.  */
  fprintf (asm_out_file, "\t.weak\t%s\n\t.hidden\t%s\n\t.set\t%s, 0\n",
	   MIP_LTO_LINK_CHECK, MIP_LTO_LINK_CHECK, MIP_LTO_LINK_CHECK);
  emit_runtime_check ();
  emit_full_runtime_request ();
  uint64_t unit_hash = compute_unit_hash ();
  uint32_t raw_size = raw_unit_size ();
  emit_raw_unit (unit_hash, raw_size);
  emit_map_unit (unit_hash, raw_size);
  emit_heap_unit (unit_hash);
  emit_ipa_unit (unit_hash);
}
