#pragma once
// The file name a session is saved under: a name typed without a suffix gets ".dimerlab.json", the
// glob of the installed MIME type (resources/desktop/dimerlab-session.xml), so a file manager opens
// it with dimerlab; a name with some other suffix is the user's choice and kept.
#include <QString>

namespace dimerlab::app {

inline constexpr const char* kSessionSuffix = ".dimerlab.json";

QString with_session_suffix(const QString& path);

}  // namespace dimerlab::app
