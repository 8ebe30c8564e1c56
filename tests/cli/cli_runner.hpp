#pragma once
// Runs the built dimerlab-cli (path from the DIMERLAB_CLI environment variable set by CTest).
#include <QByteArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStringList>

struct CliResult {
    int exit_code = -1;
    QByteArray out;
    QByteArray err;
    QJsonObject json() const { return QJsonDocument::fromJson(out).object(); }
};

inline CliResult run_cli(const QStringList& args, int timeout_ms = 300000) {
    QProcess p;
    p.start(qEnvironmentVariable("DIMERLAB_CLI"), args);
    CliResult r;
    if (!p.waitForFinished(timeout_ms)) {
        p.kill();
        p.waitForFinished();
        r.err = "timed out";
        return r;
    }
    r.exit_code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}
