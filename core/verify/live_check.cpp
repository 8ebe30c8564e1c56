#include "verify/live_check.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <exception>
#include <thread>

#include "sampling/sampler_factory.hpp"
#include "sampling/start_state.hpp"

namespace dimerlab::verify {
namespace {

std::string utc_now() {
    const std::time_t t = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

// Runs both samplers over the tape in `checkpoints` pieces and compares the matchings after each.
void compare(Sampler& reference, Sampler& tested, std::uint64_t updates, int checkpoints, KernelCheck& out) {
    const int pieces = std::max(1, checkpoints);
    std::uint64_t done = 0;
    for (int p = 1; p <= pieces; ++p) {
        const std::uint64_t until =
            updates * static_cast<std::uint64_t>(p) / static_cast<std::uint64_t>(pieces);
        reference.advance(until - done);
        tested.advance(until - done);
        done = until;
        const auto a = reference.mate();
        const auto b = tested.mate();
        std::uint64_t differ = 0, first = 0;
        for (std::size_t v = 0; v < a.size(); ++v) {
            if (a[v] != b[v] && differ++ == 0) first = v;
        }
        if (differ != 0) {
            out.status = "failed";
            out.detail = "after " + std::to_string(done) + " updates: " + std::to_string(differ) +
                         " vertices differ, first " + std::to_string(first);
            return;
        }
    }
    out.status = "passed";
    out.detail = std::to_string(pieces) + " checkpoints, " + std::to_string(reference.mate().size()) +
                 " mates equal at each";
}

KernelCheck run_one(const Graph& g, const LiveCheckOptions& o, std::uint64_t updates, const char* kernel,
                    Dynamics dynamics, const std::string& backend, const std::string& where,
                    const std::function<std::unique_ptr<Sampler>(MateArray)>& make_tested) {
    KernelCheck k;
    k.kernel = kernel;
    k.backend = backend;
    k.reference = "cpu (sequential)";
    k.where = where;
    k.when = utc_now();
    k.updates = updates;
    const auto t0 = std::chrono::steady_clock::now();
    try {
        const MateArray start = make_start_state(g, StartKind::greedy, o.seed);
        auto reference = make_cpu_sampler(g, dynamics, o.seed, LambdaRecord(o.lambda), start);
        auto tested = make_tested(start);
        compare(*reference, *tested, updates, o.checkpoints, k);
    } catch (const std::exception& e) {
        k.status = "failed";
        k.detail = std::string("error: ") + e.what();
    }
    k.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return k;
}

}  // namespace

bool LiveCheckReport::any_failed() const {
    return std::any_of(checks.begin(), checks.end(),
                       [](const KernelCheck& k) { return k.status == "failed"; });
}

LiveCheckReport run_live_check(const Graph& g, const LiveCheckOptions& o,
                               const std::optional<DeviceBackend>& device,
                               const std::string& no_device_reason) {
    LiveCheckReport r;
    r.graph = g.spec().empty()
                  ? "n=" + std::to_string(g.num_vertices()) + ", m=" + std::to_string(g.num_edges())
                  : g.spec();
    r.seed = o.seed;
    r.lambda = o.lambda;
    const double wanted = std::max(1.0, std::ceil(o.sweeps * g.num_edges()));
    r.updates = std::min<std::uint64_t>(o.max_updates, static_cast<std::uint64_t>(wanted));
    const unsigned threads = o.threads ? o.threads : std::max(1u, std::thread::hardware_concurrency());
    const std::string cpu_where = "this machine, cpu-parallel with " + std::to_string(threads) + " threads";
    const struct {
        const char* kernel;
        Dynamics dynamics;
    } kernels[] = {{"jacobi_block", Dynamics::glauber}, {"chromatic", Dynamics::chromatic}};
    for (const auto& entry : kernels) {
        // Named copies, not structured bindings: the lambdas below capture them (clang 14).
        const char* kernel = entry.kernel;
        const Dynamics dynamics = entry.dynamics;
        r.checks.push_back(
            run_one(g, o, r.updates, kernel, dynamics, "cpu-parallel", cpu_where, [&](MateArray start) {
                return make_cpu_parallel_sampler(g, dynamics, o.seed, LambdaRecord(o.lambda),
                                                 std::move(start), o.block_sweeps, o.threads);
            }));
    }
    for (const auto& entry : kernels) {
        // Named copies, not structured bindings: the lambdas below capture them (clang 14).
        const char* kernel = entry.kernel;
        const Dynamics dynamics = entry.dynamics;
        if (device) {
            r.checks.push_back(
                run_one(g, o, r.updates, kernel, dynamics, "cuda", device->where, [&](MateArray start) {
                    return device->make(g, dynamics, o.seed, LambdaRecord(o.lambda), std::move(start),
                                        o.block_sweeps);
                }));
        } else {
            KernelCheck k;
            k.kernel = kernel;
            k.backend = "cuda";
            k.reference = "cpu (sequential)";
            k.status = "not-run";
            k.detail = no_device_reason.empty() ? "no GPU" : no_device_reason;
            k.where = "no device";
            k.when = utc_now();
            r.checks.push_back(std::move(k));
        }
    }
    return r;
}

nlohmann::json to_json(const LiveCheckReport& report) {
    nlohmann::json checks = nlohmann::json::array();
    for (const auto& k : report.checks) {
        checks.push_back({{"kernel", k.kernel},
                          {"backend", k.backend},
                          {"reference", k.reference},
                          {"status", k.status},
                          {"detail", k.detail},
                          {"where", k.where},
                          {"when", k.when},
                          {"updates", k.updates},
                          {"seconds", k.seconds}});
    }
    return {{"graph", report.graph},     {"seed", report.seed},           {"lambda", report.lambda},
            {"updates", report.updates}, {"failed", report.any_failed()}, {"checks", checks}};
}

}  // namespace dimerlab::verify
