#pragma once
// A duration for people: "45 s", "10.0 min", "2.0 h", "3.5 days"; "?" when not finite. Used by the
// app's panels and the CLI's progress lines alike.
#include <string>

namespace dimerlab {

std::string duration_text(double seconds);

}  // namespace dimerlab
