// The spec grammar: canonical forms, round trips, and every refusal with its key words.
#include <QTest>

#include "graph/graph_limits.hpp"
#include "graph/graph_spec.hpp"
#include "graph_test_helpers.hpp"

using namespace dimerlab;
using namespace dimerlab::testing;

class TestGraphSpec : public QObject {
    Q_OBJECT

  private slots:
    void canonical_form_round_trips_through_the_parser() {
        const std::pair<const char*, const char*> cases[] = {
            {"grid:64x64", "grid:64x64"},
            {"torus:032x32", "torus:32x32"},
            {"hex:20x21", "hex:20x21"},
            {"tri:20x20", "tri:20x20"},
            {"aztec:40", "aztec:40"},
            {"complete:200", "complete:200"},
            {"bipartite:30x40", "bipartite:30x40"},
            {"path:50", "path:50"},
            {"cycle:50", "cycle:50"},
            {"hypercube:10", "hypercube:10"},
            {"petersen", "petersen"},
            {"regular:2000,3,seed=7", "regular:2000,3,seed=7"},
            {"regular:2000,3", "regular:2000,3,seed=1"},
            {"gnp:1000,0.01,seed=1", "gnp:1000,0.01,seed=1"},
            {"gnp:1000,1e-2", "gnp:1000,0.01,seed=1"},
            {"gnm:1000,5000,seed=18446744073709551615", "gnm:1000,5000,seed=18446744073709551615"},
            {"file:dir/g.mtx", "file:dir/g.mtx"},
        };
        for (auto [text, canonical] : cases) {
            const GraphSpec s = parse_graph_spec(text);
            QCOMPARE(QString::fromStdString(s.canonical()), QString(canonical));
            const GraphSpec again = parse_graph_spec(s.canonical());
            QCOMPARE(again.canonical(), s.canonical());
            QCOMPARE(again.dims, s.dims);
            QCOMPARE(again.seed, s.seed);
            QCOMPARE(again.probability, s.probability);
            QCOMPARE(again.path, s.path);
        }
    }

    void parsed_fields_hold_the_numbers_given() {
        const GraphSpec g = parse_graph_spec("grid:7x5");
        QCOMPARE(g.family, std::string("grid"));
        QCOMPARE(g.dims, (std::vector<std::uint64_t>{7, 5}));
        const GraphSpec p = parse_graph_spec("gnp:10,0.1,seed=42");
        QCOMPARE(p.probability, 0.1);
        QCOMPARE(p.seed, std::uint64_t(42));
    }

    void malformed_specs_are_refused_with_a_reason() {
        struct Case {
            const char* spec;
            QStringList words;
        };
        const Case cases[] = {
            {"", {"missing family name", "grid"}},
            {"foo:3",
             {"unknown family 'foo'", "grid", "torus", "hex", "tri", "aztec", "complete", "bipartite", "path",
              "cycle", "hypercube", "petersen", "regular", "gnp", "gnm", "file"}},
            {"Grid:3x3", {"unknown family 'Grid'"}},
            {"grid", {"missing parameters", "grid:WxH"}},
            {"grid:", {"missing W", "grid:WxH"}},
            {"grid:3", {"missing H", "grid:WxH"}},
            {"grid:3x", {"missing H"}},
            {"grid:ax3", {"W must be a whole number", "'ax3'"}},
            {"grid:3xb", {"H must be a whole number"}},
            {"grid:-3x3", {"whole number"}},
            {"grid:3*3", {"expected 'x'", "grid:WxH"}},
            {"grid:3x3y", {"unexpected 'y'", "grid:3x3"}},
            {"grid:3x3 ", {"unexpected ' '"}},
            {"grid:3x3,seed=2", {"unknown keyword 'seed'", "h=T and v=T"}},
            {"grid:99999999999999999999x3", {"too large"}},
            {"grid:0x3", {"positive", "0"}},
            {"hex:3x0", {"positive"}},
            {"aztec:0", {"positive"}},
            {"complete:0", {"positive"}},
            {"torus:2x5", {"at least 3"}},
            {"cycle:2", {"at least 3"}},
            {"hypercube:0", {"positive"}},
            {"hypercube:27", {"between 1 and 26"}},
            {"petersen:3", {"no parameters"}},
            {"aztec:3x3", {"unexpected 'x3'"}},
            {"regular:5,3", {"even", "5*3"}},
            {"regular:5,5", {"less than N"}},
            {"regular:5,7,seed=1", {"less than N"}},
            {"regular:6", {"missing D"}},
            {"regular:6,2,sed=3", {"unknown keyword 'sed'", "seed"}},
            {"regular:6,2,seed", {"keyword=value"}},
            {"regular:6,2,seed=x", {"whole number"}},
            {"regular:6,2,seed=1,seed=2", {"twice"}},
            {"regular:6,2;", {"unexpected ';'"}},
            {"gnp:10,1.5", {"outside [0,1]"}},
            {"gnp:10,-0.1", {"outside [0,1]"}},
            {"gnp:10,nan", {"P must be a number"}},
            {"gnp:10,inf", {"P must be a number"}},
            {"gnp:10,0.5x", {"P must be a number"}},
            {"gnp:10", {"missing P"}},
            {"gnm:10,46", {"N(N-1)/2", "46"}},
            {"gnm:18446744073709551615,5,seed=1", {}},  // parses: size is judged when building
            {"file:", {"missing PATH"}},
            {"file:graph.csv", {"unknown file extension", ".mtx"}},
            {"file:graph", {"unknown file extension"}},
            {"grid:3\nx3", {"expected 'x'", "'?x3'"}},
        };
        for (const Case& c : cases) {
            const QString msg = input_error_of([&] { parse_graph_spec(c.spec); });
            if (c.words.isEmpty()) {
                QCOMPARE(msg, QStringLiteral("<no error>"));
                continue;
            }
            QVERIFY2(missing_words(msg, c.words).isEmpty(), qPrintable(missing_words(msg, c.words)));
            QVERIFY2(msg.contains("graph spec '"), qPrintable(msg));
            QVERIFY2(!msg.contains('\n'), qPrintable(msg));
        }
    }

