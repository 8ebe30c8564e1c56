// The one sampler factory (lab): every backend runs the sequential chain's trajectory, a backend
// that cannot run is refused (the CLI) or replaced by the CPU chain with a one-line notice (the
// app), and the names it parses round-trip. Sessions carry the same spec through their JSON.
#include <QtTest>
#include <algorithm>
#include <string>

#include "dimerlab_lab/live_check_device.hpp"
#include "dimerlab_lab/sampler_factory.hpp"
#include "dimerlab_lab/session.hpp"
#include "graph/graph_spec.hpp"
#include "model/matching.hpp"
#include "sampling/start_state.hpp"
#include "util/errors.hpp"

using namespace dimerlab;

namespace {

const Backend kBackends[] = {Backend::automatic, Backend::cpu, Backend::cpu_parallel, Backend::cuda};
const Dynamics kDynamics[] = {Dynamics::glauber, Dynamics::jerrum_sinclair, Dynamics::chromatic};

std::uint64_t hash_after(Sampler& sampler, std::uint64_t updates) {
    sampler.advance(updates);
    return state_hash(sampler.mate());
}

}  // namespace

class TestSamplerFactory : public QObject {
    Q_OBJECT

  private slots:
    void names_round_trip_and_bad_names_are_refused() {
        for (Backend b : kBackends) QCOMPARE(parse_backend(backend_name(b)), b);
        for (Dynamics d : kDynamics) QCOMPARE(parse_dynamics(dynamics_name(d)), d);
        try {
            parse_backend("tpu");
            QFAIL("tpu parsed");
        } catch (const InputError& e) {
            QVERIFY(std::string(e.what()).find("cpu-parallel") != std::string::npos);
        }
        QVERIFY_THROWS_EXCEPTION(InputError, parse_dynamics("metropolis"));
    }

    // Every (backend, dynamics) the factory accepts replays the sequential CPU chain bit for bit,
    // under both policies; what it cannot run is refused, or run on the CPU with a notice.
    void every_backend_runs_the_sequential_trajectory_or_says_why_not() {
        const Graph g = make_graph("grid:6x6");
        const bool device = cuda_availability().available;
        for (Dynamics d : kDynamics) {
            SamplerSpec spec;
            spec.seed = 11;
            spec.dynamics = d;
            spec.record = LambdaRecord(2.0);
            spec.record.change_at(7 * g.num_edges(), 0.5);
            spec.start = StartKind::greedy;
            spec.backend = Backend::cpu;
            const std::uint64_t reference =
                hash_after(*make_sampler(g, spec, WhenUnavailable::refuse).sampler, 30 * g.num_edges());
            for (Backend b : kBackends) {
                spec.backend = b;
                const bool runs = backend_runs(b, d) && (b != Backend::cuda || device);
                if (!runs) {
                    QVERIFY_THROWS_EXCEPTION(InputError, make_sampler(g, spec, WhenUnavailable::refuse));
                }
                for (WhenUnavailable when : {WhenUnavailable::refuse, WhenUnavailable::run_on_cpu}) {
                    if (!runs && when == WhenUnavailable::refuse) continue;
                    BuiltSampler built = make_sampler(g, spec, when);
                    QVERIFY(built.sampler != nullptr);
                    QCOMPARE(built.sampler->dynamics(), d);
                    QCOMPARE(hash_after(*built.sampler, 30 * g.num_edges()), reference);
                    const std::string ran(built.sampler->backend_name());
                    QVERIFY(built.notice.find('\n') == std::string::npos);
                    if (runs && b != Backend::automatic) {
                        QCOMPARE(ran, std::string(backend_name(b)));
                        QVERIFY2(built.notice.empty(), built.notice.c_str());
                    } else if (!runs) {
                        QCOMPARE(ran, std::string("cpu"));
                        QVERIFY2(!built.notice.empty(), "a replaced backend must be announced");
                    }
                }
            }
        }
    }

