#include "verify/claim_status.hpp"

#include <array>
#include <filesystem>
#include <set>
#include <stdexcept>

#include "verify/gpu_runs.hpp"
#include "verify/sha256.hpp"

namespace dimerlab::verify {

void validate_manifest(const nlohmann::json& manifest) {
    if (!manifest.is_object() || manifest.value("schema", 0) != 1) {
        throw std::invalid_argument("manifest: expected an object with \"schema\": 1");
    }
    if (!manifest.contains("claims") || !manifest["claims"].is_array()) {
        throw std::invalid_argument("manifest: \"claims\" must be an array");
    }
    std::set<std::string> ids;
    for (const auto& c : manifest["claims"]) {
        for (const char* key :
             {"kernel", "id", "property", "method", "tool", "scope", "where", "does_not_establish"}) {
            if (!c.contains(key) || !c[key].is_string() || c[key].get<std::string>().empty()) {
                throw std::invalid_argument(std::string("manifest: a claim lacks \"") + key + "\"");
            }
        }
        for (const char* key : {"covers", "artifacts", "mutants", "assumptions"}) {
            if (!c.contains(key) || !c[key].is_array()) {
                throw std::invalid_argument("manifest: claim " + c["id"].get<std::string>() +
                                            " lacks array \"" + key + "\"");
            }
        }
        for (const auto& a : c["assumptions"]) {
            if (!a.contains("id") || !a.contains("text") || !a.contains("discharged_by")) {
                throw std::invalid_argument("manifest: claim " + c["id"].get<std::string>() +
                                            " has an assumption without id/text/discharged_by");
            }
        }
        // What the runners need to find the evidence: the device steps, or the ctest to run.
        const std::string method = c["method"];
        if (method == "gpu" &&
            (!c.contains("gpu_checks") || !c["gpu_checks"].is_array() || c["gpu_checks"].empty())) {
            throw std::invalid_argument("manifest: gpu claim " + c["id"].get<std::string>() +
                                        " lacks \"gpu_checks\"");
        }
        if (method == "test") {
            const bool one = c.contains("ctest") && c["ctest"].is_string();
            bool list = c.contains("ctest") && c["ctest"].is_array() && !c["ctest"].empty();
            if (list) {
                for (const auto& t : c["ctest"]) list = list && t.is_string();
            }
            if (!one && !list) {
                throw std::invalid_argument("manifest: test claim " + c["id"].get<std::string>() +
                                            " lacks \"ctest\" (a name or a list of [BUILD_DIR:]names)");
            }
        }
        if (c.contains("code_link")) {
            const auto& link = c["code_link"];
            if (!link.is_string() ||
                (link != "code" && link != "tested" && link != "review-only" && link != "model-only")) {
                throw std::invalid_argument(
                    "manifest: claim " + c["id"].get<std::string>() +
                    " has a code_link other than code, tested, review-only or model-only");
            }
        }
        if (!ids.insert(c["id"].get<std::string>()).second) {
            throw std::invalid_argument("manifest: duplicate claim id " + c["id"].get<std::string>());
        }
    }
}

std::vector<ClaimReport> evaluate_claims(const nlohmann::json& manifest, const nlohmann::json& status,
                                         const std::string& repo_dir) {
    validate_manifest(manifest);
    nlohmann::json merged = status;
    merge_gpu_runs(merged, manifest, load_gpu_runs(repo_dir));
    const std::filesystem::path root(repo_dir);
    std::vector<ClaimReport> out;
    for (const auto& c : manifest["claims"]) {
        ClaimReport r;
        r.id = c["id"];
        r.kernel = c["kernel"];
        r.property = c["property"];
        r.method = c["method"];
        r.scope = c["scope"];
        r.where = c["where"];
        r.does_not_establish = c["does_not_establish"];
        r.assumptions = c["assumptions"];
        r.code_link = c.value("code_link", "code");
        const nlohmann::json* rec = nullptr;
        if (merged.is_object() && merged.contains("claims") && merged["claims"].contains(r.id)) {
            rec = &merged["claims"][r.id];
        }
        r.recorded = rec ? rec->value("status", "not-run") : "not-run";
        if (rec) {
            const auto text = [&](const char* key, const nlohmann::json& fallback) {
                const nlohmann::json& v = rec->contains(key) ? (*rec)[key] : fallback;
                return v.is_string() ? v.get<std::string>() : std::string();
            };
            const nlohmann::json none;
            r.checked_when = text("date", merged.contains("date") ? merged["date"] : none);
            r.checked_where = text("where", nlohmann::json(r.where));
            r.note = text("note", none);
        }
        if (rec && rec->contains("mutants")) r.mutants = (*rec)["mutants"];
        r.status = r.recorded;
        // Every file the evidence depends on: a changed proof script is as stale as a changed kernel.
        std::set<std::string> files;
        for (const char* key : {"covers", "artifacts", "mutants"}) {
            for (const auto& f : c[key]) files.insert(f.get<std::string>());
        }
        for (const std::string& f : files) {
            const auto now = sha256_file((root / f).string());
            if (!now) {
                r.missing.push_back(f);
                continue;
            }
            // Without a record the claim is simply not run; a record without this file's hash was
            // made for another manifest, so it cannot vouch for the file either.
            if (rec && r.recorded != "not-run" &&
                (!rec->contains("hashes") || !(*rec)["hashes"].contains(f) ||
                 (*rec)["hashes"][f].get<std::string>() != *now)) {
                r.changed.push_back(f);
            }
        }
        if (rec && r.recorded != "not-run" && (!r.changed.empty() || !r.missing.empty())) r.status = "stale";
        // A proof about a model the kernels do not run says nothing green about the kernels.
        if (r.status == "proved" && r.code_link == "model-only") r.status = "proved-model";
        out.push_back(std::move(r));
    }
    return out;
}

std::string kernel_summary(const std::vector<ClaimReport>& claims, const std::string& kernel) {
    static constexpr std::array<std::pair<const char*, const char*>, 7> kOrder{
        {{"proved", "proved"},
         {"proved-model", "proved for a model only"},
         {"tested", "tested"},
         {"passed-gpu", "passed on GPU"},
         {"failed", "failed"},
         {"stale", "stale"},
         {"not-run", "not run"}}};
    std::string out;
    for (const auto& [status, label] : kOrder) {
        int n = 0;
        for (const auto& c : claims) n += (c.kernel == kernel && c.status == status) ? 1 : 0;
        if (n == 0) continue;
        if (!out.empty()) out += " \xC2\xB7 ";  // U+00B7 middle dot
        out += std::to_string(n) + " " + label;
    }
    return out;
}

std::string default_status_path(const std::string& repo_dir) {
    const std::filesystem::path root(repo_dir);
    const std::filesystem::path own = root / "build/verification_status.json";
    if (std::filesystem::exists(own)) return own.string();
    return (root / "verification/status/cpu.json").string();
}

std::string code_link_label(const std::string& code_link) {
    if (code_link == "tested") return "link to the code: differential tests, not proof (see its A-LINK)";
    if (code_link == "review-only") return "link to the code: review only";
    if (code_link == "model-only") return "link to the code: none (a model the code does not implement)";
    return "";
}

std::string evidence_about(const std::string& method, const std::string& code_link) {
    if (method == "proof-code" && code_link == "code") return "the code that runs";
    if (method == "proof-code" || method == "proof-model" || method == "smt-obligation" ||
        method == "model-check")
        return "a model of it";
    return "a test";
}

}  // namespace dimerlab::verify
