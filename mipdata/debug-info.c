/* debug-info.c - source locations of functions from DWARF, via libdw.

   mipdata show --debug BINARY prints where each function is declared.
   The DWARF is BINARY's own or, for a stripped binary, that of its
   separate debug file, which libdwfl finds (see debug-file.c).
   The map's addresses are link-time addresses, the same as DWARF's (the
   Dwarf handle of libdwfl is not biased), so position-independent
   executables need no adjustment.  For an address
   the compilation unit is found through the address ranges (or, without
   them, by asking each unit), then the DW_TAG_subprogram that starts
   there among the scopes containing it; its DW_AT_decl_file and
   DW_AT_decl_line (followed through DW_AT_abstract_origin and
   DW_AT_specification) give the location.
   When there is no such entry, the line table at the address does.

   Blocks and call sites are located through the line table alone: the
   line of a block's first instruction, the line of the call instruction
   before a return address.  A caller outside the profile is named after
   the DW_TAG_subprogram whose code holds the call.

   For inline stacks (mipdata export --format=afdo), every
   DW_TAG_subprogram with code and DW_TAG_inlined_subroutine is read
   once into a table of scopes, whose nested address ranges are made
   disjoint pieces of their innermost scope, looked up by bisection.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#define _POSIX_C_SOURCE 200809L

#include "mipdata.h"

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct mipdata_debug_info
{
  Dwfl *dwfl;
  Dwarf *dwarf;                 /* NULL when the binary has no DWARF;
				   owned by DWFL */
  char *file;                   /* the last lookup's file name */
};

/* Say once that PATH has no DWARF.  libdwfl's reason is added only when
   it says more than that (it usually is "No DWARF information found").  */
static void
warn_no_dwarf (const char *path)
{
  const char *reason = dwfl_errmsg (-1);

  if (reason && *reason && !strstr (reason, "DWARF"))
    mipdata_warning ("'%s': no DWARF debug information, nor a separate"
		     " debug file with it (%s); no Source Info", path, reason);
  else
    mipdata_warning ("'%s': no DWARF debug information, nor a separate"
		     " debug file with it; no Source Info", path);
}

struct mipdata_debug_info *
mipdata_debug_open (const char *path)
{
  struct mipdata_debug_info *info = calloc (1, sizeof *info);
  Dwfl_Module *module;
  Dwarf_Addr bias;
  int fd;

  if (!info)
    {
      mipdata_error ("out of memory");
      return NULL;
    }
  /* libdwfl's own message for a missing file is less clear.  */
  fd = open (path, O_RDONLY);
  if (fd < 0)
    {
      mipdata_error ("cannot open '%s': %s", path, strerror (errno));
      free (info);
      return NULL;
    }
  close (fd);
  info->dwfl = mipdata_dwfl_offline (path, &module);
  if (!info->dwfl)
    {
      free (info);
      return NULL;
    }
  info->dwarf = dwfl_module_getdwarf (module, &bias);
  if (!info->dwarf)
    warn_no_dwarf (path);
  return info;
}

void
mipdata_debug_close (struct mipdata_debug_info *info)
{
  if (!info)
    return;
  dwfl_end (info->dwfl);
  free (info->file);
  free (info);
}

bool
mipdata_debug_has_dwarf (const struct mipdata_debug_info *info)
{
  return info && info->dwarf;
}

/* dwfl_getmodules' callback: keep the first module.  */
static int
first_module (Dwfl_Module *module, void **user_data, const char *name,
	      Dwarf_Addr start, void *arg)
{
  (void) user_data;
  (void) name;
  (void) start;
  *(Dwfl_Module **) arg = module;
  return DWARF_CB_ABORT;
}

/* Does the subprogram DIE start at ADDRESS?  Its low_pc, or for a
   function split into hot and cold parts the start of one of its
   ranges.  */
static bool
subprogram_starts_at (Dwarf_Die *die, uint64_t address)
{
  Dwarf_Addr low_pc, base, start, end;
  ptrdiff_t offset = 0;

  if (dwarf_lowpc (die, &low_pc) == 0)
    return low_pc == address;
  while ((offset = dwarf_ranges (die, offset, &base, &start, &end)) > 0)
    if (start == address)
      return true;
  return false;
}

