#include "dimerlab_lab/preset.hpp"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include "dimerlab_lab/region_store.hpp"
#include "util/errors.hpp"

// Q_INIT_RESOURCE declares a function and must be used at global scope. A .qrc compiled into a
// static library has a resource initialiser that the linker drops unless something calls it.
static void init_presets_qrc() {
    Q_INIT_RESOURCE(presets);
}

namespace dimerlab {

namespace {

void ensure_preset_resources() {
    static const bool done = (init_presets_qrc(), true);
    (void)done;
}

}  // namespace

QStringList preset_names() {
    ensure_preset_resources();
    QStringList names;
    for (const QFileInfo& f : QDir(":/presets").entryInfoList({"*.json"}, QDir::Files, QDir::Name)) {
        names << f.completeBaseName();
    }
    return names;
}

Session load_preset(const QString& name) {
    ensure_preset_resources();
    QFile file(":/presets/" + name + ".json");
    if (name.contains('/') || !file.open(QIODevice::ReadOnly)) {
        throw InputError("unknown preset '" + name.toStdString() +
                         "'; known presets: " + preset_names().join(", ").toStdString());
    }
    Session s = session_from_json(file.readAll(), "preset " + name);
    s.name = name;
    // A drawn region's preset carries its text: the file is written to the data folder.
    restore_region_file(s);
    return s;
}

}  // namespace dimerlab
