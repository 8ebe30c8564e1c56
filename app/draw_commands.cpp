#include "draw_commands.hpp"

#include "draw_canvas.hpp"

namespace dimerlab::app {

ReplaceRegionCommand::ReplaceRegionCommand(DrawCanvas& canvas, DrawRegion before, DrawRegion after,
                                           const QString& text, bool applied)
    : QUndoCommand(text),
      canvas_(canvas),
      before_(std::move(before)),
      after_(std::move(after)),
      skip_redo_(applied) {}

void ReplaceRegionCommand::undo() {
    canvas_.set_region(before_);
}

void ReplaceRegionCommand::redo() {
    if (skip_redo_) {
        skip_redo_ = false;
        return;
    }
    canvas_.set_region(after_);
}

}  // namespace dimerlab::app
