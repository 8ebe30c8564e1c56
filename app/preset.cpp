#include "preset.hpp"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

#include "util/errors.hpp"

// The .qrc lives in a static library; without this call the linker drops it.
static void init_dimerlab_resources() {
    Q_INIT_RESOURCE(dimerlab);
}

namespace dimerlab::app {

QStringList preset_names() {
    init_dimerlab_resources();
    QStringList names;
    for (const QFileInfo& f : QDir(":/presets").entryInfoList({"*.json"}, QDir::Files, QDir::Name)) {
        names << f.completeBaseName();
    }
    return names;
}

Preset load_preset(const QString& name) {
    init_dimerlab_resources();
    QFile file(":/presets/" + name + ".json");
    if (!file.open(QIODevice::ReadOnly)) {
        throw InputError("unknown preset '" + name.toStdString() +
                         "'; known presets: " + preset_names().join(", ").toStdString());
    }
    QJsonParseError err;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &err);
    if (!doc.isObject())
        throw InputError("preset '" + name.toStdString() +
                         "' is not valid JSON: " + err.errorString().toStdString());
    const QJsonObject o = doc.object();
    Preset p;
    p.name = name;
    p.title = o.value("title").toString(name);
    p.graph = o.value("graph").toString(p.graph);
    p.lambda = o.value("lambda").toDouble(p.lambda);
    p.seed = static_cast<quint64>(o.value("seed").toInteger(1));
    p.start = o.value("start").toString(p.start);
    p.sweeps_per_frame = o.value("sweeps_per_frame").toInt(p.sweeps_per_frame);
    p.running = o.value("running").toBool(p.running);
    return p;
}

}  // namespace dimerlab::app
