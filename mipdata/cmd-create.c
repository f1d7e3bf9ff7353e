/* cmd-create.c - mipdata create: an empty profile from a binary's map.

   The input is a linked ELF binary built with -fplugin=mip (its
   .debug_mip_map section is read), a stripped binary whose separate
   debug file holds the map (found by libdwfl: .gnu_debuglink, the GNU
   build id under the debug directories, debuginfod), a map dumped from
   one with objcopy --dump-section .debug_mip_map=app.mipmap, or a raw
   profile: the debug file of the GNU build id its header records gives
   the map, and the raw profile is then merged into the new profile.
   The profile replaces PROFILE atomically; it records the GNU build id
   of the binary and, when the binary (or the debug file it took the
   map from) has a .debug_mip_heap section (the heap option), its
   allocation sites, whose counts merge then adds up.  A .mipmap holds
   no allocation sites: a profile made from one has none.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "mipdata.h"

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mip-file.h"
#include "mip-heap.h"
#include "mip-ipa.h"
#include "mip-map.h"
#include "mip-profile.h"
#include "mip-raw.h"
#include "mip-reader.h"

/* What the profile is made from.  */
struct create_input
{
  const char *name;             /* the operand */
  struct mip_map *map;
  struct mip_heap_map *heap;    /* its allocation sites, or NULL */
  struct mip_ipa_map *ipa;      /* its early blocks, or NULL */
  unsigned char *ipa_section;   /* what IPA's names point into */
  const char *map_file;         /* where the map came from */
  uint64_t code_begin, code_end;
  uint32_t gnu_build_id_size;
  uint8_t gnu_build_id[MIP_GNU_BUILD_ID_MAX];
  struct mipdata_debug_file debug_file;  /* when the map is there */
  struct mip_raw raw;           /* a raw profile given */
  bool have_raw;
};

static void
print_help (void)
{
  printf ("usage: mipdata create -p PROFILE [--debug-file-directory=DIR]\n"
	  "                      BINARY|MAP|RAW\n"
	  "\n"
	  "Create the empty profile PROFILE (a .mip file) describing the\n"
	  "functions instrumented in BINARY, a program or shared library\n"
	  "linked with -fplugin=mip, or in MAP, its .debug_mip_map section\n"
	  "dumped to a .mipmap file.  An existing PROFILE that holds runs,\n"
	  "or a file that is no profile, is not replaced without --force.\n"
	  "\n"
	  "The map of a stripped BINARY is read from its separate debug\n"
	  "file, found by its .gnu_debuglink or its GNU build id in the\n"
	  "debug file directory (DIR/.build-id/ab/cdef....debug) and, when\n"
	  "DEBUGINFOD_URLS is set, through debuginfod.  Given a raw profile\n"
	  "RAW (a .mipraw), create finds the debug file by the GNU build id\n"
	  "RAW records, makes the profile from its map and merges RAW into\n"
	  "it.\n"
	  "\n"
	  "A BINARY built with the heap option (-fplugin-arg-mip-heap) gives\n"
	  "the profile its allocation sites, to which merge adds the counts\n"
	  "of the runs, for 'mipdata heap BINARY PROFILE'; a MAP has none.\n"
	  "\n"
	  "Options:\n"
	  "  -p, --profile=PROFILE  the profile to write\n"
	  "  -f, --force            replace PROFILE even if it holds runs or\n"
	  "                         is not a profile\n"
	  "      --debug-file-directory=DIR\n"
	  "                         look for debug files under DIR instead\n"
	  "                         of /usr/lib/debug\n"
	  "  -h, --help             print this help and exit\n");
}

/* Parse the map in the ELF image of SIZE bytes at DATA, the file PATH:
   its .debug_mip_map section.  Returns MIPDATA_ELF_MAP_MISSING (and no
   message) when it has none.  */
static enum mipdata_elf_map_result
parse_elf_map (const char *path, unsigned char *data, size_t size,
	       struct mip_map **map)
{
  struct mip_error_context error;
  enum mipdata_elf_map_result result;
  unsigned char *section = NULL;
  size_t section_size = 0;