/* Does FILE need DIRECTORY, the compilation directory, in front?  Not
   when it is absolute, and not when it starts with DIRECTORY already:
   elfutils joins a DWARF 5 file name to the line table's directory 0,
   which is the compilation directory, so with a relative one (GCC's
   -ffile-prefix-map=DIR=., as Debian's builds use) the name it gives is
   "./sub/main.c" for "./sub", which joined again would be
   "./sub/./sub/main.c".  */
static bool
needs_directory (const char *directory, const char *file)
{
  size_t length;

  if (file[0] == '/' || !directory)
    return false;
  length = strlen (directory);
  return !(length > 0 && strncmp (file, directory, length) == 0
	   && file[length] == '/');
}

/* Keep FILE as the answer, joined to the compilation directory of CU
   when it is relative.  */
static const char *
remember_file (struct mipdata_debug_info *info, Dwarf_Die *cu,
	       const char *file)
{
  Dwarf_Attribute attribute;
  const char *directory = NULL;
  size_t length;

  free (info->file);
  info->file = NULL;
  if (file[0] != '/'
      && dwarf_attr (cu, DW_AT_comp_dir, &attribute))
    directory = dwarf_formstring (&attribute);
  if (!needs_directory (directory, file))
    return info->file = strdup (file);
  length = strlen (directory) + 1 + strlen (file) + 1;
  info->file = malloc (length);
  if (info->file)
    snprintf (info->file, length, "%s/%s", directory, file);
  return info->file;
}

/* The declaration of the subprogram starting at ADDRESS in CU.  */
static bool
lookup_subprogram (struct mipdata_debug_info *info, Dwarf_Die *cu,
		   uint64_t address, const char **file, int *line)
{
  Dwarf_Die *scopes = NULL;
  int count = dwarf_getscopes (cu, address, &scopes);
  bool found = false;
  int i;

  for (i = 0; i < count && !found; i++)
    {
      const char *decl_file;
      if (dwarf_tag (&scopes[i]) != DW_TAG_subprogram
	  || !subprogram_starts_at (&scopes[i], address))
	continue;
      decl_file = dwarf_decl_file (&scopes[i]);
      if (decl_file && dwarf_decl_line (&scopes[i], line) == 0)
	{
	  *file = remember_file (info, cu, decl_file);
	  found = *file != NULL;
	}
    }
  free (scopes);
  return found;
}

/* The line table's location for ADDRESS in CU.  */
static bool
lookup_line (struct mipdata_debug_info *info, Dwarf_Die *cu,
	     uint64_t address, const char **file, int *line)
{
  Dwarf_Line *source_line = dwarf_getsrc_die (cu, address);
  const char *name;

  if (!source_line || dwarf_lineno (source_line, line) != 0)
    return false;
  name = dwarf_linesrc (source_line, NULL, NULL);
  if (!name)
    return false;
  *file = remember_file (info, cu, name);
  return *file != NULL;
}

/* The compilation unit whose code contains ADDRESS: through the address
   ranges table, else (no .debug_aranges) by asking each unit.  */
static bool
find_unit (Dwarf *dwarf, uint64_t address, Dwarf_Die *cu)
{
  Dwarf_Off offset = 0, next;
  size_t header_size;

  if (dwarf_addrdie (dwarf, address, cu))
    return true;
  while (dwarf_nextcu (dwarf, offset, &next, &header_size, NULL, NULL,
		       NULL) == 0)
    {
      if (dwarf_offdie (dwarf, offset + header_size, cu)
	  && dwarf_haspc (cu, address) == 1)
	return true;
      offset = next;
    }
  return false;
}

bool
mipdata_debug_lookup (struct mipdata_debug_info *info, uint64_t address,
		      const char **file, int *line)
{
  Dwarf_Die cu;

  if (!info || !info->dwarf || !find_unit (info->dwarf, address, &cu))
    return false;
  return (lookup_subprogram (info, &cu, address, file, line)
	  || lookup_line (info, &cu, address, file, line));
}

bool
mipdata_debug_line (struct mipdata_debug_info *info, uint64_t address,
		    const char **file, int *line)
{
  Dwarf_Die cu;

  if (!info || !info->dwarf || !find_unit (info->dwarf, address, &cu))
    return false;
  return lookup_line (info, &cu, address, file, line) && *line > 0;
}

/* The linkage name of DIE (through DW_AT_abstract_origin and
   DW_AT_specification), else its name.  */
