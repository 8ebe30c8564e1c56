#pragma once
// The STALE rule of docs/verification.md §2.3, shared by `dimerlab-cli verify` and (later) the app's
// Verification panel: a claim's recorded status counts only while every file it covers (and every
// artifact and mutant it ran on) still has the SHA-256 the runner recorded. Otherwise it is STALE:
// shown, never green.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace dimerlab::verify {

struct ClaimReport {
    std::string id, kernel, property, method, scope, where, does_not_establish;
    std::string recorded;  // proved / tested / passed-gpu / failed / not-run ("not-run" without a record)
    // recorded, or "stale"; "proved-model" for a proof about a model that is not the code.
    std::string status;
    // How the evidence reaches the code: "code" (it runs on, or proves, the code itself),
    // "review-only" (a model or twin tied to the code by review only) or "model-only" (a proof
    // about a model the code does not implement; never shown green for the code).
    std::string code_link = "code";
    std::string checked_when, checked_where;  // of the recorded run; empty without a record
    std::string note;                         // the recorded run's one-line note (GPU runs)
    std::vector<std::string> changed;         // covered files whose hash differs from the record
    std::vector<std::string> missing;         // covered files absent from the checked tree
    nlohmann::json assumptions = nlohmann::json::array();
    nlohmann::json mutants = nlohmann::json::object();
};

// Throws std::invalid_argument naming the problem when the manifest is not schema 1 or a claim
// lacks a required field.
void validate_manifest(const nlohmann::json& manifest);

// Applies the stale rule to every claim: hashes the files under repo_dir and compares them with
// `status` (the runner's verification_status.json; null when there is none: every claim not-run),
// after taking the records of "gpu" claims from the committed runs under repo_dir (gpu_runs.hpp).
// A "not-run" record is never stale: there is no evidence to go out of date.
std::vector<ClaimReport> evaluate_claims(const nlohmann::json& manifest, const nlohmann::json& status,
                                         const std::string& repo_dir);

// "3 proved · 2 tested · 1 passed on GPU · 1 stale · 1 not run" for the claims of one kernel.
std::string kernel_summary(const std::vector<ClaimReport>& claims, const std::string& kernel);

// The status file a report reads when none is named: this checkout's own run
// (build/verification_status.json) when there is one, else the committed record of the CPU
// checks (verification/status/cpu.json), which a fresh clone has before anything ran here.
std::string default_status_path(const std::string& repo_dir);

// One line for people: "review only" or "model only" for those links, empty for "code".
std::string code_link_label(const std::string& code_link);

// What a claim's evidence is about, in the words `verify` and the panel show: "the code that runs"
// (a proof read from the very files the compilers build), "a model of it" (a proof about a model
// or a hand encoding, tied to the code by tests or review), or "a test" (runs of the code).
std::string evidence_about(const std::string& method, const std::string& code_link);

}  // namespace dimerlab::verify
