// PTX facts behind the GPU claims: verification/ptx_facts.py compiles every kernel file with
// nvcc -ptx for sm_90 and runs ptxas -v; no project kernel may spill to local memory, and each
// kernel's barriers and atomics must be what its claim records ("ptx_facts"), e.g. no barrier in
// the chromatic or replay kernels. A manifest copy that records one barrier in the chromatic
// kernel must fail, naming the kernel. Registered only where nvcc was found.
#include <QTemporaryDir>
#include <QtTest>
#include <fstream>
#include <nlohmann/json.hpp>

#include "cli_runner.hpp"

using nlohmann::ordered_json;

namespace {

// The script's exit code and what it printed.
CliResult ptx_facts(const QString& manifest) {
    const QString src = qEnvironmentVariable("DIMERLAB_SOURCE_DIR");
    return run_process("python3",
                       {src + "/verification/ptx_facts.py", "--check", "--build",
                        qEnvironmentVariable("DIMERLAB_BUILD_DIR"), "--manifest", manifest},
                       600000);
}

}  // namespace

class TestPtxFacts : public QObject {
    Q_OBJECT
  private slots:
    void recorded_facts_hold_and_a_changed_one_fails() {
        const QString src = qEnvironmentVariable("DIMERLAB_SOURCE_DIR");
        const CliResult ok = ptx_facts(src + "/verification/manifest.json");
        QVERIFY2(ok.exit_code == 0, ok.out.constData());
        QVERIFY(ok.out.contains("chromatic_class_kernel: barriers 0, atomics 0, spill 0 B"));

        std::ifstream in((src + "/verification/manifest.json").toStdString());
        ordered_json m = ordered_json::parse(in);
        bool changed = false;
        for (auto& c : m["claims"]) {
            if (c["id"] == "CH-GPU") {
                c["ptx_facts"]["gpu/src/chromatic.cu"]["chromatic_class_kernel"]["barriers"] = 1;
                changed = true;
            }
        }
        QVERIFY(changed);
        QTemporaryDir dir;
        const QString path = dir.path() + "/manifest.json";
        std::ofstream(path.toStdString()) << m.dump(2);
        const CliResult bad = ptx_facts(path);
        QCOMPARE(bad.exit_code, 1);
        QVERIFY2(bad.out.contains("CH-GPU: gpu/src/chromatic.cu chromatic_class_kernel now has"),
                 bad.out.constData());
    }
};

QTEST_GUILESS_MAIN(TestPtxFacts)
#include "test_ptx_facts.moc"
