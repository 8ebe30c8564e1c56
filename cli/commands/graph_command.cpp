// dimerlab-cli graph: build a graph from its spec and describe it.
#include <charconv>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>

#include "command.hpp"
#include "graph/graph_spec.hpp"
#include "util/atomic_file.hpp"
#include "util/errors.hpp"
#include "util/fnv_hash.hpp"

namespace dimerlab::cli {

namespace {

// `id x y` per vertex: the graph's layout, the world coordinates the renderer draws (it rounds
// them to float for OpenGL). Shortest decimals that read back to the same doubles.
std::string layout_text(const Graph& g) {
    std::string out;
    out.reserve(std::size_t(g.num_vertices()) * 24);
    char buf[32];
    const std::vector<Point2>& p = g.layout();
    for (std::uint32_t v = 0; v < g.num_vertices(); ++v) {
        out += std::to_string(v);
        for (double c : {p[v].x, p[v].y}) {
            const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, c);
            out += ' ';
            out.append(buf, ec == std::errc() ? end : buf);
        }
        out += '\n';
    }
    return out;
}

}  // namespace

CommandAction add_graph_command(CLI::App& app) {
    struct Options {
        std::string spec = "grid:64x64";
        bool json = false;
        std::string layout_out;
    };
    auto opt = std::make_shared<Options>();
    CLI::App* sub = app.add_subcommand(
        "graph", "Build a graph from its spec and print its size, degree, bipartiteness and hash");
    sub->add_option("--graph", opt->spec,
                    "Graph spec, e.g. grid:64x64, torus:32x32, regular:2000,3,seed=7, file:g.mtx")
        ->capture_default_str();
    sub->add_flag("--json", opt->json, "Print one JSON object on stdout");
    sub->add_option("--layout-out", opt->layout_out,
                    "Write 'id x y' per vertex (0-based ids): the coordinates the renderer uses");
    return [opt]() {
        const bool want_layout = !opt->layout_out.empty();
        const Graph g = make_graph(opt->spec, BuildOptions{.with_layout = want_layout});
        if (want_layout) {
            if (g.layout().size() != g.num_vertices())
                throw InputError("graph '" + g.spec() + "' has no layout to write");
            write_file_atomically(opt->layout_out, layout_text(g));
        }
        print_graph_notices(g);
        nlohmann::ordered_json out;
        out["spec"] = g.spec();
        out["n"] = g.num_vertices();
        out["m"] = g.num_edges();
        out["max_degree"] = g.max_degree();
        out["bipartite"] = g.is_bipartite();
        out["hash"] = hex16(g.content_hash());
        // The distinct weights, exact, in order of first appearance (at most a few listed in text).
        std::vector<std::string> classes;
        for (const ExactWeight& w : g.weights().classes()) classes.push_back(w.exact);
        out["weighted"] = g.weighted();
        if (g.weighted()) out["weight_classes"] = classes;
        if (opt->json) {
            std::cout << out.dump() << "\n";
        } else {
            std::cout << g.spec() << ": " << g.num_vertices() << " vertices, " << g.num_edges()
                      << " edges, max degree " << g.max_degree()
                      << (g.is_bipartite() ? ", bipartite" : ", not bipartite") << ", hash "
                      << hex16(g.content_hash()) << "\n";
            if (g.weighted()) {
                std::cout << "  " << classes.size() << " distinct edge weights:";
                for (std::size_t i = 0; i < classes.size() && i < 8; ++i) std::cout << " " << classes[i];
                std::cout << (classes.size() > 8 ? " ..." : "") << " (min " << g.weights().min_value()
                          << ", max " << g.weights().max_value() << ")\n";
            }
        }
        return 0;
    };
}

}  // namespace dimerlab::cli
