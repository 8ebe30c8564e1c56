#pragma once
// Typing into a spin box as a user does, for the app tests.
#include <QAbstractSpinBox>
#include <QApplication>
#include <QKeyEvent>
#include <QtTest>

namespace dimerlab::app::testing {

// Typed as keys, then Enter. QTest::keyClicks takes Latin-1 only: "∞" goes as one key event
// carrying its text, as a keyboard layout or input method delivers it.
inline void commit_text(QAbstractSpinBox* box, const QString& text) {
    box->setFocus();
    box->selectAll();
    for (const QChar c : text) {
        if (c.unicode() < 0x80) {
            QTest::keyClick(box, c.toLatin1());
        } else {
            QKeyEvent press(QEvent::KeyPress, Qt::Key_unknown, Qt::NoModifier, QString(c));
            QApplication::sendEvent(box, &press);
        }
    }
    QTest::keyClick(box, Qt::Key_Return);
}

}  // namespace dimerlab::app::testing
