#pragma once
// The finished rows of a sweep, kept in a file that rank 0 rewrites atomically after every job:
// a run killed at any moment leaves the previous complete version. A restarted identical command
// skips the rows found there. The file names the inputs it was written for and carries a
// checksum of its contents, so a checkpoint for other inputs, or a damaged one, is refused.
#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

namespace dimerlab::cli {

class SweepCheckpoint {
  public:
    // No file yet: an empty checkpoint. Throws InputError naming the file when it cannot be read,
    // is not a sweep checkpoint, is damaged, or was written for other inputs.
    SweepCheckpoint(std::string path, nlohmann::ordered_json inputs, std::uint64_t job_count);

    const std::map<std::uint64_t, nlohmann::ordered_json>& rows() const { return rows_; }
    // Adds a finished row (its "job" field says which) and rewrites the file.
    void record(const nlohmann::ordered_json& row);

  private:
    std::string path_;
    nlohmann::ordered_json inputs_;
    std::map<std::uint64_t, nlohmann::ordered_json> rows_;
};

}  // namespace dimerlab::cli
