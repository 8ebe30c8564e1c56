// Plots (docs/architecture.md §9): the core plot model, its SVG writer and the app's QPainter drawing of the
// same model. SVG well-formed with one polyline per series and one point per value at the layout's positions;
// PNG of the requested size, drawn where the SVG draws; exact reference lines.
#include <QColor>
#include <QImage>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>
#include <cmath>

#include "cli_runner.hpp"
#include "export/measurement_export.hpp"
#include "export/plot_builders.hpp"
#include "export/plot_svg.hpp"
#include "export/xml_escape.hpp"
#include "graph/graph_spec.hpp"
#include "matching_enumeration.hpp"
#include "model/matching.hpp"
#include "plot_painter.hpp"
#include "util/errors.hpp"

using namespace dimerlab;

namespace {

struct SvgPolyline {
    QString cls;
    QString title;
    std::vector<QPointF> points;
};

struct SvgSummary {
    bool ok = false;
    QString error;
    std::vector<SvgPolyline> polylines;
    int reference_lines = 0;
    QString title;
};

SvgSummary parse_svg(const std::string& text) {
    SvgSummary s;
    QXmlStreamReader xml(QByteArray::fromStdString(text));
    SvgPolyline* open = nullptr;
    int depth = 0;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            ++depth;
            const QString cls = xml.attributes().value("class").toString();
            if (xml.name() == QLatin1String("polyline")) {
                SvgPolyline p;
                p.cls = cls;
                const QStringList pairs =
                    xml.attributes().value("points").toString().split(' ', Qt::SkipEmptyParts);
                for (const QString& pair : pairs) {
                    const QStringList xy = pair.split(',');
                    if (xy.size() == 2) p.points.emplace_back(xy[0].toDouble(), xy[1].toDouble());
                }
                s.polylines.push_back(p);
                open = &s.polylines.back();
            } else if (xml.name() == QLatin1String("line") && cls == "reference") {
                ++s.reference_lines;
            } else if (xml.name() == QLatin1String("title")) {
                const QString t = xml.readElementText();
                --depth;
                if (open != nullptr) {
                    open->title = t;
                } else if (depth == 1) {
                    s.title = t;
                }
            }
        } else if (xml.isEndElement()) {
            --depth;
            if (xml.name() == QLatin1String("polyline")) open = nullptr;
        }
    }
    s.ok = !xml.hasError();
    s.error = xml.errorString();
    return s;
}

Plot two_series_plot() {
    Plot p;
    p.title = "Title with <markup> & \"quotes\"";
    p.x_label = "sweep";
    p.y_label = "value";
    PlotSeries a{"a < b", {}, {}, kPlotPalette[0]};
    PlotSeries b{"b & c", {}, {}, kPlotPalette[1]};
    for (int i = 0; i < 57; ++i) {
        a.x.push_back(i);
        a.y.push_back(std::sin(i * 0.2));
    }
    for (int i = 0; i < 13; ++i) {
        b.x.push_back(i * 4.0);
        b.y.push_back(0.1 * i - 0.3);
    }
    p.series = {a, b};
    p.references.push_back({"mean 0.25", 0.25, kReferenceColour});
    return p;
}

std::vector<SweepRecord> run_series(const std::string& spec, double lambda, std::uint64_t sweeps) {
    QTemporaryDir dir;
    const QString csv = dir.path() + "/t.csv";
    const CliResult r =
        run_cli({"export", "--graph", QString::fromStdString(spec), "--lambda", QString::number(lambda),
                 "--seed", "11", "--sweeps", QString::number(sweeps), "--csv", csv});
    if (r.exit_code != 0) return {};
    QFile f(csv);
    if (!f.open(QIODevice::ReadOnly)) return {};
    std::vector<SweepRecord> out;
    const QList<QByteArray> lines = f.readAll().trimmed().split('\n');
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QList<QByteArray> c = lines[i].split(',');
        SweepRecord rec{c[0].toULongLong(), c[1].toULongLong(), c[2].toDouble(), c[3].toUInt(),
                        c[4].toUInt(),      c[5].toDouble(),    std::nullopt};
        if (!c[6].isEmpty()) rec.imbalance = c[6].toLongLong();
        out.push_back(rec);
    }
    return out;
}