    // rotation on cuda is the face-class scan, the chain of cpu-parallel (not cpu's random-face
    // chain): with a device it replays cpu-parallel bit for bit; without one, the fall-back runs
    // that same chain, announced. auto keeps the cpu chain, since cuda's is a different one.
    void cuda_rotation_is_the_face_class_scan_of_cpu_parallel() {
        const Graph g = make_graph("aztec:6");
        const bool device = cuda_availability().available;
        SamplerSpec spec;
        spec.seed = 3;
        spec.dynamics = Dynamics::rotation;
        spec.record = LambdaRecord(kInfiniteLambda);
        spec.start = StartKind::maximum;
        spec.backend = Backend::cpu_parallel;
        const std::uint64_t scan =
            hash_after(*make_sampler(g, spec, WhenUnavailable::refuse).sampler, 40 * g.num_edges());
        spec.backend = Backend::cpu;
        const std::uint64_t random_face =
            hash_after(*make_sampler(g, spec, WhenUnavailable::refuse).sampler, 40 * g.num_edges());
        QVERIFY(scan != random_face);
        QVERIFY(backend_runs(Backend::cuda, Dynamics::rotation));
        QVERIFY(!backend_runs(Backend::cuda, Dynamics::glauber_rotation));
        spec.backend = Backend::cuda;
        if (!device) QVERIFY_THROWS_EXCEPTION(InputError, make_sampler(g, spec, WhenUnavailable::refuse));
        BuiltSampler built = make_sampler(g, spec, WhenUnavailable::run_on_cpu);
        QCOMPARE(std::string(built.sampler->backend_name()), std::string(device ? "cuda" : "cpu-parallel"));
        QCOMPARE(built.notice.empty(), device);
        QCOMPARE(hash_after(*built.sampler, 40 * g.num_edges()), scan);
        spec.backend = Backend::automatic;
        built = make_sampler(g, spec, WhenUnavailable::run_on_cpu);
        QCOMPARE(std::string(built.sampler->backend_name()), std::string("cpu"));
        QCOMPARE(hash_after(*built.sampler, 40 * g.num_edges()), random_face);
    }

    // An explicit start state is where every backend begins, on the fall-back path too, and the
    // trajectory from it is the sequential chain's.
    void an_explicit_start_is_honoured_by_every_backend() {
        const Graph g = make_graph("torus:6x6");
        SamplerSpec spec;
        spec.seed = 5;
        spec.record = LambdaRecord(1.5);
        const MateArray start = make_start_state(g, StartKind::greedy, 99);
        QVERIFY(start != make_start_state(g, spec.start, spec.seed));
        spec.backend = Backend::cpu;
        const std::uint64_t reference =
            hash_after(*make_sampler(g, spec, WhenUnavailable::refuse, start).sampler, 20 * g.num_edges());
        for (Backend b : kBackends) {
            spec.backend = b;
            BuiltSampler built = make_sampler(g, spec, WhenUnavailable::run_on_cpu, start);
            QVERIFY(std::ranges::equal(built.sampler->mate(), start));
            QCOMPARE(hash_after(*built.sampler, 20 * g.num_edges()), reference);
        }
    }

    // The live check's CUDA side comes from the factory and never falls back: without a device
    // there is none, and the reason is the factory's.
    void the_live_check_device_is_the_factorys_cuda_backend() {
        std::string reason;
        const auto device = live_check_device(reason);
        const CudaAvailability cuda = cuda_availability();
        QCOMPARE(device.has_value(), cuda.available);
        if (!device) {
            QVERIFY(!reason.empty());
            QCOMPARE(reason, cuda.reason);
            return;
        }
        QCOMPARE(device->where, "cuda: " + cuda.device);
        const Graph g = make_graph("grid:4x4");
        auto sampler = device->make(g, Dynamics::glauber, 3, LambdaRecord(1.0),
                                    MateArray(g.num_vertices(), kNoMate), 1.0);
        QCOMPARE(std::string(sampler->backend_name()), std::string("cuda"));
    }

