#include "resources.hpp"

#include <QtGlobal>

// Q_INIT_RESOURCE declares a function and must be used at global scope.
static void init_dimerlab_qrc() {
    Q_INIT_RESOURCE(dimerlab);
}

namespace dimerlab::app {

void ensure_resources() {
    static const bool done = (init_dimerlab_qrc(), true);
    (void)done;
}

}  // namespace dimerlab::app
