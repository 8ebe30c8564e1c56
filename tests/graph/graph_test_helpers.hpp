#pragma once
// Shared by the graph tests: catching an InputError's text and checking a layout's geometry.
#include <QString>
#include <QStringList>
#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "graph/graph.hpp"
#include "util/errors.hpp"

namespace dimerlab::testing {

// The InputError message `f` throws, or "<no error>" so that a missing throw fails every
// contains() check with a readable diff.
template <class F>
QString input_error_of(F&& f) {
    try {
        f();
    } catch (const InputError& e) {
        return QString::fromStdString(e.what());
    } catch (const std::exception& e) {
        return QStringLiteral("<wrong exception type: %1>").arg(e.what());
    }
    return QStringLiteral("<no error>");
}

// Words from `needles` missing in `message`, for QVERIFY2 output.
inline QString missing_words(const QString& message, const QStringList& needles) {
    QStringList missing;
    for (const QString& w : needles) {
        if (!message.contains(w)) missing << w;
    }
    return missing.isEmpty() ? QString() : QStringLiteral("'%1' lacks: %2").arg(message, missing.join(" | "));
}

inline double edge_length(const Graph& g, EdgeId e) {
    const Point2 a = g.layout()[g.edge(e).u], b = g.layout()[g.edge(e).v];
    return std::hypot(a.x - b.x, a.y - b.y);
}

// Pairs of vertices whose drawn points are 1 apart, by brute force over all pairs: an
// independent description of a lattice's edge set.
inline std::vector<std::pair<VertexId, VertexId>> unit_distance_pairs(const std::vector<Point2>& pos) {
    std::vector<std::pair<VertexId, VertexId>> pairs;
    for (VertexId u = 0; u < pos.size(); ++u) {
        for (VertexId v = u + 1; v < pos.size(); ++v) {
            if (std::abs(std::hypot(pos[u].x - pos[v].x, pos[u].y - pos[v].y) - 1.0) < 1e-9)
                pairs.emplace_back(u, v);
        }
    }
    return pairs;
}

}  // namespace dimerlab::testing
