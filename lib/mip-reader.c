/* mip-reader.c - bounds-checked reading of MIP data in either byte order.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "mip-reader.h"

#include <assert.h>
#include <string.h>

/* Every structure is a multiple of 8 bytes and is exactly the sum of its
   fields: no implicit padding, so memory layout == file layout.  */
#define MIP_STRUCT_BEGIN(name) \
  static_assert (sizeof (struct name) % 8 == 0 && sizeof (struct name) == 0
#define MIP_FIELD(s, type, name) + sizeof (type)
#define MIP_BYTES(s, name, count) + (count)
#define MIP_STRUCT_END(name) , #name " has padding");
#include "mip-format.inc"

/* The sizes the format documentation gives.  */
static_assert (sizeof (struct mip_raw_header) == 104, "raw header size");
static_assert (sizeof (struct mip_raw_unit) == 16, "raw unit size");
static_assert (sizeof (struct mip_map_unit) == 72, "map unit size");
static_assert (sizeof (struct mip_map_function) == 80, "map function size");
static_assert (sizeof (struct mip_map_block) == 32, "map block size");
static_assert (sizeof (struct mip_map_edge) == 8, "edge size");
static_assert (sizeof (struct mip_profile_header) == 216,
	       "profile header size");
static_assert (sizeof (struct mip_profile_unit) == 32, "profile unit size");
static_assert (sizeof (struct mip_profile_function) == 120,
	       "profile function size");
static_assert (sizeof (struct mip_profile_block) == 48,
	       "profile block size");
static_assert (sizeof (struct mip_profile_caller) == 16,
	       "profile caller size");
static_assert (sizeof (struct mip_profile_heap_site) == 96,
	       "profile heap site size");
static_assert (sizeof (struct mip_profile_heap_pair) == 16,
	       "profile heap pair size");
static_assert (sizeof (struct mip_raw_heap_site) == 88, "heap site size");
static_assert (sizeof (struct mip_heap_map_unit) == 40,
	       "heap map unit size");
static_assert (sizeof (struct mip_heap_map_site) == 16,
	       "heap map site size");
static_assert (sizeof (struct mip_ipa_map_unit) == 40, "ipa map unit size");
static_assert (sizeof (struct mip_ipa_map_function) == 16,
	       "ipa map function size");
static_assert (sizeof (struct mip_ipa_map_hold) == 16, "ipa map hold size");
static_assert (sizeof (struct mip_profile_ipa_function) == 16,
	       "profile ipa function size");
static_assert (sizeof (struct mip_profile_ipa_hold) == 16,
	       "profile ipa hold size");
static_assert (sizeof (struct mip_ipa_map_value_site) == 16,
	       "ipa map value site size");
static_assert (sizeof (struct mip_raw_value_site) == 32,
	       "raw value site size");
static_assert (sizeof (struct mip_profile_value_site) == 40,
	       "profile value site size");
static_assert (sizeof (struct mip_profile_value) == 16,
	       "profile value size");

/* The field tables: {offset, size} of each field, in file order.  */
#define MIP_STRUCT_BEGIN(name) \
  static const struct mip_field_layout name##_fields[] = {
#define MIP_FIELD(s, type, name) \
  { offsetof (struct s, name), sizeof (type), false },
#define MIP_BYTES(s, name, count) { offsetof (struct s, name), (count), true },
#define MIP_STRUCT_END(name) };
#include "mip-format.inc"

#define MIP_STRUCT_BEGIN(name)						\
  const struct mip_struct_layout mip_layout_##name = {			\
    #name, sizeof (struct name), name##_fields,				\
    sizeof name##_fields / sizeof name##_fields[0] };
#define MIP_FIELD(s, type, name)
#define MIP_BYTES(s, name, count)
#include "mip-format.inc"

bool
mip_host_big_endian (void)
{
  const uint16_t probe = 0x0102;
  unsigned char first;
  memcpy (&first, &probe, 1);
  return first == 0x01;
}

uint16_t
mip_bswap16 (uint16_t value)
{
  return (uint16_t) ((value >> 8) | (value << 8));
}

uint32_t
mip_bswap32 (uint32_t value)
{
  return ((value >> 24) | ((value >> 8) & 0xff00u)
	  | ((value << 8) & 0xff0000u) | (value << 24));
}

uint64_t
mip_bswap64 (uint64_t value)
{
  return ((uint64_t) mip_bswap32 ((uint32_t) value) << 32
	  | mip_bswap32 ((uint32_t) (value >> 32)));
}

struct mip_reader
mip_reader_make (const void *data, uint64_t size, bool swap)
{
  struct mip_reader reader;
  reader.data = (const unsigned char *) data;
  reader.size = data ? size : 0;
  reader.swap = swap;
  return reader;
}

bool
mip_reader_has (const struct mip_reader *reader, uint64_t offset,
		uint64_t size)
{
  return offset <= reader->size && size <= reader->size - offset;
}

bool
mip_reader_sub (const struct mip_reader *reader, uint64_t offset,
		uint64_t size, struct mip_reader *part)
{
  if (!mip_reader_has (reader, offset, size))
    return false;
  *part = mip_reader_make (reader->data + offset, size, reader->swap);
  return true;
}

bool
mip_read_u8 (const struct mip_reader *reader, uint64_t offset,
	     uint8_t *value)
{
  if (!mip_reader_has (reader, offset, 1))
    return false;
  *value = reader->data[offset];
  return true;
}

bool
mip_read_u32 (const struct mip_reader *reader, uint64_t offset,
	      uint32_t *value)
{
  uint32_t raw;
  if (!mip_reader_has (reader, offset, sizeof raw))
    return false;
  memcpy (&raw, reader->data + offset, sizeof raw);
  *value = reader->swap ? mip_bswap32 (raw) : raw;
  return true;
}

bool
mip_read_u64 (const struct mip_reader *reader, uint64_t offset,
	      uint64_t *value)
{
  uint64_t raw;
  if (!mip_reader_has (reader, offset, sizeof raw))
    return false;
  memcpy (&raw, reader->data + offset, sizeof raw);
  *value = reader->swap ? mip_bswap64 (raw) : raw;
  return true;
}

bool
mip_read_pointer (const struct mip_reader *reader, uint64_t offset,
		  unsigned pointer_size, uint64_t *value)
{
  uint32_t narrow;
  if (pointer_size == 8)
    return mip_read_u64 (reader, offset, value);
  if (pointer_size != 4 || !mip_read_u32 (reader, offset, &narrow))
    return false;
  *value = narrow;
  return true;
}

static void
swap_field (unsigned char *field, unsigned size)
{
  unsigned i;
  for (i = 0; i < size / 2; i++)
    {
      unsigned char byte = field[i];
      field[i] = field[size - 1 - i];
      field[size - 1 - i] = byte;
    }
}

void
mip_swap_struct (const struct mip_struct_layout *layout, void *object)
{
  unsigned char *bytes = (unsigned char *) object;
  size_t i;
  for (i = 0; i < layout->field_count; i++)
    if (!layout->fields[i].bytes)
      swap_field (bytes + layout->fields[i].offset, layout->fields[i].size);
}

bool
mip_read_struct (const struct mip_reader *reader, uint64_t offset,
		 const struct mip_struct_layout *layout, void *object)
{
  if (!mip_reader_has (reader, offset, layout->size))
    return false;
  memcpy (object, reader->data + offset, layout->size);
  if (reader->swap)
    mip_swap_struct (layout, object);
  return true;
}

static bool
known_magic (uint64_t magic)
{
  return (magic == MIP_MAGIC_RAW64 || magic == MIP_MAGIC_RAW32
	  || magic == MIP_MAGIC_MAP64 || magic == MIP_MAGIC_MAP32
	  || magic == MIP_MAGIC_PROFILE);
}

bool
mip_detect_magic (const void *data, uint64_t size,
		  struct mip_magic_info *info)
{
  uint64_t magic;

  if (!data || size < sizeof magic)
    return false;
  memcpy (&magic, data, sizeof magic);
  if (known_magic (magic))
    info->swap = false;
  else if (known_magic (mip_bswap64 (magic)))
    {
      info->swap = true;
      magic = mip_bswap64 (magic);
    }
  else
    return false;
  info->magic = magic;
  info->kind = MIP_MAGIC_KIND (magic);
  info->pointer_size = MIP_MAGIC_BITS (magic) / 8;
  return true;
}

/* The formats mip_foreign_format knows, by the bytes they start with
   (LLVM's magics are 64-bit numbers written in the byte order of the
   target: both orders are listed; gcov's are 32-bit ones).  */
static const struct
{
  const char *start;
  size_t length;
  const char *what;
} foreign_formats[] = {
#define LLVM_RAW "an LLVM raw profile (.profraw, written by programs that" \
  " clang builds with -fprofile-generate or -fprofile-instr-generate;" \
  " llvm-profdata reads it)"
  { "\x81rforpl\xff", 8, LLVM_RAW },
  { "\xfflprofr\x81", 8, LLVM_RAW },
  { "\x81Rforpl\xff", 8, LLVM_RAW },
  { "\xfflprofR\x81", 8, LLVM_RAW },
#define LLVM_INDEXED "an LLVM indexed profile (.profdata, written by" \
  " llvm-profdata merge; clang -fprofile-use reads it)"
  { "\xfflprofi\x81", 8, LLVM_INDEXED },
  { "\x81iforpl\xff", 8, LLVM_INDEXED },
#define GCDA "a gcov data file (.gcda: gcc --coverage or" \
  " -fprofile-generate; gcov reads it)"
  { "adcg", 4, GCDA },
  { "gcda", 4, GCDA },
#define GCNO "a gcov notes file (.gcno: gcc --coverage; gcov reads it)"
  { "oncg", 4, GCNO },
  { "gcno", 4, GCNO },
  { "PERFILE2", 8, "a perf.data file (perf record; perf report reads it)" },
  { "\x7f" "ELF", 4, "an ELF file (a program, a shared object or an object"
    " file; mipdata create reads a program, merge the .mipraw files that it"
    " writes)" },
#undef LLVM_RAW
#undef LLVM_INDEXED
#undef GCDA
#undef GCNO
};

const char *
mip_foreign_format (const void *data, uint64_t size)
{
  size_t i;

  if (!data)
    return NULL;
  for (i = 0; i < sizeof foreign_formats / sizeof foreign_formats[0]; i++)
    if (size >= foreign_formats[i].length
	&& memcmp (data, foreign_formats[i].start,
		   foreign_formats[i].length) == 0)
      return foreign_formats[i].what;
  return NULL;
}

const char *
mip_magic_kind_name (uint64_t kind)
{
  if (kind == MIP_MAGIC_KIND (MIP_MAGIC_RAW64))
    return "raw profile";
  if (kind == MIP_MAGIC_KIND (MIP_MAGIC_MAP64))
    return "map";
  if (kind == MIP_MAGIC_KIND (MIP_MAGIC_PROFILE))
    return "profile";
  return "unknown";
}

uint64_t
mip_pointer_mask (unsigned pointer_size)
{
  return pointer_size >= 8 ? UINT64_MAX
    : (((uint64_t) 1 << (8 * pointer_size)) - 1);
}

char *
mip_gnu_build_id_hex (const uint8_t *id, uint32_t size, char *text)
{
  static const char digits[] = "0123456789abcdef";
  uint32_t i;

  if (size > MIP_GNU_BUILD_ID_MAX)
    size = 0;
  for (i = 0; i < size; i++)
    {
      text[2 * i] = digits[id[i] >> 4];
      text[2 * i + 1] = digits[id[i] & 0xf];
    }
  text[2 * size] = '\0';
  return text;
}

bool
mip_gnu_build_ids_differ (const uint8_t *a, uint32_t a_size,
			  const uint8_t *b, uint32_t b_size)
{
  if (a_size == 0 || b_size == 0)
    return false;
  return a_size != b_size || memcmp (a, b, a_size) != 0;
}