    void auto_without_a_device_says_so_and_runs_on_cpu() {
        if (cuda_availability().available) {
            const Graph g = make_graph("grid:4x4");
            SamplerSpec spec;
            spec.backend = Backend::automatic;
            QCOMPARE(make_sampler(g, spec, WhenUnavailable::refuse).sampler->backend_name(),
                     std::string_view("cuda"));
            return;
        }
        const Graph g = make_graph("grid:4x4");
        SamplerSpec spec;
        spec.backend = Backend::automatic;
        const BuiltSampler built = make_sampler(g, spec, WhenUnavailable::refuse);
        QCOMPARE(built.sampler->backend_name(), std::string_view("cpu"));
        QVERIFY2(built.notice.rfind("no CUDA device (", 0) == 0, built.notice.c_str());
        // jerrum-sinclair has no CUDA chain: auto runs it on the CPU without a word.
        spec.dynamics = Dynamics::jerrum_sinclair;
        QVERIFY(make_sampler(g, spec, WhenUnavailable::refuse).notice.empty());
    }

    void bad_block_sweeps_are_refused_under_both_policies() {
        const Graph g = make_graph("grid:4x4");
        SamplerSpec spec;
        spec.backend = Backend::cpu_parallel;
        spec.block_sweeps = 0;
        QVERIFY_THROWS_EXCEPTION(InputError, make_sampler(g, spec, WhenUnavailable::refuse));
        QVERIFY_THROWS_EXCEPTION(InputError, make_sampler(g, spec, WhenUnavailable::run_on_cpu));
    }

    void ensemble_backend_choice() {
        std::string notice;
        QVERIFY(!make_ensemble_factory(Backend::cpu, "mix", "", notice));
        QVERIFY(notice.empty());
        QVERIFY_THROWS_EXCEPTION(InputError, make_ensemble_factory(Backend::cpu_parallel, "mix", "", notice));
        // A request CUDA cannot serve: auto quietly runs on the CPU, cuda is refused.
        QVERIFY(!make_ensemble_factory(Backend::automatic, "mix", "runs glauber only", notice));
        QVERIFY(notice.empty());
        QVERIFY_THROWS_EXCEPTION(InputError,
                                 make_ensemble_factory(Backend::cuda, "mix", "runs glauber only", notice));
        const bool device = cuda_availability().available;
        const EnsembleFactory automatic = make_ensemble_factory(Backend::automatic, "mix", "", notice);
        QCOMPARE(static_cast<bool>(automatic), device);
        QCOMPARE(notice.empty(), device);
    }

    void sessions_carry_the_spec_through_json() {
        for (Backend b : kBackends) {
            Session s;
            s.backend = b;
            s.dynamics = Dynamics::chromatic;
            s.class_order = ClassOrder::random;
            s.block_sweeps = 0.25;
            const QByteArray json = session_to_json(s);
            QVERIFY(json.contains("\"backend\": \"" + QByteArray(backend_name(b).data()) + "\""));
            const Session back = session_from_json(json, "mem");
            QCOMPARE(back.backend, b);
            QCOMPARE(back.dynamics, Dynamics::chromatic);
            QCOMPARE(back.class_order, ClassOrder::random);
            QCOMPARE(back.block_sweeps, 0.25);
        }
        // A session saved before the backend field existed loads, as cpu.
        const QByteArray old = R"({"name": "old", "graph": "grid:4x4", "seed": 3, "dynamics": "glauber",
            "start": "empty", "lambda_record": [{"at": 0, "lambda": 1.5}], "update_index": 0})";
        const Session loaded = session_from_json(old, "old.json");
        QCOMPARE(loaded.backend, Backend::cpu);
        QCOMPARE(loaded.seed, std::uint64_t{3});
        QCOMPARE(loaded.block_sweeps, 1.0);
        try {
            session_from_json(R"({"backend": "tpu"})", "bad.json");
            QFAIL("tpu loaded");
        } catch (const InputError& e) {
            QVERIFY(QString(e.what()).contains("backend 'tpu'"));
            QVERIFY(QString(e.what()).startsWith("session 'bad.json'"));
        }
    }
};

QTEST_APPLESS_MAIN(TestSamplerFactory)
#include "test_sampler_factory.moc"
