#include "dimerlab_lab/session.hpp"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <cmath>

#include "dimerlab_lab/region_store.hpp"
#include "util/atomic_file.hpp"
#include "util/errors.hpp"

namespace dimerlab {

namespace {

// JSON numbers are doubles: integers above 2^53 would silently round.
constexpr double kMaxExactInteger = 9007199254740992.0;

[[noreturn]] void bad(const QString& source, const QString& what) {
    throw InputError("session '" + source.toStdString() + "': " + what.toStdString());
}

std::uint64_t read_count(const QJsonObject& o, const char* key, std::uint64_t fallback,
                         const QString& source) {
    const QJsonValue v = o.value(key);
    if (v.isUndefined()) return fallback;
    const double d = v.toDouble(-1);
    if (!v.isDouble() || d < 0 || d > kMaxExactInteger || std::floor(d) != d)
        bad(source, QString("'%1' must be a non-negative integer below 2^53").arg(key));
    return static_cast<std::uint64_t>(d);
}

QString read_string(const QJsonObject& o, const char* key, const QString& fallback, const QString& source) {
    const QJsonValue v = o.value(key);
    if (v.isUndefined()) return fallback;
    if (!v.isString()) bad(source, QString("'%1' must be a string").arg(key));
    return v.toString();
}

double read_positive(const QJsonObject& o, const char* key, double fallback, const QString& source) {
    const QJsonValue v = o.value(key);
    if (v.isUndefined()) return fallback;
    const double d = v.toDouble(-1);
    if (!v.isDouble() || !(d > 0) || !std::isfinite(d))
        bad(source, QString("'%1' must be a positive number").arg(key));
    return d;
}

// λ: a positive number, or the string "inf" (any spelling parse_lambda reads) for perfect matchings.
double read_lambda(const QJsonObject& o, const char* key, double fallback, const QString& source) {
    const QJsonValue v = o.value(key);
    if (v.isString()) {
        try {
            const double l = parse_lambda(v.toString().toStdString(), key);
            if (is_infinite_lambda(l)) return l;
        } catch (const InputError&) {
        }
        bad(source, QString("'%1' must be a positive number or \"inf\"").arg(key));
    }
    return read_positive(o, key, fallback, source);
}

QJsonValue lambda_json(double lambda) {
    if (is_infinite_lambda(lambda)) return QString("inf");
    return lambda;
}

LambdaRecord read_record(const QJsonObject& o, std::uint64_t update_index, const QString& source) {
    const QJsonValue changes = o.value("lambda_record");
    if (changes.isUndefined()) return LambdaRecord(read_lambda(o, "lambda", 1, source));
    if (!changes.isArray() || changes.toArray().isEmpty())
        bad(source, "'lambda_record' must be a non-empty array of {at, lambda}");
    std::optional<LambdaRecord> record;
    for (const QJsonValue& c : changes.toArray()) {
        if (!c.isObject()) bad(source, "'lambda_record' entries must be objects {at, lambda}");
        const std::uint64_t at = read_count(c.toObject(), "at", 0, source);
        const double lambda = read_lambda(c.toObject(), "lambda", 0, source);
        if (at > update_index)
            bad(source,
                QString("lambda change at update %1 lies after update_index %2").arg(at).arg(update_index));
        try {
            if (!record) {
                if (at != 0) bad(source, "'lambda_record' must start at update 0");
                record.emplace(lambda);
            } else {
                record->change_at(at, lambda);
            }
        } catch (const InputError& e) {
            bad(source, QString::fromStdString(e.what()));
        }
    }
    return *record;
}

}  // namespace

QString colour_mode_name(ColourMode mode) {
    if (mode == ColourMode::monomer_heat) return "monomer-heat";
    if (mode == ColourMode::exact_marginals) return "exact-marginals";
    if (mode == ColourMode::tiles) return "tiles";
    if (mode == ColourMode::height) return "height";
    if (mode == ColourMode::exact_probabilities) return "exact-probabilities";
    if (mode == ColourMode::probability_difference) return "exact-probabilities-difference";
    if (mode == ColourMode::edge_weights) return "edge-weights";
    if (mode == ColourMode::expected_slope) return "expected-slope";
    return mode == ColourMode::plain ? "plain" : "orientation-parity";
}

QString colour_mode_names() {
    QString out;
    for (int m = 0; m < kColourModes; ++m) {
        if (m > 0) out += m + 1 == kColourModes ? " or " : ", ";
        out += colour_mode_name(ColourMode(m));
    }
    return out;
}

ColourMode parse_colour_mode(const QString& text) {
    for (int m = 0; m < kColourModes; ++m)
        if (text == colour_mode_name(ColourMode(m))) return ColourMode(m);
    throw InputError("colour mode '" + text.toStdString() + "': expected " +
                     colour_mode_names().toStdString());
}

Session session_from_json(const QByteArray& json, const QString& source) {
    QJsonParseError err;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &err);
    if (!doc.isObject()) bad(source, "not a JSON object: " + err.errorString());
    const QJsonObject o = doc.object();
    Session s;
    try {
        s.name = read_string(o, "name", source, source);
        s.title = read_string(o, "title", s.name, source);
        s.description = read_string(o, "description", "", source);
        s.graph = read_string(o, "graph", QString::fromStdString(s.graph), source).toStdString();
        s.seed = read_count(o, "seed", s.seed, source);
        s.dynamics = parse_dynamics(read_string(o, "dynamics", "glauber", source).toStdString());
        s.backend = parse_backend(read_string(o, "backend", "cpu", source).toStdString());
        s.block_sweeps = read_positive(o, "block_sweeps", s.block_sweeps, source);
        s.class_order = parse_class_order(read_string(o, "class_order", "fixed", source).toStdString());
        s.start = parse_start_kind(read_string(o, "start", "empty", source).toStdString());
        s.update_index = read_count(o, "update_index", 0, source);
        s.record = read_record(o, s.update_index, source);
        if (o.contains("state_hash")) {
            bool ok = false;
            s.state_hash = read_string(o, "state_hash", "", source).toULongLong(&ok, 16);
            if (!ok) bad(source, "'state_hash' must be 16 hex digits");
        }
        s.sweeps_per_frame = read_positive(o, "sweeps_per_frame", s.sweeps_per_frame, source);
        s.region_text = read_string(o, "region_text", "", source);
        const QJsonValue running = o.value("running");
        if (!running.isUndefined() && !running.isBool()) bad(source, "'running' must be true or false");
        s.running = running.toBool(s.running);
        const QJsonObject view = o.value("view").toObject();
        s.view.colour = parse_colour_mode(read_string(view, "colour", "plain", source));
        if (view.contains("centre_x")) {
            s.view.has_camera = true;
            s.view.centre_x = view.value("centre_x").toDouble();
            s.view.centre_y = view.value("centre_y").toDouble();
            s.view.pixels_per_unit = read_positive(view, "pixels_per_unit", 1, source);
        }
    } catch (const InputError& e) {
        const std::string what = e.what();
        if (what.rfind("session '", 0) == 0) throw;
        bad(source, QString::fromStdString(what));
    }
    return s;
}

