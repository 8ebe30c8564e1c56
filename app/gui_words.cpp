#include "gui_words.hpp"

#include <QRegularExpression>

#include "dimerlab_gpu/device.hpp"
#include "util/gpu_absence_words.hpp"

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

GpuWords gpu_in_class_words(const CudaAvailability& cuda, const QString& backend) {
    if (!cuda.available) {
        const QString why = QString::fromStdString(gpu_absence_in_plain_words(cuda.reason));
        // Where simply none was found, the short line; otherwise what stops it, in plain words.
        const QString text = why == "no NVIDIA GPU was found" ? QString("GPU: none found, running on the CPU")
                                                              : "GPU: " + why + ", running on the CPU";
        return {text, QString::fromStdString(cuda.reason)};
    }
    const QString name = QString::fromStdString(cuda.device);
    if (backend == "cuda")
        return {"GPU: " + name + ", running on it", "the chain runs on " + name + " (cuda backend)"};
    return {"GPU: " + name + ", not in use (a CPU backend is chosen)",
            "choose Backend: CUDA in the Model panel to run the chain on " + name};
}

}  // namespace dimerlab::app
