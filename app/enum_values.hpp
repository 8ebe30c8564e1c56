#pragma once
// Every value of a core enum that has a name function and its inverse (Dynamics, StartKind), so
// a control lists a value the core gains without an edit in the app. The enums are contiguous from
// 0 and their name functions answer "unknown" past the last value; the parser reading each name
// back to the same value confirms it.
#include <exception>
#include <string_view>
#include <vector>

namespace dimerlab::app {

template <class Enum, class NameOf, class Parse>
std::vector<Enum> enum_values(NameOf name_of, Parse parse) {
    std::vector<Enum> all;
    for (int i = 0;; ++i) {
        const auto value = static_cast<Enum>(i);
        const std::string_view name = name_of(value);
        if (name == "unknown") break;
        try {
            if (parse(name) != value) break;
        } catch (const std::exception&) {
            break;
        }
        all.push_back(value);
    }
    return all;
}

}  // namespace dimerlab::app
