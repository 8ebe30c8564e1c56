// Claims cover what their kernels include: verification/derive_covers.py reads the compiler's
// dependency output for the kernel sources of every claim (its "covers_from") and requires each
// project file found there in the claim's "covers", and a claim (or a "no_claim" reason) for every
// gpu/src file with a __global__ kernel. The manifest must pass; copies with one include removed
// from a claim, or a kernel file left without a claim, must fail and name what is missing.
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>
#include <fstream>
#include <nlohmann/json.hpp>

#include "cli_runner.hpp"

using nlohmann::ordered_json;

namespace {

// The script's exit code and what it printed.
CliResult derive(const QString& manifest) {
    const QString src = qEnvironmentVariable("DIMERLAB_SOURCE_DIR");
    return run_process("python3",
                       {src + "/verification/derive_covers.py", "--check", "--build",
                        qEnvironmentVariable("DIMERLAB_BUILD_DIR"), "--manifest", manifest},
                       300000);
}

ordered_json load_manifest() {
    std::ifstream in(
        (qEnvironmentVariable("DIMERLAB_SOURCE_DIR") + "/verification/manifest.json").toStdString());
    return ordered_json::parse(in);
}

QString write(const QTemporaryDir& dir, const ordered_json& m) {
    const QString path = dir.path() + "/manifest.json";
    std::ofstream(path.toStdString()) << m.dump(2);
    return path;
}

// Drops `file` from the covers of claim `id`; false when the claim or the file is not there.
bool drop_cover(ordered_json& m, const std::string& id, const std::string& file) {
    for (auto& c : m["claims"]) {
        if (c["id"] != id) continue;
        auto& covers = c["covers"];
        for (auto it = covers.begin(); it != covers.end(); ++it) {
            if (*it == file) {
                covers.erase(it);
                return true;
            }
        }
    }
    return false;
}

}  // namespace

class TestCovers : public QObject {
    Q_OBJECT
  private slots:
    void manifest_covers_every_include() {
        QVERIFY2(!QStandardPaths::findExecutable("python3").isEmpty(),
                 "python3 missing (scripts/install-deps.sh)");
        QTemporaryDir dir;
        const CliResult r = derive(write(dir, load_manifest()));
        QVERIFY2(r.exit_code == 0, r.out.constData());
        QVERIFY(r.out.contains("every include is covered"));
    }

    void a_missing_include_fails() {
        ordered_json m = load_manifest();
        QVERIFY(drop_cover(m, "GJ-HOST", "gpu/src/cuda_support.cuh"));
        QVERIFY(drop_cover(m, "HB-GPU", "core/model/update_tape.hpp"));
        QTemporaryDir dir;
        const CliResult r = derive(write(dir, m));
        QCOMPARE(r.exit_code, 1);
        QVERIFY2(r.out.contains("GJ-HOST: covers lacks gpu/src/cuda_support.cuh"), r.out.constData());
        QVERIFY2(r.out.contains("HB-GPU: covers lacks core/model/update_tape.hpp"), r.out.constData());
    }

    void a_kernel_without_claim_fails() {
        ordered_json m = load_manifest();
        for (auto& c : m["claims"]) {
            if (!c.contains("covers_from")) continue;
            auto& from = c["covers_from"];
            for (auto it = from.begin(); it != from.end();) {
                it = *it == "gpu/src/ensemble_device_state.cu" ? from.erase(it) : it + 1;
            }
        }
        QTemporaryDir dir;
        const CliResult r = derive(write(dir, m));
        QCOMPARE(r.exit_code, 1);
        QVERIFY2(r.out.contains("gpu/src/ensemble_device_state.cu has a __global__ kernel but no claim"),
                 r.out.constData());
    }
};

QTEST_GUILESS_MAIN(TestCovers)
#include "test_covers.moc"
