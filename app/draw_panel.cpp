#include "draw_panel.hpp"

#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QTextEdit>
#include <QUndoStack>
#include <QVBoxLayout>
#include <functional>

#include "draw_canvas.hpp"
#include "draw_commands.hpp"
#include "util/atomic_file.hpp"
#include "util/errors.hpp"

namespace dimerlab::app {

namespace {

// Where an opened region lands: clear of the grid's edge, and by an even shift so triangles keep
// their orientation.
constexpr int kDrawLoadOffset = 2;

QAction* guarded_action(QWidget* owner, const QString& text, const QList<QKeySequence>& keys,
                        std::function<void()> what) {
    auto* action = new QAction(text, owner);
    action->setShortcuts(keys);
    action->setShortcutContext(Qt::WindowShortcut);
    QObject::connect(action, &QAction::triggered, owner, [what = std::move(what)] {
        if (!text_field_has_focus()) what();
    });
    owner->addAction(action);
    return action;
}

}  // namespace

bool text_field_has_focus() {
    QWidget* w = QApplication::focusWidget();
    return qobject_cast<QLineEdit*>(w) || qobject_cast<QAbstractSpinBox*>(w) || qobject_cast<QTextEdit*>(w) ||
           qobject_cast<QPlainTextEdit*>(w);
}

DrawPanel::DrawPanel(QWidget* parent) : QWidget(parent) {
    setObjectName("draw-panel");
    undo_ = new QUndoStack(this);
    canvas_ = new DrawCanvas(this);

    // The controls in a column beside the grid, so Draw mode fits beside the docks.
    auto* side = new QVBoxLayout;
    lattice_ = new QComboBox(this);
    lattice_->addItem("Squares (dominoes)");
    lattice_->addItem("Triangles (lozenges)");
    connect(lattice_, &QComboBox::currentIndexChanged, this, [this](int index) {
        set_lattice(index == 1 ? RegionLattice::triangular : RegionLattice::square);
    });
    side->addWidget(lattice_);
    QHBoxLayout* row = nullptr;
    auto button = [this, &row](const QString& text, const QString& tip) {
        auto* b = new QPushButton(text, this);
        b->setToolTip(tip);
        row->addWidget(b);
        return b;
    };
    row = new QHBoxLayout;
    side->addLayout(row);
    QPushButton* undo = button("Undo", "Undo the last stroke (Ctrl+Z)");
    QPushButton* redo = button("Redo", "Redo it (Ctrl+Shift+Z)");
    QPushButton* clear = button("Clear", "Remove every cell (one undo step)");
    row = new QHBoxLayout;
    side->addLayout(row);
    QPushButton* open = button("Open region…", "Read a .region file into the grid");
    QPushButton* save = button("Save region…", "Write the region as a .region file");
    row = new QHBoxLayout;
    side->addLayout(row);
    tile_ = button("Tile it", "Leave Draw mode and sample a uniform tiling of the region");
    QFont bold = tile_->font();
    bold.setBold(true);
    tile_->setFont(bold);
    QPushButton* leave = button("Back to the lab", "Leave Draw mode without tiling");
    connect(undo, &QPushButton::clicked, undo_, &QUndoStack::undo);
    connect(redo, &QPushButton::clicked, undo_, &QUndoStack::redo);
    connect(undo_, &QUndoStack::canUndoChanged, undo, &QWidget::setEnabled);
    connect(undo_, &QUndoStack::canRedoChanged, redo, &QWidget::setEnabled);
    undo->setEnabled(false);
    redo->setEnabled(false);
    connect(clear, &QPushButton::clicked, this, [this] { this->clear(); });
    connect(open, &QPushButton::clicked, this, [this] { open_dialog(); });
    connect(save, &QPushButton::clicked, this, [this] { save_dialog(); });
    connect(tile_, &QPushButton::clicked, this, [this] { emit tile_requested(); });
    connect(leave, &QPushButton::clicked, this, [this] { emit leave_requested(); });

    undo_action_ = guarded_action(this, "Undo", {QKeySequence::Undo}, [this] { undo_->undo(); });
    redo_action_ = guarded_action(
        this, "Redo", {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y)},
        [this] { undo_->redo(); });
    set_keys_enabled(false);

    verdict_ = new QLabel(this);
    verdict_->setObjectName("draw-verdict");
    cells_ = new QLabel(this);
    hole_ = new QLabel(this);
    legend_ = new QLabel(
        "<span style='background:#d81b60;color:white'>&nbsp;magenta&nbsp;</span> the cells that show it; "
        "<span style='background:#ffc107'>&nbsp;amber&nbsp;</span> all their neighbours, too few to pair "
        "them.<br>The two blues are the two colours of the chessboard (on triangles: up and down); "
        "every tile covers one of each.",
        this);
    side->addSpacing(8);
    for (QLabel* l : {verdict_, cells_, hole_, legend_}) {
        l->setWordWrap(true);
        l->setTextFormat(Qt::RichText);
        side->addWidget(l);
    }
    auto* keys = new QLabel(
        "Left click: a cell on or off. Left drag: paint (erases when it starts on a "
        "cell). Right drag or Shift+drag: erase. Wheel: a larger grid of smaller cells, or back.",
        this);
    keys->setWordWrap(true);
    side->addWidget(keys);
    side->addStretch(1);
    auto* side_box = new QWidget(this);
    side_box->setLayout(side);
    side_box->setFixedWidth(250);

