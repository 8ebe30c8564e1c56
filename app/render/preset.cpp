#include "preset.hpp"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include "resources.hpp"
#include "util/errors.hpp"

namespace dimerlab::app {

QStringList preset_names() {
    ensure_resources();
    QStringList names;
    for (const QFileInfo& f : QDir(":/presets").entryInfoList({"*.json"}, QDir::Files, QDir::Name)) {
        names << f.completeBaseName();
    }
    return names;
}

Session load_preset(const QString& name) {
    ensure_resources();
    QFile file(":/presets/" + name + ".json");
    if (name.contains('/') || !file.open(QIODevice::ReadOnly)) {
        throw InputError("unknown preset '" + name.toStdString() +
                         "'; known presets: " + preset_names().join(", ").toStdString());
    }
    Session s = session_from_json(file.readAll(), "preset " + name);
    s.name = name;
    return s;
}

}  // namespace dimerlab::app
