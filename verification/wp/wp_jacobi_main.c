/* Frama-C entry: WP proves the contracts of the Jacobi step twins (claim GJ-WP). */
#include "jacobi_steps_twin.h"
