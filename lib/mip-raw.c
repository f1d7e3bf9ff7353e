/* mip-raw.c - parse and validate a raw profile (.mipraw).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "mip-raw.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static enum mip_error
check_magic (const void *data, size_t size, const char *name,
	     struct mip_magic_info *magic, struct mip_error_context *error)
{
  const char *foreign = mip_foreign_format (data, size);

  /* Another tool's file: say which, rather than "bad magic".  */
  if (foreign)
    return mip_error_set (error, MIP_ERROR_BAD_MAGIC, name,
			  "it is %s, not a MIP raw profile", foreign);
  if (size < sizeof (struct mip_raw_header))
    return mip_error_set (error, MIP_ERROR_TRUNCATED, name,
			  "%zu bytes, a raw profile header needs %zu", size,
			  sizeof (struct mip_raw_header));
  if (!mip_detect_magic (data, size, magic))
    return mip_error_set (error, MIP_ERROR_BAD_MAGIC, name,
			  "it does not start with a MIP raw profile magic"
			  " number");
  if (magic->kind != MIP_MAGIC_KIND (MIP_MAGIC_RAW64))
    return mip_error_set (error, MIP_ERROR_WRONG_KIND, name,
			  "expected a raw profile, found a %s",
			  mip_magic_kind_name (magic->kind));
  if (magic->pointer_size != 4 && magic->pointer_size != 8)
    return mip_error_set (error, MIP_ERROR_CORRUPT, name,
			  "pointer size of %u bits", magic->pointer_size * 8);
  return MIP_OK;
}

static enum mip_error
check_header (const struct mip_raw_header *header, size_t size,
	      const char *name, struct mip_error_context *error)
{
  uint64_t data_bytes;

  if (header->version != MIP_FORMAT_VERSION)
    return mip_error_set (error, MIP_ERROR_VERSION, name,
			  "written in version %" PRIu32
			  ", this mipdata reads version %u",
			  header->version, MIP_FORMAT_VERSION);
  if (header->header_size != sizeof *header)
    return mip_error_set (error, MIP_ERROR_CORRUPT, name,
			  "header_size %" PRIu32 " (expected %zu)",
			  header->header_size, sizeof *header);
  if (header->gnu_build_id_size > MIP_GNU_BUILD_ID_MAX)
    return mip_error_set (error, MIP_ERROR_CORRUPT, name,
			  "GNU build id of %" PRIu32 " bytes (at most %u)",
			  header->gnu_build_id_size, MIP_GNU_BUILD_ID_MAX);
  data_bytes = size - sizeof *header;
  if (header->data_size > data_bytes)
    return mip_error_set (error, MIP_ERROR_TRUNCATED, name,
			  "header says %" PRIu64 " data bytes, file has %"
			  PRIu64, header->data_size, data_bytes);
  if (header->flags & MIP_RAW_FLAG_UNIT_WALK_FAILED)
    return mip_error_set (error, MIP_ERROR_UNIT_WALK, name,
			  "the program's __mip_raw section was inconsistent"
			  " when it exited");
  return MIP_OK;
}

/* Walk the raw units in DATA: each must lie inside it.  *UNITS and
   *BUILD_ID receive their count and the build id of their hashes.  */
static enum mip_error
walk_raw_units (const struct mip_reader *data, const char *name,
		uint64_t *units, uint64_t *build_id,
		struct mip_error_context *error)
{
  uint64_t at = 0;

  *units = 0;
  *build_id = MIP_HASH_INIT;
  while (at < data->size)
    {
      struct mip_raw_unit unit;
      if (!mip_read_struct (data, at, &mip_layout_mip_raw_unit, &unit))
	return mip_error_set (error, MIP_ERROR_CORRUPT, name,
			      "raw unit %" PRIu64 " at data offset %" PRIu64
			      ": %" PRIu64 " bytes left, a unit header needs"
			      " %zu", *units, at, data->size - at,
			      sizeof unit);
      if (unit.unit_size % 8 != 0 || unit.unit_size < sizeof unit
	  || unit.unit_size > data->size - at)
	return mip_error_set (error, MIP_ERROR_CORRUPT, name,
			      "raw unit %" PRIu64 " at data offset %" PRIu64
			      ": unit_size %" PRIu32 " (a multiple of 8 from"
			      " %zu to %" PRIu64 " expected)", *units, at,
			      unit.unit_size, sizeof unit, data->size - at);
      *build_id = mip_build_id_add (*build_id, unit.unit_hash);
      at += unit.unit_size;
      ++*units;
    }
  return MIP_OK;
}

/* Walk the raw units of RAW: the count must match the header, and
   their hashes must give the build id; a header that left the walk to
   its reader (MIP_RAW_FLAG_UNITS_UNWALKED) gets them from it.  */
