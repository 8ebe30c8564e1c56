#include "lecture_keys.hpp"

#include <algorithm>

namespace dimerlab::app {

const std::vector<LectureKey>& lecture_keys() {
    static const std::vector<LectureKey> keys = [] {
        QList<QKeySequence> digits;
        for (int d = 1; d <= 9; ++d) digits << QKeySequence(Qt::Key_0 + d);
        return std::vector<LectureKey>{
            {LectureAction::play_pause, {QKeySequence(Qt::Key_Space)}, "Space", "play / pause the chain"},
            {LectureAction::step, {QKeySequence(Qt::Key_Right)}, "→", "one step (a frame's worth of sweeps)"},
            {LectureAction::reset, {QKeySequence(Qt::Key_R)}, "R", "restart the chain from its start state"},
            {LectureAction::lambda_up,
             {QKeySequence(Qt::Key_Plus), QKeySequence(Qt::Key_Equal)},
             "+ or =",
             "λ one slider step up (100 steps a decade; past 10⁶: ∞)"},
            {LectureAction::lambda_down, {QKeySequence(Qt::Key_Minus)}, "−", "λ one slider step down"},
            {LectureAction::slower,
             {QKeySequence(Qt::Key_BracketLeft)},
             "[",
             "fewer sweeps per frame (slower)"},
            {LectureAction::faster,
             {QKeySequence(Qt::Key_BracketRight)},
             "]",
             "more sweeps per frame (faster)"},
            {LectureAction::open_preset, digits, "1 – 9", "open the first nine presets (File → Open Preset)"},
            {LectureAction::shortcuts,
             {QKeySequence(Qt::Key_Question), QKeySequence(Qt::Key_F1)},
             "? or F1",
             "show / hide this list over the picture"},
            {LectureAction::presentation,
             {QKeySequence(Qt::Key_F11)},
             "F11",
             "presentation mode: full screen, large caption and colour legend"},
            {LectureAction::leave,
             {QKeySequence(Qt::Key_Escape)},
             "Esc",
             "leave presentation mode, hide this list"},
            {LectureAction::fit,
             {QKeySequence(Qt::Key_F)},
             "F",
             "fit the graph in the view (picture focused)"},
            {LectureAction::hud, {QKeySequence(Qt::Key_H)}, "H", "hide / show the HUD (picture focused)"},
        };
    }();
    return keys;
}

int preset_digit(const QKeySequence& key) {
    if (key.count() != 1) return 0;
    const int k = key[0].key();
    return k >= Qt::Key_1 && k <= Qt::Key_9 ? k - Qt::Key_0 : 0;
}

QString lecture_keys_text() {
    qsizetype width = 0;
    for (const LectureKey& k : lecture_keys()) width = std::max(width, k.keys_text.size());
    QString out;
    for (const LectureKey& k : lecture_keys())
        out += "  " + k.keys_text.leftJustified(width + 2) + k.what + "\n";
    return out;
}

QString shortcuts_table_html() {
    QString rows;
    for (const LectureKey& k : lecture_keys())
        rows += QString("<tr><td>%1</td><td>%2</td></tr>")
                    .arg(k.keys_text.toHtmlEscaped(), k.what.toHtmlEscaped());
    return QStringLiteral(
               "<table border='1' cellpadding='4' cellspacing='0'>"
               "<tr><th>key or gesture</th><th>what it does</th></tr>") +
           rows +
           QStringLiteral(
               "<tr><td>Ctrl+O / Ctrl+S</td><td>open / save a session</td></tr>"
               "<tr><td>Ctrl+Q</td><td>quit</td></tr>"
               "<tr><td>drag</td><td>pan the picture</td></tr>"
               "<tr><td>mouse wheel</td><td>zoom about the cursor</td></tr>"
               "<tr><td>hover</td><td>what is under the cursor: vertex or edge, degree, dimer or "
               "monomer</td></tr>"
               "<tr><td>Ctrl+click on the HUD's λ slider</td><td>type an exact λ</td></tr>"
               "<tr><td>λ field: type, then Enter</td><td>one recorded λ change (not one per "
               "keystroke)</td></tr>"
               "<tr><td>Ctrl+D</td><td>Draw mode on / off (also the toolbar's Draw): paint a region "
               "and tile it</td></tr>"
               "<tr><td>in a text field</td><td>keys type into the field; none of the above fires</td></tr>"
               "</table>");
}

QString draw_mode_table_html() {
    return QStringLiteral(
        "<h3>Draw mode</h3>"
        "<table border='1' cellpadding='4' cellspacing='0'>"
        "<tr><th>key or gesture</th><th>what it does</th></tr>"
        "<tr><td>left click</td><td>a cell on or off</td></tr>"
        "<tr><td>left drag</td><td>paint cells; a drag that starts on a cell erases instead</td></tr>"
        "<tr><td>right drag, or Shift + left drag</td><td>erase cells</td></tr>"
        "<tr><td>Ctrl+Z</td><td>undo the last stroke (a whole drag is one step; so are Clear, a change "
        "of grid and an opened region)</td></tr>"
        "<tr><td>Ctrl+Shift+Z or Ctrl+Y</td><td>redo</td></tr>"
        "<tr><td>Tile it</td><td>run the region at λ = ∞: exact tilings (coupling from the past), or "
        "on a region with a hole the rotation chain, which is not exact</td></tr>"
        "<tr><td>in a text field</td><td>these keys type into the field; none of them fires</td></tr>"
        "</table>"
        "<p>After every edit Draw mode says whether the region can be tiled. When it cannot, the cells "
        "that show why are magenta, and for a Hall violator their neighbours, fewer than they are, "
        "amber.</p>");
}

}  // namespace dimerlab::app
