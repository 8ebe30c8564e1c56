#include "dimerlab_render/shader_resources.hpp"

#include <QtGlobal>

// Q_INIT_RESOURCE declares a function and must be used at global scope.
static void init_shaders_qrc() {
    Q_INIT_RESOURCE(shaders);
}

namespace dimerlab::render {

void ensure_shader_resources() {
    static const bool done = (init_shaders_qrc(), true);
    (void)done;
}

}  // namespace dimerlab::render
