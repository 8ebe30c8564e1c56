/* Frama-C entry of claim EN-WP: WP proves the contracts of the production ensemble step body, the
 * file the ensemble kernel compiles (frama-c runs with -I core). */
#include "bodies/ensemble_step_body.h"