double colour_distance(QRgb a, Rgb b) {
    return std::abs(qRed(a) - b.r) + std::abs(qGreen(a) - b.g) + std::abs(qBlue(a) - b.b);
}

}  // namespace

class TestExportPlots : public QObject {
    Q_OBJECT

  private slots:
    // Graph specs and labels reach SVG titles and attributes: every markup character is escaped,
    // and control characters, which XML 1.0 forbids, are dropped (tab and newline kept).
    void xmlEscapeCoversMarkupAndControlCharacters() {
        QCOMPARE(dimerlab::xml_escape("a<b>&\"c'"), std::string("a&lt;b&gt;&amp;&quot;c&apos;"));
        QCOMPARE(dimerlab::xml_escape(std::string("x\x01\ty\nz\x1f")), std::string("x\ty\nz"));
        QCOMPARE(dimerlab::xml_escape("grid:4x4 λ"), std::string("grid:4x4 λ"));
    }
    void niceAxisCoversTheRangeWithRoundSteps() {
        struct Case {
            double lo, hi;
        };
        for (const Case c : {Case{0, 1}, Case{0.013, 0.87}, Case{-3.2, 17.5}, Case{1, 100000}, Case{5, 5},
                             Case{-0.0004, 0.0009}}) {
            const PlotAxis a = nice_axis(c.lo, c.hi, 5);
            QVERIFY(a.min <= c.lo && a.max >= c.hi);
            QVERIFY(a.min < a.max);
            QVERIFY(a.ticks.size() >= 2 && a.ticks.size() <= 12);
            QCOMPARE(a.ticks.size(), a.tick_labels.size());
            QCOMPARE(a.ticks.front(), a.min);
            const double step = a.ticks[1] - a.ticks[0];
            const double mantissa = step / std::pow(10.0, std::floor(std::log10(step) + 1e-9));
            QVERIFY2(std::abs(mantissa - 1) < 1e-6 || std::abs(mantissa - 2) < 1e-6 ||
                         std::abs(mantissa - 5) < 1e-6,
                     qPrintable(QString::number(step)));
            // Labels are the tick values, printed without locale and without rounding noise.
            for (std::size_t i = 0; i < a.ticks.size(); ++i) {
                QVERIFY(!QString::fromStdString(a.tick_labels[i]).contains(','));
                QVERIFY(std::abs(std::stod(a.tick_labels[i]) - a.ticks[i]) <= step * 1e-6);
            }
        }
        QCOMPARE(nice_axis(0, 1, 5).tick_labels.front(), std::string("0.0"));
    }

    void svgIsWellFormedWithOnePolylinePerSeries() {
        const Plot p = two_series_plot();
        const SvgSummary s = parse_svg(plot_svg(p, 800, 500));
        QVERIFY2(s.ok, qPrintable(s.error));
        QCOMPARE(s.polylines.size(), p.series.size());
        QCOMPARE(s.reference_lines, 1);
        QCOMPARE(s.title, QString::fromStdString(p.title));  // escaped and read back intact
        const PlotLayout l = layout_plot(p, 800, 500);
        for (std::size_t k = 0; k < p.series.size(); ++k) {
            QCOMPARE(s.polylines[k].cls, QString("series"));
            QCOMPARE(s.polylines[k].title, QString::fromStdString(p.series[k].label));
            QCOMPARE(s.polylines[k].points.size(), p.series[k].x.size());
            for (std::size_t i = 0; i < p.series[k].x.size(); ++i) {
                // Two decimals in the file.
                QVERIFY(std::abs(s.polylines[k].points[i].x() - l.to_px_x(p.series[k].x[i])) <= 0.0051);
                QVERIFY(std::abs(s.polylines[k].points[i].y() - l.to_px_y(p.series[k].y[i])) <= 0.0051);
                QVERIFY(s.polylines[k].points[i].x() >= l.area.left - 1e-9);
                QVERIFY(s.polylines[k].points[i].x() <= l.area.left + l.area.width + 1e-9);
                QVERIFY(s.polylines[k].points[i].y() >= l.area.top - 1e-9);
                QVERIFY(s.polylines[k].points[i].y() <= l.area.top + l.area.height + 1e-9);
            }
        }
    }

