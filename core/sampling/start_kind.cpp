#include "sampling/start_kind.hpp"

#include <string>

#include "util/errors.hpp"

namespace dimerlab {

StartKind parse_start_kind(std::string_view text) {
    if (text == "empty") return StartKind::empty;
    if (text == "greedy") return StartKind::greedy;
    if (text == "maximum") return StartKind::maximum;
    if (text == "exact") return StartKind::exact;
    throw InputError("unknown start state '" + std::string(text) +
                     "': expected empty, greedy, maximum or exact");
}

std::string_view start_kind_name(StartKind kind) {
    switch (kind) {
        case StartKind::empty:
            return "empty";
        case StartKind::greedy:
            return "greedy";
        case StartKind::maximum:
            return "maximum";
        case StartKind::exact:
            return "exact";
    }
    return "unknown";
}

}  // namespace dimerlab
