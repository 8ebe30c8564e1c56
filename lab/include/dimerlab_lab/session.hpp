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

#include "dimerlab_lab/sampler_spec.hpp"

namespace dimerlab {

// monomer_heat: each vertex coloured by how often it was a monomer over the frames shown so far;
// exact_marginals: by P(v unmatched) at the current λ, computed exactly when the graph is small.
// tiles: each dimer drawn as its domino (square lattices) or lozenge (honeycomb); other graphs
// are drawn as in orientation_parity.
// exact_probabilities: every edge by its exact placement probability P(e in M) at λ = ∞;
// probability_difference: every edge by the chain's share of frames with a dimer there minus that
// P(e), so the picture fades as the chain converges.
// edge_weights: every edge by its weight on a log scale (render/edge_weight_shades.hpp).
// expected_slope: every edge by the slope of the expected height on its faces at λ = ∞
// (faces/expected_slope.hpp): flat (the gas), rough, frozen (the steepest).
enum class ColourMode {
    plain,
    orientation_parity,
    monomer_heat,
    exact_marginals,
    tiles,
    height,
    exact_probabilities,
    probability_difference,
    edge_weights,
    expected_slope
};
inline constexpr int kColourModes = int(ColourMode::expected_slope) + 1;

// "plain" | "orientation-parity" | "monomer-heat" | "exact-marginals" | "tiles" | "height" |
// "exact-probabilities" | "exact-probabilities-difference" | "edge-weights" | "expected-slope"
QString colour_mode_name(ColourMode mode);
// Every mode's name in the enum's order, "a, b, … or z": what help texts and errors list.
QString colour_mode_names();
// The modes that colour every edge by a value of its own (SceneRenderer::set_edge_values).
inline bool colours_edges_by_value(ColourMode mode) {
    return mode == ColourMode::exact_probabilities || mode == ColourMode::probability_difference ||
           mode == ColourMode::edge_weights || mode == ColourMode::expected_slope;
}
ColourMode parse_colour_mode(const QString& text);  // InputError otherwise

struct ViewSettings {
    bool has_camera = false;  // false: fit the graph on load
    double centre_x = 0;
    double centre_y = 0;
    double pixels_per_unit = 1;
    ColourMode colour = ColourMode::plain;
};

// The chain is a SamplerSpec (lab's make_sampler builds it); the backend changes the speed and
// never what a session replays to. Sessions saved before the backend field existed load as cpu.
struct Session : SamplerSpec {
    QString name;
    QString title;
    QString description;
    std::uint64_t update_index = 0;
    // state_hash of the matching at update_index, when saved from a run; load checks the replay.
    std::optional<std::uint64_t> state_hash;
    double sweeps_per_frame = 1;
    bool running = true;
    ViewSettings view;
    // The `.region` text of a `region:PATH` spec ("region_text" in JSON; empty otherwise), so the
    // session opens where PATH is missing (region_store.hpp). Sessions without it load unchanged.
    QString region_text;
};

// Throws InputError naming `source` and the offending field.
Session session_from_json(const QByteArray& json, const QString& source);
QByteArray session_to_json(const Session& session);

// Re-creates a missing region file from the session's region_text (restore_region_file).
Session load_session_file(const QString& path);
// Atomic (write_file_atomically): a crash never leaves half a session behind. A `region:PATH`
// session keeps the region's text inside (keep_region_text).
void save_session_file(const QString& path, const Session& session);

}  // namespace dimerlab
