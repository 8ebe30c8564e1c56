#pragma once
// How wide the main window makes each side's docks: a fifth of its width, between these bounds.
// Panels are laid out to fit the largest (a 1920-pixel window), which the panel tests check.
namespace dimerlab::app {

inline constexpr int kSideDockMinWidth = 220;
inline constexpr int kSideDockMaxWidth = 380;

}  // namespace dimerlab::app
