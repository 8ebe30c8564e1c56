#include "graph/readers/graph6_reader.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "graph/graph_limits.hpp"
#include "graph/readers/reader_support.hpp"

namespace dimerlab {

namespace {

constexpr int kBias = 63;  // every byte holds six bits plus 63, so that it is printable
constexpr std::string_view kGraph6Header = ">>graph6<<";
constexpr std::string_view kSparse6Header = ">>sparse6<<";

// Reads the six-bit bytes of one line, naming the column of a byte outside 63..126.
class SixBits {
  public:
    SixBits(const readers::LineSource& source, std::string_view text, std::size_t column_base)
        : source_(source), text_(text), base_(column_base) {}

    std::size_t size() const { return text_.size(); }
    std::size_t position() const { return pos_; }
    bool at_end() const { return pos_ == text_.size(); }

    int next() {
        if (at_end()) source_.fail("the line ends early, at column " + std::to_string(base_ + pos_));
        return value_at(pos_++);
    }

    int value_at(std::size_t i) const {
        const auto c = static_cast<unsigned char>(text_[i]);
        if (c < kBias || c > kBias + 63) {
            source_.fail("byte " + readers::quoted(text_.substr(i, 1)) + " at column " +
                         std::to_string(base_ + i) +
                         " is not a graph6 character (expected '?' to '~', codes 63 to 126)");
        }
        return c - kBias;
    }

  private:
    const readers::LineSource& source_;
    std::string_view text_;
    std::size_t base_;
    std::size_t pos_ = 0;
};

// N(n): one byte for n <= 62, '~' and three bytes for n <= 258047, "~~" and six bytes above.
std::uint64_t read_vertex_count(SixBits& bytes, const readers::LineSource& source) {
    const int first = bytes.next();
    if (first < 63) return static_cast<std::uint64_t>(first);
    int digits = 3;
    if (!bytes.at_end() && bytes.value_at(bytes.position()) == 63) {
        bytes.next();
        digits = 6;
    }
    std::uint64_t n = 0;
    for (int i = 0; i < digits; ++i) n = (n << 6) | static_cast<std::uint64_t>(bytes.next());
    if (digits == 3 && n < 63)
        source.fail("vertex count " + std::to_string(n) + " written in four bytes; one suffices");
    if (digits == 6 && n < 258048) {
        source.fail("vertex count " + std::to_string(n) + " written in eight bytes; four suffice");
    }
    return n;
}

Graph read_graph6_line(const readers::LineSource& source, std::string_view text, std::size_t column_base,
                       std::uint64_t max_bytes) {
    using namespace readers;
    SixBits bytes(source, text, column_base);
    const std::uint64_t n = read_vertex_count(bytes, source);
    if (n == 0) source.fail("the graph has no vertices; expected n >= 1");
    check_graph_size(source.name(), static_cast<long double>(n), 0, max_bytes);
    const std::uint64_t bits = n * (n - 1) / 2;
    const std::uint64_t expected = (bits + 5) / 6;
    const std::uint64_t have = bytes.size() - bytes.position();
    if (have != expected) {
        source.fail("a graph6 graph on " + std::to_string(n) + " vertices takes " +
                    count_of(expected, "byte", "bytes") + " after its vertex count, the line has " +
                    std::to_string(have));
    }
    const std::size_t start = bytes.position();
    std::uint64_t m = 0;
    for (std::uint64_t i = 0; i < expected; ++i)
        m += std::popcount(static_cast<unsigned>(bytes.value_at(start + i)));
    // The padding of the last byte must be zero, or the line is not what it says.
    if (const unsigned pad = static_cast<unsigned>(expected * 6 - bits); pad > 0 && expected > 0) {
        const int last = bytes.value_at(start + expected - 1);
        if ((last & ((1 << pad) - 1)) != 0) {
            source.fail("the last byte's " + count_of(pad, "padding bit", "padding bits") +
                        " should be 0 (column " + std::to_string(column_base + start + expected - 1) + ")");
        }
    }
    check_graph_size(source.name(), static_cast<long double>(n), static_cast<long double>(m), max_bytes);
    std::vector<Edge> edges;
    edges.reserve(m);
    // Bit k of the stream is the pair (i, j), i < j, in the order (0,1), (0,2), (1,2), (0,3), ...,
    // that is k = j(j-1)/2 + i. Only the set bits are visited, so a sparse graph on many vertices
    // costs its line, not n²/2 steps.
    std::uint64_t j = 1;  // the column of bit k: j(j-1)/2 <= k < j(j+1)/2, found by walking forward
    for (std::uint64_t byte_index = 0; byte_index < expected; ++byte_index) {
        const int byte = bytes.value_at(start + byte_index);
        for (int b = 5; b >= 0; --b) {
            if (((byte >> b) & 1) == 0) continue;
            const std::uint64_t k = byte_index * 6 + static_cast<std::uint64_t>(5 - b);
            while (j * (j + 1) / 2 <= k) ++j;
            edges.push_back({static_cast<VertexId>(k - j * (j - 1) / 2), static_cast<VertexId>(j)});
        }
    }
    return Graph(static_cast<std::uint32_t>(n), std::move(edges));
}

Graph read_sparse6_line(const readers::LineSource& source, std::string_view text, std::size_t column_base,
                        std::uint64_t max_bytes) {
    using namespace readers;
    SixBits bytes(source, text, column_base);
    const std::uint64_t n = read_vertex_count(bytes, source);
    if (n == 0) source.fail("the graph has no vertices; expected n >= 1");
    check_graph_size(source.name(), static_cast<long double>(n), 0, max_bytes);
    // k: the bits needed to write n - 1 (0 for a single vertex).
    const int k = n > 1 ? static_cast<int>(std::bit_width(n - 1)) : 0;
    std::vector<Edge> edges;
    std::uint64_t v = 0;
    int byte = 0, left = 0;  // the current byte and how many of its bits are still unread
    auto next_bit = [&]() -> std::optional<int> {
        if (left == 0) {
            if (bytes.at_end()) return std::nullopt;
            byte = bytes.next();
            left = 6;
        }
        --left;
        return (byte >> left) & 1;
    };
    // Each (b, x): b = 1 moves v on by one; then x > v moves v to x, and x <= v is the edge {x, v}.
    // An incomplete pair at the end is padding, as are pairs that take v past n - 1.
    while (true) {
        const std::optional<int> b = next_bit();
        if (!b) break;
        std::uint64_t x = 0;
        bool complete = true;
        for (int i = 0; i < k; ++i) {
            const std::optional<int> bit = next_bit();
            if (!bit) {
                complete = false;
                break;
            }
            x = (x << 1) | static_cast<std::uint64_t>(*bit);
        }
        if (!complete) break;
        if (*b) ++v;
        if (x > v) {
            v = x;
        } else if (v < n) {
            if (x == v) {
                source.fail("loop at vertex " + std::to_string(v) +
                            " (graphs must be simple; sparse6 loops are not read)");
            }
            edges.push_back({static_cast<VertexId>(x), static_cast<VertexId>(v)});
        }
    }
    check_graph_size(source.name(), static_cast<long double>(n), static_cast<long double>(edges.size()),
                     max_bytes);
    // sparse6 can write a multigraph; name the first repeated edge in file order.
    std::vector<std::uint64_t> keys(edges.size());
    for (std::size_t i = 0; i < edges.size(); ++i) keys[i] = (std::uint64_t(edges[i].v) << 32) | edges[i].u;
    std::vector<std::uint64_t> sorted = keys;
    std::sort(sorted.begin(), sorted.end());
    if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) {
        std::vector<std::uint64_t> seen;
        for (const std::uint64_t key : keys) {
            const auto at = std::lower_bound(seen.begin(), seen.end(), key);
            if (at != seen.end() && *at == key) {
                source.fail("repeated edge " + std::to_string(key & 0xffffffffu) + " " +
                            std::to_string(key >> 32) +
                            " (graphs must be simple; sparse6 multigraphs are not read)");
            }
            seen.insert(at, key);
        }
    }
    return Graph(static_cast<std::uint32_t>(n), std::move(edges));
}

}  // namespace

