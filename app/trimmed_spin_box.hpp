#pragma once
// A QDoubleSpinBox that writes its value without trailing zeros ("5", "0.25", "0.00001"), so a
// box with many decimals, needed for tiny values, does not show "5.000000" for ordinary ones.
// The text is the fixed-point text QDoubleSpinBox parses, so what is shown reads back.
#include <QDoubleSpinBox>

namespace dimerlab::app {

class TrimmedSpinBox : public QDoubleSpinBox {
    Q_OBJECT
  public:
    using QDoubleSpinBox::QDoubleSpinBox;
    QString textFromValue(double value) const override;
};

// Sweeps per frame (toolbar and Model panel): 10⁻⁶ … 1000. The small end lets a preset show one
// update per frame on a large graph (the shuffling steps of an Aztec diamond of order 100 are
// 2.5·10⁻⁵ sweeps each).
class SweepsSpinBox : public TrimmedSpinBox {
    Q_OBJECT
  public:
    explicit SweepsSpinBox(QWidget* parent = nullptr);
};

}  // namespace dimerlab::app
