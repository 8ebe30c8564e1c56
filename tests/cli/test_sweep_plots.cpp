// The sweep's SVG plots (cli/sweep/sweep_plots): the covered-fraction and ln Z/n plots carry the
// lattice limits at the right values, and the legend covers no curve. The SVG is read back: the
// axis ticks give the pixel-to-value map, the polylines the curves.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>
#include <cmath>
#include <map>

#include "cli_runner.hpp"

namespace {

struct Svg {
    double font = 0;
    std::map<QString, std::vector<QPointF>> curves;           // by <title>
    std::vector<std::pair<double, double>> x_ticks, y_ticks;  // (pixel, value)
    QRectF legend;
};

Svg read_svg(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    Svg svg;
    QXmlStreamReader xml(&f);
    QString group;
    bool legend_seen = false;
    while (!xml.atEnd()) {
        const QXmlStreamReader::TokenType token = xml.readNext();
        if (token == QXmlStreamReader::EndElement && xml.name() == u"g") group.clear();
        if (token != QXmlStreamReader::StartElement) continue;
        const QXmlStreamAttributes a = xml.attributes();
        const QStringView name = xml.name();
        if (name == u"svg") svg.font = a.value("font-size").toDouble();
        if (name == u"g") group = a.value("id").toString();
        if (name == u"text" && group == "axes") {
            const QString anchor = a.value("text-anchor").toString();
            const double x = a.value("x").toDouble(), y = a.value("y").toDouble();
            const double value = xml.readElementText().toDouble();
            if (anchor == "end")
                svg.y_ticks.emplace_back(y - svg.font * 0.35, value);  // plot_svg's baseline offset
            if (anchor == "middle") svg.x_ticks.emplace_back(x, value);
        } else if (name == u"polyline") {
            std::vector<QPointF> pts;
            for (const QString& p : a.value("points").toString().split(' ', Qt::SkipEmptyParts)) {
                const QStringList xy = p.split(',');
                pts.emplace_back(xy[0].toDouble(), xy[1].toDouble());
            }
            xml.readNextStartElement();  // <title>
            svg.curves[xml.readElementText()] = pts;
            xml.readNext();  // </polyline>
        } else if (name == u"rect" && group == "legend" && !legend_seen) {
            svg.legend = QRectF(a.value("x").toDouble(), a.value("y").toDouble(), a.value("width").toDouble(),
                                a.value("height").toDouble());
            legend_seen = true;
        }
    }
    return svg;
}

// Linear map from pixels to values through the first and last tick.
double to_value(const std::vector<std::pair<double, double>>& ticks, double pixel) {
    const auto& [p0, v0] = ticks.front();
    const auto& [p1, v1] = ticks.back();
    return v0 + (pixel - p0) * (v1 - v0) / (p1 - p0);
}

// The 1-D limit written out here, independently of core/counting/limits (docs/algorithms.md §4.4).
double chain_covered(double lambda) {
    const double root = std::sqrt(1 + 4 * lambda);
    return 2 * lambda / ((1 + root) / 2 * root);
}

}  // namespace

class TestSweepPlots : public QObject {
    Q_OBJECT
  private slots:
    void limits_are_drawn_at_their_values_and_the_legend_is_clear() {
        QTemporaryDir dir;
        const QString prefix = dir.filePath("p-"), out = dir.filePath("t.json");
        const CliResult r =
            run_cli({"sweep", "--graph", "grid:4x4", "--graph", "path:8", "--lambda", "0.5,1,2", "--seeds",
                     "1", "--sweeps", "100", "--measure", "density,exact,logz", "--epsilon", "0.5", "--out",
                     out, "--plot-svg", prefix});
        QVERIFY2(r.exit_code == 0, r.err.constData());

        // The table says what its density is.
        QFile table(out);
        QVERIFY(table.open(QIODevice::ReadOnly));
        const QJsonObject doc = QJsonDocument::fromJson(table.readAll()).object();
        const QJsonArray columns = doc["columns"].toArray();
        QVERIFY(columns.contains("covered_fraction") && columns.contains("exact_covered_fraction"));
        QVERIFY(!columns.contains("density"));
        for (const QJsonValue& v : doc["rows"].toArray()) {
            const QJsonObject row = v.toObject();
            QVERIFY(row["covered_fraction"].toDouble() > 0 && row["covered_fraction"].toDouble() < 1);
        }

        // Square lattice: the reference constants at λ = 0.5 and 2 (docs/algorithms.md §7.3); the
        // curve is accurate to 1e-5 and its pixels to 0.01 px, so 1e-3 leaves room for reading back.
        struct Expected {
            const char* file;
            double square_lo, square_hi;
        };
        for (const Expected& e :
             {Expected{"density", 0.524913002, 0.73276757}, Expected{"logz", 0.4607951374, 0.900940030}}) {
            const Svg svg = read_svg(prefix + e.file + ".svg");
            QVERIFY2(svg.x_ticks.size() >= 2 && svg.y_ticks.size() >= 2, e.file);
            QVERIFY2(svg.curves.count("square lattice limit"), e.file);
            QVERIFY2(svg.curves.count("chain limit"), e.file);
            const std::vector<QPointF>& square = svg.curves.at("square lattice limit");
            QVERIFY(std::abs(to_value(svg.x_ticks, square.front().x()) - 0.5) < 1e-3);
            QVERIFY(std::abs(to_value(svg.x_ticks, square.back().x()) - 2.0) < 1e-3);
            QVERIFY2(std::abs(to_value(svg.y_ticks, square.front().y()) - e.square_lo) < 1e-3, e.file);
            QVERIFY2(std::abs(to_value(svg.y_ticks, square.back().y()) - e.square_hi) < 1e-3, e.file);
            if (std::string(e.file) == "density") {
                for (const QPointF& p : svg.curves.at("chain limit")) {
                    const double lambda = to_value(svg.x_ticks, p.x());
                    QVERIFY2(std::abs(to_value(svg.y_ticks, p.y()) - chain_covered(lambda)) < 1e-3,
                             qPrintable(QString("chain at λ=%1").arg(lambda)));
                }
            }
            // No curve passes through the legend: every segment sampled every 0.25 px.
            QVERIFY(svg.legend.width() > 0);
            for (const auto& [title, pts] : svg.curves) {
                for (std::size_t i = 1; i < pts.size(); ++i) {
                    const QPointF d = pts[i] - pts[i - 1];
                    const int steps = 1 + int(4 * std::hypot(d.x(), d.y()));
                    for (int k = 0; k <= steps; ++k) {
                        const QPointF q = pts[i - 1] + d * (double(k) / steps);
                        QVERIFY2(!svg.legend.contains(q), qPrintable(title + " crosses the legend"));
                    }
                }
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestSweepPlots)
#include "test_sweep_plots.moc"
