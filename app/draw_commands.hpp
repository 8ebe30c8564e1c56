#pragma once
// Draw mode's undo steps. Every edit (a whole drag stroke, a Clear, a change of lattice, an
// opened file) is one replacement of the region by another: regions are small, and one kind of
// step keeps undo and redo exact.
#include <QUndoCommand>

#include "draw_region.hpp"

namespace dimerlab::app {

class DrawCanvas;

class ReplaceRegionCommand : public QUndoCommand {
  public:
    // `applied`: the canvas already shows `after` (a stroke paints as the mouse moves), so the
    // push does not apply it again.
    ReplaceRegionCommand(DrawCanvas& canvas, DrawRegion before, DrawRegion after, const QString& text,
                         bool applied);
    void undo() override;
    void redo() override;

  private:
    DrawCanvas& canvas_;
    DrawRegion before_;
    DrawRegion after_;
    bool skip_redo_;
};

}  // namespace dimerlab::app
