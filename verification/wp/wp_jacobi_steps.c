/* Frama-C entry of claim GJ-WP: WP proves the contracts of the production Jacobi steps, the file
 * the kernels and the CPU solver compile (frama-c runs with -I core). */
#include "bodies/jacobi_steps_body.h"

/* Proof only, not run: WP derives from dl_jacobi_bounds_max's contract alone that the scan
 * operator has the laws a segmented scan relies on (associative, commutative, identity 0). */
/*@ assigns \nothing;
  @ ensures \result == 1;
  @*/
static int bounds_max_scan_laws(uint64_t x, uint64_t y, uint64_t z) {
    const int assoc = dl_jacobi_bounds_max(dl_jacobi_bounds_max(x, y), z) ==
                      dl_jacobi_bounds_max(x, dl_jacobi_bounds_max(y, z));
    const int comm = dl_jacobi_bounds_max(x, y) == dl_jacobi_bounds_max(y, x);
    const int ident = dl_jacobi_bounds_max(x, 0u) == x && dl_jacobi_bounds_max(0u, x) == x;
    return assoc && comm && ident;
}
