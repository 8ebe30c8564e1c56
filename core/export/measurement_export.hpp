#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "graph/graph.hpp"
#include "model/lambda_record.hpp"
#include "sampling/sampler.hpp"
#include "sampling/start_state.hpp"

namespace dimerlab {

// Where a time series came from: enough to replay the run exactly (docs/architecture.md §3.3) and to
// tell two exports apart.
struct ExportMetadata {
    std::string graph_spec;
    std::uint64_t graph_hash = 0;  // Graph::content_hash
    std::uint32_t vertices = 0;
    std::uint32_t edges = 0;
    std::uint64_t seed = 0;
    std::vector<LambdaChange> lambda_record;
    std::string dynamics;
    std::string backend;
    std::string start;
    std::string version = DIMERLAB_VERSION;
};

// The metadata of a run of `sampler` on `graph` from `start`: the one place it is filled, so the
// CLI's and the app's exports describe a run alike. `backend` is the backend that ran.
ExportMetadata export_metadata(const Graph& graph, const Sampler& sampler, StartKind start);

// One measurement, taken after a whole sweep (m updates).
struct SweepRecord {
    std::uint64_t sweep = 0;
    std::uint64_t updates = 0;
    double lambda = 1;
    std::uint32_t dimers = 0;
    std::uint32_t monomers = 0;
    double covered_fraction = 0;
    std::optional<std::int64_t> imbalance;  // lattices only
};

// Same columns as `dimerlab-cli sample --csv`, header first and no comment lines, so that every
// CSV reader takes it as is; the metadata lives in the JSON export.
std::string time_series_csv(const std::vector<SweepRecord>& series);
// Column arrays, because that is what numpy and pandas load. Schema (format_version 2):
//   {"format": "dimerlab-time-series", "format_version": 2,
//    "metadata": {"program", "version", "graph", "graph_hash" (16 hex digits), "vertices", "edges",
//                 "seed", "lambda_record": [{"at_update", "lambda"}...], "dynamics", "backend",
//                 "start"},
//    "columns": ["sweep", "updates", "lambda", "dimers", "monomers", "covered_fraction", "imbalance"],
//    "series": {column: [one value per sweep]},      (imbalance: null off lattices)
//    "diagnostics": {"method": "sokal-window", "window_c": 5, "unit": "sweep",
//                    "observables": {"dimers" | "monomers" | "imbalance":
//                        {"mean", "tau_int", "tau_int_stderr", "window", "samples", "ess",
//                         "reliable"}}}}
// The diagnostics are time_series_diagnostics() of the series (null where a series is constant;
// no observables below two sweeps). Version 1 had no "diagnostics".
std::string time_series_json(const ExportMetadata& meta, const std::vector<SweepRecord>& series);

// Atomic writes (temp file + rename). Throw InputError naming the path for a wrong extension
// (.csv, .json) or a folder that cannot be written; nothing is left behind on failure.
void write_time_series_csv(const std::string& path, const std::vector<SweepRecord>& series);
void write_time_series_json(const std::string& path, const ExportMetadata& meta,
                            const std::vector<SweepRecord>& series);

// Throws InputError naming `path` unless it ends in one of `extensions` (lower case, with the
// dot), listing them. Shared by every exporter so the messages read alike.
void require_extension(const std::string& path, const std::vector<std::string>& extensions, const char* what);

// Locale-independent shortest round-trip text of a double (Qt sets LC_NUMERIC from the
// environment, so printf would write "0,5" in a German session).
std::string format_double(double v);

}  // namespace dimerlab
