// verification/manifest.json is well formed and names only existing files; `dimerlab-cli verify`
// applies the STALE rule: after one covered file changes in a copy of the checkout, exactly the
// claims that depend on it report "stale", and none of them is shown as proved or tested.
#include <QJsonArray>
#include <QTemporaryDir>
#include <QtTest>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "cli_runner.hpp"
#include "source_tree.hpp"
#include "verify/claim_status.hpp"
#include "verify/sha256.hpp"

using nlohmann::json;
namespace fs = std::filesystem;

namespace {

using dimerlab::testing::load_json;
using dimerlab::testing::source_dir;

std::set<std::string> claim_files(const json& c) {
    std::set<std::string> files;
    for (const char* key : {"covers", "artifacts", "mutants"}) {
        for (const auto& f : c[key]) files.insert(f.get<std::string>());
    }
    return files;
}

// A copy of every file the manifest names, plus a status saying every claim was proved on them.
void make_copy(const fs::path& dst, const json& manifest) {
    fs::create_directories(dst / "verification");
    fs::copy_file(source_dir() / "verification/manifest.json", dst / "verification/manifest.json");
    json status = {{"schema", 1}, {"date", "test"}, {"claims", json::object()}};
    for (const auto& c : manifest["claims"]) {
        json hashes = json::object();
        for (const auto& f : claim_files(c)) {
            fs::create_directories((dst / f).parent_path());
            if (!fs::exists(dst / f)) fs::copy_file(source_dir() / f, dst / f);
            hashes[f] = dimerlab::verify::sha256_file((dst / f).string()).value();
        }
        status["claims"][c["id"].get<std::string>()] = {
            {"status", "proved"}, {"hashes", hashes}, {"mutants", json::object()}};
    }
    std::ofstream(dst / "status.json") << status.dump(2);
}

// A claim proved for a model the code does not implement is "proved-model", never "proved".
std::string green_for(const json& manifest, const std::string& id) {
    for (const auto& c : manifest["claims"]) {
        if (c["id"] == id) return c.value("code_link", "code") == "model-only" ? "proved-model" : "proved";
    }
    return "";
}

std::map<std::string, std::string> statuses(const QJsonObject& out) {
    std::map<std::string, std::string> r;
    for (const auto& v : out["claims"].toArray()) {
        r[v.toObject()["id"].toString().toStdString()] = v.toObject()["status"].toString().toStdString();
    }
    return r;
}

}  // namespace

class TestManifest : public QObject {
    Q_OBJECT
  private slots:
    void schema_valid_and_files_exist() {
        const json manifest = load_json(source_dir() / "verification/manifest.json");
        dimerlab::verify::validate_manifest(manifest);
        QVERIFY(manifest["claims"].size() >= 6);
        for (const auto& c : manifest["claims"]) {
            for (const auto& f : claim_files(c)) {
                QVERIFY2(fs::is_regular_file(source_dir() / f),
                         (c["id"].get<std::string>() + ": " + f).c_str());
            }
            // every obligation that a tool checks carries a mutant or a theorem list
            const std::string method = c["method"];
            if (method == "smt-obligation" || method == "proof-code" || method == "model-check") {
                QVERIFY2(!c["mutants"].empty(), c["id"].get<std::string>().c_str());
            }
            if (method == "proof-model") QVERIFY(!c["theorems"].empty());
        }
    }

