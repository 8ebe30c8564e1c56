#pragma once
// The checkout a test was built from (DIMERLAB_SOURCE_DIR, set by CTest) and its JSON files.
#include <QtGlobal>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

namespace dimerlab::testing {

inline std::filesystem::path source_dir() {
    return std::filesystem::path(qEnvironmentVariable("DIMERLAB_SOURCE_DIR").toStdString());
}

inline nlohmann::json load_json(const std::filesystem::path& p) {
    std::ifstream in(p);
    return nlohmann::json::parse(in);
}

}  // namespace dimerlab::testing
