// dimerlab-cli verify: what is proven, tested, stale or not run for each GPU kernel
// (verification/manifest.json, the runner's last status, the STALE rule of verification.md §4.2).
// It only reports: stale claims exit 0; a missing or invalid manifest or status file exits 2.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>

#include "command.hpp"
#include "util/errors.hpp"
#include "verify/build_info.hpp"
#include "verify/claim_status.hpp"
#include "verify/sha256.hpp"

namespace dimerlab::cli {
namespace {

nlohmann::json read_json(const std::string& path, const char* what) {
    std::ifstream in(path);
    if (!in) throw InputError(std::string("cannot read ") + what + " " + path);
    try {
        return nlohmann::json::parse(in);
    } catch (const nlohmann::json::parse_error& e) {
        throw InputError(std::string("invalid ") + what + " " + path + ": " + e.what());
    }
}

}  // namespace

CommandAction add_verify_command(CLI::App& app) {
    struct Options {
        std::string repo;
        std::string status;
        std::string manifest;
        bool json = false;
    };
    auto opt = std::make_shared<Options>();
    CLI::App* sub = app.add_subcommand(
        "verify", "Report the verification claims of each GPU kernel: proved, tested, stale or not run");
    sub->add_option("--repo", opt->repo,
                    "Checkout whose files are hashed (default: the one this binary was built from)");
    sub->add_option("--status", opt->status,
                    "Runner status file (default: REPO/build/verification_status.json)");
    sub->add_option("--manifest", opt->manifest, "Claims (default: REPO/verification/manifest.json)");
    sub->add_flag("--json", opt->json, "Print one JSON object on stdout");
    return [opt]() {
        namespace fs = std::filesystem;
        const std::string repo = opt->repo.empty() ? verify::build_source_dir() : opt->repo;
        const std::string manifest_path =
            opt->manifest.empty() ? (fs::path(repo) / "verification/manifest.json").string() : opt->manifest;
        const std::string status_path =
            opt->status.empty() ? (fs::path(repo) / "build/verification_status.json").string() : opt->status;
        const nlohmann::json manifest = read_json(manifest_path, "manifest");
        // No status yet means nothing has run: every claim is "not run", which is a report, not an error.
        const nlohmann::json status =
            fs::exists(status_path) ? read_json(status_path, "status file") : nlohmann::json();
        std::vector<verify::ClaimReport> claims;
        try {
            claims = verify::evaluate_claims(manifest, status, repo);
        } catch (const std::invalid_argument& e) {
            throw InputError(e.what());
        }

        std::vector<std::string> kernels;
        for (const auto& c : claims) {
            if (std::find(kernels.begin(), kernels.end(), c.kernel) == kernels.end())
                kernels.push_back(c.kernel);
        }
        nlohmann::ordered_json out;
        out["repo"] = repo;
        out["manifest"] = manifest_path;
        out["status_file"] = status_path;
        out["status_date"] = status.is_object() ? status.value("date", "") : "";
        out["kernels"] = nlohmann::ordered_json::array();
        for (const auto& k : kernels) {
            out["kernels"].push_back({{"kernel", k}, {"summary", verify::kernel_summary(claims, k)}});
        }
        out["claims"] = nlohmann::ordered_json::array();
        for (const auto& c : claims) {
            out["claims"].push_back({{"id", c.id},
                                     {"kernel", c.kernel},
                                     {"status", c.status},
                                     {"recorded", c.recorded},
                                     {"property", c.property},
                                     {"method", c.method},
                                     {"scope", c.scope},
                                     {"where", c.where},
                                     {"changed", c.changed},
                                     {"missing", c.missing},
                                     {"assumptions", c.assumptions},
                                     {"mutants", c.mutants},
                                     {"does_not_establish", c.does_not_establish}});
        }
        // Whether this binary's kernels were compiled from the files being checked.
        out["binary"]["built_from"] = verify::build_source_dir();
        out["binary"]["kernel_files"] = nlohmann::ordered_json::array();
        for (const auto& [path, hash] : verify::embedded_kernel_hashes()) {
            const auto now = verify::sha256_file((fs::path(repo) / path).string());
            out["binary"]["kernel_files"].push_back(
                {{"path", path}, {"embedded", hash}, {"matches", now && *now == hash}});
        }
        if (opt->json) {
            std::cout << out.dump() << "\n";
            return 0;
        }
        for (const auto& k : kernels) {
            std::cout << k << ": " << verify::kernel_summary(claims, k) << "\n";
            for (const auto& c : claims) {
                if (c.kernel != k) continue;
                std::cout << "  " << c.id << "  " << c.status << "  (" << c.method << ") " << c.property
                          << "\n";
                for (const auto& f : c.changed) std::cout << "      changed since checked: " << f << "\n";
                for (const auto& f : c.missing) std::cout << "      missing: " << f << "\n";
            }
        }
        int mismatched = 0;
        for (const auto& f : out["binary"]["kernel_files"]) mismatched += f["matches"].get<bool>() ? 0 : 1;
        if (mismatched > 0) {
            std::cout << "note: " << mismatched << " kernel file(s) in " << repo
                      << " differ from the ones compiled into this binary\n";
        }
        return 0;
    };
}

}  // namespace dimerlab::cli
