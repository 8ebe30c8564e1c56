#pragma once

namespace dimerlab::app {

// Registers resources/dimerlab.qrc (presets, shaders). The .qrc is compiled into a static
// library, whose resource initialiser the linker drops unless something calls it (docs/building.md §6.3).
void ensure_resources();

}  // namespace dimerlab::app
