#include "session_path.hpp"

#include <QFileInfo>

namespace dimerlab::app {

QString with_session_suffix(const QString& path) {
    if (path.isEmpty() || !QFileInfo(path).suffix().isEmpty()) return path;
    return path + kSessionSuffix;
}

}  // namespace dimerlab::app
