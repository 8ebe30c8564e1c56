// Measurement and figure export (docs/architecture.md §9): CSV and JSON schema, SVG well-formed with one
// element per dimer, TikZ limits, the software rasteriser, and that every failure leaves no file.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>
#include <set>

#include "cli_runner.hpp"
#include "diagnostics/effective_sample_size.hpp"
#include "diagnostics/integrated_autocorrelation.hpp"
#include "export/measurement_export.hpp"
#include "export/series_diagnostics.hpp"
#include "export/state_figure.hpp"
#include "export/state_raster.hpp"
#include "graph/graph_spec.hpp"
#include "model/matching.hpp"
#include "sampling/observables.hpp"
#include "sampling/sampler_factory.hpp"
#include "util/errors.hpp"

using namespace dimerlab;

namespace {

QStringList entries(const QString& dir) {
    return QDir(dir).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System);
}

// A state with dimers and monomers: a short chain from the empty matching.
MateArray sample_state(const Graph& g, std::uint64_t sweeps = 20) {
    auto s =
        make_cpu_sampler(g, Dynamics::glauber, 7, LambdaRecord(1.5), MateArray(g.num_vertices(), kNoMate));
    s->advance(sweeps * g.num_edges());
    return MateArray(s->mate().begin(), s->mate().end());
}

std::vector<SweepRecord> small_series() {
    return {{1, 24, 1.5, 5, 6, 10.0 / 16, 1}, {2, 48, 1.5, 6, 4, 12.0 / 16, std::nullopt}};
}

}  // namespace

class TestExportMeasurements : public QObject {
    Q_OBJECT

  private slots:
    void csvHeaderAndRows() {
        const std::string csv = time_series_csv(small_series());
        QCOMPARE(QString::fromStdString(csv),
                 QString("sweep,updates,lambda,dimers,monomers,covered_fraction,imbalance\n"
                         "1,24,1.5,5,6,0.625,1\n"
                         "2,48,1.5,6,4,0.75,\n"));
    }

    void jsonSchemaWithMetadata() {
        ExportMetadata meta;
        meta.graph_spec = "grid:4x4";
        meta.graph_hash = 0x0123456789abcdefull;
        meta.vertices = 16;
        meta.edges = 24;
        meta.seed = 9;
        meta.lambda_record = {{0, 1.5}, {30, 2.0}};
        meta.dynamics = "glauber";
        meta.backend = "cpu";
        meta.start = "empty";
        const QJsonObject doc =
            QJsonDocument::fromJson(QByteArray::fromStdString(time_series_json(meta, small_series())))
                .object();
        QCOMPARE(doc["format"].toString(), QString("dimerlab-time-series"));
        QCOMPARE(doc["format_version"].toInt(), 2);
        const QJsonObject md = doc["metadata"].toObject();
        QCOMPARE(md["graph"].toString(), QString("grid:4x4"));
        QCOMPARE(md["graph_hash"].toString(), QString("0123456789abcdef"));
        QCOMPARE(md["seed"].toInt(), 9);
        QCOMPARE(md["version"].toString(), QString(DIMERLAB_VERSION));
        QCOMPARE(md["dynamics"].toString(), QString("glauber"));
        QCOMPARE(md["backend"].toString(), QString("cpu"));
        QCOMPARE(md["start"].toString(), QString("empty"));
        const QJsonArray rec = md["lambda_record"].toArray();
        QCOMPARE(rec.size(), 2);
        QCOMPARE(rec[1].toObject()["at_update"].toInt(), 30);
        QCOMPARE(rec[1].toObject()["lambda"].toDouble(), 2.0);
        const QJsonArray cols = doc["columns"].toArray();
        QCOMPARE(cols.size(), 7);
        const QJsonObject series = doc["series"].toObject();
        for (const auto& c : cols) QCOMPARE(series[c.toString()].toArray().size(), 2);
        QCOMPARE(series["dimers"].toArray()[1].toInt(), 6);
        QVERIFY(series["imbalance"].toArray()[1].isNull());
    }

