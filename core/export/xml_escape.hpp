#pragma once
#include <string>

namespace dimerlab {

// Text escaped for XML character data and attribute values (both quote kinds); control
// characters other than tab and newline, which XML 1.0 does not allow at all, are dropped.
std::string xml_escape(const std::string& text);

}  // namespace dimerlab
