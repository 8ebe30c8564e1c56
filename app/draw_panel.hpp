#pragma once
// Draw mode: a grid to paint a region on (DrawCanvas), undo and redo (one step per stroke), and
// after every edit what the region is: its cells, whether it has a hole, and whether it can be
// tiled, with the obstruction's cells highlighted when not. "Tile it" hands the region to the
// main window, which runs it at λ = ∞.
#include <QWidget>

#include "draw_check.hpp"
#include "draw_region.hpp"

class QAction;
class QComboBox;
class QLabel;
class QPushButton;
class QUndoStack;

namespace dimerlab::app {

class DrawCanvas;

class DrawPanel : public QWidget {
    Q_OBJECT
  public:
    explicit DrawPanel(QWidget* parent = nullptr);

    DrawCanvas* canvas() const { return canvas_; }
    QUndoStack* undo_stack() const { return undo_; }
    const DrawRegion& region() const;
    const RegionCheck& check() const { return check_; }
    QString text() const { return region_text(region()); }
    QLabel* verdict_label() const { return verdict_; }
    QLabel* cells_label() const { return cells_; }
    QLabel* hole_label() const { return hole_; }
    QComboBox* lattice_box() const { return lattice_; }
    QPushButton* tile_button() const { return tile_; }
    QAction* undo_action() const { return undo_action_; }
    QAction* redo_action() const { return redo_action_; }

    // Each one undo step.
    void set_lattice(RegionLattice lattice);  // clears the cells
    void clear();
    void load_region(const DrawRegion& region, const QString& what);
    // `.region` files: InputError (the reader's, with line and column) for a bad one; saved
    // atomically.
    void open_region_file(const QString& path);
    void save_region_file(const QString& path) const;

    // The file dialogs around those (File > Open Region… and Save Region… too).
    void open_dialog();
    void save_dialog();

    // Draw mode's keys work only while it is shown and never while a text field has the focus.
    void set_keys_enabled(bool enabled);

  signals:
    void tile_requested();
    void leave_requested();

  private:
    void replace(const DrawRegion& after, const QString& what);
    void recheck();

    DrawCanvas* canvas_ = nullptr;
    QUndoStack* undo_ = nullptr;
    QAction* undo_action_ = nullptr;
    QAction* redo_action_ = nullptr;
    QComboBox* lattice_ = nullptr;
    QLabel* verdict_ = nullptr;
    QLabel* cells_ = nullptr;
    QLabel* hole_ = nullptr;
    QLabel* legend_ = nullptr;  // what the highlight colours mean, while there is a highlight
    QPushButton* tile_ = nullptr;
    RegionCheck check_;
};

// Whether the focused widget takes typed keys (a line edit, a spin box, a text box).
bool text_field_has_focus();

}  // namespace dimerlab::app
