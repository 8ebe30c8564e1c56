/* How the bodies load and store global memory. By default a plain load and store, which is the
 * code WP proves and nvcc compiles. A build that emulates launches with access logging (the race
 * emulation tests) defines DL_LOAD and DL_STORE before including any body; it then gets C++
 * wrappers in another inline namespace (DL_CXX_VARIANT), so the logged and the plain wrappers
 * never share a name across translation units. */
#ifndef DIMERLAB_BODIES_ACCESS_HOOKS_H
#define DIMERLAB_BODIES_ACCESS_HOOKS_H
#if defined(DL_LOAD) != defined(DL_STORE)
#error "define both DL_LOAD and DL_STORE, or neither"
#endif
#ifdef DL_LOAD
#define DL_CXX_VARIANT logged_access
#else
#define DL_LOAD(array, index) ((array)[index])
#define DL_STORE(array, index, value) ((array)[index] = (value))
#define DL_CXX_VARIANT plain_access
#endif
#endif
