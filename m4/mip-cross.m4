# mip-cross.m4 - configure checks for the cross targets of MIP for GCC.
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Besides the plugin for CC, MIP builds a plugin and a runtime for each
# cross compiler of the same GCC release that it finds: the plugin is
# built by PLUGIN_CXX (the host's g++, same release) against the plugin
# headers of the cross compiler and links that target's file
# (plugin/mip-aarch64.cc, plugin/mip-arm.cc); the runtime is compiled by
# the cross compiler.  See plugin/Makefile.am and runtime/Makefile.am.
#
# MIP_CROSS_CHECK must run after MIP_GCC_PLUGIN.  It substitutes
#
#   MIP_CROSS_TARGETS      one record per usable target, separated by
#                          spaces; the fields of a record are separated
#                          by commas (so no directory may hold a space
#                          or a comma):
#                            triplet,target file,compiler,C++ compiler
#                            (or -),plugin header directory,plugin
#                            install directory,runtime install
#                            directory,ar,nm
#   MIP_CROSS_TRIPLETS     the triplets of those records
#   MIP_CROSS_UNAVAILABLE  TRIPLET:WHY for each target asked for (or
#                          probed by default) that cannot be built, WHY
#                          being nocc (no compiler), version=X (another
#                          GCC release), noheaders (no plugin headers),
#                          nolink (cannot link programs: no C library
#                          for the target), notools (no TRIPLET-ar or
#                          TRIPLET-nm); or "disabled" for
#                          --without-cross-targets
#   MIP_GCC_MAJOR          the major version of CC's GCC (12)
#
# Options: --with-cross-targets=LIST (triplets, spaces or commas),
# --without-cross-targets, --with-cross-plugin-dir=DIR (each target's
# plugin goes to DIR/TRIPLET; default: the cross compiler's plugin
# directory, where its -fplugin=mip looks, when it lies under the
# prefix, else the same tail under LIBDIR, see
# MIP_INSTALL_DIR_UNDER_PREFIX), --with-cross-lib-dir=DIR (each target's
# libmip.a, libmip-runtime.a and mip.h go to DIR/TRIPLET and
# DIR/TRIPLET/include; default: the cross compiler's own library
# directory, which its -lmip searches, and that directory's include/,
# which it searches for headers, when it lies under the prefix, else
# the same tail under LIBDIR).

# The cross targets probed when --with-cross-targets is not given.
m4_define([_MIP_CROSS_DEFAULT_TARGETS],
  [aarch64-linux-gnu arm-linux-gnueabihf arm-linux-gnueabi])

