/* Frama-C entry of claim FR-WP: WP proves the contracts of the production face-rotation body, the
 * file the face-class kernel and every CPU rotation path compile (frama-c runs with -I core). */
#include "bodies/face_rotation_body.h"
