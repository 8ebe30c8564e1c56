#pragma once
// A session is everything needed to reproduce what the window shows: the graph spec, the chain
// (seed, dynamics, start, λ record) and how far it has run, plus view settings. Presets are
// sessions at update 0. Loading replays the chain from the start to `update_index`, which gives
// the same matching bit for bit because λ only changes at recorded update indices.
#include <QByteArray>
#include <QString>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "model/lambda_record.hpp"
#include "sampling/sampler.hpp"
#include "sampling/start_state.hpp"

namespace dimerlab::app {

enum class ColourMode { plain, orientation_parity };

QString colour_mode_name(ColourMode mode);          // "plain" | "orientation-parity"
ColourMode parse_colour_mode(const QString& text);  // InputError otherwise
Dynamics parse_dynamics(const QString& text);       // "glauber" | "jerrum-sinclair" | "chromatic"

struct ViewSettings {
    bool has_camera = false;  // false: fit the graph on load
    double centre_x = 0;
    double centre_y = 0;
    double pixels_per_unit = 1;
    ColourMode colour = ColourMode::plain;
};

struct Session {
    QString name;
    QString title;
    QString description;
    std::string graph = "grid:64x64";
    std::uint64_t seed = 1;
    Dynamics dynamics = Dynamics::glauber;
    StartKind start = StartKind::empty;
    LambdaRecord record{1.0};
    std::uint64_t update_index = 0;
    // state_hash of the matching at update_index, when saved from a run; load checks the replay.
    std::optional<std::uint64_t> state_hash;
    double sweeps_per_frame = 1;
    bool running = true;
    ViewSettings view;
};

// Throws InputError naming `source` and the offending field.
Session session_from_json(const QByteArray& json, const QString& source);
QByteArray session_to_json(const Session& session);

Session load_session_file(const QString& path);
// Atomic (write_file_atomically): a crash never leaves half a session behind.
void save_session_file(const QString& path, const Session& session);

// A sampler at update 0 of the session's chain (CPU backend). The graph must outlive it.
std::unique_ptr<Sampler> make_session_sampler(const Graph& graph, const Session& session);

}  // namespace dimerlab::app