    void invalid_manifest_rejected() {
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 dimerlab::verify::validate_manifest(json{{"schema", 1}}));
        json bad = load_json(source_dir() / "verification/manifest.json");
        bad["claims"][0].erase("does_not_establish");
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, dimerlab::verify::validate_manifest(bad));
        for (const char* method : {"gpu", "test"}) {  // each needs to say where its evidence comes from
            json no_source = load_json(source_dir() / "verification/manifest.json");
            for (auto& c : no_source["claims"]) {
                if (c["method"] == method) {
                    c.erase(std::string(method) == "gpu" ? "gpu_checks" : "ctest");
                    break;
                }
            }
            QVERIFY_THROWS_EXCEPTION(std::invalid_argument, dimerlab::verify::validate_manifest(no_source));
        }

        QTemporaryDir dir;
        const CliResult missing = run_cli({"verify", "--repo", dir.path(), "--json"});
        QCOMPARE(missing.exit_code, 2);
        fs::create_directories(fs::path(dir.path().toStdString()) / "verification");
        std::ofstream(fs::path(dir.path().toStdString()) / "verification/manifest.json") << "{ not json";
        QCOMPARE(run_cli({"verify", "--repo", dir.path(), "--json"}).exit_code, 2);
    }

    void edited_file_makes_exactly_its_claims_stale() {
        const json manifest = load_json(source_dir() / "verification/manifest.json");
        QTemporaryDir dir;
        const fs::path root(dir.path().toStdString());
        make_copy(root, manifest);
        const QStringList args{"verify", "--repo", dir.path(), "--status", dir.path() + "/status.json",
                               "--json"};

        CliResult before = run_cli(args);
        QCOMPARE(before.exit_code, 0);
        for (const auto& [id, s] : statuses(before.json()))
            QVERIFY2(s == green_for(manifest, id), id.c_str());

        for (const std::string edited :
             {"core/chromatic/colouring_validator.cpp", "core/model/heat_bath_rule.hpp"}) {
            std::ofstream(root / edited, std::ios::app) << "\n// edited\n";
            std::set<std::string> expect;
            for (const auto& c : manifest["claims"]) {
                if (claim_files(c).count(edited)) expect.insert(c["id"]);
            }
            QVERIFY(!expect.empty());
            const CliResult after = run_cli(args);
            QCOMPARE(after.exit_code, 0);  // stale claims are reported, not an error
            std::set<std::string> stale;
            for (const auto& [id, s] : statuses(after.json())) {
                if (s == "stale") stale.insert(id);
            }
            QVERIFY2(stale == expect, edited.c_str());
            // the file is listed as the reason
            for (const auto& v : after.json()["claims"].toArray()) {
                const auto o = v.toObject();
                if (o["status"].toString() == "stale") {
                    QVERIFY(o["changed"].toArray().contains(QString::fromStdString(edited)) ||
                            stale.size() > expect.size());
                }
            }
            std::ofstream(root / edited, std::ios::trunc) << std::ifstream(source_dir() / edited).rdbuf();
        }
        // restored byte for byte: green again
        for (const auto& [id, s] : statuses(run_cli(args).json()))
            QVERIFY2(s == green_for(manifest, id), id.c_str());
    }

    // A proof about a model the code does not implement reads "proved-model", never "proved",
    // and says why, in JSON and in text: GJ-ALG marked model-only in a copy of the manifest.
    void model_only_proof_is_never_green() {
        json manifest = load_json(source_dir() / "verification/manifest.json");
        for (auto& c : manifest["claims"]) {
            if (c["id"] == "GJ-ALG") c["code_link"] = "model-only";
        }
        QCOMPARE(green_for(manifest, "GJ-ALG"), std::string("proved-model"));
        QTemporaryDir dir;
        const fs::path root(dir.path().toStdString());
        make_copy(root, manifest);
        std::ofstream(root / "verification/manifest.json", std::ios::trunc) << manifest.dump(2);
        const CliResult r =
            run_cli({"verify", "--repo", dir.path(), "--status", dir.path() + "/status.json", "--json"});
        QCOMPARE(statuses(r.json())["GJ-ALG"], std::string("proved-model"));
        const CliResult text =
            run_cli({"verify", "--repo", dir.path(), "--status", dir.path() + "/status.json"});
        QVERIFY2(text.out.contains("GJ-ALG  proved-model"), text.out.constData());
        QVERIFY(text.out.contains("link to the code: none (a model the code does not implement)"));
        QVERIFY(text.out.contains("link to the code: review only"));
    }

    // Every claim says what its evidence is about, from its method and its link to the code: the
    // WP proofs read the production headers, Coq and SMT reason about models, the rest are runs.
    void each_claim_says_what_it_is_about() {
        const CliResult r =
            run_cli({"verify", "--repo", QString::fromStdString(source_dir().string()), "--json"});
        QCOMPARE(r.exit_code, 0);
        std::map<std::string, std::string> about;
        for (const auto& c : r.json()["claims"].toArray()) {
            const QJsonObject o = c.toObject();
            about[o["id"].toString().toStdString()] = o["about"].toString().toStdString();
        }
        const std::map<std::string, std::string> expect{{"HB-WP", "the code that runs"},
                                                        {"GJ-WP", "the code that runs"},
                                                        {"GJ-ALG", "a model of it"},
                                                        {"CH-RACE", "a model of it"},
                                                        {"CH-SPIN", "a model of it"},
                                                        {"RF-JD-NXT", "a test"},
                                                        {"GJ-GPU", "a test"}};
        for (const auto& [id, words] : expect) QCOMPARE(about[id], words);
        for (const auto& [id, words] : about)
            QVERIFY2(words == "the code that runs" || words == "a model of it" || words == "a test",
                     id.c_str());
    }

    // Without a status of its own (nothing ran in this checkout), verify reads the committed record
    // of the CPU checks and says which record it is.
    void committed_record_is_the_default_status() {
        const json manifest = load_json(source_dir() / "verification/manifest.json");
        QTemporaryDir dir;
        const fs::path root(dir.path().toStdString());
        make_copy(root, manifest);
        json status = load_json(root / "status.json");
        status["commit"] = "0123456789abcdef0123";
        fs::create_directories(root / "verification/status");
        std::ofstream(root / "verification/status/cpu.json") << status.dump(2);
        const CliResult r = run_cli({"verify", "--repo", dir.path(), "--json"});
        QCOMPARE(r.exit_code, 0);
        QVERIFY(r.json()["status_file"].toString().endsWith("verification/status/cpu.json"));
        QCOMPARE(r.json()["status_commit"].toString(), QString("0123456789abcdef0123"));
        QCOMPARE(statuses(r.json())["HB-WP"], std::string("proved"));
        // A checkout's own run wins over the committed record.
        fs::create_directories(root / "build");
        std::ofstream(root / "build/verification_status.json")
            << json{{"schema", 1}, {"claims", json::object()}}.dump();
        QCOMPARE(statuses(run_cli({"verify", "--repo", dir.path(), "--json"}).json())["HB-WP"],
                 std::string("not-run"));
    }

    void summary_counts() {
        std::vector<dimerlab::verify::ClaimReport> claims(4);
        const char* st[] = {"proved", "proved", "stale", "not-run"};
        for (int i = 0; i < 4; ++i) {
            claims[i].kernel = "k";
            claims[i].status = st[i];
        }
        QCOMPARE(dimerlab::verify::kernel_summary(claims, "k"),
                 std::string("2 proved \xC2\xB7 1 stale \xC2\xB7 1 not run"));
    }
};

QTEST_GUILESS_MAIN(TestManifest)
#include "test_manifest.moc"
