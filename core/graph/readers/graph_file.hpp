#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "graph/graph.hpp"
#include "graph/readers/edge_list_reader.hpp"

namespace dimerlab {

enum class GraphFileFormat { edge_list, matrix_market, dimacs };

// Format from the file name's extension (case-insensitive): .txt/.edges, .mtx, .col/.dimacs.
std::optional<GraphFileFormat> graph_file_format(std::string_view path);

// Reads a graph file in the format its extension names, without layout; `ids` applies to edge
// lists only. Throws InputError for a missing or unreadable file and for every error the readers
// report; what a reader accepted but changed is in the graph's notices().
Graph read_graph_file(const std::string& path, std::uint64_t max_bytes = 0, EdgeListIds ids = {});

}  // namespace dimerlab
