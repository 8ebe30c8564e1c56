#include "sweep/sweep_checkpoint.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "util/atomic_file.hpp"
#include "util/errors.hpp"
#include "util/fnv_hash.hpp"

namespace dimerlab::cli {
namespace {

constexpr const char* format_name = "dimerlab-sweep-checkpoint";
constexpr int format_version = 1;

std::string checksum(const nlohmann::ordered_json& inputs, const nlohmann::ordered_json& rows) {
    Fnv1a64 h;
    for (const std::string& part : {inputs.dump(), rows.dump()}) {
        for (unsigned char c : part) h.add_u32(c);
        h.add_u32(0xffffffffu);
    }
    return hex16(h.value());
}

}  // namespace

SweepCheckpoint::SweepCheckpoint(std::string path, nlohmann::ordered_json inputs, std::uint64_t job_count)
    : path_(std::move(path)), inputs_(std::move(inputs)) {
    std::error_code ec;
    if (!std::filesystem::exists(path_, ec)) return;
    const std::string where = "checkpoint '" + path_ + "'";
    std::ifstream in(path_, std::ios::binary);
    if (!in) throw InputError(where + " cannot be read");
    std::ostringstream text;
    text << in.rdbuf();
    nlohmann::ordered_json doc;
    try {
        doc = nlohmann::ordered_json::parse(text.str());
    } catch (const nlohmann::json::exception&) {
        throw InputError(where + " is damaged (not valid JSON); remove it to start over");
    }
    if (!doc.is_object() || doc.value("format", "") != format_name)
        throw InputError(where + " is not a sweep checkpoint");
    if (doc.value("version", 0) != format_version) throw InputError(where + " has an unknown format version");
    if (!doc.contains("inputs") || !doc.contains("rows") || !doc["rows"].is_array() ||
        !doc.contains("checksum") || doc["checksum"] != checksum(doc["inputs"], doc["rows"]))
        throw InputError(where + " is damaged (checksum mismatch); remove it to start over");
    if (doc["inputs"] != inputs_)
        throw InputError(where +
                         " was written for other inputs (graphs, lambdas, seeds, sweeps or measures "
                         "differ); use another file or the command that wrote it");
    for (const auto& row : doc["rows"]) {
        if (!row.is_object() || !row.contains("job") || !row["job"].is_number_unsigned() ||
            row["job"].get<std::uint64_t>() >= job_count)
            throw InputError(where + " is damaged (a row names no job of this sweep)");
        rows_[row["job"].get<std::uint64_t>()] = row;
    }
}

void SweepCheckpoint::record(const nlohmann::ordered_json& row) {
    rows_[row["job"].get<std::uint64_t>()] = row;
    nlohmann::ordered_json rows = nlohmann::ordered_json::array();
    for (const auto& [job, r] : rows_) rows.push_back(r);
    nlohmann::ordered_json doc;
    doc["format"] = format_name;
    doc["version"] = format_version;
    doc["inputs"] = inputs_;
    doc["rows"] = rows;
    doc["checksum"] = checksum(inputs_, rows);
    write_file_atomically(path_, doc.dump() + "\n");
}

}  // namespace dimerlab::cli
