// GPU evidence in the status (claims of method "gpu"): a synthetic gpu_result.json, imported with
// verification/gpu_import.py into a temporary copy of the checkout, makes `dimerlab-cli verify`
// (and check.py) report its claims "passed-gpu" while the covered files are unchanged, STALE once
// one of them changes, "failed" for a failing device check, and "not-run" without a committed run
// or when a required check could not run (no device, sanitizer unavailable).
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

#include "cli_runner.hpp"
#include "source_tree.hpp"

using nlohmann::json;
namespace fs = std::filesystem;

namespace {

using dimerlab::testing::load_json;
using dimerlab::testing::source_dir;

// The manifest and every file it names, plus the scripts.
void make_copy(const fs::path& dst) {
    const json manifest = load_json(source_dir() / "verification/manifest.json");
    std::set<std::string> files = {"verification/manifest.json", "verification/gpu_import.py",
                                   "verification/check.py", "verification/mutation.py"};
    for (const auto& c : manifest["claims"]) {
        for (const char* key : {"covers", "artifacts", "mutants"}) {
            for (const auto& f : c[key]) files.insert(f.get<std::string>());
        }
    }
    for (const auto& f : files) {
        fs::create_directories((dst / f).parent_path());
        fs::copy_file(source_dir() / f, dst / f, fs::copy_options::overwrite_existing);
    }
}

json synthetic_result(const std::string& device_check, const std::string& memcheck, const std::string& date) {
    json checks = json::array();
    const std::pair<const char*, std::string> steps[] = {{"gpu_device_check", device_check},
                                                         {"sanitizer_memcheck", memcheck},
                                                         {"sanitizer_initcheck", "pass"},
                                                         {"sanitizer_synccheck", "pass"},
                                                         {"sanitizer_racecheck", "pass"}};
    for (const auto& [name, status] : steps)
        checks.push_back({{"name", name}, {"status", status}, {"rc", 0}});
    return {{"schema", "dimerlab-gpu-check/1"},
            {"git_commit", "0123456789abcdef"},
            {"date", date},
            {"device", {{"name", "NVIDIA H200"}, {"driver", "570.00"}}},
            {"sources_vs_bundle", "match"},
            {"checks", checks}};
}

int run_python(const QStringList& args, QByteArray* out = nullptr) {
    QProcess p;
    p.start(QStandardPaths::findExecutable("python3"), args);
    if (!p.waitForFinished(120000)) {
        p.kill();
        p.waitForFinished();
        return -1;
    }
    if (out) *out = p.readAllStandardOutput() + p.readAllStandardError();
    return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
}

std::map<std::string, QJsonObject> claims(const CliResult& r) {
    std::map<std::string, QJsonObject> m;
    for (const auto& v : r.json()["claims"].toArray())
        m[v.toObject()["id"].toString().toStdString()] = v.toObject();
    return m;
}

}  // namespace

