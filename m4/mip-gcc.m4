# mip-gcc.m4 - configure checks for building and installing a GCC plugin.
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# MIP_GCC_PLUGIN finds the plugin directory of the compiler in $CC, checks
# that GCC's plugin headers are installed there, picks the C++ compiler
# that matches $CC (a plugin must be built by the same GCC release it is
# loaded into) and lets the user choose where mip.so is installed.
# It substitutes GCC_PLUGIN_DIR, GCC_PLUGIN_INCLUDE, gccplugindir and
# PLUGIN_CXX, and sets CXX to PLUGIN_CXX unless the user set CXX.  It
# must run after AC_PROG_CC and before AC_PROG_CXX.

# _MIP_SIBLING_TOOL(VARIABLE, TOOL)
# Set VARIABLE to the TOOL that comes with $CC: the last "gcc" in the
# program name of $CC replaced by TOOL (gcc-12 -> g++-12,
# x86_64-linux-gnu-gcc -> x86_64-linux-gnu-g++); plain TOOL when $CC does
# not name gcc.
AC_DEFUN([_MIP_SIBLING_TOOL],
[mip_cc_program=`set dummy $CC; echo "$[2]"`
mip_cc_dir=`AS_DIRNAME(["$mip_cc_program"])`
mip_cc_base=`AS_BASENAME(["$mip_cc_program"])`
case $mip_cc_base in
  *gcc*)
    mip_tool_base=`echo "$mip_cc_base" | sed 's/\(.*\)gcc/\1$2/'`
    case $mip_cc_program in
      */*) $1="$mip_cc_dir/$mip_tool_base" ;;
      *) $1="$mip_tool_base" ;;
    esac ;;
  *) $1="$2" ;;
esac])

AC_DEFUN([MIP_GCC_PLUGIN],
[AC_REQUIRE([AC_PROG_CC])dnl
AC_CACHE_CHECK([whether $CC is GCC], [mip_cv_cc_is_gcc],
  [AC_COMPILE_IFELSE([AC_LANG_PROGRAM([[#if !defined __GNUC__ || defined __clang__ || defined __INTEL_COMPILER
#error not GCC
#endif]])],
    [mip_cv_cc_is_gcc=yes], [mip_cv_cc_is_gcc=no])])
AS_IF([test "x$mip_cv_cc_is_gcc" != xyes],
  [AC_MSG_ERROR([MIP is a GCC plugin: CC must be GCC, not '$CC'])])

AC_MSG_CHECKING([for the GCC version of $CC])
mip_gcc_version=`$CC -dumpfullversion 2>/dev/null || $CC -dumpversion`
mip_gcc_major=`echo "$mip_gcc_version" | sed 's/\..*//'`
AC_MSG_RESULT([$mip_gcc_version])

mip_gcc_target=`$CC -dumpmachine`

AC_MSG_CHECKING([for the plugin directory of $CC])
GCC_PLUGIN_DIR=`$CC -print-file-name=plugin`
AS_CASE([$GCC_PLUGIN_DIR],
  [/*], [AC_MSG_RESULT([$GCC_PLUGIN_DIR])],
  [AC_MSG_RESULT([not found])
   AC_MSG_ERROR([cannot find the plugin directory of '$CC'; on Debian install the package gcc-$mip_gcc_major-plugin-dev])])
GCC_PLUGIN_INCLUDE="$GCC_PLUGIN_DIR/include"
AS_IF([test ! -f "$GCC_PLUGIN_INCLUDE/gcc-plugin.h"],
  [AC_MSG_ERROR([cannot find '$GCC_PLUGIN_INCLUDE/gcc-plugin.h': GCC's plugin headers are not installed; on Debian install the package gcc-$mip_gcc_major-plugin-dev])])
AC_SUBST([GCC_PLUGIN_DIR])
AC_SUBST([GCC_PLUGIN_INCLUDE])

AC_ARG_VAR([PLUGIN_CXX],
  [C++ compiler that builds the plugin; must be the same GCC release as CC (default: the g++ beside CC)])
AC_MSG_CHECKING([for the C++ compiler that matches $CC])
AS_IF([test -z "$PLUGIN_CXX"], [_MIP_SIBLING_TOOL([PLUGIN_CXX], [g++])])
AC_MSG_RESULT([$PLUGIN_CXX])
mip_cxx_version=`$PLUGIN_CXX -dumpfullversion 2>/dev/null || $PLUGIN_CXX -dumpversion 2>/dev/null`
AS_IF([test -z "$mip_cxx_version"],
  [AC_MSG_ERROR([cannot run '$PLUGIN_CXX'; on Debian install the package g++-$mip_gcc_major, or set PLUGIN_CXX])],
  [test "x$mip_cxx_version" != "x$mip_gcc_version"],
  [AC_MSG_ERROR(['$PLUGIN_CXX' is GCC $mip_cxx_version but '$CC' is GCC $mip_gcc_version: a plugin must be built by the release that loads it; set PLUGIN_CXX])])
AC_SUBST([PLUGIN_CXX])
AS_IF([test -z "$CXX"], [CXX=$PLUGIN_CXX])

AC_ARG_WITH([gcc-plugin-dir],
  [AS_HELP_STRING([--with-gcc-plugin-dir=DIR],
    [install mip.so and its specs files into DIR (default: the plugin
     directory of CC when it lies under the prefix, so that -fplugin=mip
     finds it; else PREFIX/lib/gcc/TARGET/VERSION/plugin, the same
     directory under LIBDIR)])],
  [gccplugindir=$withval],
  [MIP_INSTALL_DIR_UNDER_PREFIX([gccplugindir], [$GCC_PLUGIN_DIR],
     [gcc/$mip_gcc_target/$mip_gcc_major/plugin])])
AC_SUBST([gccplugindir])

# The plugin links one target file, plugin/mip-$MIP_TARGET.cc, chosen by
# the target of the compiler that will load it.
AC_MSG_CHECKING([for the MIP target file for $CC])
AS_CASE([$mip_gcc_target],
  [x86_64-*|i?86-*], [MIP_TARGET=x86],
  [aarch64-*], [MIP_TARGET=aarch64],
  [arm*], [MIP_TARGET=arm],
  [MIP_TARGET=none])
AC_MSG_RESULT([$MIP_TARGET ($mip_gcc_target)])
AS_IF([test "x$MIP_TARGET" = xnone],
  [AC_MSG_WARN([MIP cannot instrument code for $mip_gcc_target yet: the plugin will refuse -fplugin-arg-mip-generate])])
AC_SUBST([MIP_TARGET])

# On x86-64, a second libmip.a for -m32 programs when the compiler can
# link them (Debian: gcc-multilib); installed in $(exec_prefix)/lib32.
mip_build_m32=no
AS_IF([test "x$MIP_TARGET" = xx86],
  [AC_CACHE_CHECK([whether $CC -m32 links programs], [mip_cv_cc_m32],
    [mip_save_CFLAGS=$CFLAGS
     CFLAGS="$CFLAGS -m32"
     AC_LINK_IFELSE([AC_LANG_PROGRAM([[#include <stdio.h>]], [[puts ("");]])],
       [mip_cv_cc_m32=yes], [mip_cv_cc_m32=no])
     CFLAGS=$mip_save_CFLAGS])
   mip_build_m32=$mip_cv_cc_m32])
AS_IF([test "x$MIP_TARGET" = xx86 && test "x$mip_build_m32" = xno],
  [AC_MSG_WARN([$CC -m32 cannot link programs: no 32-bit libmip.a (on Debian install gcc-multilib)])])
AM_CONDITIONAL([MIP_BUILD_M32], [test "x$mip_build_m32" = xyes])
])

# MIP_INSTALL_DIR_UNDER_PREFIX(VARIABLE, GCC-DIR, FALLBACK-TAIL)
# Set VARIABLE to where MIP installs what belongs in the GCC directory
# GCC-DIR (a plugin directory, a cross compiler's library directory),
# always under the prefix, so that make install writes nothing outside
# it (nor outside DESTDIR): GCC-DIR itself, as ${prefix}/..., when it
# lies under the prefix (prefix=/usr on Debian), so that the compiler
# finds it there; else the same tail of directories under ${libdir}:
# GCC-DIR's last components from the one that starts with "gcc" (as in
# lib/gcc/x86_64-linux-gnu/12/plugin or lib/gcc-cross/TRIPLET/12), or
# FALLBACK-TAIL when GCC-DIR has no such shape.  The value keeps the
# ${prefix} or ${libdir} reference, so "make install prefix=DIR" moves
# it as well.
AC_DEFUN([MIP_INSTALL_DIR_UNDER_PREFIX],
[mip_install_prefix=$prefix
AS_IF([test "x$mip_install_prefix" = xNONE],
  [mip_install_prefix=$ac_default_prefix])
mip_install_gcc_dir=$2
AS_CASE([$mip_install_gcc_dir],
  ["$mip_install_prefix"/*],
    [$1='${prefix}'`expr "x$mip_install_gcc_dir" : "x$mip_install_prefix\(/.*\)"`],
  [mip_install_tail=`echo "$mip_install_gcc_dir" | sed -n 's|^.*/\(gcc[[^/]]*/[[^/]]*/[[^/]]*\(/plugin\)\{0,1\}\)$|\1|p'`
   AS_IF([test -z "$mip_install_tail"], [mip_install_tail=$3])
   $1='${libdir}'/$mip_install_tail])
])

# MIP_SIBLING_PROG(VARIABLE, TOOL, DESCRIPTION)
# Substitute VARIABLE with the TOOL that comes with $CC (gcov-12 for
# gcc-12), or plain TOOL when that one is missing; the user may set it.
AC_DEFUN([MIP_SIBLING_PROG],
[AC_ARG_VAR([$1], [$3])
AS_IF([test -z "$$1"],
  [_MIP_SIBLING_TOOL([mip_sibling], [$2])
   AC_CHECK_PROGS([$1], [$mip_sibling $2], [$2])])
])