static const char *
subprogram_name (Dwarf_Die *die)
{
  static const int names[] = { DW_AT_linkage_name, DW_AT_MIPS_linkage_name,
			       DW_AT_name };
  Dwarf_Attribute attribute;
  size_t i;

  for (i = 0; i < sizeof names / sizeof names[0]; i++)
    if (dwarf_attr_integrate (die, names[i], &attribute))
      {
	const char *name = dwarf_formstring (&attribute);
	if (name)
	  return name;
      }
  return NULL;
}

const char *
mipdata_debug_function_name (struct mipdata_debug_info *info,
			     uint64_t address)
{
  Dwarf_Die cu, *scopes = NULL;
  const char *name = NULL;
  int count, i;

  if (!info || !info->dwarf || !find_unit (info->dwarf, address, &cu))
    return NULL;
  count = dwarf_getscopes (&cu, address, &scopes);
  /* Innermost first: the first subprogram is the function itself, the
     inlined subroutines around ADDRESS come before it.  */
  for (i = 0; i < count && !name; i++)
    if (dwarf_tag (&scopes[i]) == DW_TAG_subprogram)
      name = subprogram_name (&scopes[i]);
  free (scopes);
  return name;
}

struct mipdata_debug_info *
mipdata_debug_open_binary (const char *path,
			   const struct mip_profile_header *header)
{
  struct mipdata_debug_info *info;
  uint8_t id[MIP_GNU_BUILD_ID_MAX];
  uint32_t id_size;
  Dwfl_Module *module;
  Elf *elf;
  Dwarf_Addr bias;

  /* A profile made by mipdata import (build id 0, no units) has no
     addresses to look up.  */
  if (header->build_id == 0 && header->unit_count == 0)
    {
      mipdata_error ("cannot use '%s' with a profile made by mipdata"
		     " import: such a profile has no addresses", path);
      return NULL;
    }
  if (mipdata_check_binary (path, header->build_id) != MIPDATA_EXIT_OK)
    return NULL;
  info = mipdata_debug_open (path);
  if (!info)
    return NULL;
  /* The binary (or the debug file given for it) must be the profiled
     one: its GNU build id, and that of the debug file libdwfl found.  */
  module = NULL;
  dwfl_getmodules (info->dwfl, first_module, &module, 0);
  elf = module ? dwfl_module_getelf (module, &bias) : NULL;
  id_size = mipdata_elf_gnu_build_id (elf, id);
  if (mipdata_check_gnu_build_id (path, id, id_size, header->gnu_build_id,
				  header->gnu_build_id_size, "the profile")
      != MIPDATA_EXIT_OK)
    {
      mipdata_debug_close (info);
      return NULL;
    }
  if (info->dwarf && dwarf_getelf (info->dwarf) != elf)
    {
      const char *debug_name = NULL;
      dwfl_module_info (module, NULL, NULL, NULL, NULL, NULL, NULL,
			&debug_name);
      id_size = mipdata_elf_gnu_build_id (dwarf_getelf (info->dwarf), id);
      if (mipdata_check_gnu_build_id (debug_name ? debug_name
				      : "debug file from debuginfod", id,
				      id_size, header->gnu_build_id,
				      header->gnu_build_id_size,
				      "the profile") != MIPDATA_EXIT_OK)
	{
	  mipdata_debug_close (info);
	  return NULL;
	}
    }
  return info;
}

/* FILE joined to DIRECTORY when FILE is relative, in *BUFFER (grown as
   needed, of *CAPACITY bytes).  NULL when memory runs out.  */
static const char *
join_directory (const char *directory, const char *file, char **buffer,
		size_t *capacity)
{
  size_t length;

  if (!needs_directory (directory, file))
    return file;
  length = strlen (directory) + 1 + strlen (file) + 1;
  if (length > *capacity)
    {
      char *bigger = realloc (*buffer, length);
      if (!bigger)
	return NULL;
      *buffer = bigger;
      *capacity = length;
    }
  snprintf (*buffer, length, "%s/%s", directory, file);
  return *buffer;
}

/* The rows of the line table of CU: a row's code runs from its address
   to the next row's, and a row that ends a sequence holds none.  */
