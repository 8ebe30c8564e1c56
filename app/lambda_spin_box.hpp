#pragma once
// The λ entry of the toolbar and the Model panel: a QDoubleSpinBox over kLambdaMin … ∞ that reads
// "inf", "infinity" and "∞" (any case, as parse_lambda does) and shows λ = ∞ as "∞". Stepping up
// from the top of the finite range reaches ∞, stepping down from ∞ comes back to kLambdaMax, so
// the arrows never stop short of the dimer model nor jump from it to nonsense.
#include "trimmed_spin_box.hpp"

namespace dimerlab::app {

// λ as the window's labels show it: "∞" for the dimer model, otherwise as QString::number.
QString lambda_display_text(double lambda);

class LambdaSpinBox : public TrimmedSpinBox {
    Q_OBJECT
  public:
    explicit LambdaSpinBox(QWidget* parent = nullptr);

    QString textFromValue(double value) const override;
    double valueFromText(const QString& text) const override;
    QValidator::State validate(QString& text, int& pos) const override;
    void stepBy(int steps) override;

  protected:
    StepEnabled stepEnabled() const override;
};

}  // namespace dimerlab::app
