#include "dimerlab_lab/region_store.hpp"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QStandardPaths>

#include "dimerlab_lab/session.hpp"
#include "util/atomic_file.hpp"
#include "util/errors.hpp"

namespace dimerlab {

namespace {

// The file's text, or a null string when it cannot be read.
QString read_text(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return {};
    return QString::fromUtf8(file.readAll());
}

}  // namespace

QString region_store_folder() {
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + "/regions";
}

QString store_region_text(const QString& text) {
    QString folder = region_store_folder();
    // Where the data folder cannot be made (a build machine's missing home) a preset still opens.
    if (!QDir().mkpath(folder)) folder = QDir::tempPath() + "/dimerlab-regions";
    if (!QDir().mkpath(folder))
        throw InputError("cannot create the folder for drawn regions '" + folder.toStdString() + "'");
    const QByteArray bytes = text.toUtf8();
    const QString hash =
        QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex().left(16));
    const QString path = folder + "/" + hash + ".region";
    if (read_text(path) != text)
        write_file_atomically(path.toStdString(),
                              std::string_view(bytes.constData(), std::size_t(bytes.size())));
    return path;
}

QString region_spec_path(const std::string& spec) {
    constexpr std::string_view prefix = "region:";
    if (!spec.starts_with(prefix)) return {};
    return QString::fromStdString(spec.substr(prefix.size()));
}

void restore_region_file(Session& session) {
    if (session.region_text.isEmpty()) return;
    const QString path = region_spec_path(session.graph);
    if (path.isEmpty() || read_text(path) == session.region_text) return;
    session.graph = "region:" + store_region_text(session.region_text).toStdString();
}

void keep_region_text(Session& session) {
    if (!session.region_text.isEmpty()) return;
    const QString path = region_spec_path(session.graph);
    if (!path.isEmpty()) session.region_text = read_text(path);
}

}  // namespace dimerlab