static bool
each_row_of_unit (Dwarf_Die *cu, mipdata_line_row_visitor *visit,
		  void *data, char **buffer, size_t *capacity)
{
  Dwarf_Attribute attribute;
  const char *directory = NULL;
  Dwarf_Lines *lines;
  size_t count, i;

  if (dwarf_getsrclines (cu, &lines, &count) != 0)
    return true;                /* a unit without a line table */
  if (dwarf_attr (cu, DW_AT_comp_dir, &attribute))
    directory = dwarf_formstring (&attribute);
  for (i = 0; i + 1 < count; i++)
    {
      Dwarf_Line *row = dwarf_onesrcline (lines, i);
      Dwarf_Line *next = dwarf_onesrcline (lines, i + 1);
      Dwarf_Addr start, end;
      bool end_sequence;
      const char *file;
      unsigned discriminator = 0;
      int line;

      if (!row || !next || dwarf_lineendsequence (row, &end_sequence) != 0
	  || end_sequence || dwarf_lineaddr (row, &start) != 0
	  || dwarf_lineaddr (next, &end) != 0 || end <= start
	  || dwarf_lineno (row, &line) != 0 || line <= 0
	  || !(file = dwarf_linesrc (row, NULL, NULL)))
	continue;
      file = join_directory (directory, file, buffer, capacity);
      if (!file)
	return false;
      if (dwarf_linediscriminator (row, &discriminator) != 0)
	discriminator = 0;
      visit (start, end, file, line, discriminator, data);
    }
  return true;
}

bool
mipdata_debug_each_line_row (struct mipdata_debug_info *info,
			     mipdata_line_row_visitor *visit, void *data)
{
  Dwarf_Off offset = 0, next;
  size_t header_size, capacity = 0;
  char *buffer = NULL;
  bool ok = true;

  if (!info || !info->dwarf)
    return true;
  while (ok && dwarf_nextcu (info->dwarf, offset, &next, &header_size, NULL,
			     NULL, NULL) == 0)
    {
      Dwarf_Die cu;
      if (dwarf_offdie (info->dwarf, offset + header_size, &cu))
	ok = each_row_of_unit (&cu, visit, data, &buffer, &capacity);
      offset = next;
    }
  free (buffer);
  if (!ok)
    mipdata_error ("out of memory");
  return ok;
}

/* ---- The scopes of the code, for inline stacks ------------------------- */

/* A range of a scope before the ranges are made disjoint.  */
struct nested_range
{
  uint64_t start, end;
  size_t scope;
  unsigned depth;
};

struct scope_walk
{
  struct mipdata_code_scopes *scopes;
  struct nested_range *nested;
  size_t nested_count, nested_capacity;
  bool failed;
};

static bool
grow (void **array, size_t count, size_t *capacity, size_t size)
{
  void *bigger;
  size_t wanted;

  if (count < *capacity)
    return true;
  wanted = *capacity ? 2 * *capacity : 64;
  bigger = realloc (*array, wanted * size);
  if (!bigger)
    return false;
  *array = bigger;
  *capacity = wanted;
  return true;
}

/* An unsigned attribute of DIE itself, 0 when it has none.  */
static Dwarf_Word
die_udata (Dwarf_Die *die, unsigned name)
{
  Dwarf_Attribute attribute;
  Dwarf_Word value = 0;

  if (!dwarf_attr (die, name, &attribute)
      || dwarf_formudata (&attribute, &value) != 0)
    return 0;
  return value;
}

/* Add DIE, a function or an inlined copy inside scope PARENT (-1 for
   none) at DEPTH, with its code ranges.  Returns its index, or -1 when
   it has no code (or memory ran out: WALK->failed).  */
static long
add_scope (struct scope_walk *walk, Dwarf_Die *die, long parent,
	   unsigned depth)
{
  struct mipdata_code_scopes *scopes = walk->scopes;
  struct mipdata_code_scope *scope;
  Dwarf_Addr base, start, end;
  ptrdiff_t offset = 0;
  size_t index = scopes->count;
  bool any = false;

  while ((offset = dwarf_ranges (die, offset, &base, &start, &end)) > 0)
    {
      if (end <= start)
	continue;
      if (!grow ((void **) &walk->nested, walk->nested_count,
		 &walk->nested_capacity, sizeof *walk->nested))
	{
	  walk->failed = true;
	  return -1;
	}
      walk->nested[walk->nested_count++]
	= (struct nested_range) { start, end, index, depth };
      any = true;
    }
  if (!any)
    return -1;
  if (!grow ((void **) &scopes->scopes, scopes->count, &scopes->capacity,
	     sizeof *scopes->scopes))
    {
      walk->failed = true;
      return -1;
    }
  scope = &scopes->scopes[scopes->count++];
  scope->parent = parent;
  scope->name = subprogram_name (die);
  if (dwarf_decl_line (die, &scope->decl_line) != 0)
    scope->decl_line = 0;
  scope->call_line = 0;
  scope->call_discriminator = 0;
  if (dwarf_tag (die) == DW_TAG_inlined_subroutine)
    {
      scope->call_line = (int) die_udata (die, DW_AT_call_line);
      scope->call_discriminator
	= (unsigned) die_udata (die, 0x2136 /* DW_AT_GNU_discriminator */);
    }
  return (long) index;
}

