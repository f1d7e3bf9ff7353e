/* yaml-reader.c - the YAML subset of yaml-reader.h, parsed into a tree.

   Block structure is read line by line: a node's column is that of its
   first character; a mapping's members and a sequence's "- " entries
   all start at that column, and a member's value on the lines below is
   indented further (a sequence may also start at the member's own
   column, as YAML allows).  Flow collections are read character by
   character and may span lines.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "yaml-reader.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct yaml_parser
{
  const char *text;
  size_t size;
  size_t pos;
  size_t line_start;            /* offset of the current line */
  int line;
  bool failed;
  int error_line;
  char *message;
  size_t message_size;
};

static void
fail (struct yaml_parser *p, const char *format, ...)
{
  va_list args;
  if (p->failed)
    return;
  p->failed = true;
  p->error_line = p->line;
  va_start (args, format);
  vsnprintf (p->message, p->message_size, format, args);
  va_end (args);
  /* The message quotes the input (a key, a character), which may hold
     a newline or another control character once unescaped: the message
     stays one line.  */
  for (char *c = p->message; *c; c++)
    if ((unsigned char) *c < ' ' || *c == 0x7f)
      *c = '?';
}

static int
peek (const struct yaml_parser *p, size_t ahead)
{
  return p->pos + ahead < p->size ? (unsigned char) p->text[p->pos + ahead]
    : -1;
}

static bool
at_end_of_line (const struct yaml_parser *p)
{
  int c = peek (p, 0);
  return c == -1 || c == '\n' || (c == '\r' && peek (p, 1) == '\n');
}

static void
skip_spaces (struct yaml_parser *p)
{
  while (peek (p, 0) == ' ' || peek (p, 0) == '\t')
    p->pos++;
}

/* Past the end of the current line.  */
static void
next_line (struct yaml_parser *p)
{
  while (p->pos < p->size && p->text[p->pos] != '\n')
    p->pos++;
  if (p->pos < p->size)
    {
      p->pos++;
      p->line++;
      p->line_start = p->pos;
    }
}

/* After a value: only spaces and a comment may end the line.  */
static void
end_line (struct yaml_parser *p)
{
  skip_spaces (p);
  if (peek (p, 0) == '#' || at_end_of_line (p))
    next_line (p);
  else
    fail (p, "unexpected '%c' after the value", peek (p, 0));
}

/* From a line start: skip blank and comment lines.  Returns the column
   of the next content line without moving onto it, -1 at the end.  */
static int
next_content_indent (struct yaml_parser *p)
{
  while (p->pos < p->size)
    {
      size_t at = p->pos;
      while (at < p->size && p->text[at] == ' ')
	at++;
      if (at < p->size && p->text[at] == '\t')
	{
	  fail (p, "a tab in the indentation (use spaces)");
	  return -1;
	}
      if (at >= p->size)
	break;
      if (p->text[at] != '\n' && p->text[at] != '#'
	  && !(p->text[at] == '\r' && at + 1 < p->size
	       && p->text[at + 1] == '\n'))
	return (int) (at - p->pos);
      next_line (p);
    }
  return -1;
}

static struct yaml_node *
new_node (struct yaml_parser *p, enum yaml_kind kind)
{
  struct yaml_node *node = calloc (1, sizeof *node);
  if (!node)
    fail (p, "out of memory");
  else
    {
      node->kind = kind;
      node->line = p->line;
    }
  return node;
}

static bool
add_item (struct yaml_parser *p, struct yaml_node *parent,
	  struct yaml_node *item)
{
  if (parent->count == parent->capacity)
    {
      /* Doubling keeps a list of N functions linear to read.  */
      size_t capacity = parent->capacity ? 2 * parent->capacity : 4;
      struct yaml_node **items = realloc (parent->items,
					  capacity * sizeof *items);
      if (!items)
	{
	  fail (p, "out of memory");
	  yaml_free (item);
	  return false;
	}
      parent->items = items;
      parent->capacity = capacity;
    }
  parent->items[parent->count++] = item;
  return true;
}

/* Add ITEM to the mapping PARENT under KEY (taken over), refusing a
   key given twice.  */
static bool
add_member (struct yaml_parser *p, struct yaml_node *parent, char *key,
	    int key_line, struct yaml_node *item)
{
  if (yaml_member (parent, key))
    {
      p->line = key_line;
      fail (p, "duplicate key '%s'", key);
      free (key);
      yaml_free (item);
      return false;
    }
  item->key = key;
  return add_item (p, parent, item);
}

/* ---- Scalars --------------------------------------------------------- */

