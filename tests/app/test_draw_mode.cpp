// Draw mode driven with the mouse as a user would (plain widgets, offscreen platform): a 2×3
// rectangle is tileable; without a corner it is not, for an imbalance; a line of four cells with
// one above and one below is balanced but not tileable, and the highlighted cells are a Hall
// violator found again here from the graph; undo and redo restore exact cell sets, one step per stroke; the
// saved `.region` text reads back to the same graph; on triangles the smallest hexagon is tileable; and the
// undo key does nothing while a text field has the focus.
#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QVBoxLayout>
#include <QWheelEvent>
#include <QtTest>
#include <sstream>

#include "draw_canvas.hpp"
#include "draw_panel.hpp"
#include "graph/readers/region_reader.hpp"
#include "help_pages.hpp"
#include "sampling/tiling_obstruction.hpp"

using namespace dimerlab;
using namespace dimerlab::app;

namespace {

using Cells = std::set<DrawCell>;

Graph graph_of_text(const std::string& text) {
    std::istringstream in(text);
    return read_region(in, "test");
}

// A stroke from one cell to another, pressed, moved in small steps and released.
void drag(DrawCanvas* canvas, DrawCell from, DrawCell to, Qt::MouseButton button = Qt::LeftButton) {
    const QPoint a = canvas->cell_centre(from).toPoint();
    const QPoint b = canvas->cell_centre(to).toPoint();
    QTest::mousePress(canvas, button, {}, a);
    for (int i = 1; i <= 8; ++i) QTest::mouseMove(canvas, a + (b - a) * i / 8);
    QTest::mouseRelease(canvas, button, {}, b);
}

void click(DrawCanvas* canvas, DrawCell cell) {
    QTest::mouseClick(canvas, Qt::LeftButton, {}, canvas->cell_centre(cell).toPoint());
}

}  // namespace

class TestDrawMode : public QObject {
    Q_OBJECT
  private slots:
    void squares_drawn_with_the_mouse() {
        DrawPanel panel;
        panel.resize(1000, 700);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        DrawCanvas* canvas = panel.canvas();
        QVERIFY(!panel.check().tileable);
        QVERIFY(!panel.tile_button()->isEnabled());

        // A 2×3 rectangle in two strokes.
        drag(canvas, {5, 5}, {5, 7});
        const Cells row = panel.region().cells;
        QCOMPARE(row, (Cells{{5, 5}, {5, 6}, {5, 7}}));
        drag(canvas, {6, 5}, {6, 7});
        const Cells rectangle = panel.region().cells;
        QCOMPARE(rectangle, (Cells{{5, 5}, {5, 6}, {5, 7}, {6, 5}, {6, 6}, {6, 7}}));
        QCOMPARE(panel.undo_stack()->count(), 2);  // one step per stroke
        QVERIFY(panel.check().tileable);
        QCOMPARE(panel.check().cells, std::size_t(6));
        QCOMPARE(panel.check().edges, std::uint64_t(7));
        QVERIFY(!panel.check().has_hole);
        QVERIFY(panel.tile_button()->isEnabled());
        QVERIFY(panel.verdict_label()->text().contains("Tileable"));
        QVERIFY(canvas->highlighted().empty());

        // The saved text reads back to the graph of the rectangle typed by hand.
        QTemporaryDir dir;
        const QString path = dir.filePath("rectangle.region");
        panel.save_region_file(path);
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const std::string saved = file.readAll().toStdString();
        QVERIFY(saved.starts_with("%lattice square\n"));
        const Graph back = graph_of_text(saved);
        const Graph typed = graph_of_text("###\n###\n");
        QCOMPARE(back.num_vertices(), typed.num_vertices());
        QCOMPARE(back.num_edges(), typed.num_edges());
        QCOMPARE(back.content_hash(), typed.content_hash());

        // Clicking a corner (a stroke that starts on a cell) removes it: 3 of one colour, 2 of the other.
        click(canvas, {5, 5});
        const Cells cornerless = panel.region().cells;
        QCOMPARE(cornerless.size(), std::size_t(5));
        QVERIFY(!cornerless.contains(DrawCell{5, 5}));
        QVERIFY(!panel.check().tileable);
        QVERIFY2(panel.check().reason.contains("imbalance"), qPrintable(panel.check().reason));
        QVERIFY(panel.verdict_label()->text().contains("Not tileable"));
        QVERIFY(!panel.tile_button()->isEnabled());
        QVERIFY(!canvas->highlighted().empty());

        // Clear, then a line of four with a cell above its third and one below its second: three
        // cells of each colour, but the three of one colour touch only two of the other.
        panel.clear();
        QVERIFY(panel.region().cells.empty());
        drag(canvas, {11, 4}, {11, 7});
        const Cells line = panel.region().cells;
        click(canvas, {10, 6});
        const Cells flagged = panel.region().cells;
        click(canvas, {12, 5});
        const Cells hall_shape = panel.region().cells;
        QCOMPARE(hall_shape, (Cells{{10, 6}, {11, 4}, {11, 5}, {11, 6}, {11, 7}, {12, 5}}));
        const RegionCheck& check = panel.check();
        QVERIFY(!check.tileable);
        QVERIFY2(check.reason.contains("Hall"), qPrintable(check.reason));
        // The highlight is the obstruction of the region's graph, read here from the saved text.
        const QString hall_path = dir.filePath("hall.region");
        panel.save_region_file(hall_path);
        QFile hall_file(hall_path);
        QVERIFY(hall_file.open(QIODevice::ReadOnly));
        const Graph hall = graph_of_text(hall_file.readAll().toStdString());
        const TilingObstruction why = tiling_obstruction(hall);
        const std::vector<DrawCell> order(hall_shape.begin(), hall_shape.end());  // reading order
        std::vector<DrawCell> want_cells, want_neighbours;
        for (VertexId v : why.cells) want_cells.push_back(order[v]);
        for (VertexId v : why.neighbours) want_neighbours.push_back(order[v]);
        QCOMPARE(canvas->highlighted(), want_cells);
        QCOMPARE(canvas->highlighted_neighbours(), want_neighbours);
        // And it is a violator: every cell beside a highlighted one is among the neighbours, fewer.
        const Cells neighbour_set(want_neighbours.begin(), want_neighbours.end());
        for (const DrawCell& c : want_cells) {
            for (DrawCell n : {DrawCell{c.row - 1, c.column}, DrawCell{c.row + 1, c.column},
                               DrawCell{c.row, c.column - 1}, DrawCell{c.row, c.column + 1}}) {
                if (hall_shape.contains(n)) QVERIFY(neighbour_set.contains(n));
            }
        }
        QVERIFY(!want_cells.empty());
        QVERIFY(want_neighbours.size() < want_cells.size());

        // Undo walks back through every step exactly, redo forward again.
        const std::vector<Cells> history = {{}, row, rectangle, cornerless, {}, line, flagged, hall_shape};
        QCOMPARE(panel.undo_stack()->count(), int(history.size()) - 1);
        for (int i = int(history.size()) - 2; i >= 0; --i) {
            panel.undo_stack()->undo();
            QCOMPARE(panel.region().cells, history[std::size_t(i)]);
        }
        QVERIFY(!panel.check().tileable);
        for (std::size_t i = 1; i < history.size(); ++i) {
            panel.undo_stack()->redo();
            QCOMPARE(panel.region().cells, history[i]);
        }
        QVERIFY(panel.check().reason.contains("Hall"));

        // A right drag erases, whatever it starts on.
        drag(canvas, {11, 3}, {11, 5}, Qt::RightButton);
        QCOMPARE(panel.region().cells, (Cells{{10, 6}, {11, 6}, {11, 7}, {12, 5}}));
        panel.undo_stack()->undo();
        QCOMPARE(panel.region().cells, hall_shape);

        // An opened file lands in the grid whole, as one undo step.
        panel.open_region_file(path);
        QCOMPARE(panel.region().cells.size(), std::size_t(6));
        QVERIFY(panel.check().tileable);
        QCOMPARE(QString::fromStdString(saved), panel.text());
        panel.undo_stack()->undo();
        QCOMPARE(panel.region().cells, hall_shape);
    }

