#include "trimmed_spin_box.hpp"

namespace dimerlab::app {

QString TrimmedSpinBox::textFromValue(double value) const {
    QString text = QDoubleSpinBox::textFromValue(value);
    const QString point = locale().decimalPoint();
    if (text.contains(point)) {
        while (text.endsWith('0')) text.chop(1);
        if (text.endsWith(point)) text.chop(point.size());
    }
    return text;
}

SweepsSpinBox::SweepsSpinBox(QWidget* parent) : TrimmedSpinBox(parent) {
    setDecimals(6);
    setRange(1e-6, 1000);
    setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
}

}  // namespace dimerlab::app
