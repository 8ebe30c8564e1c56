#include "export/graphml_writer.hpp"

#include "export/xml_escape.hpp"
#include "model/lambda_record.hpp"

namespace dimerlab {

std::string state_graphml(const Graph& g, std::span<const std::uint32_t> mate, const ExportMetadata& meta) {
    const bool layout = g.layout().size() == g.num_vertices() && g.num_vertices() > 0;
    std::string lambdas;
    for (const LambdaChange& c : meta.lambda_record) {
        if (!lambdas.empty()) lambdas += ' ';
        lambdas += lambda_text(c.lambda) + "@" + std::to_string(c.at_update);
    }
    std::string out;
    out.reserve(96 + std::size_t(g.num_vertices()) * (layout ? 96 : 24) + std::size_t(g.num_edges()) * 80);
    out +=
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\"\n"
        "    xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"\n"
        "    xsi:schemaLocation=\"http://graphml.graphdrawing.org/xmlns "
        "http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd\">\n"
        "  <key id=\"spec\" for=\"graph\" attr.name=\"spec\" attr.type=\"string\"/>\n"
        "  <key id=\"seed\" for=\"graph\" attr.name=\"seed\" attr.type=\"string\"/>\n"
        "  <key id=\"lambda\" for=\"graph\" attr.name=\"lambda\" attr.type=\"string\">\n"
        "    <desc>λ from each update on: LAMBDA@UPDATE, separated by spaces</desc>\n"
        "  </key>\n"
        "  <key id=\"dynamics\" for=\"graph\" attr.name=\"dynamics\" attr.type=\"string\"/>\n";
    if (layout) {
        out +=
            "  <key id=\"x\" for=\"node\" attr.name=\"x\" attr.type=\"double\"/>\n"
            "  <key id=\"y\" for=\"node\" attr.name=\"y\" attr.type=\"double\"/>\n";
    }
    if (g.weighted()) {
        // The weight twice: a double for other tools, and the exact rational that
        // file:PATH.graphml,weighted reads back, so that the graph and its hash survive the trip.
        out +=
            "  <key id=\"weight\" for=\"edge\" attr.name=\"weight\" attr.type=\"double\"/>\n"
            "  <key id=\"weight_exact\" for=\"edge\" attr.name=\"weight_exact\" attr.type=\"string\"/>\n";
    }
    out += "  <key id=\"dimer\" for=\"edge\" attr.name=\"dimer\" attr.type=\"boolean\">\n";
    out += "    <desc>the edge is in the matching</desc>\n    <default>false</default>\n  </key>\n";
    out += "  <graph id=\"G\" edgedefault=\"undirected\">\n";
    out += "    <data key=\"spec\">" + xml_escape(meta.graph_spec) + "</data>\n";
    out += "    <data key=\"seed\">" + std::to_string(meta.seed) + "</data>\n";
    out += "    <data key=\"lambda\">" + xml_escape(lambdas) + "</data>\n";
    out += "    <data key=\"dynamics\">" + xml_escape(meta.dynamics) + "</data>\n";
    for (std::uint32_t v = 0; v < g.num_vertices(); ++v) {
        const std::string id = "n" + std::to_string(v);
        if (!layout) {
            out += "    <node id=\"" + id + "\"/>\n";
            continue;
        }
        out += "    <node id=\"" + id + "\"><data key=\"x\">" + format_double(g.layout()[v].x) +
               "</data><data key=\"y\">" + format_double(g.layout()[v].y) + "</data></node>\n";
    }
    for (EdgeId e = 0; e < g.num_edges(); ++e) {
        const Edge& ed = g.edge(e);
        const bool dimer = ed.u < mate.size() && mate[ed.u] == ed.v;
        out += "    <edge source=\"n" + std::to_string(ed.u) + "\" target=\"n" + std::to_string(ed.v) + "\">";
        if (g.weighted()) {
            out += "<data key=\"weight\">" + format_double(g.weight(e)) +
                   "</data><data key=\"weight_exact\">" + g.weights().exact(e) + "</data>";
        }
        // Written on every edge, not left to the key's default: not every reader applies defaults.
        out +=
            dimer ? "<data key=\"dimer\">true</data></edge>\n" : "<data key=\"dimer\">false</data></edge>\n";
    }
    out += "  </graph>\n</graphml>\n";
    return out;
}

}  // namespace dimerlab
