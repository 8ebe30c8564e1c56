#include "verify/claim_status.hpp"

#include <array>
#include <filesystem>
#include <set>
#include <stdexcept>

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
        if (!ids.insert(c["id"].get<std::string>()).second) {
            throw std::invalid_argument("manifest: duplicate claim id " + c["id"].get<std::string>());
        }
    }
}

std::vector<ClaimReport> evaluate_claims(const nlohmann::json& manifest, const nlohmann::json& status,
                                         const std::string& repo_dir) {
    validate_manifest(manifest);
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
        const nlohmann::json* rec = nullptr;
        if (status.is_object() && status.contains("claims") && status["claims"].contains(r.id)) {
            rec = &status["claims"][r.id];
        }
        r.recorded = rec ? rec->value("status", "not-run") : "not-run";
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
            if (rec && (!rec->contains("hashes") || !(*rec)["hashes"].contains(f) ||
                        (*rec)["hashes"][f].get<std::string>() != *now)) {
                r.changed.push_back(f);
            }
        }
        if (rec && (!r.changed.empty() || !r.missing.empty())) r.status = "stale";
        out.push_back(std::move(r));
    }
    return out;
}

std::string kernel_summary(const std::vector<ClaimReport>& claims, const std::string& kernel) {
    static constexpr std::array<std::pair<const char*, const char*>, 5> kOrder{{{"proved", "proved"},
                                                                                {"tested", "tested"},
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

}  // namespace dimerlab::verify
