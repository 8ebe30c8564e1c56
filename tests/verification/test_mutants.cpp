// Every planted mutant is caught: runs verification/check.py in mutant mode (SMT, Frama-C WP and
// Spin mutants, about 30 s) and requires exit 0 and "caught" for each mutant the manifest lists.
// Skips when the verification tools are not installed (scripts/install-deps.sh installs them).
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>
#include <fstream>
#include <nlohmann/json.hpp>

using nlohmann::json;

class TestMutants : public QObject {
    Q_OBJECT
  private slots:
    void every_mutant_caught() {
        for (const char* tool : {"python3", "z3", "cvc5", "frama-c", "why3", "spin", "gcc"}) {
            // scripts/install-deps.sh installs every tool: a missing one is a failure, never a skip.
            if (QStandardPaths::findExecutable(tool).isEmpty())
                QFAIL(qPrintable(QString("not installed (run scripts/install-deps.sh): ") + tool));
        }
        const QString src = qEnvironmentVariable("DIMERLAB_SOURCE_DIR");
        QTemporaryDir dir;
        const QString status = dir.path() + "/status.json";
        QProcess p;
        p.setProcessChannelMode(QProcess::MergedChannels);
        p.start("python3",
                {src + "/verification/check.py", "--repo", src, "--mode", "mutants", "--status", status});
        QVERIFY(p.waitForFinished(600000));
        const QByteArray out = p.readAll();
        QVERIFY2(p.exitCode() == 0, out.constData());

        std::ifstream in(status.toStdString());
        const json s = json::parse(in);
        std::ifstream min((src + "/verification/manifest.json").toStdString());
        const json manifest = json::parse(min);
        int mutants = 0;
        for (const auto& c : manifest["claims"]) {
            for (const auto& m : c["mutants"]) {
                const auto& rec = s["claims"][c["id"].get<std::string>()]["mutants"];
                QVERIFY2(rec.contains(m.get<std::string>()), m.get<std::string>().c_str());
                QCOMPARE(rec[m.get<std::string>()].get<std::string>(), std::string("caught"));
                ++mutants;
            }
        }
        QVERIFY(mutants >= 5);
    }
};

QTEST_GUILESS_MAIN(TestMutants)
#include "test_mutants.moc"
