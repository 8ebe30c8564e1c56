#pragma once
// The file name a session is saved under: the open dialog lists *.json, so a name typed without a
// suffix gets ".json" (a name with some other suffix is the user's choice and kept).
#include <QString>

namespace dimerlab::app {

QString with_session_suffix(const QString& path);

}  // namespace dimerlab::app
