#pragma once
// The names of the start states, apart from building them, so that session files can be read
// (and fuzzed) without the samplers.
#include <string_view>

namespace dimerlab {

// Where a chain starts. A given state (sessions) is not a kind: it is a MateArray passed to the
// Sampler constructor, which validates it.
enum class StartKind { empty, greedy, maximum, exact };

// "empty" | "greedy" | "maximum" | "exact"; InputError otherwise.
StartKind parse_start_kind(std::string_view text);
std::string_view start_kind_name(StartKind kind);

}  // namespace dimerlab
