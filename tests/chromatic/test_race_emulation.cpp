// An access-logging CPU emulation of a chromatic class launch (docs/verification.md §4.5):
// every thread of the launch runs the shared per-thread body (chromatic_thread) in a shuffled
// order against a shadow of mate[] that records which thread read or wrote which entry. Any
// entry touched by two threads, one of them writing, is a conflict. Proper classes must show
// none; deliberately broken launches (an improper class, a bad thread-to-edge map) must show one.
// The emulated sweeps must also equal ChromaticSampler's trajectory.
//
// The log comes from the bodies' access hooks (bodies/access_hooks.h), defined here before any
// include: this file compiles the very body the kernel runs, with each load and store logged.
#include <cstdint>

namespace race_log {
std::uint32_t load(const std::uint32_t* array, std::uint32_t index);
void store(std::uint32_t* array, std::uint32_t index, std::uint32_t value);
}  // namespace race_log
#define DL_LOAD(array, index) race_log::load((array), (index))
#define DL_STORE(array, index, value) race_log::store((array), (index), (value))

#include <QtTest>
#include <algorithm>
#include <numeric>
#include <random>

#include "chromatic/chromatic_sampler.hpp"
#include "chromatic/chromatic_update.hpp"
#include "graph/graph_spec.hpp"
#include "matching_enumeration.hpp"
#include "model/update_tape.hpp"
#include "sampling/start_state.hpp"
#include "test_graphs.hpp"

using namespace dimerlab;

namespace {

// Shadow memory: mate[] plus, per entry, the threads that read and wrote it in this launch. The
// hooks log into the one shadow alive (the emulation runs on one thread).
class LoggingMate {
  public:
    explicit LoggingMate(MateArray& mate) : mate_(mate), log_(mate.size()) { active = this; }
    ~LoggingMate() { active = nullptr; }
    LoggingMate(const LoggingMate&) = delete;
    LoggingMate& operator=(const LoggingMate&) = delete;

    static inline LoggingMate* active = nullptr;

    std::uint32_t* data() { return mate_.data(); }
    void log(const std::uint32_t* array, std::uint32_t index, bool write) {
        if (array != mate_.data()) return;  // the class order: read-only in every launch
        if (index >= mate_.size()) qFatal("an access outside the shadowed mate[]");
        log_[index].push_back({thread_, write});
    }
    void start_launch() {
        for (auto& l : log_) l.clear();
    }
    void set_thread(std::uint64_t t) { thread_ = t; }
    std::uint64_t accesses() const {
        std::uint64_t n = 0;
        for (const auto& l : log_) n += l.size();
        return n;
    }
    // Entries touched by two different threads with at least one write.
    std::vector<std::uint32_t> conflicts() const {
        std::vector<std::uint32_t> out;
        for (std::uint32_t a = 0; a < log_.size(); ++a) {
            bool bad = false;
            for (const Access& x : log_[a])
                for (const Access& y : log_[a]) bad |= x.thread != y.thread && (x.write || y.write);
            if (bad) out.push_back(a);
        }
        return out;
    }

  private:
    struct Access {
        std::uint64_t thread;
        bool write;
    };
    MateArray& mate_;
    std::vector<std::vector<Access>> log_;
    std::uint64_t thread_ = 0;
};

}  // namespace

std::uint32_t race_log::load(const std::uint32_t* array, std::uint32_t index) {
    if (LoggingMate::active == nullptr) qFatal("a logged load with no shadow");
    LoggingMate::active->log(array, index, false);
    return array[index];
}

void race_log::store(std::uint32_t* array, std::uint32_t index, std::uint32_t value) {
    if (LoggingMate::active == nullptr) qFatal("a logged store with no shadow");
    LoggingMate::active->log(array, index, true);
    array[index] = value;
}

namespace {

struct LaunchResult {
    std::vector<std::uint32_t> conflicts;
    std::uint64_t accesses = 0;
    std::int64_t delta = 0;
};

// One "kernel launch" over positions [begin, end): all threads in a shuffled order. `map` turns a
// launch thread id into the thread index the body sees (identity for the real launch).
template <class Map>
LaunchResult emulate_launch(LoggingMate& shadow, const Graph& g, const EdgeColouring& c, std::uint32_t begin,
                            std::uint32_t end, std::uint64_t seed, std::uint64_t sweep,
                            std::uint64_t threshold, std::mt19937_64& rng, Map map) {
    std::vector<std::uint64_t> threads(end - begin);
    std::iota(threads.begin(), threads.end(), 0);
    std::shuffle(threads.begin(), threads.end(), rng);
    LoggingMate::active = &shadow;
    shadow.start_launch();
    LaunchResult r;
    for (std::uint64_t t : threads) {
        shadow.set_thread(t);
        r.delta += chromatic_thread(shadow.data(), g.edges().data(), c.order.data(), begin, end, map(t), seed,
                                    sweep, g.num_edges(), threshold);
    }
    r.conflicts = shadow.conflicts();
    r.accesses = shadow.accesses();
    return r;
}

constexpr std::uint64_t kAlwaysOccupied = std::uint64_t{1} << 32;

}  // namespace