    void jsonDiagnosticsAreCoreDiagnosticsOfTheSeries() {
        // The export runs the chain; the numbers must be what core/diagnostics computes from the
        // series written next to them, bit for bit (JSON doubles round-trip).
        QTemporaryDir dir;
        const QString d = dir.path();
        const CliResult r = run_cli({"export", "--graph", "grid:8x8", "--lambda", "1.3", "--seed", "21",
                                     "--sweeps", "400", "--csv", d + "/t.csv", "--json-out", d + "/t.json"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QFile json(d + "/t.json");
        QVERIFY(json.open(QIODevice::ReadOnly));
        const QJsonObject doc = QJsonDocument::fromJson(json.readAll()).object();
        const QJsonArray cols = doc["columns"].toArray();
        const QJsonObject series = doc["series"].toObject();
        QCOMPARE(series.size(), cols.size());
        for (const auto& c : cols) QCOMPARE(series[c.toString()].toArray().size(), 400);
        const QJsonObject diag = doc["diagnostics"].toObject();
        QCOMPARE(diag["method"].toString(), QString("sokal-window"));
        QCOMPARE(diag["window_c"].toDouble(), kExportTauWindow);
        const QJsonObject obs = diag["observables"].toObject();
        QCOMPARE(obs.keys(), QStringList({"dimers", "imbalance", "monomers"}));
        for (const QString& name : obs.keys()) {
            std::vector<double> values;
            for (const auto& v : series[name].toArray()) values.push_back(v.toDouble());
            const TauEstimate tau = integrated_autocorrelation(values, 5.0);
            const QJsonObject o = obs[name].toObject();
            QVERIFY(std::isfinite(tau.tau));
            QCOMPARE(o["tau_int"].toDouble(), tau.tau);
            QCOMPARE(o["tau_int_stderr"].toDouble(), tau.standard_error);
            QCOMPARE(o["window"].toInt(), int(tau.window));
            QCOMPARE(o["samples"].toInt(), 400);
            QCOMPARE(o["ess"].toDouble(), effective_sample_size(tau));
            QCOMPARE(o["reliable"].toBool(), tau.reliable);
            double sum = 0;
            for (double v : values) sum += v;
            QVERIFY(std::abs(o["mean"].toDouble() - sum / 400) < 1e-12);
        }
        // The CSV carries the same columns in the same order, and the same numbers.
        QFile csv(d + "/t.csv");
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = csv.readAll().trimmed().split('\n');
        QCOMPARE(lines.size(), 401);
        const QList<QByteArray> header = lines[0].split(',');
        QCOMPARE(header.size(), cols.size());
        for (qsizetype i = 0; i < header.size(); ++i) QCOMPARE(QString(header[i]), cols[i].toString());
        for (int row : {1, 200, 400}) {
            const QList<QByteArray> cells = lines[row].split(',');
            QCOMPARE(cells.size(), cols.size());
            for (qsizetype i = 0; i < cells.size(); ++i) {
                QCOMPARE(cells[i].toDouble(), series[cols[i].toString()].toArray()[row - 1].toDouble());
            }
        }
    }

    void diagnosticsOfConstantAndShortSeries() {
        // A constant series has no autocorrelation: null in JSON, not a made-up number.
        std::vector<SweepRecord> flat(10, SweepRecord{1, 24, 1.0, 5, 6, 0.625, std::nullopt});
        const QJsonObject doc =
            QJsonDocument::fromJson(QByteArray::fromStdString(time_series_json(ExportMetadata{}, flat)))
                .object();
        const QJsonObject dimers =
            doc["diagnostics"].toObject()["observables"].toObject()["dimers"].toObject();
        QVERIFY(dimers["tau_int"].isNull());
        QVERIFY(dimers["ess"].isNull());
        QVERIFY(!doc["diagnostics"].toObject()["observables"].toObject().contains("imbalance"));
        QVERIFY(time_series_diagnostics({flat[0]}).empty());
        QVERIFY(time_series_diagnostics({}).empty());
    }

    void svgWellFormedOneElementPerDimer() {
        const Graph g = make_graph("grid:7x5");
        const MateArray mate = sample_state(g);
        const std::uint32_t dimers = count_dimers(mate);
        QVERIFY(dimers > 0);
        QVERIFY(dimers * 2 < g.num_vertices());
        QXmlStreamReader xml(QByteArray::fromStdString(state_svg(g, mate)));
        std::uint32_t lines = 0, dimer_lines = 0, monomer_circles = 0;
        while (!xml.atEnd()) {
            xml.readNext();
            if (!xml.isStartElement()) continue;
            const QString cls = xml.attributes().value("class").toString();
            if (xml.name() == QLatin1String("line")) {
                ++lines;
                if (cls == "dimer") ++dimer_lines;
            }
            if (xml.name() == QLatin1String("circle") && cls == "monomer") ++monomer_circles;
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QCOMPARE(dimer_lines, dimers);
        QCOMPARE(lines, g.num_edges() + dimers);
        QCOMPARE(monomer_circles, g.num_vertices() - 2 * dimers);
    }

    void svgEscapesTheSpec() {
        Graph g = make_graph("grid:2x2");
        g.set_spec("file:a&b<c>.txt");
        QXmlStreamReader xml(QByteArray::fromStdString(state_svg(g, MateArray(4, kNoMate))));
        while (!xml.atEnd()) xml.readNext();
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    }

    void tikzSmallGraph() {
        const Graph g = make_graph("grid:4x4");
        const MateArray mate = sample_state(g);
        const QString tikz = QString::fromStdString(state_tikz(g, mate));
        QVERIFY(tikz.contains("\\begin{tikzpicture}"));
        QVERIFY(tikz.contains("\\end{tikzpicture}"));
        QCOMPARE(std::uint32_t(tikz.count("\\draw[dimerlabdimer")), count_dimers(mate));
    }

    void tikzRefusesBigGraphAndLeavesNoFile() {
        QTemporaryDir dir;
        const Graph g = make_graph("grid:80x80");
        QVERIFY(g.num_edges() > kMaxTikzEdges);
        try {
            write_state_tikz((dir.path() + "/big.tex").toStdString(), g,
                             MateArray(g.num_vertices(), kNoMate));
            QFAIL("no InputError");
        } catch (const InputError& e) {
            QVERIFY(QString(e.what()).contains("limited to 5000 edges"));
        }
        QVERIFY(entries(dir.path()).isEmpty());
    }

    void badExtensionNamesPathAndLeavesNoFile() {
        QTemporaryDir dir;
        const Graph g = make_graph("grid:3x3");
        const MateArray mate(g.num_vertices(), kNoMate);
        const std::string base = dir.path().toStdString();
        for (const std::string name : {"/a.txt", "/a.csv.bak", "/a"}) {
            try {
                write_time_series_csv(base + name, small_series());
                QFAIL("no InputError");
            } catch (const InputError& e) {
                QVERIFY(QString(e.what()).contains(QString::fromStdString(base + name)));
            }
        }
        QVERIFY_THROWS_EXCEPTION(InputError, write_time_series_json(base + "/a.csv", ExportMetadata{}, {}));
        QVERIFY_THROWS_EXCEPTION(InputError, write_state_svg(base + "/a.png", g, mate));
        QVERIFY_THROWS_EXCEPTION(InputError, write_state_tikz(base + "/a.svg", g, mate));
        QVERIFY(entries(dir.path()).isEmpty());
    }

    void unwritableFolderNamesPathAndLeavesNoFile() {
        QTemporaryDir dir;
        QFile plain(dir.path() + "/plain");
        QVERIFY(plain.open(QIODevice::WriteOnly));
        plain.close();
        const Graph g = make_graph("grid:3x3");
        const MateArray mate(g.num_vertices(), kNoMate);
        const std::string missing = (dir.path() + "/missing/out").toStdString();
        const std::string under_file = (dir.path() + "/plain/out").toStdString();
        for (const std::string& base : {missing, under_file}) {
            try {
                write_time_series_csv(base + ".csv", small_series());
                QFAIL("no InputError");
            } catch (const InputError& e) {
                QVERIFY(QString(e.what()).contains(QString::fromStdString(base + ".csv")));
            }
            QVERIFY_THROWS_EXCEPTION(InputError, write_state_svg(base + ".svg", g, mate));
        }
        QCOMPARE(entries(dir.path()), QStringList{"plain"});
    }

    void rasterizerUsesFigureColoursAndIsDeterministic() {
        const Graph g = make_graph("grid:10x6");
        const MateArray mate = sample_state(g);
        StateRasterizer r(g, 200, 120);
        std::vector<std::uint8_t> a(r.frame_bytes()), b(r.frame_bytes());
        r.render(mate, a);
        r.render(mate, b);
        QVERIFY(a == b);
        std::set<std::uint32_t> colours;
        for (std::size_t i = 0; i < a.size(); i += 3)
            colours.insert((a[i] << 16) | (a[i + 1] << 8) | a[i + 2]);
        auto packed = [](Rgb c) { return std::uint32_t((c.r << 16) | (c.g << 8) | c.b); };
        const std::set<std::uint32_t> expected{packed(kBackgroundColour), packed(kEdgeColour),
                                               packed(kDimerColour), packed(kMonomerColour)};
        QCOMPARE(colours, expected);
    }

    void rasterizerRefusesBadSizes() {
        const Graph g = make_graph("grid:3x3");
        QVERIFY_THROWS_EXCEPTION(InputError, StateRasterizer(g, 0, 100));
        QVERIFY_THROWS_EXCEPTION(InputError, StateRasterizer(g, 100, 0));
        QVERIFY_THROWS_EXCEPTION(InputError, StateRasterizer(g, 8193, 100));
        Graph bare(3, {{0, 1}, {1, 2}});
        QVERIFY_THROWS_EXCEPTION(InputError, StateRasterizer(bare, 64, 64));
    }

    void cliWritesEveryOutput() {
        QTemporaryDir dir;
        const QString d = dir.path();
        const CliResult r = run_cli({"export", "--graph", "grid:6x6", "--lambda", "2", "--seed", "3",
                                     "--sweeps", "25", "--csv", d + "/t.csv", "--json-out", d + "/t.json",
                                     "--svg", d + "/s.svg", "--tikz", d + "/s.tex"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QFile csv(d + "/t.csv");
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = csv.readAll().trimmed().split('\n');
        QCOMPARE(lines.size(), 26);
        QCOMPARE(lines[0], QByteArray("sweep,updates,lambda,dimers,monomers,covered_fraction,imbalance"));
        QVERIFY(lines[25].startsWith("25,1500,2,"));
        QFile json(d + "/t.json");
        QVERIFY(json.open(QIODevice::ReadOnly));
        const QJsonObject doc = QJsonDocument::fromJson(json.readAll()).object();
        QCOMPARE(doc["metadata"].toObject()["graph"].toString(), QString("grid:6x6"));
        QCOMPARE(doc["metadata"].toObject()["seed"].toInt(), 3);
        QCOMPARE(doc["series"].toObject()["sweep"].toArray().size(), 25);
        QVERIFY(QFile::exists(d + "/s.svg"));
        QVERIFY(QFile::exists(d + "/s.tex"));
        // The same run replays exactly.
        const CliResult again = run_cli({"export", "--graph", "grid:6x6", "--lambda", "2", "--seed", "3",
                                         "--sweeps", "25", "--csv", d + "/u.csv"});
        QCOMPARE(again.exit_code, 0);
        QFile csv2(d + "/u.csv");
        QVERIFY(csv2.open(QIODevice::ReadOnly));
        QCOMPARE(csv2.readAll().trimmed().split('\n'), lines);
    }

    void cliBadInputExitsTwoWithOneErrorLine_data() {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("bad extension") << QStringList{"--csv", "@/t.txt"};
        QTest::newRow("missing folder") << QStringList{"--svg", "@/missing/s.svg"};
        QTest::newRow("tikz too big") << QStringList{"--graph", "grid:80x80", "--tikz", "@/s.tex"};
        QTest::newRow("nothing to export") << QStringList{};
        QTest::newRow("bad lambda") << QStringList{"--lambda", "-1", "--csv", "@/t.csv"};
    }
    void cliBadInputExitsTwoWithOneErrorLine() {
        QFETCH(QStringList, args);
        QTemporaryDir dir;
        args.replaceInStrings("@", dir.path());
        const CliResult r = run_cli(QStringList{"export", "--sweeps", "3"} + args);
        QCOMPARE(r.exit_code, 2);
        QVERIFY2(r.err.startsWith("error: ") && r.err.count('\n') == 1, r.err.constData());
        QVERIFY(entries(dir.path()).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestExportMeasurements)
#include "test_export_measurements.moc"
