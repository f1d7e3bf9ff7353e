/* mip-raw.h - the raw profile (.mipraw) written by libmip at exit.

   A raw profile file holds one or more dumps, one after the other; a
   dump is a struct mip_raw_header followed by a verbatim copy of the
   module's __mip_raw section, in the target's byte order.  The dumps
   may be of several modules (an executable and its shared objects
   writing one name) and of several runs (online merging, "%m").
   mip_raw_parse_dump checks one dump: the header, its data size against
   what the file has left, the walk over the raw units and the build id
   recomputed from their hashes, and the caller sample table that
   follows the data when the header's MIP_RAW_FLAG_CALLER_SAMPLES says
   so.  The model refers to the caller's buffer; it copies nothing.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef MIP_RAW_H
#define MIP_RAW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mip-error.h"
#include "mip-format.h"
#include "mip-reader.h"

#ifdef __cplusplus
extern "C" {
#endif

struct mip_raw
{
  struct mip_raw_header header; /* host byte order */
  unsigned pointer_size;        /* of the target: 4 or 8 */
  bool big_endian;              /* byte order of the target */
  struct mip_reader data;       /* the section data, after the header */
  struct mip_raw_samples samples_header; /* host byte order; all zero
					    without a sample table */
  struct mip_reader samples;    /* its sample_count entries (struct
				   mip_raw_sample, read with
				   mip_raw_read_sample) */
};

/* Read caller sample INDEX (below samples_header.sample_count) of RAW
   into *SAMPLE, in host byte order.  */
bool mip_raw_read_sample (const struct mip_raw *raw, uint32_t index,
			  struct mip_raw_sample *sample);

/* Parse the dump that starts at OFFSET of the SIZE bytes at DATA;
   *NEXT receives the offset after it (SIZE after the last dump).  NAME
   names the file in errors.  *RAW points into DATA, which must outlive
   it.  */
enum mip_error mip_raw_parse_dump (const void *data, size_t size,
				   size_t offset, const char *name,
				   struct mip_raw *raw, size_t *next,
				   struct mip_error_context *error);

/* Parse SIZE bytes at DATA as a raw profile file: every dump in it must
   be good; *RAW receives the first.  NAME names it in errors.  */
enum mip_error mip_raw_parse (const void *data, size_t size,
			      const char *name, struct mip_raw *raw,
			      struct mip_error_context *error);

/* What a raw header says of the module, for a dump made without the
   runtime (mip_raw_from_section).  */
struct mip_raw_origin
{
  unsigned pointer_size;        /* of the target: 4 or 8 */
  bool big_endian;              /* byte order of the target */
  uint64_t anchor_address;      /* run-time address of __mip_runtime */
  uint32_t gnu_build_id_size;
  const uint8_t *gnu_build_id;  /* of the module, or NULL */
};

/* A raw profile made from a copy of a module's __mip_raw section taken
   without the runtime (a debugger's memory dump of a stopped target):
   the SIZE bytes at SECTION, in the target's byte order, after a raw
   header that says what ORIGIN says, with the build id and unit count
   of the section's units, as the runtime would have written it.  *OUT
   (malloc'd, free it) receives the raw profile of *OUT_SIZE bytes.
   Refused, naming NAME, when SIZE bytes are no sequence of raw units:
   then the dump is most likely not of that section.  */
enum mip_error mip_raw_from_section (const void *section, size_t size,
				     const struct mip_raw_origin *origin,
				     const char *name, unsigned char **out,
				     size_t *out_size,
				     struct mip_error_context *error);

#ifdef __cplusplus
}
#endif

#endif /* MIP_RAW_H */
