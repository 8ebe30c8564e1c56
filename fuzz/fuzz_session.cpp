// Session reader: any bytes must give a session or an InputError, and a session written back
// must read as itself (what the app saves, it loads).
#include <QByteArray>
#include <QString>
#include <cstddef>
#include <cstdint>

#include "dimerlab_lab/session.hpp"
#include "util/errors.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const QByteArray json(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    try {
        const dimerlab::Session session = dimerlab::session_from_json(json, QStringLiteral("fuzz"));
        const QByteArray written = dimerlab::session_to_json(session);
        const QByteArray again =
            dimerlab::session_to_json(dimerlab::session_from_json(written, QStringLiteral("fuzz")));
        if (again != written) __builtin_trap();
    } catch (const dimerlab::InputError&) {
    }
    return 0;
}
