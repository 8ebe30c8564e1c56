#include "graph/readers/graphml_reader.hpp"

#include <libxml/xmlreader.h>

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <memory>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "graph/graph_limits.hpp"
#include "graph/readers/reader_support.hpp"
#include "util/errors.hpp"

namespace dimerlab {

namespace {

constexpr std::string_view kGraphmlNamespace = "http://graphml.graphdrawing.org/xmlns";

struct ReaderDeleter {
    void operator()(xmlTextReader* r) const { xmlFreeTextReader(r); }
};

// libxml2's first error, kept with its line so the message can say where.
struct FirstError {
    std::optional<std::string> message;
    int line = 0;
};

void keep_first_error(void* context, xmlErrorPtr error) {
    auto* first = static_cast<FirstError*>(context);
    if (error == nullptr || error->level < XML_ERR_ERROR || first->message) return;
    std::string text = error->message != nullptr ? error->message : "malformed XML";
    while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
    first->message = text;
    first->line = error->line;
}

struct FileEdge {
    std::string source;
    std::string target;
    int line;
    std::optional<std::string> weight;  // the text of its weight <data>
    int weight_line = 0;
};

class GraphmlReader {
  public:
    GraphmlReader(xmlTextReader* reader, const std::string& name) : reader_(reader), name_(name) {}

    [[noreturn]] void fail(const std::string& what) const { fail_at(line(), what); }
    [[noreturn]] void fail_at(int at, const std::string& what) const {
        throw InputError(name_ + ":" + std::to_string(at) + ": " + what);
    }
    // The line of the element being read: the parser itself has read ahead of it.
    int line() const {
        xmlNode* node = xmlTextReaderCurrentNode(reader_);
        const long at = node != nullptr ? xmlGetLineNo(node) : -1;
        return at > 0 ? static_cast<int>(at) : xmlTextReaderGetParserLineNumber(reader_);
    }

    // A GraphML element's local name, or "" for an element of another namespace (yFiles data...).
    std::string_view graphml_name() const {
        const xmlChar* uri = xmlTextReaderConstNamespaceUri(reader_);
        if (uri != nullptr && std::string_view(reinterpret_cast<const char*>(uri)) != kGraphmlNamespace)
            return {};
        return reinterpret_cast<const char*>(xmlTextReaderConstLocalName(reader_));
    }
    std::string shown_name() const {
        const xmlChar* q = xmlTextReaderConstName(reader_);
        return "<" + std::string(q != nullptr ? reinterpret_cast<const char*>(q) : "?") + ">";
    }
    std::optional<std::string> attribute(const char* attr) const {
        xmlChar* value = xmlTextReaderGetAttribute(reader_, reinterpret_cast<const xmlChar*>(attr));
        if (value == nullptr) return std::nullopt;
        std::string text(reinterpret_cast<const char*>(value));
        xmlFree(value);
        return text;
    }
    // The text content of the current element (its <data> value, a key's <default>).
    std::string text() const {
        xmlChar* value = xmlTextReaderReadString(reader_);
        if (value == nullptr) return {};
        std::string out(reinterpret_cast<const char*>(value));
        xmlFree(value);
        const std::size_t b = out.find_first_not_of(" \t\r\n");
        const std::size_t e = out.find_last_not_of(" \t\r\n");
        return b == std::string::npos ? std::string() : out.substr(b, e - b + 1);
    }
    std::string required(const char* attr, std::string_view element) const {
        std::optional<std::string> value = attribute(attr);
        if (!value) fail("<" + std::string(element) + "> without the '" + attr + "' attribute");
        return *value;
    }

