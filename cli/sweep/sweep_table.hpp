#pragma once
// The gathered table of a sweep, one row per job in job order, written by rank 0 as CSV (with
// `# key: value` metadata lines first) or as one JSON object, chosen by the file name.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace dimerlab::cli {

struct SweepMetadata {
    std::vector<std::string> command_line;
    int ranks = 1;
    std::string transport;
    nlohmann::ordered_json inputs;
};

// The whole file's text; the caller writes it atomically.
std::string sweep_table_text(const std::string& path, const std::vector<std::string>& columns,
                             const std::vector<nlohmann::ordered_json>& rows, const SweepMetadata& meta);

}  // namespace dimerlab::cli