static int
hex_digit (int c)
{
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

/* One escape of a double-quoted scalar, after the backslash.  */
static bool
read_escape (struct yaml_parser *p, char *out)
{
  int c = peek (p, 0);
  p->pos++;
  switch (c)
    {
    case '"': case '\\': case '/':
      *out = (char) c;
      return true;
    case 'n':
      *out = '\n';
      return true;
    case 't':
      *out = '\t';
      return true;
    case 'x':
      if (hex_digit (peek (p, 0)) >= 0 && hex_digit (peek (p, 1)) >= 0)
	{
	  *out = (char) (hex_digit (peek (p, 0)) * 16
			 + hex_digit (peek (p, 1)));
	  p->pos += 2;
	  if (*out != 0)
	    return true;
	}
      /* Fall through.  */
    default:
      fail (p, "unknown escape in a double-quoted string");
      return false;
    }
}

/* A quoted scalar at the current position (on one line).  */
static char *
read_quoted (struct yaml_parser *p)
{
  int quote = peek (p, 0);
  char *text = malloc (p->size - p->pos + 1);
  size_t length = 0;

  if (!text)
    {
      fail (p, "out of memory");
      return NULL;
    }
  p->pos++;
  for (;;)
    {
      int c = peek (p, 0);
      if (c == -1 || c == '\n')
	{
	  fail (p, "unterminated quoted string");
	  free (text);
	  return NULL;
	}
      p->pos++;
      if (c == quote && quote == '\'' && peek (p, 0) == '\'')
	{
	  p->pos++;
	  text[length++] = '\'';
	}
      else if (c == quote)
	break;
      else if (c == '\\' && quote == '"')
	{
	  if (!read_escape (p, &text[length++]))
	    {
	      free (text);
	      return NULL;
	    }
	}
      else
	text[length++] = (char) c;
    }
  text[length] = '\0';
  return text;
}

/* Does a plain scalar end at the current position?  In a block: at the
   end of the line, at " #", and before ": " when it is a key; in a flow
   collection also at , [ ] { } and at ":" before one of them.  */
static bool
plain_ends (const struct yaml_parser *p, bool flow, bool key,
	    size_t start)
{
  int c = peek (p, 0), next = peek (p, 1);
  bool next_blank = next == -1 || next == ' ' || next == '\n'
    || next == '\r';

  if (at_end_of_line (p))
    return true;
  if (c == '#' && p->pos > start
      && (p->text[p->pos - 1] == ' ' || p->text[p->pos - 1] == '\t'))
    return true;
  if (flow && strchr (",[]{}", c))
    return true;
  if (c == ':' && (next_blank || (flow && next != -1 && strchr (",[]{}", next))))
    return key || flow;
  return false;
}

static char *
read_plain (struct yaml_parser *p, bool flow, bool key)
{
  size_t start = p->pos, end;
  char *text;

  while (!plain_ends (p, flow, key, start))
    p->pos++;
  end = p->pos;
  while (end > start && (p->text[end - 1] == ' ' || p->text[end - 1] == '\t'
			 || p->text[end - 1] == '\r'))
    end--;
  text = malloc (end - start + 1);
  if (!text)
    {
      fail (p, "out of memory");
      return NULL;
    }
  memcpy (text, p->text + start, end - start);
  text[end - start] = '\0';
  return text;
}

static bool
is_null_text (const char *text)
{
  return (text[0] == '\0' || strcmp (text, "~") == 0
	  || strcmp (text, "null") == 0);
}

/* A scalar node (or a null one) at the current position.  */
static struct yaml_node *
read_scalar (struct yaml_parser *p, bool flow)
{
  int c = peek (p, 0);
  bool quoted = c == '"' || c == '\'';
  int line = p->line;
  char *text;
  struct yaml_node *node;

  if (c == '&' || c == '*' || c == '!' || c == '|' || c == '>'
      || c == '%' || c == '@' || c == '`')
    {
      fail (p, "'%c' is not supported in a profile", c);
      return NULL;
    }
  text = quoted ? read_quoted (p) : read_plain (p, flow, false);
  if (!text)
    return NULL;
  node = new_node (p, !quoted && is_null_text (text) ? YAML_NULL
		   : YAML_SCALAR);
  if (!node)
    {
      free (text);
      return NULL;
    }
  node->line = line;
  if (node->kind == YAML_SCALAR)
    node->text = text;
  else
    free (text);
  return node;
}

/* ---- Flow collections ------------------------------------------------ */

/* Spaces, line ends and comments inside a flow collection.  */
static void
skip_flow_space (struct yaml_parser *p)
{
  for (;;)
    {
      int c = peek (p, 0);
      if (c == ' ' || c == '\t' || c == '\r')
	p->pos++;
      else if (c == '\n' || c == '#')
	next_line (p);
      else
	return;
    }
}

static struct yaml_node *read_flow_node (struct yaml_parser *p);

/* A key of a flow mapping: quoted or plain, then ':'.  */
static char *
read_flow_key (struct yaml_parser *p)
{
  char *key;
  int c = peek (p, 0);

  if (c == '"' || c == '\'')
    key = read_quoted (p);
  else
    key = read_plain (p, true, true);
  if (!key)
    return NULL;
  skip_flow_space (p);
  if (peek (p, 0) != ':' || key[0] == '\0')
    {
      fail (p, key[0] ? "expected ':' after '%s'" : "expected a key%s", key);
      free (key);
      return NULL;
    }
  p->pos++;
  return key;
}

/* The members of a flow mapping or the entries of a flow sequence, after
   the opening bracket, up to CLOSE.  */
static bool
read_flow_items (struct yaml_parser *p, struct yaml_node *node, int close)
{
  for (;;)
    {
      char *key = NULL;
      int key_line;
      struct yaml_node *item;

      skip_flow_space (p);
      if (peek (p, 0) == close)
	{
	  p->pos++;
	  return true;
	}
      if (peek (p, 0) == -1)
	{
	  fail (p, "'%c' missing at the end", close);
	  return false;
	}
      key_line = p->line;
      if (node->kind == YAML_MAPPING && !(key = read_flow_key (p)))
	return false;
      skip_flow_space (p);
      if (node->kind == YAML_MAPPING
	  && (peek (p, 0) == ',' || peek (p, 0) == close))
	item = new_node (p, YAML_NULL);
      else
	item = read_flow_node (p);
      if (!item || (key ? !add_member (p, node, key, key_line, item)
		    : !add_item (p, node, item)))
	{
	  if (!item)
	    free (key);
	  return false;
	}
      skip_flow_space (p);
      if (peek (p, 0) == ',')
	p->pos++;
      else if (peek (p, 0) != close)
	{
	  if (peek (p, 0) == -1)
	    fail (p, "'%c' missing at the end", close);
	  else
	    fail (p, "expected ',' or '%c', found '%c'", close, peek (p, 0));
	  return false;
	}
    }
}

static struct yaml_node *
read_flow_node (struct yaml_parser *p)
{
  int c = peek (p, 0);
  struct yaml_node *node;

  if (c != '{' && c != '[')
    return read_scalar (p, true);
  node = new_node (p, c == '{' ? YAML_MAPPING : YAML_SEQUENCE);
  if (!node)
    return NULL;
  p->pos++;
  if (!read_flow_items (p, node, c == '{' ? '}' : ']'))
    {
      yaml_free (node);
      return NULL;
    }
  return node;
}

/* ---- Block collections ----------------------------------------------- */

static struct yaml_node *read_node_here (struct yaml_parser *p, int column);
static struct yaml_node *read_block_sequence (struct yaml_parser *p, int at);

static int
column (const struct yaml_parser *p)
{
  return (int) (p->pos - p->line_start);
}

static bool
at_sequence_dash (const struct yaml_parser *p)
{
  int next = peek (p, 1);
  return (peek (p, 0) == '-'
	  && (next == -1 || next == ' ' || next == '\n' || next == '\r'));
}

/* Is the current position the start of a "key:" of a block mapping?  */
static bool
at_block_key (struct yaml_parser *p)
{
  size_t saved = p->pos;
  int saved_line = p->line;
  bool saved_failed = p->failed;
  char *key;
  bool found;
  int c = peek (p, 0);

  if (c == '"' || c == '\'')
    key = read_quoted (p);
  else
    key = read_plain (p, false, true);
  skip_spaces (p);
  found = key && peek (p, 0) == ':';
  free (key);
  p->pos = saved;
  p->line = saved_line;
  p->failed = saved_failed;
  return found;
}

/* The value of a block mapping member (or sequence entry) whose key
   (dash), at column AT, ends the line: a node indented further below,
   for a member also a sequence at AT (YAML allows "key:" then "- x" at
   the key's column), else null.  */
static struct yaml_node *
read_value_below (struct yaml_parser *p, int at, bool member)
{
  int line = p->line, indent;
  struct yaml_node *node;

  next_line (p);
  indent = next_content_indent (p);
  if (p->failed)
    return NULL;
  if (indent > at)
    {
      p->pos += indent;
      return read_node_here (p, indent);
    }
  if (member && indent == at)
    {
      p->pos += indent;
      if (at_sequence_dash (p))
	return read_block_sequence (p, indent);
      p->pos -= indent;
    }
  node = new_node (p, YAML_NULL);
  if (node)
    node->line = line;
  return node;
}

static struct yaml_node *
read_block_mapping (struct yaml_parser *p, int at)
{
  struct yaml_node *node = new_node (p, YAML_MAPPING);

  while (node && !p->failed)
    {
      int key_line = p->line, indent;
      char *key;
      struct yaml_node *value;
      int c = peek (p, 0);

      key = (c == '"' || c == '\'') ? read_quoted (p)
	: read_plain (p, false, true);
      if (!key)
	break;
      skip_spaces (p);
      p->pos++;			/* The ':' at_block_key saw.  */
      skip_spaces (p);
      if (peek (p, 0) == '#' || at_end_of_line (p))
	value = read_value_below (p, at, true);
      else
	{
	  value = (peek (p, 0) == '{' || peek (p, 0) == '[')
	    ? read_flow_node (p) : read_scalar (p, false);
	  if (value)
	    end_line (p);
	}
      if (!value || !add_member (p, node, key, key_line, value))
	{
	  if (!value)
	    free (key);
	  break;
	}
      indent = next_content_indent (p);
      if (p->failed || indent < at)
	return node;
      if (indent > at)
	{
	  fail (p, "unexpected indentation (the mapping above is at"
		" column %d)", at + 1);
	  break;
	}
      p->pos += indent;
      if (!at_block_key (p))
	{
	  fail (p, "expected 'key: value' at column %d", at + 1);
	  break;
	}
    }
  yaml_free (node);
  return NULL;
}

static struct yaml_node *
read_block_sequence (struct yaml_parser *p, int at)
{
  struct yaml_node *node = new_node (p, YAML_SEQUENCE);

  while (node && !p->failed)
    {
      struct yaml_node *entry;
      int indent;

      p->pos++;			/* The '-'.  */
      skip_spaces (p);
      if (peek (p, 0) == '#' || at_end_of_line (p))
	entry = read_value_below (p, at, false);
      else
	entry = read_node_here (p, column (p));
      if (!entry || !add_item (p, node, entry))
	break;
      indent = next_content_indent (p);
      if (p->failed)
	break;
      if (indent < at)
	return node;
      if (indent > at)
	{
	  fail (p, "unexpected indentation (the sequence above is at"
		" column %d)", at + 1);
	  break;
	}
      p->pos += indent;
      if (!at_sequence_dash (p))
	{
	  /* A mapping member at the sequence's column: the sequence was
	     its previous member's value.  */
	  p->pos -= indent;
	  return node;
	}
    }
  yaml_free (node);
  return NULL;
}

/* The node whose first character is at the current position, at column
   AT; on return the position is at the start of a line.  */
static struct yaml_node *
read_node_here (struct yaml_parser *p, int at)
{
  struct yaml_node *node;

  if (at_sequence_dash (p))
    return read_block_sequence (p, at);
  if (peek (p, 0) != '{' && peek (p, 0) != '[' && at_block_key (p))
    return read_block_mapping (p, at);
  node = (peek (p, 0) == '{' || peek (p, 0) == '[') ? read_flow_node (p)
    : read_scalar (p, false);
  if (node)
    end_line (p);
  if (p->failed)
    {
      yaml_free (node);
      return NULL;
    }
  return node;
}

/* ---- The document ---------------------------------------------------- */

struct yaml_node *
yaml_parse (const char *text, size_t size, int *error_line, char *message,
	    size_t message_size)
{
  struct yaml_parser parser = { text, size, 0, 0, 1, false, 0, message,
				message_size };
  struct yaml_parser *p = &parser;
  struct yaml_node *root = NULL;
  int indent;

  if (memchr (text, '\0', size))
    fail (p, "a null byte: this is not a text file");
  indent = p->failed ? -1 : next_content_indent (p);
  if (indent == 0 && size - p->pos >= 3 && memcmp (text + p->pos, "---", 3) == 0
      && (p->pos + 3 == size || text[p->pos + 3] == '\n'
	  || text[p->pos + 3] == ' ' || text[p->pos + 3] == '\r'))
    {
      next_line (p);
      indent = next_content_indent (p);
    }
  if (!p->failed && indent < 0)
    root = new_node (p, YAML_NULL);
  else if (!p->failed)
    {
      p->pos += indent;
      root = read_node_here (p, indent);
      if (root && next_content_indent (p) >= 0 && !p->failed)
	fail (p, "unexpected content after the document");
    }
  if (p->failed)
    {
      yaml_free (root);
      *error_line = p->error_line;
      return NULL;
    }
  return root;
}

void
yaml_free (struct yaml_node *node)
{
  size_t i;
  if (!node)
    return;
  for (i = 0; i < node->count; i++)
    yaml_free (node->items[i]);
  free (node->items);
  free (node->key);
  free (node->text);
  free (node);
}

const struct yaml_node *
yaml_member (const struct yaml_node *mapping, const char *key)
{
  size_t i;
  if (!mapping || mapping->kind != YAML_MAPPING)
    return NULL;
  for (i = 0; i < mapping->count; i++)
    if (strcmp (mapping->items[i]->key, key) == 0)
      return mapping->items[i];
  return NULL;
}
