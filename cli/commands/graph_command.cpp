// dimerlab-cli graph: build a graph from its spec and describe it.
#include <iostream>
#include <nlohmann/json.hpp>

#include "command.hpp"
#include "graph/graph_spec.hpp"
#include "util/fnv_hash.hpp"

namespace dimerlab::cli {

CommandAction add_graph_command(CLI::App& app) {
    struct Options {
        std::string spec = "grid:64x64";
        bool json = false;
    };
    auto opt = std::make_shared<Options>();
    CLI::App* sub = app.add_subcommand(
        "graph", "Build a graph from its spec and print its size, degree, bipartiteness and hash");
    sub->add_option("--graph", opt->spec,
                    "Graph spec, e.g. grid:64x64, torus:32x32, regular:2000,3,seed=7, file:g.mtx")
        ->capture_default_str();
    sub->add_flag("--json", opt->json, "Print one JSON object on stdout");
    return [opt]() {
        const Graph g = make_graph(opt->spec, BuildOptions{.with_layout = false});
        print_graph_notices(g);
        nlohmann::ordered_json out;
        out["spec"] = g.spec();
        out["n"] = g.num_vertices();
        out["m"] = g.num_edges();
        out["max_degree"] = g.max_degree();
        out["bipartite"] = g.is_bipartite();
        out["hash"] = hex16(g.content_hash());
        if (opt->json) {
            std::cout << out.dump() << "\n";
        } else {
            std::cout << g.spec() << ": " << g.num_vertices() << " vertices, " << g.num_edges()
                      << " edges, max degree " << g.max_degree()
                      << (g.is_bipartite() ? ", bipartite" : ", not bipartite") << ", hash "
                      << hex16(g.content_hash()) << "\n";
        }
        return 0;
    };
}

}  // namespace dimerlab::cli
