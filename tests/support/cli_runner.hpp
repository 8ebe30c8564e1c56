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

// Runs `program args` to its end (killed after timeout_ms), with `input` on its standard input,
// and collects its exit code and output.
inline CliResult run_process(const QString& program, const QStringList& args, int timeout_ms,
                             const QByteArray& input = {}) {
    QProcess p;
    p.start(program, args);
    CliResult r;
    if (!p.waitForStarted(timeout_ms)) {
        r.err = "did not start";
        return r;
    }
    if (!input.isEmpty()) p.write(input);
    p.closeWriteChannel();
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

inline CliResult run_cli(const QStringList& args, int timeout_ms = 300000) {
    return run_process(qEnvironmentVariable("DIMERLAB_CLI"), args, timeout_ms);
}

// Runs dimerlab-cli with RLIMIT_FSIZE set to `max_file_kib` KiB, as on a nearly full disk: with
// SIGXFSZ ignored, a write past the limit fails with EFBIG instead of killing the process.
inline CliResult run_cli_with_file_limit(const QStringList& args, int max_file_kib, int timeout_ms = 300000) {
    QStringList quoted;
    for (const QString& a : args) quoted << "'" + QString(a).replace("'", "'\\''") + "'";
    const QString script = "trap '' XFSZ; ulimit -f " + QString::number(max_file_kib) + "; exec '" +
                           qEnvironmentVariable("DIMERLAB_CLI") + "' " + quoted.join(' ');
    return run_process("bash", {"-c", script}, timeout_ms);
}
