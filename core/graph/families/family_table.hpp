#pragma once
// Every graph family described once, in one table: its name, the shape of its parameters, the
// usage and example that error messages show, its size before it is built (for the memory check)
// and its builder. The spec parser, the size check and build_graph all read this table, so a new
// family is one row here plus its builder.
#include <span>
#include <string_view>

#include "graph/families/families.hpp"

namespace dimerlab::families {

enum class FamilyShape { two_sizes, three_sizes, one_size, none, random_count, random_probability, file };

struct FamilyDescriptor {
    std::string_view name;
    FamilyShape shape;
    std::string_view usage;    // e.g. "grid:WxH"
    std::string_view example;  // e.g. "grid:64x64"
    // Both null for "file", whose size is the file's and whose graph comes from its reader.
    FamilySize (*size)(const GraphSpec& spec);
    Graph (*build)(const GraphSpec& spec, const BuildOptions& options);
};

std::span<const FamilyDescriptor> family_table();
const FamilyDescriptor* find_family(std::string_view name);  // nullptr when unknown

}  // namespace dimerlab::families
