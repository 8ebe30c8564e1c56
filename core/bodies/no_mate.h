/* The mate of a monomer: a matching is one mate per vertex, and this value marks a vertex that
 * has none. C and C++ (dimerlab::kNoMate is this value). */
#ifndef DIMERLAB_BODIES_NO_MATE_H
#define DIMERLAB_BODIES_NO_MATE_H
#define DL_NO_MATE 0xffffffffu
#endif
