/* mip-writer.c - serialisation of the raw profile through a writer.

   The raw profile is a struct mip_raw_header followed by a verbatim copy
   of the __mip_raw section.  This file turns that into a list of pieces
   for a struct mip_writer, so that every destination (the profile file,
   a caller's buffer) shares one serialiser.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include <errno.h>
#include <string.h>

#include "mip-internal.h"

MIP_HIDDEN int
mip_write_raw_profile (struct mip_writer *writer,
		       const struct mip_raw_header *header, const void *data)
{
  struct mip_io_vec vecs[2];

  vecs[0].data = header;
  vecs[0].size = sizeof *header;
  vecs[1].data = data;
  vecs[1].size = (size_t) header->data_size;
  return writer->write (writer, vecs, 2);
}

MIP_HIDDEN uint64_t
mip_raw_profile_size (const struct mip_raw_header *header)
{
  return sizeof *header + header->data_size;
}

static int
write_to_buffer (struct mip_writer *writer, const struct mip_io_vec *vecs,
		 unsigned count)
{
  struct mip_buffer *buffer = writer->context;
  size_t total = 0;
  unsigned i;

  for (i = 0; i < count; i++)
    {
      if (vecs[i].size > buffer->capacity - buffer->used - total)
	{
	  errno = ENOSPC;
	  return -1;
	}
      total += vecs[i].size;
    }
  for (i = 0; i < count; i++)
    {
      if (vecs[i].size > 0)
	memcpy (buffer->data + buffer->used, vecs[i].data, vecs[i].size);
      buffer->used += vecs[i].size;
    }
  return 0;
}

MIP_HIDDEN void
mip_buffer_writer_init (struct mip_writer *writer, struct mip_buffer *buffer)
{
  writer->write = write_to_buffer;
  writer->context = buffer;
}
