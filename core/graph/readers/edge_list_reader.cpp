#include "graph/readers/edge_list_reader.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <unordered_map>

#include "graph/graph_limits.hpp"
#include "graph/readers/reader_support.hpp"

namespace dimerlab {

namespace {

// Isolated vertices beyond both bounds mean the ids are not vertex numbers (sparse ids from a
// crawl, hashes): building that graph would cost memory and an unreadable layout for nothing.
constexpr std::uint64_t kMaxIsolated = 1'000'000;
constexpr double kMaxIsolatedFraction = 0.9;

// Rounded down, so that a share short of all of them never reads "100.0%".
std::string percent(std::uint64_t part, std::uint64_t whole) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f%%", std::floor(1000.0 * double(part) / double(whole)) / 10.0);
    return buf;
}

// Vertices of 0..n-1 that no edge touches. A bitmap of n bits costs no more than the sorted copy
// of the endpoints while n is below 64 per edge; beyond that, the ids are sparse and sorting
// them is the cheaper count.
std::uint64_t isolated_vertices(const std::vector<readers::LinedEdge>& edges, std::uint64_t n) {
    if (n <= 64 * static_cast<std::uint64_t>(edges.size()) + 4096) {
        std::vector<bool> used(n, false);
        std::uint64_t count = 0;
        for (const readers::LinedEdge& e : edges) {
            for (const VertexId v : {e.u, e.v}) {
                if (!used[v]) {
                    used[v] = true;
                    ++count;
                }
            }
        }
        return n - count;
    }
    std::vector<VertexId> ends;
    ends.reserve(2 * edges.size());
    for (const readers::LinedEdge& e : edges) {
        ends.push_back(e.u);
        ends.push_back(e.v);
    }
    std::sort(ends.begin(), ends.end());
    return n - static_cast<std::uint64_t>(std::unique(ends.begin(), ends.end()) - ends.begin());
}

}  // namespace

Graph read_edge_list(std::istream& in, const std::string& name, std::uint64_t max_bytes, EdgeListIds ids,
                     bool weighted) {
    using namespace readers;
    LineSource source(in, name);
    EdgeCollector edges(source, ids.one_based ? 1 : 0);
    std::unordered_map<std::uint64_t, VertexId> relabelled;
    std::vector<std::uint64_t> file_ids;  // relabel: the file's id of each vertex
    if (ids.relabel) edges.set_file_ids(&file_ids);
    std::uint64_t n = 0, smallest = UINT64_MAX;
    std::uint64_t first_ignored_weight = 0;  // the first line with a third column, when not weighted
    while (source.next()) {
        const std::vector<std::string_view> fields = split_fields(source.line());
        if (fields.empty() || fields[0].front() == '#' || fields[0].front() == '%') continue;
        VertexId id[2] = {0, 0};
        for (int k = 0; k < 2; ++k) {
            const auto value = k < static_cast<int>(fields.size()) ? parse_whole(fields[k]) : std::nullopt;
            if (!value) source.fail("expected two vertex ids, got " + quoted(source.line()));
            if (ids.relabel) {
                const auto [it, added] =
                    relabelled.try_emplace(*value, static_cast<VertexId>(file_ids.size()));
                if (added) {
                    if (file_ids.size() >= kMaxVertices) {
                        source.fail("more than " + std::to_string(kMaxVertices) + " distinct vertex ids");
                    }
                    file_ids.push_back(*value);
                }
                id[k] = it->second;
                continue;
            }
            if (ids.one_based && *value == 0) source.fail("vertex id 0 in a file read with one-based ids");
            // n = largest 0-based id + 1 must stay within the vertex limit.
            const std::uint64_t largest = ids.one_based ? kMaxVertices : kMaxVertices - 1;
            if (*value > largest) {
                source.fail("vertex id " + std::to_string(*value) + " is too large (at most " +
                            std::to_string(largest) + ")");
            }
            smallest = std::min(smallest, *value);
            id[k] = static_cast<VertexId>(ids.one_based ? *value - 1 : *value);
        }
        // A weight may be a fraction, which is no number to from_chars: read_weight checks it when
        // weights are read, and it is an ignored column like any number otherwise.
        for (std::size_t k = weighted ? 3 : 2; k < fields.size(); ++k) {
            if (!is_number(fields[k]) && !(k == 2 && parse_exact_weight(fields[k], nullptr))) {
                source.fail("expected two vertex ids and optional numeric columns, got " +
                            quoted(source.line()));
            }
        }
        if (weighted) {
            if (fields.size() < 3) {
                source.fail("expected two vertex ids and a weight (the file is read with ,weighted), got " +
                            quoted(source.line()));
            }
            edges.add(id[0], id[1], read_weight(source, fields[2]));
        } else {
            if (fields.size() >= 3 && first_ignored_weight == 0) first_ignored_weight = source.number();
            edges.add(id[0], id[1]);
        }
        n = std::max<std::uint64_t>(n, std::max(id[0], id[1]) + std::uint64_t{1});
    }
    if (edges.size() == 0) source.fail_file("no edges found; expected lines of two vertex ids");

    std::vector<std::string> notices;
    if (first_ignored_weight != 0) {
        notices.push_back(name + ": the third column (from line " + std::to_string(first_ignored_weight) +
                          ") looks like edge weights and was ignored; use the spec file:" + name +
                          ",weighted to read them");
    }
    if (!ids.relabel) {
        const std::uint64_t isolated = isolated_vertices(edges.edges(), n);
        const std::string largest = std::to_string(ids.one_based ? n : n - 1);
        if (isolated > kMaxIsolated && double(isolated) > kMaxIsolatedFraction * double(n)) {
            source.fail_file("the largest id, " + largest + ", makes " + std::to_string(n) +
                             " vertices, and " + std::to_string(isolated) + " of them (" +
                             percent(isolated, n) + ") are in no edge; use the spec file:" + name +
                             ",relabel to number the ids in order of first appearance");
        }
        if (!ids.one_based && smallest == 1) {
            notices.push_back(name +
                              ": no edge uses id 0, so vertex 0 is isolated; if the ids start at 1, use " +
                              "the spec file:" + name + ",one-based");
        }
        if (2 * isolated > n) {
            notices.push_back(name + ": " + std::to_string(isolated) + " of the " + std::to_string(n) +
                              " vertices (" + percent(isolated, n) +
                              ") are isolated, since n is the largest id" +
                              (ids.one_based ? "" : " plus one") + "; use the spec file:" + name +
                              ",relabel to number the ids in order of first appearance");
        }
    }
    // The id map has done its work: freed here, it does not sit beside the graph being built
    // (file_ids stays, for the error messages that name a file's ids).
    decltype(relabelled)().swap(relabelled);
    Graph g = edges.build(ids.relabel ? file_ids.size() : n, Mirrors::repeat, max_bytes,
                          file_ids.capacity() * sizeof(std::uint64_t));
    g.set_notices(std::move(notices));
    return g;
}

}  // namespace dimerlab
