#include "verify/gpu_runs.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>

namespace dimerlab::verify {

std::vector<nlohmann::json> load_gpu_runs(const std::string& repo_dir) {
    namespace fs = std::filesystem;
    std::vector<nlohmann::json> runs;
    const fs::path dir = fs::path(repo_dir) / "verification/gpu_runs";
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) return runs;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
        if (!entry.is_regular_file() || entry.path().extension() != ".json") continue;
        std::ifstream in(entry.path());
        nlohmann::json run = nlohmann::json::parse(in, nullptr, false);
        if (run.is_discarded() || !run.is_object() || run.value("schema", "") != "dimerlab-gpu-run/1" ||
            !run.contains("claims") || !run["claims"].is_object()) {
            continue;
        }
        run["file"] = "verification/gpu_runs/" + entry.path().filename().string();
        runs.push_back(std::move(run));
    }
    const auto date = [](const nlohmann::json& r) {
        return r.contains("date") && r["date"].is_string() ? r["date"].get<std::string>() : std::string();
    };
    // ISO 8601 UTC dates order as strings; the file name breaks ties so the order never depends on
    // the directory listing.
    std::sort(runs.begin(), runs.end(), [&](const nlohmann::json& a, const nlohmann::json& b) {
        return date(a) != date(b) ? date(a) > date(b)
                                  : a["file"].get<std::string>() > b["file"].get<std::string>();
    });
    return runs;
}

void merge_gpu_runs(nlohmann::json& status, const nlohmann::json& manifest,
                    const std::vector<nlohmann::json>& runs) {
    if (!status.is_object()) status = nlohmann::json::object();
    if (!status.contains("claims") || !status["claims"].is_object())
        status["claims"] = nlohmann::json::object();
    for (const auto& c : manifest["claims"]) {
        if (c.value("method", "") != "gpu") continue;
        const std::string id = c["id"];
        for (const auto& run : runs) {
            if (!run["claims"].contains(id) || !run["claims"][id].is_object()) continue;
            const auto& rec = run["claims"][id];
            nlohmann::json merged = {
                {"status", rec.value("status", "not-run")},
                {"hashes", rec.contains("hashes") ? rec["hashes"] : nlohmann::json::object()},
                {"note", rec.value("note", "")},
                {"where", run.value("where", "gpu")},
                {"file", run["file"]}};
            merged["date"] =
                run.contains("date") && run["date"].is_string() ? run["date"] : nlohmann::json("");
            status["claims"][id] = std::move(merged);
            break;
        }
    }
}

}  // namespace dimerlab::verify