QByteArray session_to_json(const Session& s) {
    QJsonObject o;
    o["name"] = s.name;
    o["title"] = s.title;
    if (!s.description.isEmpty()) o["description"] = s.description;
    o["graph"] = QString::fromStdString(s.graph);
    o["seed"] = static_cast<double>(s.seed);
    o["dynamics"] = QString::fromUtf8(dynamics_name(s.dynamics));
    o["backend"] = QString::fromUtf8(backend_name(s.backend));
    if (s.block_sweeps != 1.0) o["block_sweeps"] = s.block_sweeps;
    if (s.class_order != ClassOrder::fixed)
        o["class_order"] = QString::fromUtf8(class_order_name(s.class_order));
    o["start"] = QString::fromUtf8(start_kind_name(s.start));
    QJsonArray changes;
    for (const LambdaChange& c : s.record.changes())
        changes.append(
            QJsonObject{{"at", static_cast<double>(c.at_update)}, {"lambda", lambda_json(c.lambda)}});
    o["lambda_record"] = changes;
    o["update_index"] = static_cast<double>(s.update_index);
    if (s.state_hash) o["state_hash"] = QString("%1").arg(*s.state_hash, 16, 16, QChar('0'));
    o["sweeps_per_frame"] = s.sweeps_per_frame;
    o["running"] = s.running;
    QJsonObject view{{"colour", colour_mode_name(s.view.colour)}};
    if (s.view.has_camera) {
        view["centre_x"] = s.view.centre_x;
        view["centre_y"] = s.view.centre_y;
        view["pixels_per_unit"] = s.view.pixels_per_unit;
    }
    o["view"] = view;
    if (!s.region_text.isEmpty()) o["region_text"] = s.region_text;
    return QJsonDocument(o).toJson(QJsonDocument::Indented);
}

Session load_session_file(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw InputError("cannot read session '" + path.toStdString() +
                         "': " + file.errorString().toStdString());
    Session s = session_from_json(file.readAll(), path);
    restore_region_file(s);
    return s;
}

void save_session_file(const QString& path, const Session& session) {
    Session kept = session;
    keep_region_text(kept);
    const QByteArray json = session_to_json(kept);
    write_file_atomically(path.toStdString(), std::string_view(json.constData(), std::size_t(json.size())));
}

}  // namespace dimerlab