    void pngHasTheSizeAndIsDrawnWhereTheSvgIs() {
        const Plot p = two_series_plot();
        const QImage img = app::render_plot_image(p, 640, 400);
        QCOMPARE(img.size(), QSize(640, 400));
        const PlotLayout l = layout_plot(p, 640, 400);
        // Something is drawn inside the data area, and the corners stay background.
        int inked = 0;
        for (int y = int(l.area.top) + 2; y < int(l.area.top + l.area.height) - 2; ++y)
            for (int x = int(l.area.left) + 2; x < int(l.area.left + l.area.width) - 2; ++x)
                if (colour_distance(img.pixel(x, y), kBackgroundColour) > 0) ++inked;
        QVERIFY2(inked > 200, qPrintable(QString::number(inked)));
        QCOMPARE(colour_distance(img.pixel(0, 0), kBackgroundColour), 0.0);
        QCOMPARE(colour_distance(img.pixel(639, 399), kBackgroundColour), 0.0);
        // At each vertex of the first series' SVG polyline (outside the legend), the PNG shows
        // the series colour within a pixel: the two writers share one layout.
        const SvgSummary s = parse_svg(plot_svg(p, 640, 400));
        int checked = 0;
        for (const QPointF& pt : s.polylines[0].points) {
            if (pt.x() >= l.legend.left - 4 && pt.y() <= l.legend.top + l.legend.height + 4) continue;
            double best = 1e9;
            for (int dy = -1; dy <= 1; ++dy)
                for (int dx = -1; dx <= 1; ++dx)
                    best = std::min(best, colour_distance(img.pixel(int(pt.x()) + dx, int(pt.y()) + dy),
                                                          kPlotPalette[0]));
            // Anti-aliasing blends edges; the line's core pixel stays within this of its colour.
            QVERIFY2(best <= 90, qPrintable(QString("at %1,%2: %3").arg(pt.x()).arg(pt.y()).arg(best)));
            ++checked;
        }
        QVERIFY(checked > 40);
    }

