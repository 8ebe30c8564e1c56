/* Frama-C entry of claim ES-WP: WP proves the contracts of the production edge-state bodies, the
 * file the interop kernels and the CPU path compile (frama-c runs with -I core). */
#include "bodies/edge_state_body.h"
