/* MUTANT shared_vertex: thread 1 updates edge {1,3}, which shares vertex 1 with thread 0: not a
   proper class. Spin must report an assertion violation. */
#define EU1 1
#include "chromatic_class.pml"
