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

}  // namespace dimerlab::app
