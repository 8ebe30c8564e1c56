#include "rate_text.hpp"

namespace dimerlab::app {

QString update_rate_text(double updates_per_s, bool running) {
    if (!(updates_per_s > 0)) return running ? QString("measuring updates/s…") : QString("paused");
    struct Unit {
        double scale;
        const char* prefix;
    };
    static constexpr Unit kUnits[] = {{1e9, "G "}, {1e6, "M "}, {1e3, "k "}, {1, ""}};
    for (const Unit& u : kUnits) {
        if (updates_per_s >= u.scale || u.scale == 1) {
            return QString("%1 %2updates/s").arg(QString::number(updates_per_s / u.scale, 'g', 3), u.prefix);
        }
    }
    return {};
}

QString exact_sample_rate_text(double samples_per_s, bool running) {
    if (!running) return QString("each step: a new independent exact sample");
    if (!(samples_per_s > 0)) return QString("drawing an independent exact sample…");
    return QString("new independent exact samples: %1 per second")
        .arg(QString::number(samples_per_s, 'g', 3));
}

}  // namespace dimerlab::app
