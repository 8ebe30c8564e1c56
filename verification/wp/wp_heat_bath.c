/* Frama-C entry of claim HB-WP: WP proves the contract of the production heat-bath body, the
 * file the kernels and the CPU backends compile (frama-c runs with -I core). */
#include "bodies/heat_bath_body.h"
