#pragma once
// The λ values of a sweep, from a list ("0.5,1,2") or a range: "START:STOP:xFACTOR" geometric
// (0.25:16:x2 is 0.25, 0.5, ..., 16) or "START:STOP:STEP" linear (0.5:4:0.5). Bounds and steps
// are exact rationals, so the grid is START·FACTOR^i or START + i·STEP computed exactly and
// rounded once: the same values on every machine and every rank.
#include <string>
#include <vector>

namespace dimerlab::cli {

// Throws InputError naming the text when it is neither form, a value is not positive, or the
// range is empty or has more than 100000 values.
std::vector<double> parse_lambda_grid(const std::string& text);

}  // namespace dimerlab::cli