/* Note the call site DIE when it is an indirect call: DWARF names no
   callee (DW_AT_call_origin; DW_AT_abstract_origin in the GNU form of
   DWARF 4), and it is no tail call, whose callee returns elsewhere.  Its
   return address is DW_AT_call_return_pc (DW_AT_low_pc in the GNU
   form).  */
static void
note_call_site (struct scope_walk *walk, Dwarf_Die *die)
{
  struct mipdata_code_scopes *scopes = walk->scopes;
  Dwarf_Attribute attribute;
  Dwarf_Addr address;

  if (dwarf_hasattr (die, DW_AT_call_origin)
      || dwarf_hasattr (die, DW_AT_abstract_origin)
      || dwarf_hasattr (die, DW_AT_call_tail_call)
      || dwarf_hasattr (die, DW_AT_GNU_tail_call))
    return;
  if (!dwarf_attr (die, DW_AT_call_return_pc, &attribute)
      && !dwarf_attr (die, DW_AT_low_pc, &attribute))
    return;
  if (dwarf_formaddr (&attribute, &address) != 0)
    return;
  if (!grow ((void **) &scopes->indirect_returns, scopes->indirect_count,
	     &scopes->indirect_capacity, sizeof *scopes->indirect_returns))
    {
      walk->failed = true;
      return;
    }
  scopes->indirect_returns[scopes->indirect_count++] = address;
}

/* Walk the children of DIE, whose code is of scope PARENT (-1 outside
   any function) at DEPTH.  */
static void
walk_scopes (struct scope_walk *walk, Dwarf_Die *die, long parent,
	     unsigned depth)
{
  Dwarf_Die child;

  if (dwarf_child (die, &child) != 0)
    return;
  do
    {
      int tag = dwarf_tag (&child);
      long scope;

      if (walk->failed)
	return;
      switch (tag)
	{
	case DW_TAG_subprogram:
	  /* A function with code of its own (a nested function too) is a
	     function of its own; a declaration has no ranges.  */
	  scope = add_scope (walk, &child, -1, 0);
	  if (scope >= 0)
	    walk_scopes (walk, &child, scope, 1);
	  break;
	case DW_TAG_inlined_subroutine:
	  if (parent < 0)
	    break;
	  scope = add_scope (walk, &child, parent, depth);
	  walk_scopes (walk, &child, scope >= 0 ? scope : parent,
		       scope >= 0 ? depth + 1 : depth);
	  break;
	case DW_TAG_call_site:
	case DW_TAG_GNU_call_site:
	  if (parent >= 0)
	    note_call_site (walk, &child);
	  break;
	case DW_TAG_lexical_block:
	case DW_TAG_namespace:
	case DW_TAG_module:
	case DW_TAG_class_type:
	case DW_TAG_structure_type:
	case DW_TAG_union_type:
	  walk_scopes (walk, &child, parent, depth);
	  break;
	default:
	  break;
	}
    }
  while (dwarf_siblingof (&child, &child) == 0);
}

/* Outer ranges before the ranges they hold.  */
static int
compare_nested (const void *a, const void *b)
{
  const struct nested_range *x = a, *y = b;

  if (x->start != y->start)
    return x->start < y->start ? -1 : 1;
  if (x->end != y->end)
    return x->end > y->end ? -1 : 1;
  return x->depth < y->depth ? -1 : x->depth > y->depth;
}

/* Give [START, END) to SCOPE.  */
static bool
add_piece (struct mipdata_code_scopes *scopes, uint64_t start, uint64_t end,
	   size_t scope)
{
  if (end <= start)
    return true;
  if (!grow ((void **) &scopes->ranges, scopes->range_count,
	     &scopes->range_capacity, sizeof *scopes->ranges))
    return false;
  scopes->ranges[scopes->range_count++]
    = (struct mipdata_scope_range) { start, end, scope };
  return true;
}

