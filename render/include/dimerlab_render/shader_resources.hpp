#pragma once

namespace dimerlab::render {

// Registers resources/shaders.qrc. A .qrc compiled into a static library has a resource
// initialiser that the linker drops unless something calls it.
void ensure_shader_resources();

}  // namespace dimerlab::render
