#include "graph/graph_spec.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <optional>

#include "graph/families/family_table.hpp"
#include "graph/families/igraph_bridge.hpp"
#include "graph/graph_limits.hpp"
#include "graph/readers/graph_file.hpp"
#include "graph/readers/region_reader.hpp"
#include "util/errors.hpp"

namespace dimerlab {

namespace {

using families::FamilyDescriptor;
using families::find_family;
using Shape = families::FamilyShape;
using Family = FamilyDescriptor;

// The spec as typed, made safe for a one-line message.
std::string shown(std::string_view text) {
    constexpr std::size_t kMax = 80;
    std::string out;
    for (std::size_t i = 0; i < text.size() && i < kMax; ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        out += (c < 0x20 || c == 0x7f) ? '?' : static_cast<char>(c);
    }
    if (text.size() > kMax) out += "...";
    return out;
}

std::string probability_text(double p) {
    char buf[64];
    const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, p);
    return ec == std::errc() ? std::string(buf, end) : std::string("nan");
}

// Recursive descent over the parameters of one family; every error names the whole spec.
class SpecParser {
  public:
    SpecParser(std::string_view text, const Family& family, std::string_view params)
        : text_(text), family_(family), rest_(params) {}

    [[noreturn]] void fail(const std::string& what) const {
        throw InputError("graph spec '" + shown(text_) + "': " + what);
    }
    [[noreturn]] void fail_usage(const std::string& what) const {
        fail(what + "; expected " + std::string(family_.usage) + ", e.g. " + std::string(family_.example));
    }

    std::uint64_t whole(const char* what) {
        std::size_t len = 0;
        while (len < rest_.size() && rest_[len] >= '0' && rest_[len] <= '9') ++len;
        if (len == 0) {
            if (rest_.empty()) fail_usage(std::string("missing ") + what);
            fail_usage(std::string(what) + " must be a whole number, got '" + shown(rest_) + "'");
        }
        std::uint64_t value = 0;
        const auto [end, ec] = std::from_chars(rest_.data(), rest_.data() + len, value);
        if (ec != std::errc() || end != rest_.data() + len) {
            fail(std::string(what) + " = " + shown(rest_.substr(0, len)) + " is too large");
        }
        rest_.remove_prefix(len);
        return value;
    }

