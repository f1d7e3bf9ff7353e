/* mip-emit.cc - writes a translation unit's raw unit (__mip_raw) and map
   unit (__mip_map) as assembler directives at the end of the unit.

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
	.pushsection __mip_map,"R",%progbits
	.balign 8
	.quad	<magic>			# struct mip_map_unit
	...
	.quad	main			# struct mip_map_function
	.quad	0x<cfg signature>
	.long	.Lmip.e0-main, 16, 0, 1, 0, 0, 0, 0, 0, 0
	...
	.string	"main"			# the string table
	.popsection

   Layouts come from mip-format.inc; this file only decides values.  The
   map is never loaded at run time; the raw unit is the only cost in the
   running program besides the probes.  */

#include "mip-plugin.h"
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

/* The size of the string table: every symbol NUL-terminated.  */
static uint32_t
strings_size (void)
{
  uint32_t size = 0;
  for (unsigned i = 0; i < mip_function_count (); i++)
    size += strlen (mip_function_at (i)->symbol) + 1;
  return size;
}

static uint32_t
raw_unit_size (void)
{
  uint32_t end = sizeof (struct mip_raw_unit);
  unsigned n = mip_function_count ();
  if (n)
    {
      const struct mip_function_record *last = mip_function_at (n - 1);
      end = last->raw_offset + last->layout.size;
    }
  return mip_align_up (end, 8);
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
    }
  return hash;
}

/* Initial contents of one record: counters 0, coverage bytes 0xff.  */
static void
emit_raw_record (unsigned index, const struct mip_function_record *f)
{
  const struct mip_record_layout *l = &f->layout;
  fprintf (asm_out_file, MIP_RECORD_LABEL_FMT ":\n", index);
  for (uint32_t at = 0; at < l->size; at++)
    {
      bool coverage = at == l->coverage_offset
		      || (l->blocks_offset != MIP_NO_OFFSET
			  && at >= l->blocks_offset);
      fprintf (asm_out_file, "\t.byte\t%#x\n",
	       coverage ? MIP_COVERAGE_UNSET : 0u);
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
  emit_zeros (unit_size - at);
  fprintf (asm_out_file, "\t.popsection\n");
}

static void
emit_map_function (unsigned index, const struct mip_function_record *f,
		   uint32_t name_offset)
{
  emit_u64_symbol (f->symbol);				/* address */
  emit_u64 (0);						/* cold_address */
  emit_u64 (f->cfg_signature);				/* cfg_signature */
  fprintf (asm_out_file, "\t.long\t" MIP_END_LABEL_FMT "-", index);
  assemble_name_raw (asm_out_file, f->symbol);		/* size */
  fputc ('\n', asm_out_file);
  emit_u32 (0);						/* cold_size */
  emit_u32 (f->raw_offset);				/* raw_offset */
  emit_u32 (name_offset);				/* name_offset */
  emit_u32 (f->kinds);					/* kinds */
  emit_u32 (0);						/* block_count */
  emit_u32 (0);						/* probe_count */
  emit_u32 (0);						/* blocks_offset */
  emit_u32 (0);						/* caller_slots */
  emit_u32 (0);						/* infer_offset */
  emit_u32 (0);						/* infer_count */
  emit_u32 (0);						/* reserved */
}

static void
emit_map_unit (uint64_t unit_hash, uint32_t raw_size)
{
  unsigned n = mip_function_count ();
  uint32_t strings_offset = sizeof (struct mip_map_unit)
			    + n * sizeof (struct mip_map_function);
  uint32_t strings = strings_size ();
  uint32_t unit_size = mip_align_up (strings_offset + strings, 8);

  /* "R" (SHF_GNU_RETAIN): ld's --gc-sections drops a non-allocated
     section that has relocations unless something references it.  */
  fprintf (asm_out_file, "\t.pushsection\t%s,\"R\",%%progbits\n"
	   "\t.balign\t8\n", MIP_MAP_SECTION);
  emit_u64 (mip_pointer_size () == 8 ? MIP_MAGIC_MAP64 : MIP_MAGIC_MAP32);
  emit_u32 (MIP_FORMAT_VERSION);
  emit_u32 (sizeof (struct mip_map_unit));
  emit_u64 (unit_hash);
  emit_u32 (unit_size);
  emit_u32 (raw_size);
  emit_u32 (n);
  emit_u32 (sizeof (struct mip_map_function));
  emit_u32 (sizeof (struct mip_map_block));
  emit_u32 (strings_offset);
  emit_u32 (strings);
  emit_u32 (mip_options.mode);
  emit_u64_symbol (MIP_RUNTIME_ANCHOR);		/* also pulls in libmip */

  uint32_t name_offset = 0;
  for (unsigned i = 0; i < n; i++)
    {
      const struct mip_function_record *f = mip_function_at (i);
      emit_map_function (i, f, name_offset);
      name_offset += strlen (f->symbol) + 1;
    }
  for (unsigned i = 0; i < n; i++)
    fprintf (asm_out_file, "\t.string\t\"%s\"\n", mip_function_at (i)->symbol);
  emit_zeros (unit_size - strings_offset - strings);
  fprintf (asm_out_file, "\t.popsection\n");
}

/* Functions whose end label was never written (not output after all)
   cannot be described; they are dropped before anything is emitted.  */
static bool
all_functions_ended (void)
{
  for (unsigned i = 0; i < mip_function_count (); i++)
    if (!mip_function_at (i)->end_label_emitted)
      return false;
  return true;
}

/* PLUGIN_FINISH_UNIT: emit the unit's data, if it instrumented anything.  */
void
mip_emit_unit (void *, void *)
{
  if (mip_function_count () == 0 || !asm_out_file || seen_error ())
    return;
  if (!all_functions_ended ())
    {
      /* Should not happen: every instrumented function reaches final.
	 Refuse to write a map that would not assemble.  */
      error ("mip: internal error: an instrumented function was not output");
      return;
    }
  fprintf (asm_out_file, "\t.hidden\t%s\n\t.hidden\t%s\n",
	   MIP_RUNTIME_ANCHOR, MIP_ORDER_SEQUENCE);
  uint64_t unit_hash = compute_unit_hash ();
  uint32_t raw_size = raw_unit_size ();
  emit_raw_unit (unit_hash, raw_size);
  emit_map_unit (unit_hash, raw_size);
}
