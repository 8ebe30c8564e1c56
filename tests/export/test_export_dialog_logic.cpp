// The Export Measurements logic (docs/architecture.md §9) without a display: export_measurements() replays
// the session's chain exactly (its CSV equals `dimerlab-cli export` of the same chain, its state figure is
// the state at the session's update index), writes what was asked, and on cancel or any error leaves the
// folder as it was. The dialog itself only maps widgets to a request.
#include <sys/resource.h>

#include <QCheckBox>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>
#include <csignal>

#include "cli_runner.hpp"
#include "dimerlab_lab/sampler_factory.hpp"
#include "dimerlab_lab/session.hpp"
#include "export/state_figure.hpp"
#include "export_measurements_dialog.hpp"
#include "graph/graph_spec.hpp"
#include "model/matching.hpp"
#include "util/errors.hpp"

using namespace dimerlab;
using namespace dimerlab::app;

namespace {

QStringList entries(const QString& dir) {
    return QDir(dir).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System);
}

QByteArray read_all(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

Session grid_session() {
    Session s;
    s.graph = "grid:6x6";
    s.seed = 3;
    s.dynamics = Dynamics::glauber;
    s.start = StartKind::empty;
    s.record = LambdaRecord(2.0);
    return s;
}

MeasurementExportRequest request_in(const QString& folder, std::uint64_t sweeps) {
    MeasurementExportRequest r;
    r.folder = folder;
    r.base_name = "run";
    r.sweeps = sweeps;
    return r;
}

}  // namespace

class TestExportDialogLogic : public QObject {
    Q_OBJECT

  private slots:
    void csvEqualsTheCliExportOfTheSameChain() {
        QTemporaryDir dir;
        const Session s = grid_session();
        const Graph g = make_graph(s.graph);
        const MeasurementExportResult res = export_measurements(g, s, request_in(dir.path(), 25));
        QVERIFY(!res.cancelled);
        QCOMPARE(res.files, QStringList({dir.path() + "/run.csv", dir.path() + "/run.json"}));
        const CliResult cli = run_cli({"export", "--graph", "grid:6x6", "--lambda", "2", "--seed", "3",
                                       "--sweeps", "25", "--csv", dir.path() + "/cli.csv"});
        QVERIFY2(cli.exit_code == 0, cli.err.constData());
        QCOMPARE(read_all(dir.path() + "/run.csv"), read_all(dir.path() + "/cli.csv"));
        const QJsonObject doc = QJsonDocument::fromJson(read_all(dir.path() + "/run.json")).object();
        const QJsonObject md = doc["metadata"].toObject();
        QCOMPARE(md["graph"].toString(), QString("grid:6x6"));
        QCOMPARE(md["seed"].toInt(), 3);
        QCOMPARE(md["dynamics"].toString(), QString("glauber"));
        QCOMPARE(doc["series"].toObject()["sweep"].toArray().size(), 25);
        QVERIFY(doc["diagnostics"].toObject()["observables"].toObject().contains("dimers"));
    }

    void stateFigureIsTheShownStateAndPlotsAreWritten() {
        QTemporaryDir dir;
        Session s = grid_session();
        s.record.change_at(200, 0.5);  // a λ change inside the recorded sweeps
        const Graph g = make_graph(s.graph);
        s.update_index = 1234;  // not a whole sweep: the window can stop anywhere
        {
            auto sampler = make_sampler(g, s, WhenUnavailable::run_on_cpu).sampler;
            sampler->advance(s.update_index);
            s.state_hash = state_hash(sampler->mate());
        }
        MeasurementExportRequest r = request_in(dir.path(), 10);
        r.plots_png = r.plots_svg = r.state_svg = r.state_tikz = true;
        r.plot_width = 320;
        r.plot_height = 200;
        const MeasurementExportResult res = export_measurements(g, s, r);
        QVERIFY(!res.cancelled);
        const QStringList expected = planned_export_files(g, r);
        QCOMPARE(res.files, expected);
        QCOMPARE(expected.size(), 2 + 3 * 2 + 2);  // csv, json; density, imbalance, acf x 2; state x 2
        QStringList names;
        for (const QString& f : expected) names << QFileInfo(f).fileName();
        names.sort();
        QCOMPARE(entries(dir.path()), names);
        QCOMPARE(QImage(dir.path() + "/run-density.png").size(), QSize(320, 200));
        QXmlStreamReader xml(read_all(dir.path() + "/run-acf.svg"));
        while (!xml.atEnd()) xml.readNext();
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        // The state figure is the state at update 1234, computed independently here.
        auto sampler = make_sampler(g, s, WhenUnavailable::run_on_cpu).sampler;
        sampler->advance(1234);
        QCOMPARE(read_all(dir.path() + "/run-state.svg"),
                 QByteArray::fromStdString(state_svg(g, sampler->mate())));
        // The λ record reaches the metadata and the series.
        const QJsonObject doc = QJsonDocument::fromJson(read_all(dir.path() + "/run.json")).object();
        QCOMPARE(doc["metadata"].toObject()["lambda_record"].toArray().size(), 2);
        const QJsonArray lambdas = doc["series"].toObject()["lambda"].toArray();
        QCOMPARE(lambdas[0].toDouble(), 2.0);  // sweep 1 ends at update 60 < 200
        QCOMPARE(lambdas[9].toDouble(), 0.5);  // sweep 10 ends at update 600
    }