    double probability() {
        std::size_t len = 0;
        while (len < rest_.size() && rest_[len] != ',') ++len;
        const std::string_view token = rest_.substr(0, len);
        if (token.empty()) fail_usage("missing P");
        double p = 0;
        const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), p);
        if (ec != std::errc() || end != token.data() + token.size() || !std::isfinite(p)) {
            fail_usage("P must be a number, got '" + shown(token) + "'");
        }
        if (p < 0 || p > 1) fail("probability P = " + shown(token) + " is outside [0,1]");
        rest_.remove_prefix(len);
        return p;
    }

    void expect(char c, const char* next_what) {
        if (rest_.empty()) fail_usage(std::string("missing ") + next_what);
        if (rest_.front() != c) {
            fail_usage(std::string("expected '") + c + "' before " + next_what + ", got '" + shown(rest_) +
                       "'");
        }
        rest_.remove_prefix(1);
    }

    void keywords(GraphSpec& spec) {
        bool have_seed = false;
        while (!rest_.empty()) {
            if (rest_.front() != ',') trailing();
            rest_.remove_prefix(1);
            const std::size_t eq = rest_.find('=');
            const std::string_view key = rest_.substr(0, eq);
            if (eq == std::string_view::npos)
                fail_usage("expected keyword=value, got '" + shown(rest_) + "'");
            if (key != "seed") fail("unknown keyword '" + shown(key) + "'; the only keyword is seed=S");
            if (have_seed) fail("seed given twice");
            rest_.remove_prefix(eq + 1);
            spec.seed = whole("seed S");
            have_seed = true;
        }
    }

    // hexagon's `,q=Q`: the q^volume weights, an exact rational.
    void q_weight(GraphSpec& spec) {
        if (rest_.empty()) return;
        if (!rest_.starts_with(",q=")) {
            const std::string_view option = rest_.substr(0, rest_.find(',', 1));
            if (rest_.front() == ',' && option.find('=') != std::string_view::npos)
                fail("unknown keyword in '" + shown(rest_) + "'; hexagon takes q=Q (q^volume)");
            trailing();
        }
        rest_.remove_prefix(3);
        const std::size_t len = std::min(rest_.find(','), rest_.size());
        const std::string_view text = rest_.substr(0, len);
        std::string why;
        std::optional<ExactWeight> value = parse_exact_weight(text, &why);
        if (!value) fail("q = '" + shown(text) + "': " + why);
        spec.q = std::move(*value);
        rest_.remove_prefix(len);
    }

    // `,key=value` options until the end, each of `keys` at most once: handle(index of the key,
    // value text). `takes` lists them for messages ("a=A and b=B"), `one_of` for a missing '='.
    template <class Handle>
    void weight_options(std::initializer_list<std::string_view> keys, const std::string& one_of,
                        const std::string& takes, Handle&& handle) {
        std::vector<bool> have(keys.size(), false);
        while (!rest_.empty()) {
            if (rest_.front() != ',') trailing();
            rest_.remove_prefix(1);
            const std::size_t eq = rest_.find('=');
            const std::string_view key = rest_.substr(0, eq);
            if (eq == std::string_view::npos)
                fail_usage("expected " + one_of + ", got '" + shown(rest_) + "'");
            const auto found = std::find(keys.begin(), keys.end(), key);
            if (found == keys.end())
                fail("unknown keyword '" + shown(key) + "'; " + std::string(family_.name) + " takes " +
                     takes);
            const auto k = static_cast<std::size_t>(found - keys.begin());
            if (have[k]) fail(std::string(key) + " given twice");
            have[k] = true;
            rest_.remove_prefix(eq + 1);
            const std::size_t len = std::min(rest_.find(','), rest_.size());
            handle(k, rest_.substr(0, len));
            rest_.remove_prefix(len);
        }
    }

    // aztec's `,a=A,b=B`: the two-periodic weights, exact rationals (graph/exact_weight.hpp).
    void two_periodic_weights(GraphSpec& spec) {
        GraphSpec::TwoPeriodic w;
        bool any = false;
        weight_options(
            {"a", "b"}, "a=A or b=B", "a=A and b=B (two-periodic weights)",
            [&](std::size_t k, std::string_view text) {
                std::string why;
                std::optional<ExactWeight> value = parse_exact_weight(text, &why);
                if (!value)
                    fail("weight " + std::string(k == 0 ? "a" : "b") + " = '" + shown(text) + "': " + why);
                (k == 0 ? w.a : w.b) = std::move(*value);
                any = true;
            });
        if (any) spec.two_periodic = std::move(w);
    }

    // grid's, torus's and hex's `,h=T,v=T`: periodic tables of exact weights.
    void periodic_weights(GraphSpec& spec) {
        PeriodicWeights w;
        bool any = false;
        weight_options(
            {"h", "v"}, "h=T or v=T",
            "h=T and v=T (periodic weights of the horizontal and vertical edges, T like 1:2;3:1)",
            [&](std::size_t k, std::string_view text) {
                std::string why;
                if (!parse_periodic_table(text, k == 0 ? &w.horizontal : &w.vertical, &why))
                    fail("weights " + std::string(k == 0 ? "h" : "v") + " = '" + shown(text) + "': " + why);
                any = true;
            });
        if (any) spec.periodic = std::move(w);
    }

    void end() {
        if (!rest_.empty()) trailing();
    }

    [[noreturn]] void trailing() const {
        fail("unexpected '" + shown(rest_) + "' after '" +
             shown(text_.substr(0, text_.size() - rest_.size())) + "'; expected " +
             std::string(family_.usage));
    }

    std::string_view rest() const { return rest_; }

  private:
    std::string_view text_;
    const Family& family_;
    std::string_view rest_;
};

std::string known_families() {
    std::string out;
    for (const Family& f : families::family_table()) out += (out.empty() ? "" : ", ") + std::string(f.name);
    return out;
}

