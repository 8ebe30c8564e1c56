#include "graph/families/igraph_bridge.hpp"

#include <igraph/igraph.h>

#include <algorithm>
#include <cmath>
#include <mutex>
#include <new>
#include <stdexcept>
#include <string>

namespace dimerlab::families {

namespace {

// igraph here is built without thread safety: its RNG, error handler and finally-stack are
// globals, so every call into it holds this lock.
std::mutex& igraph_mutex() {
    static std::mutex m;
    return m;
}

// Holds the lock and swaps igraph's abort-on-error handler for one that returns the code, so a
// failure becomes an exception here instead of ending the process.
class IgraphSession {
  public:
    explicit IgraphSession(std::uint64_t seed) : lock_(igraph_mutex()) {
        old_error_ = igraph_set_error_handler(igraph_error_handler_ignore);
        old_warning_ = igraph_set_warning_handler(igraph_warning_handler_ignore);
        igraph_rng_seed(igraph_rng_default(), static_cast<igraph_uint_t>(seed));
    }
    ~IgraphSession() {
        igraph_set_warning_handler(old_warning_);
        igraph_set_error_handler(old_error_);
    }
    IgraphSession(const IgraphSession&) = delete;
    IgraphSession& operator=(const IgraphSession&) = delete;

  private:
    std::lock_guard<std::mutex> lock_;
    igraph_error_handler_t* old_error_ = nullptr;
    igraph_warning_handler_t* old_warning_ = nullptr;
};

void check(igraph_error_t rc, const char* call) {
    if (rc == IGRAPH_SUCCESS) return;
    if (rc == IGRAPH_ENOMEM) throw std::bad_alloc();
    throw std::runtime_error(std::string(call) + " failed: " + igraph_strerror(rc));
}

// Owns an igraph_t once it has been initialised by a constructor call.
struct OwnedGraph {
    igraph_t g;
    bool live = false;
    ~OwnedGraph() {
        if (live) igraph_destroy(&g);
    }
};

struct OwnedIntVector {
    igraph_vector_int_t v;
    OwnedIntVector() { check(igraph_vector_int_init(&v, 0), "igraph_vector_int_init"); }
    ~OwnedIntVector() { igraph_vector_int_destroy(&v); }
};

struct OwnedMatrix {
    igraph_matrix_t m;
    OwnedMatrix() { check(igraph_matrix_init(&m, 0, 0), "igraph_matrix_init"); }
    ~OwnedMatrix() { igraph_matrix_destroy(&m); }
};

std::vector<Edge> edges_of(const igraph_t& g) {
    OwnedIntVector list;
    check(igraph_get_edgelist(&g, &list.v, false), "igraph_get_edgelist");
    const igraph_integer_t m = igraph_vector_int_size(&list.v) / 2;
    std::vector<Edge> edges(static_cast<std::size_t>(m));
    for (igraph_integer_t e = 0; e < m; ++e) {
        edges[std::size_t(e)] = {static_cast<VertexId>(VECTOR(list.v)[2 * e]),
                                 static_cast<VertexId>(VECTOR(list.v)[2 * e + 1])};
    }
    return edges;
}

}  // namespace

std::vector<Edge> igraph_k_regular(std::uint32_t n, std::uint32_t d, std::uint64_t seed) {
    IgraphSession session(seed);
    OwnedGraph g;
    check(igraph_k_regular_game(&g.g, n, d, false, false), "igraph_k_regular_game");
    g.live = true;
    return edges_of(g.g);
}

std::vector<Edge> igraph_gnp(std::uint32_t n, double p, std::uint64_t seed) {
    IgraphSession session(seed);
    OwnedGraph g;
    check(igraph_erdos_renyi_game_gnp(&g.g, n, p, false, false), "igraph_erdos_renyi_game_gnp");
    g.live = true;
    return edges_of(g.g);
}

std::vector<Edge> igraph_gnm(std::uint32_t n, std::uint32_t m, std::uint64_t seed) {
    IgraphSession session(seed);
    OwnedGraph g;
    check(igraph_erdos_renyi_game_gnm(&g.g, n, m, false, false), "igraph_erdos_renyi_game_gnm");
    g.live = true;
    return edges_of(g.g);
}

std::vector<Point2> igraph_force_layout(const Graph& graph, std::uint64_t seed) {
    const std::uint32_t n = graph.num_vertices();
    if (n == 0) return {};
    IgraphSession session(seed);
    OwnedIntVector list;
    check(igraph_vector_int_resize(&list.v, 2 * igraph_integer_t(graph.num_edges())),
          "igraph_vector_int_resize");
    for (EdgeId e = 0; e < graph.num_edges(); ++e) {
        VECTOR(list.v)[2 * igraph_integer_t(e)] = graph.edge(e).u;
        VECTOR(list.v)[2 * igraph_integer_t(e) + 1] = graph.edge(e).v;
    }
    OwnedGraph g;
    check(igraph_create(&g.g, &list.v, n, false), "igraph_create");
    g.live = true;
    OwnedMatrix pos;
    // Fruchterman-Reingold on igraph's grid costs O(n + m) per sweep. DrL was measured 20-40x
    // slower at 6000-20000 vertices, so large graphs get FR with fewer sweeps instead.
    const igraph_integer_t sweeps = std::clamp<igraph_integer_t>(igraph_integer_t(5'000'000) / n, 30, 500);
    check(igraph_layout_fruchterman_reingold(&g.g, &pos.m, false, sweeps, std::sqrt(double(n)) / 10,
                                             IGRAPH_LAYOUT_AUTOGRID, nullptr, nullptr, nullptr, nullptr,
                                             nullptr),
          "igraph_layout_fruchterman_reingold");
    std::vector<Point2> layout(n);
    for (std::uint32_t v = 0; v < n; ++v) layout[v] = {MATRIX(pos.m, v, 0), MATRIX(pos.m, v, 1)};
    return layout;
}

}  // namespace dimerlab::families
