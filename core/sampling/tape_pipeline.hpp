#pragma once
// Software-pipelined walk along the update tape, for sequential CPU backends.
//
// The tape is a pure function of (seed, t), so the edge of update t + k is known long before
// update t runs. A plain loop stalls on two dependent cache misses per update (the edge record,
// then mate[u] and mate[v]); here update t + kWordsAhead draws its tape words and prefetches
// its edge record, update t + kMateAhead reads that edge and prefetches the two mate entries,
// and update t is applied. Only loads of immutable data and prefetch hints run ahead: the rule
// itself still sees the matching in strict tape order, so the result is bit-identical to the
// plain loop.
#include <cstdint>
#include <type_traits>

#include "graph/graph.hpp"
#include "model/update_tape.hpp"
#include "parallel/tape_batch.hpp"

namespace dimerlab {

// rule(mate, u, v, words) applies one update and returns its change in dimer count; the sum
// over [t_begin, t_begin + count) is returned. A rule that also takes the edge id, rule(mate, u, v,
// words, edge), gets it (weighted graphs look up the edge's threshold).
template <class Rule>
std::int64_t run_tape_pipelined(std::uint64_t seed, std::uint64_t t_begin, std::uint64_t count,
                                const Edge* edges, std::uint32_t num_edges, std::uint32_t* mate,
                                Rule&& rule) {
    // Distances: the edge record is requested ~14 updates (~250 ns of Philox work) before it is
    // read and the mate entries ~10 updates before they are used, enough to hide an L3/DRAM miss.
    // On a 512x512 torus throughput was flat for look-aheads 16..48 (bench_glauber); the ring
    // stays in L1.
    constexpr std::uint64_t kWordsAhead = 24;
    constexpr std::uint64_t kMateAhead = 10;
    constexpr std::uint64_t kRing = 32;  // power of two > kWordsAhead
    static_assert(kWordsAhead < kRing && kMateAhead < kWordsAhead && (kRing & (kRing - 1)) == 0);

    struct Slot {
        TapeWords words;
        std::uint32_t edge;
        std::uint32_t u, v;
    };
    Slot ring[kRing];
    // Tape words come kTapeBatch at a time from the vectorised Philox (several times faster per
    // update than one tape_words call each); draws run in strictly increasing i, so the batch
    // holding i is always the one filled last.
    alignas(64) std::uint32_t b0[kTapeBatch], b1[kTapeBatch], b2[kTapeBatch], b3[kTapeBatch];

    const auto draw = [&](std::uint64_t i) {
        Slot& s = ring[i & (kRing - 1)];
        const unsigned j = static_cast<unsigned>(i % kTapeBatch);
        if (j == 0) tape_words_batch(seed, t_begin + i, b0, b1, b2, b3);
        s.words = TapeWords{b0[j], b1[j], b2[j], b3[j]};
        s.edge = tape_edge(s.words, num_edges);
        __builtin_prefetch(edges + s.edge, 0, 3);
    };
    const auto locate = [&](std::uint64_t i) {
        Slot& s = ring[i & (kRing - 1)];
        const Edge e = edges[s.edge];
        s.u = e.u;
        s.v = e.v;
        __builtin_prefetch(mate + e.u, 1, 3);
        __builtin_prefetch(mate + e.v, 1, 3);
    };
    std::int64_t delta = 0;
    const auto apply = [&](std::uint64_t i) {
        const Slot& s = ring[i & (kRing - 1)];
        if constexpr (std::is_invocable_v<Rule&, std::uint32_t*, std::uint32_t, std::uint32_t,
                                          const TapeWords&, std::uint32_t>) {
            delta += rule(mate, s.u, s.v, s.words, s.edge);
        } else {
            delta += rule(mate, s.u, s.v, s.words);
        }
    };

    for (std::uint64_t i = 0; i < count && i < kWordsAhead; ++i) draw(i);
    for (std::uint64_t i = 0; i < count && i < kMateAhead; ++i) locate(i);
    std::uint64_t i = 0;
    // Steady state without bounds checks.
    for (; i + kWordsAhead < count; ++i) {
        draw(i + kWordsAhead);
        locate(i + kMateAhead);
        apply(i);
    }
    for (; i < count; ++i) {
        if (i + kMateAhead < count) locate(i + kMateAhead);
        apply(i);
    }
    return delta;
}

}  // namespace dimerlab