class TestRaceEmulation : public QObject {
    Q_OBJECT
  private slots:
    void proper_class_launches_have_no_conflicts_data() {
        QTest::addColumn<QString>("spec");
        for (const char* s : {"grid:9x7", "torus:8x6", "torus:7x5", "hex:8x6", "tri:7x6", "aztec:5",
                              "complete:12", "complete:9", "bipartite:5x7", "hypercube:5", "petersen",
                              "regular:40,3,seed=7", "gnp:40,0.15,seed=1"})
            QTest::newRow(s) << QString(s);
    }
    // Several sweeps from a greedy start at λ = 1.3 (real coins, so adds and removals both happen),
    // then the final shadow state against ChromaticSampler after the same number of updates.
    void proper_class_launches_have_no_conflicts() {
        QFETCH(QString, spec);
        const Graph g = make_graph(spec.toStdString(), BuildOptions{.with_layout = false});
        const std::uint64_t seed = 41;
        const double lambda = 1.3;
        const MateArray start = make_start_state(g, StartKind::greedy, seed);
        ChromaticSampler ref(g, seed, LambdaRecord(lambda), start);
        const EdgeColouring& c = ref.colouring();
        MateArray mate = start;
        LoggingMate shadow(mate);
        std::mt19937_64 rng(5);
        const std::uint64_t sweeps = 6;
        std::uint64_t writes_seen = 0;
        for (std::uint64_t s = 0; s < sweeps; ++s) {
            for (std::uint32_t k = 0; k < c.num_colours(); ++k) {
                const LaunchResult r =
                    emulate_launch(shadow, g, c, c.offsets[k], c.offsets[k + 1], seed, s,
                                   heat_bath_threshold(lambda), rng, [](std::uint64_t t) { return t; });
                QVERIFY2(r.conflicts.empty(), qPrintable(QString("sweep %1 class %2: conflict at mate[%3]")
                                                             .arg(s)
                                                             .arg(k)
                                                             .arg(r.conflicts.empty() ? 0 : r.conflicts[0])));
                QVERIFY(r.accesses >= 2 * std::uint64_t{c.offsets[k + 1] - c.offsets[k]});
                writes_seen += r.delta != 0;
            }
        }
        QVERIFY(writes_seen > 0);
        ref.advance(sweeps * g.num_edges());
        QVERIFY(std::equal(mate.begin(), mate.end(), ref.mate().begin(), ref.mate().end()));
    }

    // Mutant 1: two classes merged into one launch. Edges sharing a vertex now run in one launch;
    // with an always-occupied coin from the empty matching the first of them writes the shared
    // entry that the other reads.
    void improper_class_is_reported() {
        const Graph g = make_graph("grid:6x5");
        EdgeColouring c = colour_edges(g);
        QCOMPARE(c.num_colours(), 4u);
        EdgeColouring merged = c;
        merged.offsets.erase(merged.offsets.begin() + 1);  // classes 0 and 1 become one
        QVERIFY_THROWS_EXCEPTION(std::logic_error, validate_colouring(g, merged));
        MateArray mate(g.num_vertices(), kNoMate);
        LoggingMate shadow(mate);
        std::mt19937_64 rng(9);
        const LaunchResult r = emulate_launch(shadow, g, merged, merged.offsets[0], merged.offsets[1], 3, 0,
                                              kAlwaysOccupied, rng, [](std::uint64_t t) { return t; });
        QVERIFY(!r.conflicts.empty());
        // The same emulation on the two proper classes separately is clean.
        MateArray mate2(g.num_vertices(), kNoMate);
        LoggingMate shadow2(mate2);
        for (std::uint32_t k = 0; k < 2; ++k) {
            const LaunchResult p = emulate_launch(shadow2, g, c, c.offsets[k], c.offsets[k + 1], 3, 0,
                                                  kAlwaysOccupied, rng, [](std::uint64_t t) { return t; });
            QVERIFY(p.conflicts.empty());
        }
    }

    // Mutant 2 (as the SMT mutant bug_map, docs/verification.md §4.2): threads 2i and 2i+1 mapped
    // to the same edge.
    void bad_thread_map_is_reported() {
        const Graph g = make_graph("torus:8x8");
        const EdgeColouring c = colour_edges(g);
        MateArray mate(g.num_vertices(), kNoMate);
        LoggingMate shadow(mate);
        std::mt19937_64 rng(11);
        const LaunchResult r = emulate_launch(shadow, g, c, c.offsets[0], c.offsets[1], 3, 0, kAlwaysOccupied,
                                              rng, [](std::uint64_t t) { return t / 2; });
        QVERIFY(!r.conflicts.empty());
    }

    // The log tells reads from writes: two threads reading one entry is no race.
    void read_only_sharing_is_not_a_conflict() {
        // Two adjacent edges in one launch at coin "never occupied" from the empty matching: both
        // threads only read the shared entry, which is not a race.
        const Graph g = testing::path_graph(3);
        const EdgeColouring bad = colouring_from_colours({0, 0}, ColouringMethod::greedy);
        MateArray mate(3, kNoMate);
        LoggingMate shadow(mate);
        std::mt19937_64 rng(1);
        const LaunchResult r =
            emulate_launch(shadow, g, bad, 0, 2, 1, 0, 0, rng, [](std::uint64_t t) { return t; });
        QVERIFY(r.conflicts.empty());
        const LaunchResult w = emulate_launch(shadow, g, bad, 0, 2, 1, 0, kAlwaysOccupied, rng,
                                              [](std::uint64_t t) { return t; });
        QCOMPARE(w.conflicts, (std::vector<std::uint32_t>{1}));
    }
};

QTEST_APPLESS_MAIN(TestRaceEmulation)
#include "test_race_emulation.moc"
