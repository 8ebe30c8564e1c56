// docs/verification.md's kernel table is the manifest's (verification/kernel_table.py): the
// committed doc must match, every __global__ kernel of gpu/src must have a row, and copies with a
// kernel dropped from the manifest or a cell edited in the doc must fail, naming what is wrong.
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

CliResult kernel_table(const QStringList& extra) {
    return run_process(
        "python3", QStringList{source_dir() + "/verification/kernel_table.py", "--check"} + extra, 120000);
}

QByteArray read_file(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool write_file(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

}  // namespace

class TestKernelTable : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

  private slots:
    void committed_table_matches_the_manifest() {
        const CliResult r = kernel_table({});
        QVERIFY2(r.exit_code == 0, r.out.constData());
        QVERIFY2(r.out.contains("19 kernels"), r.out.constData());
    }

    void a_kernel_without_a_row_is_named() {
        QJsonObject manifest =
            QJsonDocument::fromJson(read_file(source_dir() + "/verification/manifest.json")).object();
        QJsonArray kernels = manifest["kernels"].toArray();
        qsizetype at = -1;
        for (qsizetype i = 0; i < kernels.size(); ++i)
            if (kernels[i].toObject()["name"] == "decide_kernel") at = i;
        QVERIFY(at >= 0);
        kernels.removeAt(at);
        manifest["kernels"] = kernels;
        const QString path = dir_.path() + "/manifest.json";
        QVERIFY(write_file(path, QJsonDocument(manifest).toJson()));
        const CliResult r = kernel_table({"--manifest", path});
        QCOMPARE(r.exit_code, 1);
        QVERIFY2(
            r.out.contains("kernel decide_kernel (gpu/src/jacobi_device_state.cu) is not in the manifest"),
            r.out.constData());
    }

    void an_edited_cell_is_refused() {
        QByteArray doc = read_file(source_dir() + "/docs/verification.md");
        const QByteArray row = "| `face_class_kernel` | `face_rotation.cu` | — | CH-WP, FR-WP |";
        QVERIFY(doc.contains(row));
        doc.replace(row, "| `face_class_kernel` | `face_rotation.cu` | — | CH-WP |");
        const QString path = dir_.path() + "/edited-doc.md";
        QVERIFY(write_file(path, doc));
        const CliResult r = kernel_table({"--doc", path});
        QCOMPARE(r.exit_code, 1);
        QVERIFY2(r.out.contains("is not the manifest's"), r.out.constData());
    }
};

QTEST_GUILESS_MAIN(TestKernelTable)
#include "test_kernel_table.moc"