    void sizes_beyond_memory_say_how_much_is_needed() {
        const QString big = input_error_of([] { make_graph("complete:300000"); });
        QVERIFY2(missing_words(big, {"complete:300000", "needs about", "TB", "this machine has"}).isEmpty(),
                 qPrintable(big));
        const QString limited =
            input_error_of([] { make_graph("grid:2000x2000", {.max_bytes = 16'000'000}); });
        QVERIFY2(missing_words(limited, {"grid:2000x2000", "needs about", "MB", "limit is 16 MB"}).isEmpty(),
                 qPrintable(limited));
        // Products that overflow 64 bits are still judged, not wrapped around to something small.
        const QString huge = input_error_of([] { make_graph("grid:4000000000x4000000000"); });
        QVERIFY2(huge.contains("needs about"), qPrintable(huge));
        const QString wide = input_error_of([] { make_graph("gnm:18446744073709551615,5"); });
        QVERIFY2(wide.contains("needs about"), qPrintable(wide));
        const QString fits = input_error_of([] { make_graph("grid:100x100", {.max_bytes = 16'000'000}); });
        QCOMPARE(fits, QStringLiteral("<no error>"));
    }

    void memory_share_is_half_of_physical_or_what_is_available() {
        const std::uint64_t gb = 1'000'000'000;
        const MemoryShare roomy = memory_share(64 * gb, 40 * gb);
        QCOMPARE(roomy.limit, 32 * gb);
        QVERIFY2(QString::fromStdString(roomy.words).contains("64 GB and one graph may use at most half"),
                 roomy.words.c_str());
        const MemoryShare busy = memory_share(64 * gb, 5 * gb);
        QCOMPARE(busy.limit, 5 * gb);
        QVERIFY2(QString::fromStdString(busy.words).contains("5.0 GB of memory available now (of 64 GB)"),
                 busy.words.c_str());
        QCOMPARE(memory_share(0, 3 * gb).limit, 3 * gb);       // physical memory unknown
        QCOMPARE(memory_share(0, 0).limit, std::uint64_t{0});  // nothing known: no limit
        // This machine (Linux): some memory is available, never more than there is.
        const std::uint64_t available = available_memory_bytes(), physical = physical_memory_bytes();
        QVERIFY(available > 0);
        QVERIFY(available <= physical);
    }

    void sizes_beyond_32_bit_ids_are_refused_even_with_unlimited_memory() {
        const BuildOptions unlimited{.with_layout = false, .max_bytes = UINT64_MAX};
        const QString vertices = input_error_of([&] { make_graph("path:4294967296", unlimited); });
        QVERIFY2(missing_words(vertices, {"4294967296 vertices", "at most 4294967295"}).isEmpty(),
                 qPrintable(vertices));
        const QString edges = input_error_of([&] { make_graph("complete:70000", unlimited); });
        QVERIFY2(missing_words(edges, {"2449965000 edges", "at most 2147483647"}).isEmpty(),
                 qPrintable(edges));
    }

    void memory_estimate_grows_with_size_and_saturates() {
        QVERIFY(graph_memory_bytes(10, 10) > 0);
        QVERIFY(graph_memory_bytes(1000, 10) > graph_memory_bytes(10, 10));
        QVERIFY(graph_memory_bytes(10, 1000) > graph_memory_bytes(10, 10));
        // At least the edge list, CSR and layout: 8m + 16m + 16n bytes.
        QVERIFY(graph_memory_bytes(1000, 5000) >= 24 * 5000 + 16 * 1000);
        QCOMPARE(graph_memory_bytes(UINT64_MAX, UINT64_MAX), UINT64_MAX);
    }

    void hand_built_spec_is_validated_when_built() {
        GraphSpec bad;
        bad.family = "grid";
        bad.dims = {3};
        QVERIFY(input_error_of([&] { build_graph(bad); }).contains("missing H"));
        bad.family = "nope";
        QVERIFY(input_error_of([&] { build_graph(bad); }).contains("unknown family"));
    }

    void missing_file_and_directory_are_reported() {
        const QString missing = input_error_of([] { make_graph("file:/nonexistent/dir/graph.txt"); });
        QVERIFY2(
            missing_words(missing, {"cannot open", "/nonexistent/dir/graph.txt", "No such file"}).isEmpty(),
            qPrintable(missing));
    }
};

QTEST_GUILESS_MAIN(TestGraphSpec)
#include "test_graph_spec.moc"