    void pngAndSvgFilesAreWrittenAtomically() {
        QTemporaryDir dir;
        const Plot p = two_series_plot();
        app::write_plot_png(dir.path() + "/p.png", p, 300, 200);
        QImage back(dir.path() + "/p.png");
        QCOMPARE(back.size(), QSize(300, 200));
        write_plot_svg((dir.path() + "/p.svg").toStdString(), p, 300, 200);
        QVERIFY(QFile::exists(dir.path() + "/p.svg"));
        QVERIFY_THROWS_EXCEPTION(InputError, app::write_plot_png(dir.path() + "/q.svg", p, 300, 200));
        QVERIFY_THROWS_EXCEPTION(InputError,
                                 write_plot_svg((dir.path() + "/q.png").toStdString(), p, 300, 200));
        QVERIFY_THROWS_EXCEPTION(InputError, app::write_plot_png(dir.path() + "/missing/q.png", p, 300, 200));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 2);
    }

    void refusesZeroAndAbsurdSizes() {
        const Plot p = two_series_plot();
        for (const QSize s :
             {QSize(0, 0), QSize(800, 0), QSize(63, 500), QSize(8193, 500), QSize(500, 1000000)}) {
            QVERIFY_THROWS_EXCEPTION(InputError, plot_svg(p, s.width(), s.height()));
            QVERIFY_THROWS_EXCEPTION(InputError, app::render_plot_image(p, s.width(), s.height()));
        }
    }

    void densityReferenceIsTheExactMean() {
        // Independent: E|M| by enumerating every matching of grid:3x4 at λ = 1.7.
        const Graph g = make_graph("grid:3x4");
        const double lambda = 1.7;
        double z = 0, zk = 0;
        for (const MateArray& m : testing::enumerate_matchings(g)) {
            const double k = count_dimers(m), w = std::pow(lambda, k);
            z += w;
            zk += k * w;
        }
        const std::optional<double> ref = exact_density_reference(g, {{0, lambda}});
        QVERIFY(ref.has_value());
        QVERIFY(std::abs(*ref - 2 * (zk / z) / g.num_vertices()) < 1e-12);
        // A run whose λ changes has no single equilibrium to draw.
        QVERIFY(!exact_density_reference(g, {{0, lambda}, {100, 2.0}}).has_value());
        // Too large for the exact polynomial: no line, and no long wait.
        QVERIFY(!exact_density_reference(make_graph("grid:200x200", {.with_layout = false}), {{0, 1.0}}));
    }

    void buildersGiveOnePointPerSweepOrLag() {
        const std::vector<SweepRecord> series = run_series("grid:6x6", 1.5, 120);
        QCOMPARE(series.size(), std::size_t(120));
        const Plot d = density_plot(series, 0.5);
        QCOMPARE(d.series.size(), std::size_t(1));
        QCOMPARE(d.series[0].x.size(), std::size_t(120));
        QCOMPARE(d.series[0].y[7], series[7].covered_fraction);
        QCOMPARE(d.references.size(), std::size_t(1));
        const Plot i = imbalance_plot(series);
        QCOMPARE(i.series[0].y[9], double(*series[9].imbalance));
        const Plot a = autocorrelation_plot(series);
        QCOMPARE(a.series.size(), std::size_t(2));        // dimers and imbalance
        QCOMPARE(a.series[0].x.size(), std::size_t(61));  // lags 0 .. N/2
        QCOMPARE(a.series[0].y[0], 1.0);
        for (double r : a.series[0].y) QVERIFY(r <= 1 + 1e-12 && r >= -1 - 1e-12);
        QCOMPARE(available_plot_kinds(series).size(), std::size_t(3));
        // Off lattices: no imbalance.
        const std::vector<SweepRecord> petersen = run_series("petersen", 1.0, 30);
        QCOMPARE(petersen.size(), std::size_t(30));
        QVERIFY_THROWS_EXCEPTION(InputError, imbalance_plot(petersen));
        QCOMPARE(available_plot_kinds(petersen).size(), std::size_t(2));
        QVERIFY_THROWS_EXCEPTION(InputError, density_plot({}, std::nullopt));
        QVERIFY_THROWS_EXCEPTION(InputError, autocorrelation_plot({series[0]}));
        QVERIFY_THROWS_EXCEPTION(InputError, parse_plot_kind("histogram"));
    }

    void cliWritesThePlot_data() {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<int>("polylines");
        QTest::addColumn<int>("points");
        QTest::addColumn<int>("references");
        QTest::newRow("density with exact mean") << "density" << 1 << 40 << 1;
        QTest::newRow("imbalance") << "imbalance" << 1 << 40 << 1;
        QTest::newRow("acf") << "acf" << 2 << 21 << 1;
    }
    void cliWritesThePlot() {
        QFETCH(QString, kind);
        QFETCH(int, polylines);
        QFETCH(int, points);
        QFETCH(int, references);
        QTemporaryDir dir;
        const QString out = dir.path() + "/plot.svg";
        const CliResult r = run_cli({"export", "--graph", "grid:4x4", "--sweeps", "40", "--plot", kind,
                                     "--plot-size", "640x400", "--plot-svg", out});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const SvgSummary s = parse_svg(f.readAll().toStdString());
        QVERIFY2(s.ok, qPrintable(s.error));
        QCOMPARE(int(s.polylines.size()), polylines);
        for (const SvgPolyline& p : s.polylines) QCOMPARE(int(p.points.size()), points);
        QCOMPARE(s.reference_lines, references);
    }
};

QTEST_MAIN(TestExportPlots)
#include "test_export_plots.moc"
