#include "graph/readers/reader_support.hpp"

#include <algorithm>
#include <charconv>
#include <numeric>

#include "graph/graph_limits.hpp"
#include "util/errors.hpp"

namespace dimerlab::readers {

bool LineSource::next() {
    if (!std::getline(in_, line_)) {
        if (in_.bad()) fail_file("read error after line " + std::to_string(number_));
        return false;
    }
    ++number_;
    if (!line_.empty() && line_.back() == '\r') line_.pop_back();
    return true;
}

void LineSource::fail(const std::string& what) const {
    fail_at(number_, what);
}

void LineSource::fail_at(std::uint64_t line, const std::string& what) const {
    throw InputError(name_ + ":" + std::to_string(line) + ": " + what);
}

void LineSource::fail_file(const std::string& what) const {
    throw InputError(name_ + ": " + what);
}

namespace {

bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r';
}

}  // namespace

std::vector<std::string_view> split_fields(std::string_view line) {
    std::vector<std::string_view> fields;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && is_space(line[i])) ++i;
        const std::size_t start = i;
        while (i < line.size() && !is_space(line[i])) ++i;
        if (i > start) fields.push_back(line.substr(start, i - start));
    }
    return fields;
}

bool is_blank(std::string_view line) {
    return std::all_of(line.begin(), line.end(), [](char c) { return is_space(c); });
}

std::optional<std::uint64_t> parse_whole(std::string_view text) {
    if (text.empty() || text.front() < '0' || text.front() > '9') return std::nullopt;
    std::uint64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

bool is_number(std::string_view text) {
    double value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    // Out-of-range magnitudes are still numbers for a column we ignore.
    return !text.empty() && (ec == std::errc() || ec == std::errc::result_out_of_range) &&
           end == text.data() + text.size();
}

std::string quoted(std::string_view text) {
    constexpr std::size_t kMax = 60;
    std::string out = "'";
    for (std::size_t i = 0; i < text.size() && i < kMax; ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        out += (c < 0x20 || c == 0x7f) ? '?' : static_cast<char>(c);
    }
    if (text.size() > kMax) out += "...";
    return out + "'";
}

void EdgeCollector::add(VertexId u, VertexId v) {
    if (u == v) source_.fail("self-loop at vertex " + std::to_string(u + base_) + " (graphs must be simple)");
    edges_.push_back({u, v, source_.number()});
}

Graph EdgeCollector::build(std::uint64_t n, Mirrors mirrors, std::uint64_t max_bytes) {
    // Sorting indices by (edge, line) brings every repeat next to its first occurrence without a
    // hash table; the stable order of the kept edges is restored afterwards.
    std::vector<std::size_t> order(edges_.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    auto key = [&](std::size_t i) {
        const LinedEdge& e = edges_[i];
        return std::pair(std::min(e.u, e.v), std::max(e.u, e.v));
    };
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        const auto ka = key(a), kb = key(b);
        return ka != kb ? ka < kb : edges_[a].line < edges_[b].line;
    });
    std::vector<bool> drop(edges_.size(), false);
    // Report the repeat that comes earliest in the file, as a reader going line by line would.
    std::optional<std::pair<std::size_t, std::size_t>> first_repeat;  // (earlier, later) indices
    std::size_t group_start = 0;
    for (std::size_t k = 1; k < order.size(); ++k) {
        if (key(order[k]) != key(order[k - 1])) {
            group_start = k;
            continue;
        }
        // In merge mode only an earlier entry with the same orientation is a repeat; a mirrored
        // one completes the pair. Groups hold at most two entries before a repeat shows up.
        const LinedEdge& cur = edges_[order[k]];
        std::optional<std::size_t> conflict;
        bool mirrored = false;
        for (std::size_t j = group_start; j < k; ++j) {
            const LinedEdge& prev = edges_[order[j]];
            if (mirrors == Mirrors::repeat || (prev.u == cur.u && prev.v == cur.v)) {
                conflict = order[j];
                break;
            }
            mirrored = true;
        }
        if (conflict) {
            if (!first_repeat || cur.line < edges_[first_repeat->second].line)
                first_repeat = {*conflict, order[k]};
        } else if (mirrored) {
            drop[order[k]] = true;
        }
    }
    if (first_repeat) {
        const LinedEdge& a = edges_[first_repeat->first];
        const LinedEdge& b = edges_[first_repeat->second];
        source_.fail_at(b.line, "repeated edge " + std::to_string(b.u + base_) + " " +
                                    std::to_string(b.v + base_) + ", first given on line " +
                                    std::to_string(a.line) + " (graphs must be simple)");
    }
    std::vector<Edge> edges;
    edges.reserve(edges_.size());
    for (std::size_t i = 0; i < edges_.size(); ++i) {
        if (!drop[i]) edges.push_back({edges_[i].u, edges_[i].v});
    }
    check_graph_size(source_.name(), static_cast<long double>(n), static_cast<long double>(edges.size()),
                     max_bytes);
    std::vector<LinedEdge>().swap(edges_);
    return Graph(static_cast<std::uint32_t>(n), std::move(edges));
}

}  // namespace dimerlab::readers
