/* mip-reader.h - bounds-checked reading of MIP data in either byte order.

   All MIP files are read through a struct mip_reader: a byte buffer, its
   size, and whether its multi-byte values are in the other byte order
   than the host's.  Every read checks that it stays inside the buffer and
   reports failure instead of reading past it; offsets and sizes are
   64-bit and checked without overflow.  Structures are read with the
   field tables generated from mip-format.inc, so their layout is written
   down exactly once.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef MIP_READER_H
#define MIP_READER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mip-format.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One field of a structure of mip-format.inc.  */
struct mip_field_layout
{
  uint16_t offset;
  uint16_t size;
  bool bytes;                   /* a MIP_BYTES field: never swapped */
};

/* One structure of mip-format.inc: its name, size and fields.  */
struct mip_struct_layout
{
  const char *name;
  size_t size;
  const struct mip_field_layout *fields;
  size_t field_count;
};

/* mip_layout_mip_raw_header, mip_layout_mip_map_unit, ...  */
#define MIP_STRUCT_BEGIN(name) extern const struct mip_struct_layout \
  mip_layout_##name;
#define MIP_FIELD(s, type, name)
#include "mip-format.inc"

struct mip_reader
{
  const unsigned char *data;
  uint64_t size;
  bool swap;                    /* values are in the other byte order */
};

/* True when the host is big-endian.  */
bool mip_host_big_endian (void);

uint16_t mip_bswap16 (uint16_t value);
uint32_t mip_bswap32 (uint32_t value);
uint64_t mip_bswap64 (uint64_t value);

/* A reader over SIZE bytes at DATA, swapping when SWAP.  */
struct mip_reader mip_reader_make (const void *data, uint64_t size,
				   bool swap);

/* True when [OFFSET, OFFSET + SIZE) lies inside the reader's buffer.  */
bool mip_reader_has (const struct mip_reader *reader, uint64_t offset,
		     uint64_t size);

/* A reader over a part of READER's buffer, with the same byte order;
   false when the part does not lie inside.  */
bool mip_reader_sub (const struct mip_reader *reader, uint64_t offset,
		     uint64_t size, struct mip_reader *part);

/* Read one value at OFFSET into *VALUE, converting to host byte order.
   False, and *VALUE untouched, when it does not lie inside.  */
bool mip_read_u8 (const struct mip_reader *reader, uint64_t offset,
		  uint8_t *value);
bool mip_read_u32 (const struct mip_reader *reader, uint64_t offset,
		   uint32_t *value);
bool mip_read_u64 (const struct mip_reader *reader, uint64_t offset,
		   uint64_t *value);
/* A target pointer of POINTER_SIZE (4 or 8) bytes.  */
bool mip_read_pointer (const struct mip_reader *reader, uint64_t offset,
		       unsigned pointer_size, uint64_t *value);

/* Read the structure described by LAYOUT at OFFSET into OBJECT (a struct
   of that type), every field converted to host byte order.  */
bool mip_read_struct (const struct mip_reader *reader, uint64_t offset,
		      const struct mip_struct_layout *layout, void *object);

/* Convert every field of OBJECT (described by LAYOUT) between byte
   orders, in place.  */
void mip_swap_struct (const struct mip_struct_layout *layout, void *object);

/* What the first eight bytes of a buffer say.  */
struct mip_magic_info
{
  uint64_t magic;               /* in the right byte order */
  uint64_t kind;                /* MIP_MAGIC_KIND (magic) */
  unsigned pointer_size;        /* bytes: 4 or 8 */
  bool swap;                    /* written in the other byte order */
};

/* Recognise the magic number at the start of DATA (SIZE bytes): one of
   MIP_MAGIC_RAW64/32, MAP64/32 or PROFILE, in either byte order.  False
   when there is none.  */
bool mip_detect_magic (const void *data, uint64_t size,
		       struct mip_magic_info *info);

/* When DATA (SIZE bytes) starts like a file of another profiler or tool
   that may be handed to mipdata by mistake (an LLVM raw or indexed
   profile, a gcov data or notes file, a perf.data file, an ELF file),
   what it is and which tool reads it, as a phrase that follows "it is"
   ("an LLVM raw profile (...)"); else NULL.  */
const char *mip_foreign_format (const void *data, uint64_t size);

/* "raw profile", "map", "profile" or "unknown" for a magic's kind.  */
const char *mip_magic_kind_name (uint64_t kind);

/* Room for a GNU build id in hexadecimal, with its NUL.  */
#define MIP_GNU_BUILD_ID_TEXT (2 * MIP_GNU_BUILD_ID_MAX + 1)

/* The SIZE bytes of the GNU build id ID as lower-case hexadecimal in
   TEXT ("" when SIZE is 0 or more than MIP_GNU_BUILD_ID_MAX); returns
   TEXT.  */
char *mip_gnu_build_id_hex (const uint8_t *id, uint32_t size, char *text);

/* True when the GNU build ids A (A_SIZE bytes) and B are both known and
   differ.  An unknown one (size 0) matches anything.  */
bool mip_gnu_build_ids_differ (const uint8_t *a, uint32_t a_size,
			       const uint8_t *b, uint32_t b_size);

/* All ones in POINTER_SIZE bytes.  */
uint64_t mip_pointer_mask (unsigned pointer_size);

#ifdef __cplusplus
}
#endif

#endif /* MIP_READER_H */
