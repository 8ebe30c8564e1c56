#pragma once
// Presets are sessions at update 0, shipped in resources/presets and compiled in through the .qrc.
#include <QString>
#include <QStringList>

#include "dimerlab_lab/session.hpp"

namespace dimerlab {

QStringList preset_names();
// Throws InputError naming the preset and the known ones.
Session load_preset(const QString& name);

}  // namespace dimerlab
