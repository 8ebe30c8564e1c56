// dimerlab-cli verify: what is proven, tested, stale or not run for each GPU kernel
// (verification/manifest.json, the runner's last status, the STALE rule of docs/verification.md §2.3).
// It only reports: stale claims exit 0; a missing or invalid manifest or status file exits 2.
// With --graph SPEC it also runs the per-graph runtime checks (verify/graph_checks.hpp) and with
// --live the live differential check (verify/live_check.hpp), the same code as the Verification
// panel; a violated runtime check or a backend that differs from its reference exits 1.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <stdexcept>

#include "command.hpp"
#include "dimerlab_lab/live_check_device.hpp"
#include "graph/graph_spec.hpp"
#include "util/errors.hpp"
#include "verify/build_info.hpp"
#include "verify/claim_status.hpp"
#include "verify/graph_checks.hpp"
#include "verify/live_check.hpp"
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

void print_graph_checks(const verify::GraphCheckReport& r) {
    std::cout << "runtime checks for " << r.graph << ":\n";
    for (const auto& c : r.checks) {
        std::cout << "  " << (c.ok ? "ok       " : "VIOLATED ") << c.id << "  " << c.assumption << " ("
                  << c.detail << ")\n";
    }
}

void print_live(const verify::LiveCheckReport& r) {
    std::cout << "live check on " << r.graph << " (seed " << r.seed << ", " << r.updates << " updates):\n";
    for (const auto& k : r.checks) {
        std::cout << "  " << k.kernel << "  " << k.backend << " vs " << k.reference << ": " << k.status
                  << " (" << k.detail << "; " << k.where << ", " << k.when << ")\n";
    }
}

}  // namespace

CommandAction add_verify_command(CLI::App& app) {
    struct Options {
        std::string repo;
        std::string status;
        std::string manifest;
        bool json = false;
        std::string graph;
        bool live = false;
        verify::LiveCheckOptions live_options;
    };
    auto opt = std::make_shared<Options>();
    CLI::App* sub = app.add_subcommand(
        "verify", "Report the verification claims of each GPU kernel: proved, tested, stale or not run");
    sub->add_option("--repo", opt->repo,
                    "Checkout whose files are hashed (default: the nearest one at or above the current "
                    "directory, else above "
                    "this program)");
    sub->add_option("--status", opt->status,
                    "Runner status file (default: REPO/build/verification_status.json, else the committed "
                    "REPO/verification/status/cpu.json)");
    sub->add_option("--manifest", opt->manifest, "Claims (default: REPO/verification/manifest.json)");
    sub->add_flag("--json", opt->json, "Print one JSON object on stdout");
    sub->add_option("--graph", opt->graph,
                    "Also run the runtime checks of this graph's assumptions (colouring proper, orders "
                    "permutations, 32-bit index bounds)");
    sub->add_flag("--live", opt->live,
                  "Also run the live differential check on --graph: cpu-parallel (and cuda, with a GPU) "
                  "against the sequential backends, bit for bit");
    sub->add_option("--seed", opt->live_options.seed, "Seed of the live check's tape")->capture_default_str();
    sub->add_option("--lambda", opt->live_options.lambda, "Activity of the live check")
        ->check(CLI::PositiveNumber)
        ->capture_default_str();
    sub->add_option("--sweeps", opt->live_options.sweeps, "Live check tape length in sweeps")
        ->check(CLI::PositiveNumber)
        ->capture_default_str();
    return [opt]() {
        if (opt->live && opt->graph.empty()) throw InputError("verify --live needs --graph SPEC");
        namespace fs = std::filesystem;
        std::string repo = opt->repo;
        if (repo.empty()) {
            const std::optional<std::string> found = verify::find_repository();
            if (!found) {
                throw InputError(
                    "no dimerlab repository (a folder with verification/manifest.json) at or above the "
                    "current "
                    "directory or this program; pass --repo DIR");
            }
            repo = *found;
        }
        const std::string manifest_path =
            opt->manifest.empty() ? (fs::path(repo) / "verification/manifest.json").string() : opt->manifest;
        const std::string status_path = opt->status.empty() ? verify::default_status_path(repo) : opt->status;
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
        out["status_commit"] = status.is_object() && status.contains("commit") && status["commit"].is_string()
                                   ? status["commit"]
                                   : "";
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
                                     {"checked_when", c.checked_when},
                                     {"checked_where", c.checked_where},
                                     {"note", c.note},
                                     {"property", c.property},
                                     {"method", c.method},
                                     {"code_link", c.code_link},
                                     {"scope", c.scope},
                                     {"where", c.where},
                                     {"changed", c.changed},
                                     {"missing", c.missing},
                                     {"assumptions", c.assumptions},
                                     {"mutants", c.mutants},
                                     {"about", verify::evidence_about(c.method, c.code_link)},
                                     {"does_not_establish", c.does_not_establish}});
        }
        // Whether this binary's kernels were compiled from the files being checked.
        out["repository"] = repo;
        out["binary"]["kernel_files"] = nlohmann::ordered_json::array();
        for (const auto& [path, hash] : verify::embedded_kernel_hashes()) {
            const auto now = verify::sha256_file((fs::path(repo) / path).string());
            out["binary"]["kernel_files"].push_back(
                {{"path", path}, {"embedded", hash}, {"matches", now && *now == hash}});
        }
        int rc = 0;
        std::optional<verify::GraphCheckReport> graph_checks;
        std::optional<verify::LiveCheckReport> live;
        if (!opt->graph.empty()) {
            const Graph g = make_graph(opt->graph, BuildOptions{.with_layout = false});
            print_graph_notices(g);
            graph_checks = verify::check_graph(g);
            out["graph_checks"] = verify::to_json(*graph_checks);
            if (!graph_checks->all_ok()) rc = 1;
            if (opt->live) {
                if (g.num_edges() == 0)
                    throw InputError("verify --live: graph " + opt->graph + " has no edges");
                std::string reason;
                const auto device = live_check_device(reason);
                live = verify::run_live_check(g, opt->live_options, device, reason);
                out["live_check"] = verify::to_json(*live);
                if (live->any_failed()) rc = 1;
            }
        }
        if (opt->json) {
            std::cout << out.dump() << "\n";
            return rc;
        }
        if (status.is_object()) {
            std::cout << "status: " << status_path << " (" << status.value("date", "no date") << ", commit "
                      << out["status_commit"].get<std::string>().substr(0, 12) << ")\n";
        } else {
            std::cout << "status: none at " << status_path << " (nothing has run: every claim is not run)\n";
        }
        for (const auto& k : kernels) {
            std::cout << k << ": " << verify::kernel_summary(claims, k) << "\n";
            for (const auto& c : claims) {
                if (c.kernel != k) continue;
                std::cout << "  " << c.id << "  " << c.status << "  (" << c.method << ") " << c.property
                          << "\n";
                std::cout << "      about: " << verify::evidence_about(c.method, c.code_link) << "\n";
                if (const std::string link = verify::code_link_label(c.code_link); !link.empty())
                    std::cout << "      " << link << "\n";
                if (!c.checked_when.empty() && c.recorded != "not-run") {
                    std::cout << "      checked " << c.checked_when << " on " << c.checked_where << "\n";
                }
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
        if (graph_checks) print_graph_checks(*graph_checks);
        if (live) print_live(*live);
        return rc;
    };
}

}  // namespace dimerlab::cli
