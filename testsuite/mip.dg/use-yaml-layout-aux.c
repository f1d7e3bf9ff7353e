/* The second translation unit of use-yaml-layout.c.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

__attribute__ ((noipa)) int yaml_aux_never (int x) {
  return x / 3;
}

__attribute__ ((noipa)) int yaml_aux_early (int x) {
  return x + 20;
}