    void the_smallest_hexagon_of_triangles() {
        DrawPanel panel;
        panel.resize(1000, 700);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.lattice_box()->setCurrentIndex(1);
        QCOMPARE(panel.region().lattice, RegionLattice::triangular);
        DrawCanvas* canvas = panel.canvas();
        // Rows 4 and 5, columns 6 to 8: ▲▼▲ over ▼▲▼ (row + column even points up).
        QVERIFY(points_up({4, 6}));
        QVERIFY(!points_up({5, 6}));
        for (DrawCell c : {DrawCell{4, 6}, DrawCell{4, 7}, DrawCell{4, 8}, DrawCell{5, 6}, DrawCell{5, 7},
                           DrawCell{5, 8}}) {
            QCOMPARE(canvas->cell_at(canvas->cell_centre(c)), std::optional<DrawCell>(c));
            click(canvas, c);
        }
        QCOMPARE(panel.region().cells.size(), std::size_t(6));
        QVERIFY(panel.check().tileable);
        QCOMPARE(panel.check().cells, std::size_t(6));
        QCOMPARE(panel.check().edges, std::uint64_t(6));
        QVERIFY(!panel.check().has_hole);
        QCOMPARE(panel.text(), QString("%lattice triangular\n###\n###\n"));
        // One triangle more: 7 cells, odd, no tiling.
        click(canvas, {4, 9});
        QVERIFY(!panel.check().tileable);
        // Back to squares is one step, and undone it brings the triangles back.
        panel.lattice_box()->setCurrentIndex(0);
        QVERIFY(panel.region().cells.empty());
        panel.undo_stack()->undo();
        QCOMPARE(panel.region().lattice, RegionLattice::triangular);
        QCOMPARE(panel.lattice_box()->currentIndex(), 1);
        QCOMPARE(panel.region().cells.size(), std::size_t(7));
    }