void check_ranges(const SpecParser& p, const GraphSpec& s) {
    const std::string& f = s.family;
    for (std::size_t i = 0; i < s.dims.size(); ++i) {
        // gnm's M is an edge count, not a size: an empty G(n,m) is fine.
        if (s.dims[i] == 0 && !(f == "gnm" && i == 1)) p.fail("sizes must be positive, got 0");
    }
    if (f == "torus" && (s.dims[0] < 3 || s.dims[1] < 3)) {
        p.fail("torus sizes must be at least 3 so that the torus is a simple graph");
    }
    if (f == "cycle" && s.dims[0] < 3) p.fail("a cycle needs at least 3 vertices");
    if (f == "hypercube" && s.dims[0] > 26) p.fail("hypercube dimension D must be between 1 and 26");
    if (f == "regular") {
        const std::uint64_t n = s.dims[0], d = s.dims[1];
        if (d >= n) {
            p.fail("degree D = " + std::to_string(d) + " must be less than N = " + std::to_string(n));
        }
        if ((n & 1) && (d & 1)) {
            p.fail("N*D must be even for a D-regular graph on N vertices, got " + std::to_string(n) + "*" +
                   std::to_string(d));
        }
    }
    if (f == "gnm") {
        const long double n = static_cast<long double>(s.dims[0]);
        if (static_cast<long double>(s.dims[1]) > n * (n - 1) / 2) {
            p.fail("M = " + std::to_string(s.dims[1]) +
                   " is more than the N(N-1)/2 edges of a simple graph on " + std::to_string(s.dims[0]) +
                   " vertices");
        }
    }
}

}  // namespace

std::string GraphSpec::canonical() const {
    const Family* f = find_family(family);
    if (f == nullptr) return family;
    std::string out(family);
    auto join = [&](char sep) {
        for (std::size_t i = 0; i < dims.size(); ++i)
            out += (i == 0 ? ":" : std::string(1, sep)) + std::to_string(dims[i]);
    };
    switch (f->shape) {
        case Shape::none:
            break;
        case Shape::two_sizes:
        case Shape::one_size:
            join('x');
            if (two_periodic) out += ",a=" + two_periodic->a.exact + ",b=" + two_periodic->b.exact;
            if (periodic && !periodic->horizontal.empty()) out += ",h=" + periodic->horizontal.text();
            if (periodic && !periodic->vertical.empty()) out += ",v=" + periodic->vertical.text();
            break;
        case Shape::three_sizes:
            join(',');
            if (q) out += ",q=" + q->exact;
            break;
        case Shape::random_count:
            join(',');
            out += ",seed=" + std::to_string(seed);
            break;
        case Shape::random_probability:
            out += ":" + (dims.empty() ? std::string() : std::to_string(dims[0]));
            out += "," + probability_text(probability) + ",seed=" + std::to_string(seed);
            break;
        case Shape::file:
            out += ":" + path;
            if (relabel) out += ",relabel";
            if (one_based) out += ",one-based";
            if (weighted) out += ",weighted";
            break;
    }
    return out;
}

