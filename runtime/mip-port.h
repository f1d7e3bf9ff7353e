/* mip-port.h - compiler and platform differences of libmip, in one place.

   Every other runtime file is written against the macros below: symbol
   visibility, weak references, the exit-time destructor and the choice
   of platform file.  The runtime needs a GNU C compatible compiler,
   because it finds its data through the linker's __start_/__stop_
   section symbols and runs from a destructor.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef MIP_PORT_H
#define MIP_PORT_H

#if !defined (__GNUC__)
#error "libmip needs GCC or a compatible compiler"
#endif

/* Everything internal is hidden: each executable or shared object that
   links libmip.a has its own private copy of the runtime and of its
   data, and never binds to another module's.  */
#define MIP_HIDDEN __attribute__ ((visibility ("hidden")))

/* A function one part of libmip provides to the others of its member:
   hidden, or static when the parts are compiled as one unit (see
   mip-parts.c).  */
#ifndef MIP_INTERNAL
#define MIP_INTERNAL MIP_HIDDEN
#endif

/* A reference that resolves to a null address when nothing defines the
   symbol.  */
#define MIP_WEAK __attribute__ ((weak))

/* Keep a definition even when nothing in this file refers to it.  */
#define MIP_USED __attribute__ ((used))

/* Run FUNCTION when the program calls exit () or returns from main, or
   when the shared object is unloaded.  A destructor with a smaller
   priority number runs after those with larger numbers (and after the
   default ones), so 101, the smallest number not reserved for the
   implementation, lets other destructors of the module still be counted.
   The C library runs atexit handlers (C++ static destructors among them)
   before the destructors of the modules.  */
#define MIP_DESTRUCTOR(priority) __attribute__ ((destructor (priority)))

/* One dump at a time per module: a second thread asking for a dump while
   one is in progress is refused rather than made to wait.  */
#if defined (__arm__) && defined (__linux__) && !defined (__ARM_FEATURE_LDREX)
/* ARM before v6 (armv5te, armv4t) has no ldrex/strex: GCC's atomics
   call libgcc's helpers, one object of 50 functions (4 KB in every
   program, for one lock), which call the kernel's user helpers
   (Linux's kernel_user_helpers: fixed addresses in the vector page);
   the lock calls those helpers directly.  __kuser_cmpxchg returns 0
   when it stored NEW (*PTR was OLD), and includes the barriers;
   __kuser_memory_barrier is one.  */
typedef int mip_kuser_cmpxchg (int old, int new_value, volatile int *ptr);
typedef void mip_kuser_memory_barrier (void);
#define MIP_KUSER_CMPXCHG ((mip_kuser_cmpxchg *) 0xffff0fc0)
#define MIP_KUSER_MEMORY_BARRIER ((mip_kuser_memory_barrier *) 0xffff0fa0)
#define MIP_TRY_LOCK(flag) (MIP_KUSER_CMPXCHG (0, 1, &(flag)) == 0)
#define MIP_UNLOCK(flag) \
  (MIP_KUSER_MEMORY_BARRIER (), *(volatile int *) &(flag) = 0)
#else
#define MIP_TRY_LOCK(flag) (__atomic_exchange_n (&(flag), 1, __ATOMIC_ACQUIRE) == 0)
#define MIP_UNLOCK(flag) __atomic_store_n (&(flag), 0, __ATOMIC_RELEASE)
#endif

/* Which platform file provides the system calls: the POSIX one (files,
   fork, signals) or the other one, which has none of them and leaves
   the core alone: a freestanding build (bare metal, or the test that
   compiles the core with -ffreestanding -nostdlib) defines
   MIP_PLATFORM_POSIX to 0 and gets its profile out through
   __mip_write_buffer.  */
#ifndef MIP_PLATFORM_POSIX
#if (defined (__unix__) || defined (__linux__)) && __STDC_HOSTED__
#define MIP_PLATFORM_POSIX 1
#else
#define MIP_PLATFORM_POSIX 0
#endif
#endif

/* A constructor, run before the module's other constructors, so that
   what it sets up (the cached GNU build id, fork and signal handlers)
   is in place before instrumented constructors run.  */
#define MIP_CONSTRUCTOR(priority) __attribute__ ((constructor (priority)))

#endif /* MIP_PORT_H */