/* Make the nested ranges of WALK disjoint pieces, each of its innermost
   scope: a sweep over the ranges by address with the stack of those
   open.  */
static bool
flatten_ranges (struct scope_walk *walk)
{
  struct mipdata_code_scopes *scopes = walk->scopes;
  struct nested_range **stack;
  size_t depth = 0, i;
  uint64_t position = 0;
  bool ok = true;

  if (walk->nested_count == 0)
    return true;
  qsort (walk->nested, walk->nested_count, sizeof *walk->nested,
	 compare_nested);
  stack = malloc (walk->nested_count * sizeof *stack);
  if (!stack)
    return false;
  for (i = 0; ok && i < walk->nested_count; i++)
    {
      struct nested_range *range = &walk->nested[i];

      while (ok && depth > 0 && stack[depth - 1]->end <= range->start)
	{
	  struct nested_range *top = stack[--depth];
	  ok = add_piece (scopes, position, top->end, top->scope);
	  if (top->end > position)
	    position = top->end;
	}
      if (ok && depth > 0)
	ok = add_piece (scopes, position, range->start,
			stack[depth - 1]->scope);
      stack[depth++] = range;
      position = range->start;
    }
  while (ok && depth > 0)
    {
      struct nested_range *top = stack[--depth];
      ok = add_piece (scopes, position, top->end, top->scope);
      if (top->end > position)
	position = top->end;
    }
  free (stack);
  return ok;
}

static int
compare_addresses (const void *a, const void *b)
{
  uint64_t x = *(const uint64_t *) a, y = *(const uint64_t *) b;
  return x < y ? -1 : x > y;
}

/* Sort SCOPES' indirect calls, each once (a call site of an inlined
   copy may be described in the abstract and the concrete tree).  */
static void
sort_indirect_returns (struct mipdata_code_scopes *scopes)
{
  size_t i, kept = 0;

  if (scopes->indirect_count == 0)
    return;
  qsort (scopes->indirect_returns, scopes->indirect_count,
	 sizeof *scopes->indirect_returns, compare_addresses);
  for (i = 0; i < scopes->indirect_count; i++)
    if (kept == 0 || scopes->indirect_returns[kept - 1]
		     != scopes->indirect_returns[i])
      scopes->indirect_returns[kept++] = scopes->indirect_returns[i];
  scopes->indirect_count = kept;
}

bool
mipdata_debug_code_scopes (struct mipdata_debug_info *info,
			   struct mipdata_code_scopes *scopes)
{
  struct scope_walk walk = { scopes, NULL, 0, 0, false };
  Dwarf_Off offset = 0, next;
  size_t header_size;
  bool ok;

  scopes->count = scopes->range_count = scopes->indirect_count = 0;
  if (!info || !info->dwarf)
    return true;
  while (!walk.failed
	 && dwarf_nextcu (info->dwarf, offset, &next, &header_size, NULL,
			  NULL, NULL) == 0)
    {
      Dwarf_Die cu;
      if (dwarf_offdie (info->dwarf, offset + header_size, &cu))
	walk_scopes (&walk, &cu, -1, 0);
      offset = next;
    }
  ok = !walk.failed && flatten_ranges (&walk);
  free (walk.nested);
  if (ok)
    sort_indirect_returns (scopes);
  if (!ok)
    mipdata_error ("out of memory");
  return ok;
}

long
mipdata_code_scope_at (const struct mipdata_code_scopes *scopes,
		       uint64_t address)
{
  size_t low = 0, high = scopes->range_count;

  while (low < high)
    {
      size_t middle = low + (high - low) / 2;
      if (scopes->ranges[middle].end <= address)
	low = middle + 1;
      else
	high = middle;
    }
  if (low < scopes->range_count && scopes->ranges[low].start <= address)
    return (long) scopes->ranges[low].scope;
  return -1;
}

bool
mipdata_code_scopes_indirect_call (const struct mipdata_code_scopes *scopes,
				   uint64_t return_address)
{
  return scopes->indirect_count > 0
	 && bsearch (&return_address, scopes->indirect_returns,
		     scopes->indirect_count,
		     sizeof *scopes->indirect_returns, compare_addresses);
}

void
mipdata_code_scopes_free (struct mipdata_code_scopes *scopes)
{
  free (scopes->scopes);
  free (scopes->ranges);
  free (scopes->indirect_returns);
  memset (scopes, 0, sizeof *scopes);
}