GraphSpec parse_graph_spec(std::string_view text) {
    const std::size_t colon = text.find(':');
    const std::string_view name = text.substr(0, colon);
    const Family* family = find_family(name);
    if (family == nullptr) {
        if (name.empty()) {
            throw InputError("graph spec '" + shown(text) +
                             "': missing family name; expected family:params, one of " + known_families());
        }
        throw InputError("graph spec '" + shown(text) + "': unknown family '" + shown(name) +
                         "'; known families: " + known_families());
    }
    GraphSpec spec;
    spec.family = std::string(family->name);
    const std::string_view params =
        colon == std::string_view::npos ? std::string_view() : text.substr(colon + 1);
    SpecParser p(text, *family, params);
    if (colon == std::string_view::npos && family->shape != Shape::none) p.fail_usage("missing parameters");
    switch (family->shape) {
        case Shape::none:
            if (colon != std::string_view::npos) p.fail("petersen takes no parameters");
            break;
        case Shape::two_sizes: {
            const char* names = family->name == "bipartite" ? "AB" : "WH";
            spec.dims.push_back(p.whole(names[0] == 'A' ? "A" : "W"));
            p.expect('x', names[0] == 'A' ? "B" : "H");
            spec.dims.push_back(p.whole(names[0] == 'A' ? "B" : "H"));
            if (family->name == "grid" || family->name == "torus" || family->name == "hex")
                p.periodic_weights(spec);
            p.end();
            break;
        }
        case Shape::three_sizes:
            spec.dims.push_back(p.whole("A"));
            p.expect(',', "B");
            spec.dims.push_back(p.whole("B"));
            p.expect(',', "C");
            spec.dims.push_back(p.whole("C"));
            if (family->name == "hexagon") p.q_weight(spec);
            p.end();
            break;
        case Shape::one_size:
            spec.dims.push_back(p.whole(family->name == "hypercube" ? "D" : "N"));
            if (family->name == "aztec") p.two_periodic_weights(spec);
            p.end();
            break;
        case Shape::random_count: {
            const char* second = family->name == "regular" ? "D" : "M";
            spec.dims.push_back(p.whole("N"));
            p.expect(',', second);
            spec.dims.push_back(p.whole(second));
            p.keywords(spec);
            break;
        }
        case Shape::random_probability:
            spec.dims.push_back(p.whole("N"));
            p.expect(',', "P");
            spec.probability = p.probability();
            p.keywords(spec);
            break;
        case Shape::file: {
            if (params.empty()) p.fail_usage("missing PATH");
            if (family->name == "region") {
                // Regions take no options: the lattice is named inside the file.
                if (!params.ends_with(".region")) p.fail("a region file ends in .region");
                spec.path = std::string(params);
                break;
            }
            // Options follow the path after commas; a path that already ends in a known extension
            // is taken whole, so that commas inside file names still work.
            std::string_view path = params;
            std::vector<std::string_view> options;
            while (!graph_file_format(path)) {
                const std::size_t comma = path.rfind(',');
                if (comma == std::string_view::npos) break;
                options.push_back(path.substr(comma + 1));
                path = path.substr(0, comma);
            }
            const auto format = graph_file_format(path);
            if (!format) {
                p.fail("unknown file extension; expected " + graph_file_extensions_text());
            }
            for (const std::string_view option : options) {
                bool& flag = option == "relabel"    ? spec.relabel
                             : option == "weighted" ? spec.weighted
                                                    : spec.one_based;
                if (option != "relabel" && option != "one-based" && option != "weighted") {
                    p.fail("unknown file option '" + shown(option) +
                           "'; expected relabel, one-based or weighted");
                }
                if (flag) p.fail(std::string(option) + " given twice");
                flag = true;
            }
            if (spec.relabel && spec.one_based) {
                p.fail(
                    "relabel and one-based exclude each other: relabel numbers the ids whatever they start "
                    "at");
            }
            if (spec.weighted && !graph_file_has_weights(*format)) {
                p.fail(
                    "weighted applies to edge lists, Matrix Market and GraphML files; this format "
                    "carries no weights");
            }
            if ((spec.relabel || spec.one_based) && *format != GraphFileFormat::edge_list) {
                p.fail(
                    "relabel and one-based apply to edge lists (.txt, .edges) only; the other formats fix "
                    "their own ids");
            }
            spec.path = std::string(path);
            break;
        }
    }
    check_ranges(p, spec);
    return spec;
}

Graph build_graph(const GraphSpec& spec, const BuildOptions& options) {
    // Re-parsing the canonical text validates a hand-made GraphSpec exactly as typed specs are.
    const GraphSpec s = parse_graph_spec(spec.canonical());
    const std::string canonical = s.canonical();
    Graph g;
    if (s.family == "file") {
        g = read_graph_file(s.path, options.max_bytes,
                            EdgeListIds{.one_based = s.one_based, .relabel = s.relabel}, s.weighted);
        if (options.with_layout) g.set_layout(families::igraph_force_layout(g, s.seed));
    } else if (s.family == "region") {
        g = read_region_file(s.path, options.max_bytes);  // drawn on its lattice
    } else {
        const families::FamilySize size = families::family_size(s);
        check_graph_size(canonical, size.n, size.m, options.max_bytes, size.extra_bytes);
        // The size check bounds every dimension below 2^32 (n and m are products of them).
        g = find_family(s.family)->build(s, options);
    }
    g.set_spec(canonical);
    return g;
}

Graph make_graph(std::string_view spec_text, const BuildOptions& options) {
    return build_graph(parse_graph_spec(spec_text), options);
}

}  // namespace dimerlab
