#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "graph/graph.hpp"
#include "graph/readers/edge_list_reader.hpp"

namespace dimerlab {

enum class GraphFileFormat { edge_list, matrix_market, dimacs, graph6, graphml };

// Format from the file name's extension (case-insensitive): .txt/.edges, .mtx, .col/.dimacs,
// .g6/.s6 (graph6 and sparse6, told apart by the line itself), .graphml.
std::optional<GraphFileFormat> graph_file_format(std::string_view path);

// The extensions graph_file_format knows, with their formats, for messages:
// ".txt, .edges (edge list), .mtx (Matrix Market), ...".
std::string graph_file_extensions_text();

// Whether a format can carry edge weights (the spec option ,weighted).
bool graph_file_has_weights(GraphFileFormat format);

// Reads a graph file in the format its extension names, without layout; `ids` applies to edge
// lists only, `weighted` to the formats graph_file_has_weights names. Throws InputError for a missing or
// unreadable file and for every error the readers report; what a reader accepted but changed is in the
// graph's notices().
Graph read_graph_file(const std::string& path, std::uint64_t max_bytes = 0, EdgeListIds ids = {},
                      bool weighted = false);

}  // namespace dimerlab