static enum mip_error
walk_units (struct mip_raw *raw, const char *name,
	    struct mip_error_context *error)
{
  uint64_t units, build_id;
  enum mip_error status = walk_raw_units (&raw->data, name, &units,
					  &build_id, error);

  if (status != MIP_OK)
    return status;
  if (raw->header.flags & MIP_RAW_FLAG_UNITS_UNWALKED)
    {
      if (raw->header.unit_count != 0 || raw->header.build_id != 0)
	return mip_error_set (error, MIP_ERROR_CORRUPT, name,
			      "header says its units are not walked, but"
			      " gives a unit count or build id");
      if (units > UINT32_MAX)
	return mip_error_set (error, MIP_ERROR_TOO_LARGE, name,
			      "%" PRIu64 " raw units", units);
      raw->header.unit_count = (uint32_t) units;
      raw->header.build_id = build_id;
      return MIP_OK;
    }
  if (units != raw->header.unit_count)
    return mip_error_set (error, MIP_ERROR_CORRUPT, name,
			  "header says %" PRIu32 " units, data holds %"
			  PRIu64, raw->header.unit_count, units);
  if (build_id != raw->header.build_id)
    return mip_error_set (error, MIP_ERROR_CORRUPT, name,
			  "header build id 0x%016" PRIx64 " differs from"
			  " 0x%016" PRIx64 " computed from its units",
			  raw->header.build_id, build_id);
  return MIP_OK;
}

/* Parse the caller sample table of RAW, which starts AT bytes into the
   dump FILE: its header must say 16-byte entries taken every
   MIP_CALLER_SAMPLE_PERIOD calls, and the entries must fit.  *END
   receives the offset after the table.  */
static enum mip_error
parse_samples (const struct mip_reader *file, uint64_t at, const char *name,
	       struct mip_raw *raw, uint64_t *end,
	       struct mip_error_context *error)
{
  struct mip_raw_samples *h = &raw->samples_header;
  uint64_t entries_size;

  if (!mip_read_struct (file, at, &mip_layout_mip_raw_samples, h))
    return mip_error_set (error, MIP_ERROR_TRUNCATED, name,
			  "caller samples at byte %" PRIu64 ": %" PRIu64
			  " bytes left, their header needs %zu", at,
			  file->size - at, sizeof *h);
  if (h->entry_size != sizeof (struct mip_raw_sample)
      || h->period != MIP_CALLER_SAMPLE_PERIOD)
    return mip_error_set (error, MIP_ERROR_CORRUPT, name,
			  "caller samples of %" PRIu32 " bytes every %" PRIu32
			  " calls (expected %zu bytes every %u)",
			  h->entry_size, h->period,
			  sizeof (struct mip_raw_sample),
			  MIP_CALLER_SAMPLE_PERIOD);
  at += sizeof *h;
  entries_size = (uint64_t) h->sample_count * h->entry_size;
  if (entries_size > file->size - at)
    return mip_error_set (error, MIP_ERROR_TRUNCATED, name,
			  "%" PRIu32 " caller samples need %" PRIu64
			  " bytes, %" PRIu64 " left", h->sample_count,
			  entries_size, file->size - at);
  mip_reader_sub (file, at, entries_size, &raw->samples);
  *end = at + entries_size;
  return MIP_OK;
}

/* After the dump of RAW, DUMP_BYTES bytes long, the FILE_BYTES -
   DUMP_BYTES bytes left must be nothing or another dump, which needs at
   least a header.  */
static enum mip_error
check_trailing (const struct mip_raw *raw, uint64_t dump_bytes,
		uint64_t file_bytes, const char *name,
		struct mip_error_context *error)
{
  uint64_t left = file_bytes - dump_bytes;

  if (left == 0 || left >= sizeof (struct mip_raw_header))
    return MIP_OK;
  if (raw->header.flags & MIP_RAW_FLAG_CALLER_SAMPLES)
    return mip_error_set (error, MIP_ERROR_TRAILING_DATA, name,
			  "%" PRIu64 " bytes after the caller samples, too"
			  " few for another dump", left);
  return mip_error_set (error, MIP_ERROR_TRAILING_DATA, name,
			"header says %" PRIu64 " data bytes, file has %"
			PRIu64, raw->header.data_size,
			file_bytes - sizeof raw->header);
}

bool
mip_raw_read_sample (const struct mip_raw *raw, uint32_t index,
		     struct mip_raw_sample *sample)
{
  return index < raw->samples_header.sample_count
	 && mip_read_struct (&raw->samples,
			     (uint64_t) index * sizeof *sample,
			     &mip_layout_mip_raw_sample, sample);
}

