#pragma once
// Committed GPU evidence (verification/gpu_runs/*.json, written by verification/gpu_import.py from
// the device script's gpu_result.json): for every claim of method "gpu", the newest run's record,
// with the SHA-256 of the files it ran on, so the STALE rule treats it like any other evidence.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace dimerlab::verify {

// The runs of schema "dimerlab-gpu-run/1" under repo_dir/verification/gpu_runs, newest first
// (by their "date"); each gets "file" (its path relative to repo_dir). Unreadable files and
// other schemas are skipped: a committed run is evidence, never a reason to refuse a report.
std::vector<nlohmann::json> load_gpu_runs(const std::string& repo_dir);

// Replaces the status record of every "gpu" claim of the manifest by the newest run's record for
// it ({status, hashes, date, where, note, file}). A claim no run mentions keeps what the status
// file says (check.py records "not-run" for it), or has no record: "not run" either way.
void merge_gpu_runs(nlohmann::json& status, const nlohmann::json& manifest,
                    const std::vector<nlohmann::json>& runs);

}  // namespace dimerlab::verify
