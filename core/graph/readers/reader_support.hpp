#pragma once
// Internal to the graph readers: line handling, number parsing, and the checks every format
// shares (self-loops, repeats with both line numbers, size limits).
#include <cstdint>
#include <istream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "graph/graph.hpp"

namespace dimerlab::readers {

// Lines of a text stream numbered from 1, with a trailing '\r' removed so that files written on
// Windows read the same. Every error it raises starts with "name:line:".
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
// The text in single quotes, control bytes replaced and long text cut, so that a message stays
// one readable line whatever the file holds.
std::string quoted(std::string_view text);

struct LinedEdge {
    VertexId u;
    VertexId v;
    std::uint64_t line;
};

// How a reader treats (j,i) after (i,j): a repeat like any other, or the other half of a
// general (unsymmetric) Matrix Market adjacency matrix.
enum class Mirrors { repeat, merge };

class EdgeCollector {
  public:
    explicit EdgeCollector(const LineSource& source, std::uint64_t id_base)
        : source_(source), base_(id_base) {}
    // Refuses a self-loop at the current line.
    void add(VertexId u, VertexId v);
    std::size_t size() const { return edges_.size(); }
    // Refuses repeated edges (naming both lines) and graphs too large, then builds the graph.
    Graph build(std::uint64_t n, Mirrors mirrors, std::uint64_t max_bytes);

  private:
    const LineSource& source_;
    std::uint64_t base_;
    std::vector<LinedEdge> edges_;
};

}  // namespace dimerlab::readers
