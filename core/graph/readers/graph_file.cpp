#include "graph/readers/graph_file.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "graph/readers/dimacs_reader.hpp"
#include "graph/readers/edge_list_reader.hpp"
#include "graph/readers/graph6_reader.hpp"
#include "graph/readers/graphml_reader.hpp"
#include "graph/readers/matrix_market_reader.hpp"
#include "util/errors.hpp"

namespace dimerlab {

namespace {

struct KnownExtension {
    std::string_view extension;
    GraphFileFormat format;
};

// The one list of graph file extensions: the spec parser, the readers' messages and the app's
// file dialog all read it.
constexpr KnownExtension kExtensions[] = {
    {"txt", GraphFileFormat::edge_list},     {"edges", GraphFileFormat::edge_list},
    {"mtx", GraphFileFormat::matrix_market}, {"col", GraphFileFormat::dimacs},
    {"dimacs", GraphFileFormat::dimacs},     {"g6", GraphFileFormat::graph6},
    {"s6", GraphFileFormat::graph6},         {"graphml", GraphFileFormat::graphml},
};

std::string_view format_words(GraphFileFormat format) {
    switch (format) {
        case GraphFileFormat::edge_list:
            return "edge list";
        case GraphFileFormat::matrix_market:
            return "Matrix Market";
        case GraphFileFormat::dimacs:
            return "DIMACS";
        case GraphFileFormat::graph6:
            return "graph6 or sparse6";
        case GraphFileFormat::graphml:
            return "GraphML";
    }
    return "";
}

}  // namespace

std::optional<GraphFileFormat> graph_file_format(std::string_view path) {
    const std::size_t dot = path.find_last_of('.');
    const std::size_t slash = path.find_last_of('/');
    if (dot == std::string_view::npos || (slash != std::string_view::npos && dot < slash))
        return std::nullopt;
    std::string ext(path.substr(dot + 1));
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    for (const KnownExtension& known : kExtensions) {
        if (ext == known.extension) return known.format;
    }
    return std::nullopt;
}

std::string graph_file_extensions_text() {
    // ".txt, .edges (edge list), .mtx (Matrix Market), ...": extensions of one format together.
    std::string text;
    for (std::size_t i = 0; i < std::size(kExtensions); ++i) {
        const bool last_of_format =
            i + 1 == std::size(kExtensions) || kExtensions[i + 1].format != kExtensions[i].format;
        if (!text.empty()) text += text.ends_with(")") ? ", " : (last_of_format ? " or " : ", ");
        text += ".";
        text += kExtensions[i].extension;
        if (last_of_format) {
            text += " (";
            text += format_words(kExtensions[i].format);
            text += ")";
        }
    }
    return text;
}

bool graph_file_has_weights(GraphFileFormat format) {
    return format == GraphFileFormat::edge_list || format == GraphFileFormat::matrix_market ||
           format == GraphFileFormat::graphml;
}

Graph read_graph_file(const std::string& path, std::uint64_t max_bytes, EdgeListIds ids, bool weighted) {
    const auto format = graph_file_format(path);
    if (!format) {
        throw InputError("graph file '" + path + "': unknown extension; expected " +
                         graph_file_extensions_text());
    }
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) throw InputError("graph file '" + path + "' is a directory");
    if (weighted && !graph_file_has_weights(*format)) {
        throw InputError("graph file '" + path + "': " + std::string(format_words(*format)) +
                         " files carry no edge weights; ,weighted applies to edge lists, Matrix Market and "
                         "GraphML");
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError("cannot open graph file '" + path + "': " + std::strerror(errno));
    switch (*format) {
        case GraphFileFormat::edge_list:
            return read_edge_list(in, path, max_bytes, ids, weighted);
        case GraphFileFormat::matrix_market:
            return read_matrix_market(in, path, max_bytes, weighted);
        case GraphFileFormat::dimacs:
            return read_dimacs(in, path, max_bytes);
        case GraphFileFormat::graph6:
            return read_graph6(in, path, max_bytes);
        case GraphFileFormat::graphml:
            return read_graphml(in, path, max_bytes, weighted);
    }
    throw InputError("graph file '" + path + "': unsupported format");
}

}  // namespace dimerlab