    void aWrongStateHashIsRefused() {
        QTemporaryDir dir;
        Session s = grid_session();
        s.update_index = 300;
        s.state_hash = 12345;
        MeasurementExportRequest r = request_in(dir.path(), 5);
        r.state_svg = true;
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, export_measurements(make_graph(s.graph), s, r));
        QVERIFY(entries(dir.path()).isEmpty());
    }

    void progressReachesTheEndAndCancelLeavesNothing() {
        QTemporaryDir dir;
        const Session s = grid_session();
        const Graph g = make_graph(s.graph);
        MeasurementExportRequest r = request_in(dir.path(), 50);
        r.plots_svg = true;
        std::uint64_t last = 0, calls = 0, total_seen = 0;
        bool monotone = true;
        export_measurements(g, s, r, [&](std::uint64_t done, std::uint64_t total) {
            monotone = monotone && done >= last;
            last = done;
            total_seen = total;
            ++calls;
            return true;
        });
        QVERIFY(monotone);
        QCOMPARE(total_seen, std::uint64_t(50) * g.num_edges());
        QCOMPARE(last, total_seen);
        QVERIFY(calls >= 50);
        QTemporaryDir other;
        r.folder = other.path();
        const MeasurementExportResult res = export_measurements(
            g, s, r, [](std::uint64_t done, std::uint64_t total) { return done < total / 2; });
        QVERIFY(res.cancelled);
        QVERIFY(res.files.isEmpty());
        QVERIFY(entries(other.path()).isEmpty());
    }

    void badRequestsThrowBeforeAnyWrite_data() {
        QTest::addColumn<QString>("what");
        for (const char* w :
             {"nothing", "missing folder", "folder is a file", "empty name", "name with slash", "hidden name",
              "zero sweeps", "absurd sweeps", "zero plot size", "absurd plot size", "tikz too big"})
            QTest::newRow(w) << QString(w);
    }
    void badRequestsThrowBeforeAnyWrite() {
        QFETCH(QString, what);
        QTemporaryDir dir;
        QFile plain(dir.path() + "/plain");
        QVERIFY(plain.open(QIODevice::WriteOnly));
        plain.close();
        Session s = grid_session();
        MeasurementExportRequest r = request_in(dir.path(), 10);
        if (what == "nothing") r.csv = r.json = false;
        if (what == "missing folder") r.folder = dir.path() + "/missing";
        if (what == "folder is a file") r.folder = dir.path() + "/plain";
        if (what == "empty name") r.base_name = "";
        if (what == "name with slash") r.base_name = "a/b";
        if (what == "hidden name") r.base_name = ".run";
        if (what == "zero sweeps") r.sweeps = 0;
        if (what == "absurd sweeps") r.sweeps = kMaxExportSweeps + 1;
        if (what == "zero plot size") r.plots_png = true, r.plot_width = 0;
        if (what == "absurd plot size") r.plots_svg = true, r.plot_height = 100000;
        if (what == "tikz too big") r.state_tikz = true, s.graph = "grid:80x80";
        bool progressed = false;
        QVERIFY_THROWS_EXCEPTION(InputError, export_measurements(make_graph(s.graph), s, r, [&](auto, auto) {
                                     progressed = true;
                                     return true;
                                 }));
        QVERIFY(!progressed);  // refused before replaying anything
        QCOMPARE(entries(dir.path()), QStringList{"plain"});
    }

    void aFailingWriteLeavesOldFilesAndNoNewOnes() {
        QTemporaryDir dir;
        // An old CSV of the same name, and a folder where the state SVG should go: the CSV is
        // staged first, the SVG cannot take its name, and the old CSV must survive unchanged.
        QFile old(dir.path() + "/run.csv");
        QVERIFY(old.open(QIODevice::WriteOnly));
        old.write("old contents\n");
        old.close();
        QVERIFY(QDir(dir.path()).mkdir("run-state.svg"));
        const Session s = grid_session();
        MeasurementExportRequest r = request_in(dir.path(), 5);
        r.state_svg = true;
        QVERIFY_THROWS_EXCEPTION(InputError, export_measurements(make_graph(s.graph), s, r));
        QCOMPARE(entries(dir.path()), QStringList({"run-state.svg", "run.csv"}));
        QCOMPARE(read_all(dir.path() + "/run.csv"), QByteArray("old contents\n"));
        QVERIFY(entries(dir.path() + "/run-state.svg").isEmpty());
    }

    void aFullDiskLeavesOldFilesAndNoNewOnes() {
        // RLIMIT_FSIZE in this process, SIGXFSZ ignored: writes past 16 KiB fail with EFBIG, as
        // on a full disk. The CSV fits, the 24x24 state SVG (about 90 KiB) does not.
        QTemporaryDir dir;
        QFile old(dir.path() + "/run.csv");
        QVERIFY(old.open(QIODevice::WriteOnly));
        old.write("old contents\n");
        old.close();
        Session s = grid_session();
        s.graph = "grid:24x24";
        MeasurementExportRequest r = request_in(dir.path(), 5);
        r.state_svg = true;
        const Graph g = make_graph(s.graph);
        rlimit saved{};
        QCOMPARE(::getrlimit(RLIMIT_FSIZE, &saved), 0);
        const auto previous_handler = std::signal(SIGXFSZ, SIG_IGN);
        rlimit limited = saved;
        limited.rlim_cur = 16 * 1024;
        QCOMPARE(::setrlimit(RLIMIT_FSIZE, &limited), 0);
        QString error;
        try {
            export_measurements(g, s, r);
        } catch (const InputError& e) {
            error = e.what();
        }
        ::setrlimit(RLIMIT_FSIZE, &saved);
        std::signal(SIGXFSZ, previous_handler);
        QVERIFY2(error.contains("run-state.svg") && error.contains("File too large"), qPrintable(error));
        QCOMPARE(entries(dir.path()), QStringList{"run.csv"});
        QCOMPARE(read_all(dir.path() + "/run.csv"), QByteArray("old contents\n"));
    }

    void dialogMapsWidgetsToTheRequest() {
        MeasurementExportRequest initial = request_in("/some/folder", 777);
        initial.plots_svg = true;
        initial.plot_width = 900;
        ExportMeasurementsDialog dialog(initial);
        MeasurementExportRequest got = dialog.request();
        QCOMPARE(got.folder, initial.folder);
        QCOMPARE(got.base_name, initial.base_name);
        QCOMPARE(got.sweeps, std::uint64_t(777));
        QVERIFY(got.csv && got.json && got.plots_svg && !got.plots_png && !got.state_svg && !got.state_tikz);
        QCOMPARE(got.plot_width, 900);
        QCOMPARE(got.plot_height, initial.plot_height);
        const QList<QCheckBox*> boxes = dialog.findChildren<QCheckBox*>();
        QCOMPARE(boxes.size(), 6);
        for (QCheckBox* b : boxes) b->setChecked(true);
        got = dialog.request();
        QVERIFY(got.csv && got.json && got.plots_png && got.plots_svg && got.state_svg && got.state_tikz);
        // The sweeps box cannot hold zero or more than the limit.
        QSpinBox* sweeps = nullptr;
        for (QSpinBox* b : dialog.findChildren<QSpinBox*>())
            if (b->value() == 777) sweeps = b;
        QVERIFY(sweeps != nullptr);
        QCOMPARE(sweeps->minimum(), 1);
        QCOMPARE(std::uint64_t(sweeps->maximum()), kMaxExportSweeps);
    }
};

QTEST_MAIN(TestExportDialogLogic)
#include "test_export_dialog_logic.moc"