  mip_error_clear (&error);
  result = mipdata_elf_map (path, data, size, &section, &section_size);
  if (result != MIPDATA_ELF_MAP_FOUND)
    return result;
  if (mip_map_parse (section, section_size, path, map, &error) != MIP_OK)
    {
      mipdata_report (&error);
      result = MIPDATA_ELF_MAP_FAILED;
    }
  free (section);
  return result;
}

/* The allocation sites of the ELF image PATH (SIZE bytes at DATA), whose
   map is MAP, into *HEAP: NULL when it has no .debug_mip_heap section.
   False (after a message) when they cannot be read.  */
static bool
parse_elf_heap (const char *path, unsigned char *data, size_t size,
		const struct mip_map *map, struct mip_heap_map **heap)
{
  struct mip_error_context error;
  unsigned char *section = NULL;
  size_t section_size = 0;
  bool ok = true;

  *heap = NULL;
  mip_error_clear (&error);
  switch (mipdata_elf_heap_sites (path, data, size, &section, &section_size))
    {
    case MIPDATA_ELF_MAP_FOUND:
      if (mip_heap_map_parse (section, section_size, path, map, heap,
			      &error) != MIP_OK)
	{
	  mipdata_report (&error);
	  ok = false;
	}
      break;
    case MIPDATA_ELF_MAP_MISSING:
      break;
    default:
      ok = false;
    }
  free (section);
  return ok;
}

/* The early blocks of the ELF image PATH (SIZE bytes at DATA), whose
   map is INPUT->map, into INPUT->ipa: NULL when it has no
   .debug_mip_ipa section.  False (after a message) when they cannot be
   read.  */
static bool
parse_elf_ipa (const char *path, unsigned char *data, size_t size,
	       struct create_input *input)
{
  struct mip_error_context error;
  size_t section_size = 0;

  mip_error_clear (&error);
  switch (mipdata_elf_ipa_blocks (path, data, size, &input->ipa_section,
				  &section_size))
    {
    case MIPDATA_ELF_MAP_FOUND:
      if (mip_ipa_map_parse (input->ipa_section, section_size, path,
			     input->map, &input->ipa, &error) != MIP_OK)
	{
	  mipdata_report (&error);
	  return false;
	}
      return true;
    case MIPDATA_ELF_MAP_MISSING:
      return true;
    default:
      return false;
    }
}

/* The map of the debug file INPUT->debug_file, found for INPUT (whose
   GNU build id it must have, when both are known).  */
static int
map_from_debug_file (struct create_input *input)
{
  struct mipdata_debug_file *file = &input->debug_file;

  if (mipdata_check_gnu_build_id (file->path, file->gnu_build_id,
				  file->gnu_build_id_size,
				  input->gnu_build_id,
				  input->gnu_build_id_size,
				  input->have_raw ? "the raw profile"
				  : "the binary") != MIPDATA_EXIT_OK)
    return MIPDATA_EXIT_FAILURE;
  switch (parse_elf_map (file->path, file->data, file->size, &input->map))
    {
    case MIPDATA_ELF_MAP_FOUND:
      break;
    case MIPDATA_ELF_MAP_MISSING:
      mipdata_error ("'%s': its debug file '%s' has no " MIP_MAP_SECTION
		     " section", input->name, file->path);
      return MIPDATA_EXIT_FAILURE;
    default:
      return MIPDATA_EXIT_FAILURE;
    }
  input->map_file = file->path;
  if (!parse_elf_heap (file->path, file->data, file->size, input->map,
		       &input->heap)
      || !parse_elf_ipa (file->path, file->data, file->size, input))
    return MIPDATA_EXIT_FAILURE;
  if (input->gnu_build_id_size == 0)
    {
      memcpy (input->gnu_build_id, file->gnu_build_id,
	      file->gnu_build_id_size);
      input->gnu_build_id_size = file->gnu_build_id_size;
    }
  return MIPDATA_EXIT_OK;
}

