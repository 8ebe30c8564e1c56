#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "graph/graph.hpp"

namespace dimerlab {

enum class GraphFileFormat { edge_list, matrix_market, dimacs };

// Format from the file name's extension (case-insensitive): .txt/.edges, .mtx, .col/.dimacs.
std::optional<GraphFileFormat> graph_file_format(std::string_view path);

// Reads a graph file in the format its extension names, without layout. Throws InputError for
// a missing or unreadable file and for every error the readers report.
Graph read_graph_file(const std::string& path, std::uint64_t max_bytes = 0);

}  // namespace dimerlab