AC_DEFUN([MIP_CROSS_CHECK],
[AC_REQUIRE([MIP_GCC_PLUGIN])dnl
AC_ARG_WITH([cross-targets],
  [AS_HELP_STRING([--with-cross-targets=LIST],
    [also build the plugin and runtime for these cross targets (GNU
     triplets; default: each of ]_MIP_CROSS_DEFAULT_TARGETS[ whose
     compiler TRIPLET-gcc-N or TRIPLET-gcc of the same GCC release as CC
     is installed); --without-cross-targets builds none])],
  [mip_cross_wanted=$withval],
  [mip_cross_wanted=default])
AC_ARG_WITH([cross-plugin-dir],
  [AS_HELP_STRING([--with-cross-plugin-dir=DIR],
    [install each cross target's mip.so into DIR/TRIPLET (default: the
     plugin directory of that target's compiler when it lies under the
     prefix, else the same tail under LIBDIR)])],
  [mip_cross_plugin_base=$withval], [mip_cross_plugin_base=])
AC_ARG_WITH([cross-lib-dir],
  [AS_HELP_STRING([--with-cross-lib-dir=DIR],
    [install each cross target's libmip.a into DIR/TRIPLET and mip.h into
     DIR/TRIPLET/include (default: the library directory of that target's
     compiler and its include directory when they lie under the prefix,
     else the same tail under LIBDIR)])],
  [mip_cross_lib_base=$withval], [mip_cross_lib_base=])

MIP_CROSS_TARGETS=
MIP_CROSS_TRIPLETS=
MIP_CROSS_UNAVAILABLE=
mip_host_triplet=`$CC -dumpmachine`
AS_CASE([$mip_cross_wanted],
  [default], [mip_cross_list="_MIP_CROSS_DEFAULT_TARGETS"],
  [no], [mip_cross_list=
         MIP_CROSS_UNAVAILABLE=disabled],
  [yes], [mip_cross_list="_MIP_CROSS_DEFAULT_TARGETS"
          mip_cross_wanted=default],
  [mip_cross_list=`echo "$mip_cross_wanted" | tr ',' ' '`])

for mip_t in $mip_cross_list; do
  AC_MSG_CHECKING([for the cross target $mip_t])
  mip_why=
  AS_CASE([$mip_t],
    [aarch64-*], [mip_t_file=aarch64],
    [arm*], [mip_t_file=arm],
    [mip_t_file=none])
  AS_IF([test "x$mip_t" = "x$mip_host_triplet"],
    [AC_MSG_RESULT([no: it is the target of $CC])
     continue])
  mip_t_cc=
  for mip_name in "$mip_t-gcc-$mip_gcc_major" "$mip_t-gcc"; do
    AS_IF([command -v "$mip_name" >/dev/null 2>&1],
      [mip_t_cc=$mip_name
       break])
  done
  AS_IF([test -z "$mip_t_cc"], [mip_why=nocc])
  AS_IF([test -z "$mip_why"],
    [mip_t_version=`$mip_t_cc -dumpfullversion 2>/dev/null || $mip_t_cc -dumpversion`
     AS_IF([test "x$mip_t_version" != "x$mip_gcc_version"],
       [mip_why="version=$mip_t_version"])])
  AS_IF([test -z "$mip_why"],
    [mip_t_plugin=`$mip_t_cc -print-file-name=plugin`
     AS_IF([test ! -f "$mip_t_plugin/include/gcc-plugin.h"],
       [mip_why=noheaders])])
  AS_IF([test -z "$mip_why"],
    [mip_t_ar=`command -v "$mip_t-ar" 2>/dev/null`
     mip_t_nm=`command -v "$mip_t-nm" 2>/dev/null`
     AS_IF([test -z "$mip_t_ar" || test -z "$mip_t_nm"], [mip_why=notools])])
  AS_IF([test -z "$mip_why"],
    [cat > conftest-cross.c <<_MIPEOF
#include <stdio.h>
int main (void) { puts ("mip"); return 0; }
_MIPEOF
     echo "$mip_t_cc conftest-cross.c -o conftest-cross" >&AS_MESSAGE_LOG_FD
     AS_IF([$mip_t_cc conftest-cross.c -o conftest-cross >&AS_MESSAGE_LOG_FD 2>&1], [],
       [mip_why=nolink])
     rm -f conftest-cross.c conftest-cross])
  AS_IF([test -n "$mip_why"],
    [MIP_CROSS_UNAVAILABLE="$MIP_CROSS_UNAVAILABLE $mip_t:$mip_why"
     AS_CASE([$mip_why],
       [nocc], [AC_MSG_RESULT([no: no $mip_t-gcc-$mip_gcc_major (on Debian install gcc-$mip_gcc_major-$mip_t)])],
       [version=*], [AC_MSG_RESULT([no: $mip_t_cc is GCC $mip_t_version, not $mip_gcc_version like $CC])],
       [noheaders], [AC_MSG_RESULT([no: $mip_t_cc has no plugin headers (on Debian install gcc-$mip_gcc_major-plugin-dev-$mip_t)])],
       [notools], [AC_MSG_RESULT([no: no $mip_t-ar or $mip_t-nm (on Debian install binutils-$mip_t)])],
       [AC_MSG_RESULT([no: $mip_t_cc cannot link programs (on Debian install the libc6-dev-*-cross package of $mip_t)])])
     AS_IF([test "x$mip_cross_wanted" != xdefault],
       [AC_MSG_ERROR([--with-cross-targets: cannot build for $mip_t (see above)])])
     continue])
  AS_IF([test "x$mip_t_file" = xnone],
    [AC_MSG_WARN([MIP has no target file for $mip_t: its plugin will refuse -fplugin-arg-mip-generate])])
  mip_t_cxx=-
  for mip_name in "$mip_t-g++-$mip_gcc_major" "$mip_t-g++"; do
    AS_IF([command -v "$mip_name" >/dev/null 2>&1],
      [mip_t_cxx=$mip_name
       break])
  done
  AS_IF([test -n "$mip_cross_plugin_base"],
    [mip_t_plugindir="$mip_cross_plugin_base/$mip_t"],
    [MIP_INSTALL_DIR_UNDER_PREFIX([mip_t_plugindir], [$mip_t_plugin],
       [gcc/$mip_t/$mip_gcc_major/plugin])])
  AS_IF([test -n "$mip_cross_lib_base"],
    [mip_t_libdir="$mip_cross_lib_base/$mip_t"],
    [mip_t_libdir=`$mip_t_cc -print-libgcc-file-name`
     mip_t_libdir=`AS_DIRNAME(["$mip_t_libdir"])`
     MIP_INSTALL_DIR_UNDER_PREFIX([mip_t_libdir], [$mip_t_libdir],
       [gcc/$mip_t/$mip_gcc_major])])
  MIP_CROSS_TARGETS="$MIP_CROSS_TARGETS $mip_t,$mip_t_file,$mip_t_cc,$mip_t_cxx,$mip_t_plugin/include,$mip_t_plugindir,$mip_t_libdir,$mip_t_ar,$mip_t_nm"
  MIP_CROSS_TRIPLETS="$MIP_CROSS_TRIPLETS $mip_t"
  AC_MSG_RESULT([yes: $mip_t_cc, target file mip-$mip_t_file.cc])
done
MIP_CROSS_TARGETS=`echo $MIP_CROSS_TARGETS`
MIP_CROSS_TRIPLETS=`echo $MIP_CROSS_TRIPLETS`
MIP_CROSS_UNAVAILABLE=`echo $MIP_CROSS_UNAVAILABLE`
AC_SUBST([MIP_CROSS_TARGETS])
AC_SUBST([MIP_CROSS_TRIPLETS])
AC_SUBST([MIP_CROSS_UNAVAILABLE])
MIP_GCC_MAJOR=$mip_gcc_major
AC_SUBST([MIP_GCC_MAJOR])
])