/* The map of the ELF binary INPUT (SIZE bytes at DATA), or of its
   separate debug file.  */
static int
load_elf (struct create_input *input, unsigned char *data, size_t size)
{
  char text[MIP_GNU_BUILD_ID_TEXT];

  input->gnu_build_id_size
    = mipdata_gnu_build_id_of_image (data, size, input->gnu_build_id);
  mipdata_elf_code_range (data, size, &input->code_begin, &input->code_end);
  switch (parse_elf_map (input->name, data, size, &input->map))
    {
    case MIPDATA_ELF_MAP_FOUND:
      input->map_file = input->name;
      return parse_elf_heap (input->name, data, size, input->map,
			     &input->heap)
	     && parse_elf_ipa (input->name, data, size, input)
	     ? MIPDATA_EXIT_OK : MIPDATA_EXIT_FAILURE;
    case MIPDATA_ELF_MAP_MISSING:
      break;
    default:
      return MIPDATA_EXIT_FAILURE;
    }
  if (mipdata_find_debug_file (input->name, &input->debug_file)
      != MIPDATA_EXIT_OK)
    return MIPDATA_EXIT_FAILURE;
  if (input->debug_file.path)
    return map_from_debug_file (input);
  mip_gnu_build_id_hex (input->gnu_build_id, input->gnu_build_id_size, text);
  mipdata_error ("'%s': no " MIP_MAP_SECTION " section, and no separate"
		 " debug file found (by .gnu_debuglink or GNU build id %s"
		 " under '%s'%s); was it built with -fplugin=mip"
		 " -fplugin-arg-mip-generate, or stripped?", input->name,
		 text[0] ? text : "(none)", mipdata_debug_directory (),
		 getenv ("DEBUGINFOD_URLS") ? ", or debuginfod" : "");
  return MIPDATA_EXIT_FAILURE;
}

/* The number of builds whose dumps the raw profile file DATA (SIZE
   bytes, already parsed whole) holds: more than one when a program and
   its instrumented shared objects wrote one name.  */
static unsigned
raw_build_count (const unsigned char *data, size_t size, const char *name)
{
  struct mip_error_context error;
  uint64_t first_build_id = 0;
  size_t offset = 0;
  unsigned builds = 0;

  while (offset < size)
    {
      struct mip_raw raw;
      size_t next = size;

      if (mip_raw_parse_dump (data, size, offset, name, &raw, &next, &error)
	  != MIP_OK)
	break;
      if (builds == 0)
	{
	  first_build_id = raw.header.build_id;
	  builds = 1;
	}
      else if (raw.header.build_id != first_build_id)
	return 2;
      offset = next;
    }
  return builds;
}

/* The map for the raw profile INPUT (SIZE bytes at DATA): in the debug
   file of the GNU build id it records.  */
static int
load_raw (struct create_input *input, unsigned char *data, size_t size)
{
  struct mip_error_context error;
  const struct mip_raw_header *h = &input->raw.header;
  char text[MIP_GNU_BUILD_ID_TEXT];

  mip_error_clear (&error);
  if (mip_raw_parse (data, size, input->name, &input->raw, &error) != MIP_OK)
    {
      mipdata_report (&error);
      return MIPDATA_EXIT_FAILURE;
    }
  input->have_raw = true;
  if (raw_build_count (data, size, input->name) > 1)
    {
      mipdata_error ("'%s': holds the dumps of several modules (a program"
		     " and its shared objects); give create the binary of"
		     " the one to profile, or its map", input->name);
      return MIPDATA_EXIT_FAILURE;
    }
  if (h->gnu_build_id_size == 0)
    {
      mipdata_error ("'%s': records no GNU build id (was the program"
		     " linked without --build-id?); give create the binary"
		     " or its map", input->name);
      return MIPDATA_EXIT_FAILURE;
    }
  memcpy (input->gnu_build_id, h->gnu_build_id, h->gnu_build_id_size);
  input->gnu_build_id_size = h->gnu_build_id_size;
  mip_gnu_build_id_hex (h->gnu_build_id, h->gnu_build_id_size, text);
  if (mipdata_find_debug_file_by_id (input->name, h->gnu_build_id,
				     h->gnu_build_id_size, &input->debug_file)
      != MIPDATA_EXIT_OK)
    return MIPDATA_EXIT_FAILURE;
  if (!input->debug_file.path)
    {
      mipdata_error ("'%s': no debug file of GNU build id %s found (under"
		     " '%s/.build-id'%s)", input->name, text,
		     mipdata_debug_directory (),
		     getenv ("DEBUGINFOD_URLS") ? " or through debuginfod"
		     : "; set DEBUGINFOD_URLS to ask debuginfod servers");
      return MIPDATA_EXIT_FAILURE;
    }
  mipdata_elf_code_range (input->debug_file.data, input->debug_file.size,
			  &input->code_begin, &input->code_end);
  return map_from_debug_file (input);
}