Graph read_graph6(std::istream& in, const std::string& name, std::uint64_t max_bytes) {
    using namespace readers;
    LineSource source(in, name);
    std::optional<Graph> graph;
    std::uint64_t first_line = 0, more = 0;
    while (source.next()) {
        std::string_view line = source.line();
        while (!line.empty() && (line.back() == ' ' || line.back() == '\t')) line.remove_suffix(1);
        if (line.empty()) continue;
        if (graph) {
            ++more;
            continue;
        }
        std::size_t column = 1;
        bool sparse = false;
        if (line.starts_with(kGraph6Header)) {
            line.remove_prefix(kGraph6Header.size());
            column += kGraph6Header.size();
        } else if (line.starts_with(kSparse6Header)) {
            line.remove_prefix(kSparse6Header.size());
            column += kSparse6Header.size();
            if (!line.starts_with(':')) source.fail("a '>>sparse6<<' header must be followed by ':'");
        }
        if (line.starts_with(';'))
            source.fail("incremental sparse6 (';') is not read; write the whole graph with ':'");
        if (line.starts_with('&'))
            source.fail("digraph6 ('&') is a directed format; graphs here are undirected");
        if (line.starts_with(':')) {
            sparse = true;
            line.remove_prefix(1);
            ++column;
        }
        if (line.empty()) source.fail("the line ends before the vertex count");
        graph = sparse ? read_sparse6_line(source, line, column, max_bytes)
                       : read_graph6_line(source, line, column, max_bytes);
        first_line = source.number();
    }
    if (!graph) source.fail_file("no graph in the file (empty, or blank lines only)");
    if (more > 0) {
        graph->set_notices({name + ": holds " + std::to_string(more + 1) + " graphs; read the first (line " +
                            std::to_string(first_line) + ")"});
    }
    return std::move(*graph);
}

std::string write_graph6(const Graph& g) {
    const std::uint64_t n = g.num_vertices();
    std::string out;
    auto put = [&](std::uint64_t six) { out.push_back(static_cast<char>(six + kBias)); };
    if (n < 63) {
        put(n);
    } else if (n < 258048) {
        out.push_back('~');
        for (int shift = 12; shift >= 0; shift -= 6) put((n >> shift) & 63);
    } else {
        out.append("~~");
        for (int shift = 30; shift >= 0; shift -= 6) put((n >> shift) & 63);
    }
    const std::uint64_t bits = n * (n - 1) / 2;
    std::vector<std::uint8_t> six((bits + 5) / 6, 0);
    for (const Edge& e : g.edges()) {
        // (i, j), i < j, is bit j(j-1)/2 + i.
        const std::uint64_t k = std::uint64_t(e.v) * (e.v - 1) / 2 + e.u;
        six[k / 6] |= static_cast<std::uint8_t>(1u << (5 - k % 6));
    }
    for (const std::uint8_t s : six) put(s);
    return out;
}

}  // namespace dimerlab
