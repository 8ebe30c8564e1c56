#pragma once
// The keys a lecturer drives the lab with, in one table: the main window makes its shortcuts from
// it, and the Help page and the shortcuts overlay (? or F1) list it. Window shortcuts never fire
// while a text field has the focus: the field takes the key (Qt's shortcut override), so typing
// "r" or "1" into the graph spec never resets the chain or opens a preset.
#include <QKeySequence>
#include <QList>
#include <QString>
#include <vector>

namespace dimerlab::app {

enum class LectureAction {
    play_pause,
    step,
    reset,
    lambda_up,
    lambda_down,
    slower,
    faster,
    open_preset,  // the key's digit d opens the d-th preset of File > Open Preset
    shortcuts,
    presentation,
    leave,
    fit,  // handled by the picture itself, while it has the focus
    hud,  // likewise
};

struct LectureKey {
    LectureAction action;
    QList<QKeySequence> keys;
    QString keys_text;  // as Help shows them: "+ or =", "1 – 9"
    QString what;
};

const std::vector<LectureKey>& lecture_keys();

// The digit 1..9 a preset key stands for (0 for any other sequence).
int preset_digit(const QKeySequence& key);

// Help's "Keyboard and mouse" table and the overlay: every lecture key, then the other shortcuts
// and the mouse gestures.
QString shortcuts_table_html();
// Draw mode's mouse buttons and keys, for Help's "Keyboard and mouse" page.
QString draw_mode_table_html();

// The lecture keys as plain text, one per line ("  Space    play / pause the chain"), for
// `dimerlab --help` and so for the man page help2man makes of it.
QString lecture_keys_text();

}  // namespace dimerlab::app
