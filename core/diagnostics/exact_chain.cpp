#include "diagnostics/exact_chain.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <set>
#include <stdexcept>

#include "faces/face_coin_thresholds.hpp"
#include "faces/face_set.hpp"
#include "model/face_rotation_rule.hpp"
#include "model/heat_bath_rule.hpp"
#include "model/heat_bath_thresholds.hpp"
#include "model/jerrum_sinclair_rule.hpp"
#include "model/jerrum_sinclair_thresholds.hpp"
#include "model/update_tape.hpp"
#include "util/errors.hpp"

namespace dimerlab {
namespace {

constexpr std::uint64_t kTwo32 = std::uint64_t{1} << 32;

// w2 ranges on which the rule cannot tell coins apart, as (representative w2, probability):
// the rule only compares w2 with thresholds, so one value per range is exact.
std::vector<std::pair<std::uint32_t, double>> coin_regions(std::set<std::uint64_t> cuts) {
    cuts.insert(0);
    cuts.insert(kTwo32);
    std::vector<std::pair<std::uint32_t, double>> out;
    for (auto it = cuts.begin(); std::next(it) != cuts.end(); ++it) {
        const std::uint64_t lo = *it, hi = *std::next(it);
        if (hi > lo)
            out.emplace_back(static_cast<std::uint32_t>(lo), static_cast<double>(hi - lo) / 4294967296.0);
    }
    return out;
}

// Words w0, w1 that make tape_edge pick index i of n: r = ceil(i 2^64 / n), the least r with
// floor(r n / 2^64) = i. Checked, so the matrix enumerates exactly the choices the tape makes.
TapeWords words_for_index(std::uint32_t i, std::uint32_t n, std::uint32_t w2, std::uint32_t w3) {
    const unsigned __int128 r = ((static_cast<unsigned __int128>(i) << 64) + n - 1) / n;
    const TapeWords w{static_cast<std::uint32_t>(r), static_cast<std::uint32_t>(r >> 32), w2, w3};
    if (tape_edge(w, n) != i) throw std::logic_error("tape words do not select the intended index");
    return w;
}

// Rows of the face chains (rotation, glauber+rotation): every (w3 half, face or edge, coin region)
// through face_chain_update, the function the samplers call, with each face's and each edge's own
// threshold (the samplers' tables). The chosen index carries weight 1/F (1/m): tape_edge is uniform
// up to 2^-32, as the Glauber rows assume.
void add_face_chain_row(const Graph& graph, const FaceSet& faces, const FaceCoinThresholds& face_coins,
                        const ExactChain& c, const MateArray& x, const HeatBathThresholds& edge_thr,
                        const std::function<void(const MateArray&, double)>& add) {
    const bool mixed = c.dynamics == Dynamics::glauber_rotation;
    const FaceChainView view{graph.edges().data(), graph.num_edges(), faces.vertices.data(),
                             faces.num_faces(),    faces.face_size,   mixed,
                             face_coins.view()};
    const CoinThresholds edge_coins = edge_thr.view();
    // w3 representatives of the two halves; one of them when every update rotates.
    std::vector<std::uint32_t> w3_values{0u};
    if (mixed) w3_values.push_back(0x80000000u);
    for (const std::uint32_t w3 : w3_values) {
        const double p_half = 1.0 / static_cast<double>(w3_values.size());
        const bool rotates = !mixed || tape_chooses_rotation({0, 0, 0, w3});
        const std::uint32_t n = rotates ? faces.num_faces() : graph.num_edges();
        for (std::uint32_t i = 0; i < n; ++i) {
            for (const auto& [w2, coin_p] : coin_regions({rotates ? face_coins(i) : edge_thr(i)})) {
                MateArray y = x;
                face_chain_update(y.data(), view, words_for_index(i, n, w2, w3), edge_coins);
                add(y, p_half / n * coin_p);
            }
        }
    }
}

}  // namespace

double ExactChain::at(std::size_t i, std::size_t j) const {
    const auto first = col.begin() + static_cast<std::ptrdiff_t>(row_begin[i]);
    const auto last = col.begin() + static_cast<std::ptrdiff_t>(row_begin[i + 1]);
    const auto it = std::lower_bound(first, last, static_cast<std::uint32_t>(j));
    return (it != last && *it == j) ? prob[static_cast<std::size_t>(it - col.begin())] : 0.0;
}

ExactChain build_exact_chain(const Graph& graph, Dynamics dynamics, double lambda, std::size_t max_states) {
    check_lambda(lambda);
    if (graph.num_edges() == 0)
        throw InputError("graph '" + graph.spec() + "' has no edges: no chain to analyse");
    ExactChain c;
    c.dynamics = dynamics;
    c.lambda = lambda;
    c.num_edges = graph.num_edges();
    // The chromatic chain is a systematic scan: its one-step kernel is not an average over edges,
    // so this single-update matrix would silently describe another chain.
    const bool face_chain = dynamics == Dynamics::rotation || dynamics == Dynamics::glauber_rotation;
    if (dynamics != Dynamics::glauber && dynamics != Dynamics::jerrum_sinclair && !face_chain) {
        throw InputError(
            "exact transition matrices exist for glauber, jerrum-sinclair, rotation and glauber+rotation "
            "only, not " +
            std::string(dynamics_name(dynamics)));
    }
    const FaceSet faces = face_chain ? lattice_faces(graph) : FaceSet{};
    const FaceCoinThresholds face_coins =
        face_chain ? FaceCoinThresholds(graph, faces) : FaceCoinThresholds();
    c.states = enumerate_all_matchings(graph, max_states);
    const std::size_t n = c.states.size();
    std::map<MateArray, std::uint32_t> index;
    for (std::size_t i = 0; i < n; ++i) index.emplace(c.states[i], static_cast<std::uint32_t>(i));

    const std::uint64_t hb_thr = heat_bath_threshold(lambda);
    const JsThresholds js_thr = jerrum_sinclair_thresholds(lambda);
    const JsEdgeThresholds js_table(graph, lambda);
    const bool glauber = dynamics == Dynamics::glauber || face_chain;
    c.lambda_effective = glauber ? effective_lambda(hb_thr) : jerrum_sinclair_effective_lambda(js_thr);
    // Weighted Glauber: each edge's coin regions from its own threshold, the table the samplers use.
    const HeatBathThresholds edge_thr(graph.weights(), lambda);
    std::vector<std::vector<std::pair<std::uint32_t, double>>> edge_coins;
    for (EdgeId e = 0; e < graph.num_edges(); ++e) {
        if (!glauber) {
            // Each edge's own addition and removal thresholds, and on a weighted graph the slide
            // thresholds against every dimer the update could replace.
            std::set<std::uint64_t> cuts{js_table(e).add, js_table(e).remove};
            if (graph.weighted()) {
                for (const VertexId end : {graph.edge(e).u, graph.edge(e).v})
                    for (const VertexId z : graph.neighbors(end)) cuts.insert(js_table.slide(e)(end, z));
            }
            edge_coins.push_back(coin_regions(cuts));
        } else if (e == 0 || graph.weighted()) {
            edge_coins.push_back(coin_regions({edge_thr(e)}));
        } else {
            edge_coins.push_back(edge_coins.front());
        }
    }
    // One w3 per laziness outcome; checked, so a change of the lazy bit cannot go unnoticed.
    const std::uint32_t w3_values[] = {0u, 0x80000000u};
    if (jerrum_sinclair_lazy(w3_values[0]) == jerrum_sinclair_lazy(w3_values[1]))
        throw std::logic_error("the two w3 representatives do not cover both laziness outcomes");
    const double inv_m = 1.0 / graph.num_edges();

    c.row_begin.reserve(n + 1);
    c.row_begin.push_back(0);
    std::map<std::uint32_t, double> row;
    const auto add = [&](const MateArray& y, double p) {
        const auto found = index.find(y);
        if (found == index.end()) throw std::logic_error("a rule produced a state that is not a matching");
        row[found->second] += p;
    };
    for (std::size_t i = 0; i < n; ++i) {
        row.clear();
        if (face_chain) {
            add_face_chain_row(graph, faces, face_coins, c, c.states[i], edge_thr, add);
            for (const auto& [j, p] : row) {
                c.col.push_back(j);
                c.prob.push_back(p);
            }
            c.row_begin.push_back(c.col.size());
            continue;
        }
        for (EdgeId e = 0; e < graph.num_edges(); ++e) {
            const Edge ed = graph.edge(e);
            for (const auto& [w2, coin_p] : edge_coins[e]) {
                if (glauber) {
                    MateArray y = c.states[i];
                    heat_bath_update(y.data(), ed.u, ed.v, tape_coin_occupied({0, 0, w2, 0}, edge_thr(e)));
                    add(y, inv_m * coin_p);
                    continue;
                }
                for (std::uint32_t w3 : w3_values) {
                    MateArray y = c.states[i];
                    if (graph.weighted()) {
                        jerrum_sinclair_update(y.data(), ed.u, ed.v, {0, 0, w2, w3}, js_table(e),
                                               js_table.slide(e));
                    } else {
                        jerrum_sinclair_update(y.data(), ed.u, ed.v, {0, 0, w2, w3}, js_thr);
                    }
                    add(y, 0.5 * inv_m * coin_p);
                }
            }
        }
        for (const auto& [j, p] : row) {
            c.col.push_back(j);
            c.prob.push_back(p);
        }
        c.row_begin.push_back(c.col.size());
    }

    // Weights relative to the largest, in logs, so that λ^|M| cannot overflow at extreme λ. On a
    // weighted graph each dimer carries the activity its own threshold implements.
    const double log_l = std::log(c.lambda_effective);
    double max_log = -INFINITY;
    std::vector<double> logw(n);
    for (std::size_t i = 0; i < n; ++i) {
        if (graph.weighted()) {
            logw[i] = 0;
            for (EdgeId e = 0; e < graph.num_edges(); ++e) {
                if (c.states[i][graph.edge(e).u] == graph.edge(e).v)
                    logw[i] += std::log(glauber ? effective_lambda(edge_thr(e))
                                                : jerrum_sinclair_effective_lambda(js_table(e)));
            }
        } else {
            logw[i] = log_l * count_dimers(c.states[i]);
        }
        max_log = std::max(max_log, logw[i]);
    }
    c.pi.resize(n);
    double z = 0;
    for (std::size_t i = 0; i < n; ++i) z += c.pi[i] = std::exp(logw[i] - max_log);
    for (double& x : c.pi) x /= z;
    return c;
}

double max_row_sum_error(const ExactChain& c) {
    double worst = 0;
    for (std::size_t i = 0; i < c.size(); ++i) {
        double s = 0;
        for (std::size_t k = c.row_begin[i]; k < c.row_begin[i + 1]; ++k) s += c.prob[k];
        worst = std::max(worst, std::abs(s - 1));
    }
    return worst;
}

double max_detailed_balance_error(const ExactChain& c) {
    double worst = 0;
    for (std::size_t i = 0; i < c.size(); ++i) {
        for (std::size_t k = c.row_begin[i]; k < c.row_begin[i + 1]; ++k) {
            const std::size_t j = c.col[k];
            const double fwd = c.pi[i] * c.prob[k], bwd = c.pi[j] * c.at(j, i);
            const double scale = std::max(fwd, bwd);
            if (scale > 0) worst = std::max(worst, std::abs(fwd - bwd) / scale);
        }
    }
    return worst;
}

}  // namespace dimerlab