/* Parse the dump at OFFSET of the SIZE bytes at DATA.  */
enum mip_error
mip_raw_parse_dump (const void *data, size_t size, size_t offset,
		    const char *name, struct mip_raw *raw, size_t *next,
		    struct mip_error_context *error)
{
  const unsigned char *dump = (const unsigned char *) data + offset;
  size_t dump_bytes = size - offset;
  struct mip_magic_info magic;
  struct mip_reader file;
  enum mip_error status;
  uint64_t end;

  status = check_magic (dump, dump_bytes, name, &magic, error);
  if (status != MIP_OK)
    return status;
  file = mip_reader_make (dump, dump_bytes, magic.swap);
  mip_read_struct (&file, 0, &mip_layout_mip_raw_header, &raw->header);
  status = check_header (&raw->header, dump_bytes, name, error);
  if (status != MIP_OK)
    return status;
  raw->pointer_size = magic.pointer_size;
  raw->big_endian = mip_host_big_endian () != magic.swap;
  mip_reader_sub (&file, sizeof raw->header, raw->header.data_size,
		  &raw->data);
  memset (&raw->samples_header, 0, sizeof raw->samples_header);
  mip_reader_sub (&file, 0, 0, &raw->samples);
  end = sizeof raw->header + raw->header.data_size;
  if (raw->header.flags & MIP_RAW_FLAG_CALLER_SAMPLES)
    {
      status = parse_samples (&file, end, name, raw, &end, error);
      if (status != MIP_OK)
	return status;
    }
  status = check_trailing (raw, end, dump_bytes, name, error);
  if (status != MIP_OK)
    return status;
  *next = offset + (size_t) end;
  return walk_units (raw, name, error);
}

/* Add which dump of the file went wrong, when it is not the first.  */
static enum mip_error
name_dump (enum mip_error status, size_t index, size_t offset,
	   struct mip_error_context *error)
{
  char where[64];

  if (status != MIP_OK && index > 0)
    {
      snprintf (where, sizeof where, "dump %zu at byte %zu", index + 1,
		offset);
      mip_error_prefix_detail (error, where);
    }
  return status;
}

enum mip_error
mip_raw_parse (const void *data, size_t size, const char *name,
	       struct mip_raw *raw, struct mip_error_context *error)
{
  size_t offset = 0, index = 0;

  do
    {
      struct mip_raw dump;
      size_t next = 0;
      enum mip_error status =
	mip_raw_parse_dump (data, size, offset, name,
			    index == 0 ? raw : &dump, &next, error);

      if (status != MIP_OK)
	return name_dump (status, index, offset, error);
      offset = next;
      index++;
    }
  while (offset < size);
  return MIP_OK;
}

enum mip_error
mip_raw_from_section (const void *section, size_t size,
		      const struct mip_raw_origin *origin, const char *name,
		      unsigned char **out, size_t *out_size,
		      struct mip_error_context *error)
{
  bool swap = origin->big_endian != mip_host_big_endian ();
  struct mip_reader data = mip_reader_make (section, size, swap);
  struct mip_raw_header header;
  uint64_t units, build_id;
  enum mip_error status;

  *out = NULL;
  *out_size = 0;
  if (size == 0)
    return mip_error_set (error, MIP_ERROR_TRUNCATED, name,
			  "empty, a dump of the __mip_raw section holds at"
			  " least one raw unit");
  status = walk_raw_units (&data, name, &units, &build_id, error);
  if (status != MIP_OK)
    {
      mip_error_prefix_detail (error, "not a dump of the __mip_raw"
			       " section");
      return status;
    }
  if (units > UINT32_MAX)
    return mip_error_set (error, MIP_ERROR_TOO_LARGE, name,
			  "%" PRIu64 " raw units", units);
  memset (&header, 0, sizeof header);
  header.magic = origin->pointer_size == 8 ? MIP_MAGIC_RAW64
					   : MIP_MAGIC_RAW32;
  header.version = MIP_FORMAT_VERSION;
  header.header_size = sizeof header;
  header.build_id = build_id;
  header.data_size = size;
  header.unit_count = (uint32_t) units;
  header.anchor_address = origin->anchor_address;
  if (origin->gnu_build_id != NULL
      && origin->gnu_build_id_size <= MIP_GNU_BUILD_ID_MAX)
    {
      header.gnu_build_id_size = origin->gnu_build_id_size;
      memcpy (header.gnu_build_id, origin->gnu_build_id,
	      origin->gnu_build_id_size);
    }
  if (swap)
    mip_swap_struct (&mip_layout_mip_raw_header, &header);
  *out = malloc (sizeof header + size);
  if (*out == NULL)
    return mip_error_set (error, MIP_ERROR_NO_MEMORY, name,
			  "out of memory");
  memcpy (*out, &header, sizeof header);
  memcpy (*out + sizeof header, section, size);
  *out_size = sizeof header + size;
  return MIP_OK;
}
