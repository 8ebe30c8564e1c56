#include "util/fnv_hash.hpp"

#include <cstdio>

namespace dimerlab {

std::string hex16(std::uint64_t value) {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(value));
    return buf;
}

}  // namespace dimerlab
