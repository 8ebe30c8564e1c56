#pragma once
// Internal to the graph readers: line handling, number parsing, and the checks every format
// shares (self-loops, repeats with both line numbers, size limits).
#include <cstdint>
#include <istream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "graph/exact_weight.hpp"
#include "graph/graph.hpp"

namespace dimerlab::readers {

// Lines of a text stream numbered from 1. A line ends at LF, CRLF or a lone CR, so that files
// written on Windows and on old Macs read the same; a UTF-8 byte-order mark before the first line
// is dropped, since editors on Windows add one unasked. Every error it raises starts with
// "name:line:".
class LineSource {
  public:
    LineSource(std::istream& in, std::string name) : in_(in), name_(std::move(name)) {}
    bool next();
    std::string_view line() const { return line_; }
    std::uint64_t number() const { return number_; }
    const std::string& name() const { return name_; }
    [[noreturn]] void fail(const std::string& what) const;                         // at the current line
    [[noreturn]] void fail_at(std::uint64_t line, const std::string& what) const;  // at another line
    [[noreturn]] void fail_file(const std::string& what) const;                    // no line

  private:
    std::istream& in_;
    std::string name_;
    std::string line_;
    std::uint64_t number_ = 0;
};

std::vector<std::string_view> split_fields(std::string_view line);
bool is_blank(std::string_view line);
// Digits only (no sign), no overflow.
std::optional<std::uint64_t> parse_whole(std::string_view text);
// Any number std::from_chars reads in full (weights, matrix values).
bool is_number(std::string_view text);
// The text in single quotes, every byte outside printable ASCII written as \xHH (and '\' as
// '\\') and long text cut, so that a message stays one line and shows bytes an editor hides.
std::string quoted(std::string_view text);

// The weight in `field` of the current line, or an error naming the line, the text and the reason.
ExactWeight read_weight(const LineSource& source, std::string_view field);

// "1 edge", "2 edges".
std::string count_of(std::uint64_t count, const std::string& singular, const std::string& plural);

struct LinedEdge {
    VertexId u;
    VertexId v;
    std::uint64_t line;
};

// How a reader treats a second (i,j) or a (j,i) after (i,j):
//  repeat: both are repeats, refused (edge lists, symmetric Matrix Market);
//  merge: (j,i) is the other half of one undirected edge, a second (i,j) is refused (general
//         Matrix Market, an adjacency matrix that need not be symmetric);
//  merge_drop_repeats: as merge, but a second (i,j) is dropped and counted (DIMACS, where files
//         list edges once, in both directions, and sometimes twice).
enum class Mirrors { repeat, merge, merge_drop_repeats };

// What build() merged or dropped, for the readers' notices.
struct CollectStats {
    std::uint64_t dropped_repeats = 0;  // merge_drop_repeats only
    std::uint64_t first_repeat_line = 0;
    std::uint64_t first_repeat_original = 0;  // the line it repeats
    std::uint64_t unmirrored = 0;             // merge modes: edges given in one direction only
    std::uint64_t first_unmirrored_line = 0;
};

class EdgeCollector {
  public:
    explicit EdgeCollector(const LineSource& source, std::uint64_t id_base)
        : source_(source), base_(id_base) {}
    // Ids as the file wrote them, for messages, when the reader renumbered them.
    void set_file_ids(const std::vector<std::uint64_t>* ids) { file_ids_ = ids; }
    // Refuses a self-loop at the current line. Either every edge comes with a weight or none does.
    void add(VertexId u, VertexId v);
    void add(VertexId u, VertexId v, ExactWeight weight);
    std::size_t size() const { return edges_.size(); }
    const std::vector<LinedEdge>& edges() const { return edges_; }
    // Refuses repeated edges (naming both lines), the two halves of a merged edge with different
    // weights, and graphs too large, then builds the graph with its weights.
    // extra_bytes: what the reader keeps alive beside the graph (its file ids), for the size check.
    Graph build(std::uint64_t n, Mirrors mirrors, std::uint64_t max_bytes, std::uint64_t extra_bytes = 0);
    const CollectStats& stats() const { return stats_; }

  private:
    std::string label(VertexId v) const;

    const LineSource& source_;
    std::uint64_t base_;
    const std::vector<std::uint64_t>* file_ids_ = nullptr;
    std::vector<LinedEdge> edges_;
    std::vector<ExactWeight> weights_;  // empty, or one per entry of edges_
    CollectStats stats_;
};

}  // namespace dimerlab::readers