    auto* layout = new QHBoxLayout(this);
    layout->addWidget(canvas_, 1);
    layout->addWidget(side_box);

    connect(canvas_, &DrawCanvas::region_edited, this, [this] { recheck(); });
    connect(
        canvas_, &DrawCanvas::stroke_finished, this,
        [this](const DrawRegion& before, const DrawRegion& after) {
            const bool erased = after.cells.size() < before.cells.size();
            undo_->push(new ReplaceRegionCommand(*canvas_, before, after, erased ? "Erase" : "Paint", true));
        });
    recheck();
}

const DrawRegion& DrawPanel::region() const {
    return canvas_->region();
}

void DrawPanel::set_keys_enabled(bool enabled) {
    undo_action_->setEnabled(enabled);
    redo_action_->setEnabled(enabled);
}

void DrawPanel::replace(const DrawRegion& after, const QString& what) {
    if (after == region()) return;
    undo_->push(new ReplaceRegionCommand(*canvas_, region(), after, what, false));
}

void DrawPanel::set_lattice(RegionLattice lattice) {
    if (lattice == region().lattice) return;
    replace(DrawRegion{lattice, {}}, lattice == RegionLattice::square ? "Squares" : "Triangles");
}

void DrawPanel::clear() {
    replace(DrawRegion{region().lattice, {}}, "Clear");
}

void DrawPanel::load_region(const DrawRegion& region, const QString& what) {
    replace(shifted(region, kDrawLoadOffset, kDrawLoadOffset), what);
}

void DrawPanel::open_region_file(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw InputError("cannot read '" + path.toStdString() + "': " + file.errorString().toStdString());
    load_region(region_from_text(QString::fromUtf8(file.readAll()), path), "Open region");
}

void DrawPanel::save_region_file(const QString& path) const {
    const QByteArray bytes = text().toUtf8();
    write_file_atomically(path.toStdString(), std::string_view(bytes.constData(), std::size_t(bytes.size())));
}

void DrawPanel::open_dialog() {
    const QString path =
        QFileDialog::getOpenFileName(this, "Open region", {}, "Regions (*.region);;All files (*)");
    if (path.isEmpty()) return;
    try {
        open_region_file(path);
    } catch (const std::exception& e) {
        QMessageBox::warning(this, "dimerlab", e.what());
    }
}

void DrawPanel::save_dialog() {
    QString path = QFileDialog::getSaveFileName(this, "Save region", {}, "Regions (*.region)");
    if (path.isEmpty()) return;
    if (!path.endsWith(".region")) path += ".region";
    try {
        save_region_file(path);
    } catch (const std::exception& e) {
        QMessageBox::warning(this, "dimerlab", e.what());
    }
}

void DrawPanel::recheck() {
    {
        const QSignalBlocker block(lattice_);
        lattice_->setCurrentIndex(region().lattice == RegionLattice::triangular ? 1 : 0);
    }
    try {
        check_ = check_region(region());
    } catch (const std::exception& e) {
        check_ = RegionCheck{};
        check_.cells = region().cells.size();
        check_.reason = QString::fromUtf8(e.what());
    }
    const bool squares = region().lattice == RegionLattice::square;
    canvas_->set_highlight(check_.obstruction, check_.neighbours);
    if (check_.tileable) {
        verdict_->setText(QString("<b style='color:#2e7d32'>Tileable</b>: it has %1.")
                              .arg(squares ? "domino tilings" : "lozenge tilings"));
    } else {
        verdict_->setText("<b style='color:#c62828'>Not tileable</b>: " + check_.reason.toHtmlEscaped());
    }
    cells_->setText(QString("%1 cells, %2 pairs of neighbours").arg(check_.cells).arg(check_.edges));
    if (check_.cells == 0)
        hole_->clear();
    else if (check_.has_hole)
        hole_->setText(
            "<b>It has a hole</b>: no height function, so coupling from the past refuses it. "
            "Tile it runs the rotation chain from a maximum matching: <b>not an exact sample</b>.");
    else
        hole_->setText("No hole: Tile it draws an exactly uniform tiling (coupling from the past).");
    tile_->setEnabled(check_.tileable);
    legend_->setVisible(!check_.obstruction.empty());
}

}  // namespace dimerlab::app
