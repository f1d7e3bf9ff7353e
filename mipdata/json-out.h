/* json-out.h - strings in mipdata's JSON outputs and HTML pages (see json-out.c).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef MIPDATA_JSON_OUT_H
#define MIPDATA_JSON_OUT_H

#include <stdio.h>

/* TEXT as a JSON string on OUT: quotes, backslashes and control
   characters escaped; bytes that are not UTF-8 become U+FFFD.  */
void mipdata_json_string (FILE *out, const char *text);

/* TEXT in an HTML page on OUT: &, <, > and " escaped.  */
void mipdata_html_text (FILE *out, const char *text);

#endif /* MIPDATA_JSON_OUT_H */
