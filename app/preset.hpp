#pragma once
// Presets are JSON sessions shipped in resources/presets and compiled in through the .qrc.
#include <QString>
#include <QStringList>

namespace dimerlab::app {

struct Preset {
    QString name;
    QString title;
    QString graph = "grid:64x64";
    double lambda = 1;
    quint64 seed = 1;
    QString start = "empty";
    int sweeps_per_frame = 1;
    bool running = true;
};

QStringList preset_names();
// Throws InputError naming the preset and the known ones.
Preset load_preset(const QString& name);

}  // namespace dimerlab::app