class TestGpuRuns : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() {
        QVERIFY2(!QStandardPaths::findExecutable("python3").isEmpty(), "python3 is required");
    }

    void fresh_stale_absent() {
        QTemporaryDir dir;
        const fs::path root(dir.path().toStdString());
        make_copy(root);
        const QString status = dir.filePath("status.json");
        const QStringList verify{"verify", "--repo", dir.path(), "--status", status, "--json"};

        // Absent: no committed run, no status file.
        auto c = claims(run_cli(verify));
        QCOMPARE(c["GJ-GPU"]["status"].toString(), QString("not-run"));
        QCOMPARE(c["CH-GPU"]["status"].toString(), QString("not-run"));

        // Fresh: device check and all sanitizers pass; memcheck "unavailable" in an older run.
        std::ofstream(root / "old.json") << synthetic_result("pass", "fail", "2026-01-01T00:00:00Z").dump();
        std::ofstream(root / "new.json") << synthetic_result("pass", "pass", "2026-02-01T00:00:00Z").dump();
        QByteArray log;
        const QString import = dir.filePath("verification/gpu_import.py");
        QCOMPARE(run_python({import, dir.filePath("old.json"), "--repo", dir.path(), "--name", "old"}, &log),
                 0);
        QCOMPARE(run_python({import, dir.filePath("new.json"), "--repo", dir.path(), "--name", "new"}, &log),
                 0);
        QVERIFY2(log.contains("GJ-GPU: passed-gpu"), log.constData());
        const CliResult fresh = run_cli(verify);
        QCOMPARE(fresh.exit_code, 0);
        c = claims(fresh);
        QCOMPARE(c["GJ-GPU"]["status"].toString(), QString("passed-gpu"));  // the newest run wins
        QCOMPARE(c["CH-GPU"]["status"].toString(), QString("passed-gpu"));
        QCOMPARE(c["GJ-GPU"]["checked_when"].toString(), QString("2026-02-01T00:00:00Z"));
        QCOMPARE(c["GJ-GPU"]["checked_where"].toString(), QString("gpu: NVIDIA H200"));

        // check.py reads the same runs (only the gpu claims: the others need the tools).
        QCOMPARE(run_python({dir.filePath("verification/check.py"), "--repo", dir.path(), "--status", status,
                             "--only", "GJ-GPU,CH-GPU"},
                            &log),
                 0);
        QVERIFY2(log.contains("passed-gpu"), log.constData());
        c = claims(run_cli(verify));
        QCOMPARE(c["GJ-GPU"]["status"].toString(), QString("passed-gpu"));

        // Stale: a covered kernel source changes after the run.
        std::ofstream(root / "gpu/src/jacobi_block.cu", std::ios::app) << "\n// edited\n";
        c = claims(run_cli(verify));
        QCOMPARE(c["GJ-GPU"]["status"].toString(), QString("stale"));
        QVERIFY(c["GJ-GPU"]["changed"].toArray().contains(QString("gpu/src/jacobi_block.cu")));
        QCOMPARE(c["CH-GPU"]["status"].toString(), QString("passed-gpu"));  // does not cover that file
        QCOMPARE(run_python({dir.filePath("verification/check.py"), "--repo", dir.path(), "--status", status,
                             "--only", "GJ-GPU,CH-GPU"},
                            &log),
                 0);  // a stale run is no failure
        QVERIFY2(log.contains("STALE"), log.constData());

        // A failing device check in a newer run: failed; a required check that could not run: not-run.
        std::ofstream(root / "fail.json")
            << synthetic_result("fail", "unavailable", "2026-03-01T00:00:00Z").dump();
        QCOMPARE(
            run_python({import, dir.filePath("fail.json"), "--repo", dir.path(), "--name", "fail"}, &log), 0);
        c = claims(run_cli(verify));
        QCOMPARE(c["CH-GPU"]["status"].toString(), QString("failed"));
        std::ofstream(root / "nodev.json")
            << synthetic_result("no_device", "unavailable", "2026-04-01T00:00:00Z").dump();
        QCOMPARE(
            run_python({import, dir.filePath("nodev.json"), "--repo", dir.path(), "--name", "nodev"}, &log),
            0);
        c = claims(run_cli(verify));
        QCOMPARE(c["CH-GPU"]["status"].toString(), QString("not-run"));
        QVERIFY(c["CH-GPU"]["changed"].toArray().isEmpty());  // a not-run record is never stale

        // Absent again: no committed runs left.
        fs::remove_all(root / "verification/gpu_runs");
        fs::remove(root / "status.json");
        c = claims(run_cli(verify));
        QCOMPARE(c["GJ-GPU"]["status"].toString(), QString("not-run"));

        // Hashes from the bundle: binaries built from other sources than this checkout are STALE at once.
        fs::create_directories(root / "bundle");
        std::ofstream(root / "bundle/sources.sha256") << std::string(64, 'a') << "  gpu/src/jacobi_block.cu\n"
                                                      << std::string(64, 'b') << "  gpu/src/chromatic.cu\n";
        QCOMPARE(run_python({import, dir.filePath("new.json"), "--repo", dir.path(), "--bundle",
                             dir.filePath("bundle"), "--name", "bundle"},
                            &log),
                 0);
        c = claims(run_cli(verify));
        QCOMPARE(c["GJ-GPU"]["status"].toString(), QString("stale"));
        QCOMPARE(c["CH-GPU"]["status"].toString(), QString("stale"));
        QVERIFY(c["CH-GPU"]["changed"].toArray().contains(QString("gpu/src/chromatic.cu")));
        fs::remove_all(root / "verification/gpu_runs");

        // Not a device result: refused.
        std::ofstream(root / "bad.json") << R"({"schema": "something else"})";
        QCOMPARE(run_python({import, dir.filePath("bad.json"), "--repo", dir.path()}), 2);
    }
};

QTEST_GUILESS_MAIN(TestGpuRuns)
#include "test_gpu_runs.moc"
