#include "graph/readers/graph_file.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "graph/readers/dimacs_reader.hpp"
#include "graph/readers/edge_list_reader.hpp"
#include "graph/readers/matrix_market_reader.hpp"
#include "util/errors.hpp"

namespace dimerlab {

std::optional<GraphFileFormat> graph_file_format(std::string_view path) {
    const std::size_t dot = path.find_last_of('.');
    const std::size_t slash = path.find_last_of('/');
    if (dot == std::string_view::npos || (slash != std::string_view::npos && dot < slash))
        return std::nullopt;
    std::string ext(path.substr(dot + 1));
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    if (ext == "txt" || ext == "edges") return GraphFileFormat::edge_list;
    if (ext == "mtx") return GraphFileFormat::matrix_market;
    if (ext == "col" || ext == "dimacs") return GraphFileFormat::dimacs;
    return std::nullopt;
}

Graph read_graph_file(const std::string& path, std::uint64_t max_bytes, EdgeListIds ids) {
    const auto format = graph_file_format(path);
    if (!format) {
        throw InputError("graph file '" + path +
                         "': unknown extension; expected .txt, .edges, .mtx, .col or .dimacs");
    }
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) throw InputError("graph file '" + path + "' is a directory");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError("cannot open graph file '" + path + "': " + std::strerror(errno));
    switch (*format) {
        case GraphFileFormat::edge_list:
            return read_edge_list(in, path, max_bytes, ids);
        case GraphFileFormat::matrix_market:
            return read_matrix_market(in, path, max_bytes);
        case GraphFileFormat::dimacs:
            return read_dimacs(in, path, max_bytes);
    }
    throw InputError("graph file '" + path + "': unsupported format");
}

}  // namespace dimerlab
