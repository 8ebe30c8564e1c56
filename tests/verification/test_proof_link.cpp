// The WP proofs are about the code that is built (verification/proof_link.py): each kernel and
// CPU backend that runs a proved body reads the very header WP proved, and the proof run recorded
// that header's current hash. The test runs the proofs (check.py on the WP claims, mutants
// included), then the link check, which must pass; then two planted breaks that it must name:
// a proof record for another version of the header (STALE), and a kernel that does not read it.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "cli_runner.hpp"

namespace {

QString source_dir() {
    return qEnvironmentVariable("DIMERLAB_SOURCE_DIR");
}
QString build_dir() {
    return qEnvironmentVariable("DIMERLAB_BUILD_DIR");
}

CliResult proof_link(const QStringList& extra) {
    return run_process(
        "python3", QStringList{source_dir() + "/verification/proof_link.py", "--build", build_dir()} + extra,
        600000);
}

QJsonObject read_json(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

void write_json(const QString& path, const QJsonObject& o) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QJsonDocument(o).toJson());
}

}  // namespace

class TestProofLink : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString status_;

  private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        status_ = dir_.path() + "/status.json";
        const CliResult r =
            run_process("python3",
                        {source_dir() + "/verification/check.py", "--only",
                         "HB-WP,GJ-WP,ES-WP,CH-WP,FR-WP,EN-WP", "--build", build_dir(), "--status", status_},
                        900000);
        QVERIFY2(r.exit_code == 0, (r.out + r.err).right(3000).constData());
    }

    void proofs_read_the_built_headers_and_are_current() {
        const CliResult r = proof_link({"--status", status_});
        QVERIFY2(r.exit_code == 0, (r.out + r.err).constData());
        QVERIFY(r.out.contains("the recorded hashes are current"));
    }

    void a_proof_of_another_header_version_is_stale() {
        QJsonObject status = read_json(status_);
        QJsonObject claims = status["claims"].toObject();
        QJsonObject hb = claims["HB-WP"].toObject();
        QJsonObject hashes = hb["hashes"].toObject();
        QVERIFY(hashes.contains("core/bodies/heat_bath_body.h"));
        hashes["core/bodies/heat_bath_body.h"] = QString(64, '0');
        hb["hashes"] = hashes;
        claims["HB-WP"] = hb;
        status["claims"] = claims;
        const QString edited = dir_.path() + "/edited-status.json";
        write_json(edited, status);
        const CliResult r = proof_link({"--status", edited});
        QCOMPARE(r.exit_code, 1);
        QVERIFY2(r.out.contains("HB-WP: STALE") && r.out.contains("core/bodies/heat_bath_body.h"),
                 r.out.constData());
        QVERIFY2(!r.out.contains("GJ-WP"), r.out.constData());
    }

    void a_kernel_that_does_not_read_the_proved_header_is_named() {
        QJsonObject manifest = read_json(source_dir() + "/verification/manifest.json");
        QJsonArray claims = manifest["claims"].toArray();
        for (qsizetype i = 0; i < claims.size(); ++i) {
            QJsonObject c = claims[i].toObject();
            if (c["id"] != "GJ-WP") continue;
            QJsonArray by = c["compiled_by"].toArray();
            by.append("gpu/src/bandwidth.cu");
            c["compiled_by"] = by;
            claims[i] = c;
        }
        manifest["claims"] = claims;
        const QString edited = dir_.path() + "/manifest.json";
        write_json(edited, manifest);
        const CliResult r = proof_link({"--manifest", edited});
        QCOMPARE(r.exit_code, 1);
        QVERIFY2(
            r.out.contains("GJ-WP: the CUDA-on-host compile (g++ -MM) of gpu/src/bandwidth.cu does not read "
                           "core/bodies/jacobi_steps_body.h"),
            r.out.constData());
    }
};

QTEST_GUILESS_MAIN(TestProofLink)
#include "test_proof_link.moc"