  private:
    xmlTextReader* reader_;
    const std::string& name_;
};

}  // namespace

Graph read_graphml(std::istream& in, const std::string& name, std::uint64_t max_bytes, bool weighted) {
    const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    if (in.bad()) throw InputError(name + ": read error");
    if (text.find_first_not_of(" \t\r\n") == std::string::npos) throw InputError(name + ": empty file");
    // No network, no DTD loading, no entity substitution: a graph file never reaches outside itself.
    const int options = XML_PARSE_NONET | XML_PARSE_NOWARNING;
    std::unique_ptr<xmlTextReader, ReaderDeleter> owner(
        xmlReaderForMemory(text.data(), static_cast<int>(std::min<std::size_t>(text.size(), 0x7fffffff)),
                           name.c_str(), nullptr, options));
    if (!owner || text.size() > 0x7fffffff)
        throw InputError(name + ": cannot parse the file as XML (too large)");
    xmlTextReader* reader = owner.get();
    FirstError error;
    xmlTextReaderSetStructuredErrorHandler(reader, keep_first_error, &error);
    const GraphmlReader r(reader, name);

    std::unordered_map<std::string, VertexId> ids;
    std::vector<int> node_lines;
    std::vector<std::string> node_names;
    std::vector<FileEdge> file_edges;
    bool seen_root = false, directed = false;
    int graph_depth = -1;  // depth of the graph being read; -1 before it, -2 after it
    int graph_line = 0;
    std::uint64_t other_graphs = 0;
    // The edge weight key, as NetworkX and igraph write it: <key for="edge" attr.name="weight">.
    std::optional<std::string> weight_key;
    std::optional<std::string> weight_default;
    int weight_key_line = 0, weight_default_line = 0;
    bool in_weight_key = false, weight_key_exact = false;
    constexpr std::size_t kNoEdge = SIZE_MAX;
    std::size_t open_edge = kNoEdge;  // the <edge> whose <data> children are being read
    int status = 0;
    while ((status = xmlTextReaderRead(reader)) == 1) {
        if (xmlTextReaderNodeType(reader) != XML_READER_TYPE_ELEMENT) {
            if (xmlTextReaderNodeType(reader) == XML_READER_TYPE_END_ELEMENT && graph_depth >= 0 &&
                xmlTextReaderDepth(reader) == graph_depth) {
                graph_depth = -2;
            }
            continue;
        }
        const int depth = xmlTextReaderDepth(reader);
        const std::string_view element = r.graphml_name();
        if (!seen_root) {
            if (element != "graphml") {
                r.fail("expected a <graphml> root element (namespace " + std::string(kGraphmlNamespace) +
                       "), found " + r.shown_name());
            }
            seen_root = true;
            continue;
        }
        if (depth == 1) in_weight_key = false;
        if (element == "key" && depth == 1) {
            const std::string domain = r.attribute("for").value_or("all");
            const std::string attr_name = r.attribute("attr.name").value_or("");
            // dimerlab writes each weight twice: "weight" as a double for other tools, and
            // "weight_exact" as the exact rational, which is the one read back when present.
            const bool exact = attr_name == "weight_exact";
            if ((attr_name == "weight" || exact) && (domain == "edge" || domain == "all") &&
                (!weight_key || (exact && !weight_key_exact))) {
                weight_key = r.required("id", "key");
                weight_key_exact = exact;
                weight_key_line = r.line();
                weight_default.reset();
                in_weight_key = !xmlTextReaderIsEmptyElement(reader);
            }
            continue;
        }
        if (element == "default" && depth == 2 && in_weight_key) {
            weight_default = r.text();
            weight_default_line = r.line();
            continue;
        }
        if (element == "graph") {
            if (graph_depth >= 0) r.fail("nested <graph> (a graph inside a node or an edge) is not read");
            if (graph_depth == -2 || depth != 1) {  // a later graph, or one not under <graphml>
                if (depth == 1) ++other_graphs;
                continue;
            }
            const std::string edgedefault = r.attribute("edgedefault").value_or("directed");
            if (edgedefault != "directed" && edgedefault != "undirected") {
                r.fail("<graph edgedefault='" + edgedefault + "'>: expected 'directed' or 'undirected'");
            }
            directed = edgedefault == "directed";
            graph_depth = depth;
            graph_line = r.line();
            if (xmlTextReaderIsEmptyElement(reader)) graph_depth = -2;
            continue;
        }
        if (graph_depth < 0) continue;
        if (element == "hyperedge") r.fail("<hyperedge> is not read: graphs here have edges of two ends");
        if (element == "data" && depth == graph_depth + 2 && open_edge != kNoEdge && weight_key &&
            r.attribute("key") == weight_key) {
            file_edges[open_edge].weight = r.text();
            file_edges[open_edge].weight_line = r.line();
            continue;
        }
        if (depth != graph_depth + 1) continue;
        open_edge = kNoEdge;
        if (element == "node") {
            std::string id = r.required("id", "node");
            const auto [at, inserted] = ids.try_emplace(id, static_cast<VertexId>(node_names.size()));
            if (!inserted) {
                r.fail("node '" + id + "' declared again; first on line " +
                       std::to_string(node_lines[at->second]));
            }
            if (node_names.size() >= kMaxVertices)
                check_graph_size(name, static_cast<long double>(kMaxVertices) + 1, 0, max_bytes);
            node_lines.push_back(r.line());
            node_names.push_back(std::move(id));
        } else if (element == "edge") {
            std::string source = r.required("source", "edge");
            std::string target = r.required("target", "edge");
            file_edges.push_back({std::move(source), std::move(target), r.line(), std::nullopt, 0});
            if (!xmlTextReaderIsEmptyElement(reader)) open_edge = file_edges.size() - 1;
        }
    }
    if (status < 0 || error.message) {
        const int at = error.line > 0 ? error.line : r.line();
        r.fail_at(at, "not well-formed XML: " + error.message.value_or("the parser stopped"));
    }
    if (!seen_root) throw InputError(name + ": no XML element in the file");
    if (graph_depth == -1 && graph_line == 0)
        throw InputError(name + ": no <graph> element inside <graphml>");
    if (node_names.empty()) r.fail_at(graph_line, "the <graph> has no <node>; expected at least one");
    check_graph_size(name, static_cast<long double>(node_names.size()),
                     static_cast<long double>(file_edges.size()), max_bytes);

    if (weighted && !weight_key) {
        throw InputError(name +
                         ": read with ,weighted but has no edge weight key; expected <key for=\"edge\" "
                         "attr.name=\"weight\" ...>");
    }
    struct Resolved {
        VertexId u, v;  // as written (source, target)
        int line;
    };
    // Each edge's weight, read where it was written, so that an error names that line.
    std::vector<ExactWeight> weights;
    if (weighted) {
        std::optional<ExactWeight> fallback;
        std::string why;
        if (weight_default) {
            fallback = parse_exact_weight(*weight_default, &why);
            if (!fallback) {
                r.fail_at(weight_default_line,
                          "default weight " + readers::quoted(*weight_default) + ": " + why);
            }
        }
        weights.reserve(file_edges.size());
        for (const FileEdge& e : file_edges) {
            if (!e.weight) {
                if (!fallback) {
                    r.fail_at(e.line, "<edge> without a weight <data key=\"" + *weight_key +
                                          "\"> and the key (line " + std::to_string(weight_key_line) +
                                          ") has no <default>");
                }
                weights.push_back(*fallback);
                continue;
            }
            std::optional<ExactWeight> w = parse_exact_weight(*e.weight, &why);
            if (!w) r.fail_at(e.weight_line, "weight " + readers::quoted(*e.weight) + ": " + why);
            weights.push_back(std::move(*w));
        }
    }
    std::vector<Resolved> resolved;
    resolved.reserve(file_edges.size());
    for (const FileEdge& e : file_edges) {
        const auto s = ids.find(e.source);
        const auto t = ids.find(e.target);
        for (const auto& [end, found] : {std::pair{&e.source, s}, std::pair{&e.target, t}}) {
            if (found == ids.end())
                r.fail_at(e.line, "<edge> names node '" + *end + "', which the graph does not declare");
        }
        if (s->second == t->second)
            r.fail_at(e.line, "self-loop at node '" + e.source + "' (graphs must be simple)");
        resolved.push_back({s->second, t->second, e.line});
    }
    // Repeats: the same pair of nodes twice. In a directed graph u->v beside v->u is one undirected
    // edge (merged, with a notice); anything else repeated is refused, naming both lines.
    std::vector<std::size_t> order(resolved.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    auto key = [&](std::size_t i) {
        const Resolved& e = resolved[i];
        return std::pair{std::min(e.u, e.v), std::max(e.u, e.v)};
    };
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return key(a) < key(b); });
    std::vector<char> first_of_pair(resolved.size(), 0);
    std::uint64_t merged = 0;
    int first_merged_line = 0;
    std::optional<std::pair<std::size_t, std::size_t>> first_repeat;
    for (std::size_t i = 0; i < order.size();) {
        std::size_t j = i + 1;
        while (j < order.size() && key(order[j]) == key(order[i])) ++j;
        // The sort is stable, so order[i] is the pair's first line in the file.
        first_of_pair[order[i]] = 1;
        const Resolved& a = resolved[order[i]];
        const Resolved& b = resolved[order[i + 1 < j ? i + 1 : i]];
        if (j - i == 2 && directed && b.u == a.v) {
            if (weighted && weights[order[i]] != weights[order[i + 1]]) {
                r.fail_at(b.line, "weight " + weights[order[i + 1]].exact + " of the edge '" +
                                      node_names[b.u] + "' -> '" + node_names[b.v] +
                                      "' differs from the weight " + weights[order[i]].exact +
                                      " of its reverse on line " + std::to_string(a.line));
            }
            ++merged;
            if (first_merged_line == 0 || b.line < first_merged_line) first_merged_line = b.line;
        } else if (j - i >= 2) {
            if (!first_repeat || b.line < resolved[first_repeat->second].line)
                first_repeat = {order[i], order[i + 1]};
        }
        i = j;
    }
    if (first_repeat) {
        const Resolved& a = resolved[first_repeat->first];
        const Resolved& b = resolved[first_repeat->second];
        r.fail_at(b.line, "repeated edge '" + node_names[b.u] + "' '" + node_names[b.v] +
                              "', first given on line " + std::to_string(a.line) +
                              " (graphs must be simple)");
    }
    // Edge ids follow the file: each pair where it first appears.
    std::vector<Edge> edges;
    std::vector<ExactWeight> kept_weights;
    edges.reserve(resolved.size() - merged);
    for (std::size_t i = 0; i < resolved.size(); ++i) {
        if (!first_of_pair[i]) continue;
        edges.push_back({resolved[i].u, resolved[i].v});
        if (weighted) kept_weights.push_back(std::move(weights[i]));
    }
    Graph g(static_cast<std::uint32_t>(node_names.size()), std::move(edges));
    if (weighted) g.set_weights(EdgeWeights(kept_weights));
    std::vector<std::string> notices;
    if (!weighted && weight_key) {
        notices.push_back(name + ": the edge weights (key '" + *weight_key + "', line " +
                          std::to_string(weight_key_line) + ") were ignored; use the spec file:" + name +
                          ",weighted to read them");
    }
    if (merged > 0) {
        notices.push_back(name + ": the graph is directed; read as undirected, " +
                          readers::count_of(merged, "pair", "pairs") +
                          " u->v and v->u merged into one edge (the first, line " +
                          std::to_string(first_merged_line) + ")");
    } else if (directed && !resolved.empty()) {
        notices.push_back(name + ": the graph is directed; its edges are read as undirected");
    }
    if (other_graphs > 0) {
        notices.push_back(name + ": holds " + std::to_string(other_graphs + 1) +
                          " graphs; read the first (line " + std::to_string(graph_line) + ")");
    }
    g.set_notices(std::move(notices));
    return g;
}

}  // namespace dimerlab
