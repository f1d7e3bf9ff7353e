/* yaml-reader.h - a reader for the small subset of YAML that mipdata
   import accepts: block mappings and sequences by indentation, flow
   mappings and sequences ({ a: 1 }, [ 1, 2 ], on one line or several),
   plain, 'single' and "double" quoted scalars, comments and a leading
   "---".  No anchors, aliases, tags, multi-line scalars or several
   documents: a profile does not need them, and refusing them keeps the
   errors exact.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef YAML_READER_H
#define YAML_READER_H

#include <stddef.h>

enum yaml_kind { YAML_NULL, YAML_SCALAR, YAML_MAPPING, YAML_SEQUENCE };

struct yaml_node
{
  enum yaml_kind kind;
  int line;                     /* where it starts, from 1 */
  char *key;                    /* its key, in a mapping; else NULL */
  char *text;                   /* YAML_SCALAR: the value */
  struct yaml_node **items;     /* a mapping's members, a sequence's
				   entries, in order */
  size_t count;
  size_t capacity;              /* of items */
};

/* Parse the SIZE bytes of TEXT.  NULL on error, with the line in
   *ERROR_LINE and the problem in MESSAGE.  An empty document is a
   YAML_NULL node.  */
struct yaml_node *yaml_parse (const char *text, size_t size, int *error_line,
			      char *message, size_t message_size);

void yaml_free (struct yaml_node *node);

/* The member KEY of MAPPING, or NULL.  */
const struct yaml_node *yaml_member (const struct yaml_node *mapping,
				     const char *key);

#endif /* YAML_READER_H */
