#include "gui_words.hpp"

#include <QRegularExpression>

#include "dimerlab_gpu/device.hpp"

namespace dimerlab::app {

QString in_gui_words(const QString& message) {
    QString out = message;
    out.replace(QRegularExpression("\\blambda = inf\\b"), QString::fromUtf8("λ = ∞"));
    out.replace(QRegularExpression("\\blambda\\b"), QString::fromUtf8("λ"));
    // "--start maximum" → "Start maximum": the Model panel's field of the same name.
    static const QRegularExpression flag("--([a-z]+)(-[a-z]+)*");
    QString result;
    qsizetype from = 0;
    for (auto it = flag.globalMatch(out); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        QString name = m.captured(0).mid(2).replace('-', ' ');
        name[0] = name[0].toUpper();
        result += out.mid(from, m.capturedStart() - from) + name;
        from = m.capturedEnd();
    }
    result += out.mid(from);
    return result;
}

QString backend_in_plain_words(const QString& backend) {
    if (backend == "cpu") return "CPU";
    if (backend == "cpu-parallel") return "CPU, parallel";
    if (backend == "cuda") {
        const gpu::DeviceInfo device = gpu::probe();
        return device.name.empty() ? QString("GPU") : "GPU: " + QString::fromStdString(device.name);
    }
    return backend;
}

}  // namespace dimerlab::app
