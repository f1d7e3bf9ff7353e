/* json-out.c - strings in mipdata's JSON outputs (show --json, diff
   --json, export --format=gcov-json) and HTML pages (annotate --html,
   heap --html).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "json-out.h"

#include <stdint.h>

/* The length of the valid UTF-8 sequence at TEXT, or 0.  */
static size_t
utf8_sequence_length (const unsigned char *text)
{
  size_t length, i;
  uint32_t code;

  if (text[0] < 0x80)
    return 1;
  if ((text[0] & 0xe0) == 0xc0)
    length = 2, code = text[0] & 0x1f;
  else if ((text[0] & 0xf0) == 0xe0)
    length = 3, code = text[0] & 0x0f;
  else if ((text[0] & 0xf8) == 0xf0)
    length = 4, code = text[0] & 0x07;
  else
    return 0;
  for (i = 1; i < length; i++)
    {
      if ((text[i] & 0xc0) != 0x80)
	return 0;
      code = (code << 6) | (text[i] & 0x3f);
    }
  if ((length == 2 && code < 0x80) || (length == 3 && code < 0x800)
      || (length == 4 && code < 0x10000) || code > 0x10ffff
      || (code >= 0xd800 && code <= 0xdfff))
    return 0;
  return length;
}

void
mipdata_json_string (FILE *out, const char *text)
{
  const unsigned char *p = (const unsigned char *) text;

  putc ('"', out);
  while (*p)
    {
      size_t length = utf8_sequence_length (p);
      if (*p == '"' || *p == '\\')
	fprintf (out, "\\%c", *p);
      else if (*p == '\n')
	fputs ("\\n", out);
      else if (*p == '\t')
	fputs ("\\t", out);
      else if (*p < 0x20 || *p == 0x7f)
	fprintf (out, "\\u%04x", *p);
      else if (length == 0)
	{
	  fputs ("\\ufffd", out);
	  length = 1;
	}
      else
	fwrite (p, 1, length, out);
      p += length ? length : 1;
    }
  putc ('"', out);
}

void
mipdata_html_text (FILE *out, const char *text)
{
  for (; *text; text++)
    switch (*text)
      {
      case '&':
	fputs ("&amp;", out);
	break;
      case '<':
	fputs ("&lt;", out);
	break;
      case '>':
	fputs ("&gt;", out);
	break;
      case '"':
	fputs ("&quot;", out);
	break;
      default:
	fputc (*text, out);
      }
}
