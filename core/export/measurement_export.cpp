#include "export/measurement_export.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <nlohmann/json.hpp>

#include "export/series_diagnostics.hpp"
#include "util/atomic_file.hpp"
#include "util/errors.hpp"
#include "util/fnv_hash.hpp"

namespace dimerlab {

ExportMetadata export_metadata(const Graph& graph, const Sampler& sampler, StartKind start) {
    ExportMetadata meta;
    meta.graph_spec = graph.spec();
    meta.graph_hash = graph.content_hash();
    meta.vertices = graph.num_vertices();
    meta.edges = graph.num_edges();
    meta.seed = sampler.seed();
    meta.lambda_record = sampler.lambda_record().changes();
    meta.dynamics = std::string(dynamics_name(sampler.dynamics()));
    meta.backend = std::string(sampler.backend_name());
    meta.start = std::string(start_kind_name(start));
    return meta;
}

std::string format_double(double v) {
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
}

void require_extension(const std::string& path, const std::vector<std::string>& extensions,
                       const char* what) {
    if (path.empty()) throw InputError(std::string(what) + ": output path is empty");
    std::string lower = path;
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    for (const std::string& ext : extensions) {
        if (lower.size() > ext.size() && lower.compare(lower.size() - ext.size(), ext.size(), ext) == 0)
            return;
    }
    std::string list;
    for (std::size_t i = 0; i < extensions.size(); ++i) list += (i == 0 ? "" : " or ") + extensions[i];
    throw InputError(std::string(what) + " '" + path + "': unsupported file extension; expected " + list);
}

std::string time_series_csv(const std::vector<SweepRecord>& series) {
    std::string out = "sweep,updates,lambda,dimers,monomers,covered_fraction,imbalance\n";
    out.reserve(out.size() + series.size() * 48);
    for (const SweepRecord& r : series) {
        out += std::to_string(r.sweep) + ',' + std::to_string(r.updates) + ',' + format_double(r.lambda) +
               ',' + std::to_string(r.dimers) + ',' + std::to_string(r.monomers) + ',' +
               format_double(r.covered_fraction) + ',';
        if (r.imbalance) out += std::to_string(*r.imbalance);
        out += '\n';
    }
    return out;
}

std::string time_series_json(const ExportMetadata& meta, const std::vector<SweepRecord>& series) {
    using nlohmann::ordered_json;
    ordered_json doc;
    doc["format"] = "dimerlab-time-series";
    doc["format_version"] = 2;
    ordered_json md;
    md["program"] = "dimerlab";
    md["version"] = meta.version;
    md["graph"] = meta.graph_spec;
    md["graph_hash"] = hex16(meta.graph_hash);
    md["vertices"] = meta.vertices;
    md["edges"] = meta.edges;
    md["seed"] = meta.seed;
    ordered_json record = ordered_json::array();
    for (const LambdaChange& c : meta.lambda_record) {
        record.push_back({{"at_update", c.at_update}, {"lambda", c.lambda}});
    }
    md["lambda_record"] = record;
    md["dynamics"] = meta.dynamics;
    md["backend"] = meta.backend;
    md["start"] = meta.start;
    doc["metadata"] = md;
    doc["columns"] = {"sweep", "updates", "lambda", "dimers", "monomers", "covered_fraction", "imbalance"};
    ordered_json sweep = ordered_json::array(), updates = ordered_json::array(),
                 lambda = ordered_json::array(), dimers = ordered_json::array(),
                 monomers = ordered_json::array(), covered = ordered_json::array(),
                 imbalance = ordered_json::array();
    for (const SweepRecord& r : series) {
        sweep.push_back(r.sweep);
        updates.push_back(r.updates);
        lambda.push_back(r.lambda);
        dimers.push_back(r.dimers);
        monomers.push_back(r.monomers);
        covered.push_back(r.covered_fraction);
        if (r.imbalance) {
            imbalance.push_back(*r.imbalance);
        } else {
            imbalance.push_back(nullptr);
        }
    }
    doc["series"] = {{"sweep", sweep},        {"updates", updates},   {"lambda", lambda},
                     {"dimers", dimers},      {"monomers", monomers}, {"covered_fraction", covered},
                     {"imbalance", imbalance}};
    ordered_json observables = ordered_json::object();
    for (const SeriesDiagnostic& d : time_series_diagnostics(series)) {
        // NaN (a constant series) is written as null: JSON has no NaN.
        observables[d.observable] = {{"mean", d.mean},
                                     {"tau_int", d.tau.tau},
                                     {"tau_int_stderr", d.tau.standard_error},
                                     {"window", d.tau.window},
                                     {"samples", d.tau.samples},
                                     {"ess", d.ess},
                                     {"reliable", d.tau.reliable}};
    }
    doc["diagnostics"] = {{"method", "sokal-window"},
                          {"window_c", kExportTauWindow},
                          {"unit", "sweep"},
                          {"observables", observables}};
    return doc.dump() + "\n";  // compact: series run to millions of numbers
}

void write_time_series_csv(const std::string& path, const std::vector<SweepRecord>& series) {
    require_extension(path, {".csv"}, "CSV export");
    write_file_atomically(path, time_series_csv(series));
}

void write_time_series_json(const std::string& path, const ExportMetadata& meta,
                            const std::vector<SweepRecord>& series) {
    require_extension(path, {".json"}, "JSON export");
    write_file_atomically(path, time_series_json(meta, series));
}

}  // namespace dimerlab
