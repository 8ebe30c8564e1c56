/* Frama-C entry: WP proves the contract of the twin (claim HB-WP). */
#include "heat_bath_rule_twin.h"
