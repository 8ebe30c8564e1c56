#include "graph/families/periodic_weights.hpp"

#include <map>
#include <stdexcept>

namespace dimerlab {

const ExactWeight& PeriodicTable::at(std::uint32_t x, std::uint32_t y) const {
    const auto& row = rows[y % rows.size()];
    return row[x % row.size()];
}

std::string PeriodicTable::text() const {
    std::string out;
    for (std::size_t r = 0; r < rows.size(); ++r) {
        if (r > 0) out += ';';
        for (std::size_t c = 0; c < rows[r].size(); ++c) out += (c > 0 ? ":" : "") + rows[r][c].exact;
    }
    return out;
}

bool parse_periodic_table(std::string_view text, PeriodicTable* out, std::string* why) {
    PeriodicTable table;
    std::size_t entries = 0;
    for (std::size_t start = 0;;) {
        const std::size_t end = std::min(text.find(';', start), text.size());
        const std::string_view row_text = text.substr(start, end - start);
        std::vector<ExactWeight> row;
        for (std::size_t s = 0;;) {
            const std::size_t e = std::min(row_text.find(':', s), row_text.size());
            const std::string_view entry = row_text.substr(s, e - s);
            if (entry.empty()) {
                *why = "row " + std::to_string(table.rows.size() + 1) + " has an empty entry";
                return false;
            }
            std::string reason;
            auto w = parse_exact_weight(entry, &reason);
            if (!w) {
                *why = "row " + std::to_string(table.rows.size() + 1) + ", entry " +
                       std::to_string(row.size() + 1) + " '" + std::string(entry) + "': " + reason;
                return false;
            }
            row.push_back(std::move(*w));
            if (++entries > kMaxPeriodicEntries) {
                *why = "more than " + std::to_string(kMaxPeriodicEntries) + " entries";
                return false;
            }
            if (e == row_text.size()) break;
            s = e + 1;
        }
        if (!table.rows.empty() && row.size() != table.rows.front().size()) {
            *why = "row " + std::to_string(table.rows.size() + 1) + " has " + std::to_string(row.size()) +
                   " entries and row 1 has " + std::to_string(table.rows.front().size()) +
                   " (every row of a period has the same length)";
            return false;
        }
        table.rows.push_back(std::move(row));
        if (end == text.size()) break;
        start = end + 1;
    }
    *out = std::move(table);
    return true;
}

void set_periodic_weights(Graph& graph, std::uint32_t w, std::uint32_t h, const PeriodicWeights& weights) {
    if (weights.horizontal.empty() && weights.vertical.empty()) return;
    static const ExactWeight kOne{"1", 1.0};
    std::vector<ExactWeight> classes;
    std::map<std::string, std::uint32_t> class_of;
    std::vector<std::uint32_t> edge_class(graph.num_edges());
    for (EdgeId e = 0; e < graph.num_edges(); ++e) {
        const Edge& ed = graph.edge(e);
        const std::uint32_t xa = ed.u % w, ya = ed.u / w, xb = ed.v % w, yb = ed.v / w;
        const ExactWeight* weight = nullptr;
        if (ya == yb && (xb == xa + 1 || (xa == 0 && xb == w - 1))) {
            const std::uint32_t x = xb == xa + 1 ? xa : xb;  // the torus's wrap leaves (W-1, y)
            weight = weights.horizontal.empty() ? &kOne : &weights.horizontal.at(x, ya);
        } else if (xa == xb && (yb == ya + 1 || (ya == 0 && yb == h - 1))) {
            const std::uint32_t y = yb == ya + 1 ? ya : yb;
            weight = weights.vertical.empty() ? &kOne : &weights.vertical.at(xa, y);
        } else {
            throw std::logic_error("periodic weights: an edge that is not a unit step of the lattice");
        }
        const auto [it, added] = class_of.emplace(weight->exact, static_cast<std::uint32_t>(classes.size()));
        if (added) classes.push_back(*weight);
        edge_class[e] = it->second;
    }
    graph.set_weights(EdgeWeights(std::move(classes), std::move(edge_class)));
}

}  // namespace dimerlab
