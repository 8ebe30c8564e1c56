#include "graph/readers/reader_support.hpp"

#include <algorithm>
#include <charconv>
#include <numeric>

#include "graph/graph_limits.hpp"
#include "util/errors.hpp"

namespace dimerlab::readers {

bool LineSource::next() {
    using traits = std::char_traits<char>;
    std::streambuf* buf = in_.rdbuf();
    line_.clear();
    int c = buf->sbumpc();
    if (traits::eq_int_type(c, traits::eof())) {
        if (in_.bad()) fail_file("read error after line " + std::to_string(number_));
        return false;
    }
    while (!traits::eq_int_type(c, traits::eof()) && c != '\n' && c != '\r') {
        line_.push_back(traits::to_char_type(c));
        c = buf->sbumpc();
    }
    if (c == '\r' && buf->sgetc() == '\n') buf->sbumpc();
    ++number_;
    if (number_ == 1 && line_.starts_with("\xEF\xBB\xBF")) line_.erase(0, 3);
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
        if (c == '\\') {
            out += "\\\\";
        } else if (c >= 0x20 && c < 0x7f) {
            out += static_cast<char>(c);
        } else {
            static const char* const hex = "0123456789ABCDEF";
            out += {'\\', 'x', hex[c >> 4], hex[c & 15]};
        }
    }
    if (text.size() > kMax) out += "...";
    return out + "'";
}

std::string count_of(std::uint64_t count, const std::string& singular, const std::string& plural) {
    return std::to_string(count) + " " + (count == 1 ? singular : plural);
}

std::string EdgeCollector::label(VertexId v) const {
    return std::to_string(file_ids_ != nullptr ? (*file_ids_)[v] : v + base_);
}

ExactWeight read_weight(const LineSource& source, std::string_view field) {
    std::string why;
    std::optional<ExactWeight> w = parse_exact_weight(field, &why);
    if (!w) source.fail("weight " + quoted(field) + ": " + why);
    return std::move(*w);
}

void EdgeCollector::add(VertexId u, VertexId v) {
    if (u == v) source_.fail("self-loop at vertex " + label(u) + " (graphs must be simple)");
    edges_.push_back({u, v, source_.number()});
}

void EdgeCollector::add(VertexId u, VertexId v, ExactWeight weight) {
    add(u, v);
    weights_.push_back(std::move(weight));
}

Graph EdgeCollector::build(std::uint64_t n, Mirrors mirrors, std::uint64_t max_bytes,
                           std::uint64_t extra_bytes) {
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
    stats_ = {};
    // Report the repeat that comes earliest in the file, as a reader going line by line would.
    std::optional<std::pair<std::size_t, std::size_t>> first_repeat;  // (earlier, later) indices
    std::size_t k = 0;
    while (k < order.size()) {
        std::size_t end = k + 1;
        while (end < order.size() && key(order[end]) == key(order[k])) ++end;
        // first[d]: the earliest entry of the group written in direction d (u < v or u > v).
        std::optional<std::size_t> first[2];
        for (std::size_t j = k; j < end; ++j) {
            const std::size_t i = order[j];
            const int d = edges_[i].u < edges_[i].v ? 0 : 1;
            std::optional<std::size_t> earlier;
            if (mirrors == Mirrors::repeat) {
                if (j > k) earlier = order[k];
            } else {
                earlier = first[d];
            }
            if (earlier) {
                if (mirrors == Mirrors::merge_drop_repeats) {
                    drop[i] = true;
                    if (stats_.dropped_repeats++ == 0 || edges_[i].line < stats_.first_repeat_line) {
                        stats_.first_repeat_line = edges_[i].line;
                        stats_.first_repeat_original = edges_[*earlier].line;
                    }
                } else if (!first_repeat || edges_[i].line < edges_[first_repeat->second].line) {
                    first_repeat = {*earlier, i};
                }
                continue;
            }
            if (first[1 - d]) {
                drop[i] = true;  // the mirror of an edge already kept
                if (!weights_.empty() && weights_[i] != weights_[*first[1 - d]]) {
                    source_.fail_at(edges_[i].line,
                                    "weight " + weights_[i].exact + " of " + label(edges_[i].u) + " " +
                                        label(edges_[i].v) + " differs from the weight " +
                                        weights_[*first[1 - d]].exact + " of its mirror on line " +
                                        std::to_string(edges_[*first[1 - d]].line));
                }
            }
            first[d] = i;
        }
        if (mirrors != Mirrors::repeat && (!first[0] || !first[1])) {
            const std::uint64_t line = edges_[first[0] ? *first[0] : *first[1]].line;
            if (stats_.unmirrored++ == 0 || line < stats_.first_unmirrored_line)
                stats_.first_unmirrored_line = line;
        }
        k = end;
    }
    if (first_repeat) {
        const LinedEdge& a = edges_[first_repeat->first];
        const LinedEdge& b = edges_[first_repeat->second];
        source_.fail_at(b.line, "repeated edge " + label(b.u) + " " + label(b.v) + ", first given on line " +
                                    std::to_string(a.line) + " (graphs must be simple)");
    }
    std::vector<Edge> edges;
    std::vector<ExactWeight> weights;
    edges.reserve(edges_.size());
    for (std::size_t i = 0; i < edges_.size(); ++i) {
        if (drop[i]) continue;
        edges.push_back({edges_[i].u, edges_[i].v});
        if (!weights_.empty()) weights.push_back(std::move(weights_[i]));
    }
    check_graph_size(source_.name(), static_cast<long double>(n), static_cast<long double>(edges.size()),
                     max_bytes, static_cast<long double>(extra_bytes));
    std::vector<LinedEdge>().swap(edges_);
    std::vector<ExactWeight>().swap(weights_);
    Graph g(static_cast<std::uint32_t>(n), std::move(edges));
    if (!weights.empty()) g.set_weights(EdgeWeights(weights));
    return g;
}

}  // namespace dimerlab::readers
