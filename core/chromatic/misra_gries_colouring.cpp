// Misra & Gries (1992), a constructive Vizing: every edge gets a colour in [0, Δ+1). For an
// uncoloured edge uv: build a maximal fan of u starting at v, take c free at u and d free at the
// fan's end, invert the cd-path from u, then rotate the fan up to a vertex where d is free and
// give that edge d. Per-vertex tables "colour -> edge" make free-colour tests O(1); the caller
// only picks this method while those tables (n·(Δ+1) words) stay small.
#include <stdexcept>

#include "chromatic/edge_colouring.hpp"
#include "model/matching_constants.hpp"

namespace dimerlab::colouring_detail {
namespace {

constexpr std::uint32_t kNone = kNoMate;

class MisraGries {
  public:
    explicit MisraGries(const Graph& g)
        : g_(g),
          k_(g.max_degree() + 1),
          colour_(g.num_edges(), kNone),
          at_(std::size_t{g.num_vertices()} * k_, kNone),
          fan_mark_(g.num_vertices(), kNone) {}

    std::vector<std::uint32_t> run() {
        for (EdgeId e = 0; e < g_.num_edges(); ++e) colour_edge(e);
        return std::move(colour_);
    }

  private:
    bool is_free(VertexId x, std::uint32_t c) const { return at_[std::size_t{x} * k_ + c] == kNone; }
    VertexId other(EdgeId e, VertexId x) const { return g_.edge(e).u == x ? g_.edge(e).v : g_.edge(e).u; }

    std::uint32_t free_colour(VertexId x) const {
        for (std::uint32_t c = 0; c < k_; ++c)
            if (is_free(x, c)) return c;
        throw std::logic_error("misra-gries: no free colour at a vertex (degree above Δ?)");
    }
    void set(EdgeId e, std::uint32_t c) {
        colour_[e] = c;
        at_[std::size_t{g_.edge(e).u} * k_ + c] = e;
        at_[std::size_t{g_.edge(e).v} * k_ + c] = e;
    }
    void unset(EdgeId e) {
        const std::uint32_t c = colour_[e];
        at_[std::size_t{g_.edge(e).u} * k_ + c] = kNone;
        at_[std::size_t{g_.edge(e).v} * k_ + c] = kNone;
        colour_[e] = kNone;
    }

    void colour_edge(EdgeId e0) {
        const VertexId u = g_.edge(e0).u;
        // Maximal fan: fan_[i] = (vertex, edge to u); each next edge's colour is free at the previous vertex.
        fan_.assign(1, {other(e0, u), e0});
        fan_mark_[fan_[0].vertex] = e0;
        for (bool grown = true; grown;) {
            grown = false;
            const VertexId last = fan_.back().vertex;
            for (std::uint32_t c = 0; c < k_ && !grown; ++c) {
                const EdgeId f = at_[std::size_t{u} * k_ + c];
                if (f == kNone || !is_free(last, c)) continue;
                const VertexId x = other(f, u);
                if (fan_mark_[x] == e0) continue;
                fan_mark_[x] = e0;
                fan_.push_back({x, f});
                grown = true;
            }
        }
        const std::uint32_t c = free_colour(u), d = free_colour(fan_.back().vertex);
        invert_path(u, c, d);
        // After the inversion d is free at u; find a fan prefix that is still a fan and ends where
        // d is free (the theorem guarantees one).
        std::size_t w = fan_.size();
        for (std::size_t i = 0; i < fan_.size(); ++i) {
            if (i > 0 && !is_free(fan_[i - 1].vertex, colour_[fan_[i].edge])) break;
            if (is_free(fan_[i].vertex, d)) {
                w = i;
                break;
            }
        }
        if (w == fan_.size() || !is_free(u, d))
            throw std::logic_error("misra-gries: no fan vertex with d free");
        shifted_.clear();
        for (std::size_t i = 0; i < w; ++i) shifted_.push_back(colour_[fan_[i + 1].edge]);
        for (std::size_t i = 1; i <= w; ++i) unset(fan_[i].edge);
        for (std::size_t i = 0; i < w; ++i) set(fan_[i].edge, shifted_[i]);
        set(fan_[w].edge, d);
    }

    // Swaps c and d on the maximal path from u whose edges alternate d, c, d, ... (c is free at u).
    void invert_path(VertexId u, std::uint32_t c, std::uint32_t d) {
        if (c == d) return;
        path_.clear();
        VertexId x = u;
        std::uint32_t want = d;
        for (EdgeId f = at_[std::size_t{x} * k_ + want]; f != kNone; f = at_[std::size_t{x} * k_ + want]) {
            path_.push_back(f);
            x = other(f, x);
            want = (want == d) ? c : d;
        }
        for (EdgeId f : path_) unset_keep(f);
        for (EdgeId f : path_) set(f, colour_[f] == c ? d : c);
    }
    // Clears f's table entries but keeps its colour, so the swap can read it afterwards.
    void unset_keep(EdgeId f) {
        at_[std::size_t{g_.edge(f).u} * k_ + colour_[f]] = kNone;
        at_[std::size_t{g_.edge(f).v} * k_ + colour_[f]] = kNone;
    }

    struct FanEntry {
        VertexId vertex;
        EdgeId edge;
    };
    const Graph& g_;
    const std::uint32_t k_;
    std::vector<std::uint32_t> colour_;
    std::vector<EdgeId> at_;
    std::vector<EdgeId> fan_mark_;
    std::vector<FanEntry> fan_;
    std::vector<std::uint32_t> shifted_;
    std::vector<EdgeId> path_;
};

}  // namespace

std::vector<std::uint32_t> misra_gries_colours(const Graph& g) {
    return MisraGries(g).run();
}

}  // namespace dimerlab::colouring_detail
