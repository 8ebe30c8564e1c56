#include "lambda_spin_box.hpp"

#include "lambda_range.hpp"
#include "model/lambda_record.hpp"

namespace dimerlab::app {

namespace {

const QString kInfinitySign = QString::fromUtf8("\u221e");

// The spellings of λ = ∞ that parse_lambda reads, lower case.
bool names_infinity(const QString& text) {
    const QString t = text.trimmed().toLower();
    return t == "inf" || t == "+inf" || t == "infinity" || t == kInfinitySign;
}

// Typing one of them letter by letter passes through these.
bool starts_naming_infinity(const QString& text) {
    const QString t = text.trimmed().toLower();
    if (t.isEmpty()) return false;
    for (const QString& word : {QString("infinity"), QString("+inf")})
        if (word.startsWith(t)) return true;
    return false;
}

}  // namespace

QString lambda_display_text(double lambda) {
    return is_infinite_lambda(lambda) ? kInfinitySign : QString::number(lambda);
}

LambdaSpinBox::LambdaSpinBox(QWidget* parent) : TrimmedSpinBox(parent) {
    setDecimals(6);
    setRange(kLambdaMin, kInfiniteLambda);
    setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
    setKeyboardTracking(false);  // one recorded λ change per committed edit, not per keystroke
}

QString LambdaSpinBox::textFromValue(double value) const {
    if (is_infinite_lambda(value)) return kInfinitySign;
    return TrimmedSpinBox::textFromValue(value);
}

double LambdaSpinBox::valueFromText(const QString& text) const {
    if (names_infinity(text)) return kInfiniteLambda;
    return QDoubleSpinBox::valueFromText(text);
}

QValidator::State LambdaSpinBox::validate(QString& text, int& pos) const {
    if (names_infinity(text)) return QValidator::Acceptable;
    if (starts_naming_infinity(text)) return QValidator::Intermediate;
    return QDoubleSpinBox::validate(text, pos);
}

void LambdaSpinBox::stepBy(int steps) {
    if (is_infinite_lambda(value())) {
        if (steps < 0) setValue(kLambdaMax);
        return;
    }
    if (steps > 0 && value() >= kLambdaMax) {
        setValue(kInfiniteLambda);
        return;
    }
    // The finite range ends at kLambdaMax: ∞ is one step beyond it, never kLambdaMax + step.
    const double before = value();
    QDoubleSpinBox::stepBy(steps);
    if (value() > kLambdaMax) setValue(before < kLambdaMax ? kLambdaMax : kInfiniteLambda);
}

QAbstractSpinBox::StepEnabled LambdaSpinBox::stepEnabled() const {
    if (is_infinite_lambda(value())) return StepDownEnabled;
    return QDoubleSpinBox::stepEnabled() | StepUpEnabled;
}

}  // namespace dimerlab::app