/* Parse the map held in INPUT (SIZE bytes at DATA): an ELF file's or its
   debug file's, a dumped map, or the one a raw profile leads to.  */
static int
load_map (struct create_input *input, unsigned char *data, size_t size)
{
  struct mip_error_context error;
  struct mip_magic_info magic;

  mip_error_clear (&error);
  if (mipdata_is_elf (data, size))
    return load_elf (input, data, size);
  if (mip_detect_magic (data, size, &magic)
      && magic.kind == MIP_MAGIC_KIND (MIP_MAGIC_RAW64))
    return load_raw (input, data, size);
  if (mip_detect_magic (data, size, &magic)
      && magic.kind != MIP_MAGIC_KIND (MIP_MAGIC_MAP64))
    {
      mipdata_error ("'%s': is a %s; create needs a linked binary, a map"
		     " or a raw profile", input->name,
		     mip_magic_kind_name (magic.kind));
      return MIPDATA_EXIT_FAILURE;
    }
  if (size >= 8 && !mip_detect_magic (data, size, &magic))
    {
      mipdata_error ("'%s': neither an ELF binary nor a MIP map or raw"
		     " profile", input->name);
      return MIPDATA_EXIT_FAILURE;
    }
  if (mip_map_parse (data, size, input->name, &input->map, &error) != MIP_OK)
    {
      mipdata_report (&error);
      return MIPDATA_EXIT_FAILURE;
    }
  input->map_file = input->name;
  return MIPDATA_EXIT_OK;
}

/* Whether PROFILE_PATH may be replaced: it does not exist, or is a
   profile without runs; else say why not (its runs would be lost, or it
   is some other file, such as the program given by mistake).  */
static bool
may_replace (const char *profile_path)
{
  struct mip_error_context error;
  struct mip_profile *existing = NULL;
  struct stat st;

  if (stat (profile_path, &st) != 0 && errno == ENOENT)
    return true;
  mip_error_clear (&error);
  if (mip_profile_read_file (profile_path, &existing, &error) != MIP_OK)
    {
      char message[2048];
      mipdata_error ("'%s' exists and is not a readable profile (%s): not"
		     " replaced; use --force to replace it", profile_path,
		     mip_error_format (&error, message, sizeof message));
      return false;
    }
  uint32_t runs = existing->header.runs;
  mip_profile_free (existing);
  if (runs == 0)
    return true;
  mipdata_error ("'%s' holds %" PRIu32 " merged run%s, which creating it"
		 " anew would lose: not replaced; add runs with 'mipdata"
		 " merge', or use --force to start again", profile_path, runs,
		 runs == 1 ? "" : "s");
  return false;
}

