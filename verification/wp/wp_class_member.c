/* Frama-C entry of claim CH-WP: WP proves the contract of the production chromatic class body,
 * the file the kernel and the CPU sampler compile (frama-c runs with -I core). */
#include "bodies/class_member_body.h"
