// The second translation unit of comdat.C.
//
// Copyright (C) 2026 The MIP for GCC developers.
// SPDX-License-Identifier: GPL-3.0-or-later

#include "comdat.h"

int aux_calls (int x) { /* mip-calls(1) */
  return shared_inline (x) + shared_inline (x) + shared_inline (x)
	 + shared_template (x) + shared_template (x) + shared_template (x);
}