static int
create_profile (const char *profile_path, const char *name)
{
  struct mip_error_context error;
  struct create_input input;
  unsigned char *data = NULL;
  size_t size = 0;
  struct mip_profile *profile = NULL;
  int status;

  memset (&input, 0, sizeof input);
  input.name = name;
  mip_error_clear (&error);
  if (mip_read_file (name, &data, &size, &error) != MIP_OK)
    {
      mipdata_report (&error);
      return MIPDATA_EXIT_FAILURE;
    }
  status = load_map (&input, data, size);
  if (status == MIPDATA_EXIT_OK
      && mip_profile_create (input.map, &profile, &error) == MIP_OK)
    {
      struct mip_profile_header *h = &profile->header;
      /* Merge folds callers outside the binary's code into one.  */
      h->code_begin = input.code_begin;
      h->code_end = input.code_end;
      memcpy (h->gnu_build_id, input.gnu_build_id, input.gnu_build_id_size);
      h->gnu_build_id_size = input.gnu_build_id_size;
      /* The binary's allocation sites, whose counts merge adds up.  */
      if (input.heap
	  && mip_profile_set_heap_sites (profile, input.heap, &error)
	     != MIP_OK)
	{
	  mipdata_report (&error);
	  status = MIPDATA_EXIT_FAILURE;
	}
      /* Its early blocks, whose counts profile use computes.  */
      else if (input.ipa
	       && mip_profile_set_ipa (profile, input.ipa, &error) != MIP_OK)
	{
	  mipdata_report (&error);
	  status = MIPDATA_EXIT_FAILURE;
	}
      /* A raw profile given is merged: it is a run of that binary.  */
      else if (input.have_raw
	       && (mip_profile_check_raw (profile, &input.raw, name, &error)
		   != MIP_OK
		   || mip_profile_add_run (profile, &input.raw, name, &error)
		   != MIP_OK))
	{
	  mipdata_report (&error);
	  status = MIPDATA_EXIT_FAILURE;
	}
    }
  if (status == MIPDATA_EXIT_OK
      && (!profile
	  || mip_profile_write_file (profile, profile_path, &error)
	  != MIP_OK))
    {
      if (!error.file[0])
	snprintf (error.file, sizeof error.file, "%s", name);
      mipdata_report (&error);
      status = MIPDATA_EXIT_FAILURE;
    }
  if (status == MIPDATA_EXIT_OK && input.have_raw)
    printf ("created '%s' from the map in '%s' and merged '%s' into it\n",
	    profile_path, input.map_file, name);
  free (data);
  mip_profile_free (profile);
  mip_heap_map_free (input.heap);
  mip_ipa_map_free (input.ipa);
  free (input.ipa_section);
  mip_map_free (input.map);
  mipdata_debug_file_free (&input.debug_file);
  return status;
}

int
cmd_create (int argc, char **argv)
{
  static const struct option options[] = {
    { "profile", required_argument, NULL, 'p' },
    { "debug-file-directory", required_argument, NULL, 'D' },
    { "force", no_argument, NULL, 'f' },
    { "help", no_argument, NULL, 'h' },
    { NULL, 0, NULL, 0 }
  };
  const char *profile_path = NULL;
  bool force = false;
  int option, status;

  opterr = 0;
  while ((option = getopt_long (argc, argv, ":p:fh", options, NULL)) != -1)
    switch (option)
      {
      case 'p':
	profile_path = optarg;
	break;
      case 'f':
	force = true;
	break;
      case 'D':
	if (!mipdata_set_debug_directory (optarg))
	  return MIPDATA_EXIT_USAGE;
	break;
      case 'h':
	print_help ();
	return MIPDATA_EXIT_OK;
      default:
	return mipdata_bad_option ("create", option, argv);
      }
  status = mipdata_need_profile ("create", &profile_path, argc, NULL);
  if (status >= 0)
    return status;
  if (optind == argc)
    return mipdata_usage_error ("create", "no binary, map or raw profile"
				" given");
  if (argc - optind > 1)
    return mipdata_usage_error ("create", "one binary, map or raw profile"
				" expected, got %d", argc - optind);
  if (!force && !may_replace (profile_path))
    return MIPDATA_EXIT_FAILURE;
  return create_profile (profile_path, argv[optind]);
}