    // A drag along a row of triangles paints every triangle it crosses, up and down alike (one
    // undo step); a drag starting on a painted triangle erases.
    void triangles_painted_by_a_drag() {
        DrawPanel panel;
        panel.resize(1000, 700);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.lattice_box()->setCurrentIndex(1);
        DrawCanvas* canvas = panel.canvas();
        drag(canvas, {6, 10}, {6, 17});
        Cells row;
        for (int c = 10; c <= 17; ++c) row.insert({6, c});
        QCOMPARE(panel.region().cells, row);
        QVERIFY(panel.check().tileable);  // 8 triangles in a row: 4 lozenges
        drag(canvas, {6, 14}, {6, 17});
        Cells left;
        for (int c = 10; c <= 13; ++c) left.insert({6, c});
        QCOMPARE(panel.region().cells, left);
        panel.undo_stack()->undo();
        QCOMPARE(panel.region().cells, row);
    }

    // The wheel turned towards the user doubles the grid's rows and columns (smaller cells), up to
    // kMaxGridScale; cells keep their place in the region, and a cell beyond the smallest grid can
    // be painted. Turned away, it comes back.
    void the_wheel_gives_a_larger_grid() {
        DrawPanel panel;
        panel.resize(1000, 700);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        DrawCanvas* canvas = panel.canvas();
        const int rows = canvas->rows(), columns = canvas->columns();
        const auto turn = [canvas](int eighths) {
            const QPointF at(canvas->width() / 2.0, canvas->height() / 2.0);
            QWheelEvent wheel(at, canvas->mapToGlobal(at), QPoint(), QPoint(0, eighths), Qt::NoButton,
                              Qt::NoModifier, Qt::NoScrollPhase, false);
            QApplication::sendEvent(canvas, &wheel);
        };
        turn(-120);
        QCOMPARE(canvas->grid_scale(), 2);
        QCOMPARE(canvas->rows(), 2 * rows);
        QCOMPARE(canvas->columns(), 2 * columns);
        const DrawCell far{2 * rows - 2, 2 * columns - 2};
        QCOMPARE(canvas->cell_at(canvas->cell_centre(far)), std::optional<DrawCell>(far));
        click(canvas, far);
        QVERIFY(panel.region().cells.contains(far));
        for (int i = 0; i < 10; ++i) turn(-120);
        QCOMPARE(canvas->grid_scale(), DrawCanvas::kMaxGridScale);
        turn(60);  // half a notch: nothing yet
        QCOMPARE(canvas->grid_scale(), DrawCanvas::kMaxGridScale);
        turn(60);
        QCOMPARE(canvas->grid_scale(), DrawCanvas::kMaxGridScale - 1);
        for (int i = 0; i < 10; ++i) turn(120);
        QCOMPARE(canvas->grid_scale(), 1);
        // The painted cell lies beyond the smallest grid, which widens to keep it in view.
        QCOMPARE(canvas->rows(), far.row + 1);
        QVERIFY(panel.region().cells.contains(far));
    }

    void a_square_frame_has_a_hole() {
        DrawPanel panel;
        DrawRegion frame;
        for (int r = 0; r < 6; ++r)
            for (int c = 0; c < 6; ++c)
                if (r == 0 || r == 5 || c == 0 || c == 5) frame.cells.insert({r, c});
        panel.load_region(frame, "frame");
        QVERIFY(panel.check().tileable);
        QVERIFY(panel.check().has_hole);
        QVERIFY(panel.hole_label()->text().contains("not an exact sample"));
        for (int r = 1; r < 5; ++r)
            for (int c = 1; c < 5; ++c) frame.cells.insert({r, c});
        panel.load_region(frame, "filled");
        QVERIFY(!panel.check().has_hole);
    }

    void undo_keys_leave_a_text_field_alone() {
        QWidget window;
        auto* layout = new QVBoxLayout(&window);
        auto* field = new QLineEdit(&window);
        auto* panel = new DrawPanel(&window);
        layout->addWidget(field);
        layout->addWidget(panel);
        panel->set_keys_enabled(true);
        window.resize(1000, 760);
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        click(panel->canvas(), {3, 3});
        click(panel->canvas(), {3, 4});
        QCOMPARE(panel->region().cells.size(), std::size_t(2));
        field->setFocus();
        QTest::keyClicks(field, "ab");
        QTest::keyClick(field, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(panel->region().cells.size(), std::size_t(2));  // the field's own undo took it
        QVERIFY(field->text() != "ab");
        panel->canvas()->setFocus();
        QTest::keyClick(panel->canvas(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(panel->region().cells.size(), std::size_t(1));
        QTest::keyClick(panel->canvas(), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(panel->region().cells.size(), std::size_t(2));
        // Disabled (Draw mode hidden), the keys do nothing.
        panel->set_keys_enabled(false);
        QTest::keyClick(panel->canvas(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(panel->region().cells.size(), std::size_t(2));
    }

    void help_says_how_to_draw() {
        const QString keys = shortcuts_html();
        for (const char* words :
             {"Draw mode", "left drag", "right drag", "Shift", "Ctrl+Z", "Ctrl+Shift+Z", "Ctrl+D"})
            QVERIFY2(keys.contains(words), words);
    }
};

QTEST_MAIN(TestDrawMode)
#include "test_draw_mode.moc"
