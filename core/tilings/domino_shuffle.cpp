#include "tilings/domino_shuffle.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "graph/families/aztec_numbering.hpp"
#include "model/update_tape.hpp"
#include "util/errors.hpp"

namespace dimerlab {

namespace {

static_assert(std::endian::native == std::endian::little, "the hole scan reads eight squares as one word");

// What a square holds: 0 when empty, else kPresent | type << 1 | half. The type is the direction
// the domino slides; half 0 is the left square of a horizontal (north, south) domino or the lower
// square of a vertical (east, west) one.
enum : std::uint8_t { kPresent = 0x80, kNorth = 0, kSouth = 1, kEast = 2, kWest = 3, kTypeBits = 0x86 };
constexpr std::uint8_t square(std::uint8_t type, std::uint8_t half) {
    return static_cast<std::uint8_t>(kPresent | type << 1 | half);
}
// All-ones when square x holds a domino of `type`, zero otherwise (no branch).
inline std::uint8_t is(std::uint8_t x, std::uint8_t type) {
    return static_cast<std::uint8_t>(-static_cast<int>((x & kTypeBits) == (kPresent | type << 1)));
}

// Fair coins from the update tape, 128 per tape index, in the order documented in the header.
class TapeCoins {
  public:
    TapeCoins(std::uint64_t seed, std::uint64_t sample, TapeStream stream)
        : seed_(seed), base_(sample << 32), stream_(stream) {}
    bool next() {
        if (bit_ == 128) refill();
        const std::uint32_t word = words_[bit_ >> 5];
        const bool coin = (word >> (bit_ & 31)) & 1u;
        ++bit_;
        ++coins_;
        return coin;
    }
    std::uint64_t coins() const { return coins_; }
    std::uint64_t words() const { return next_word_; }

  private:
    void refill() {
        if (next_word_ >> 32) throw InputError("domino shuffle: more than 2^32 tape indices for one sample");
        const TapeWords w = tape_words(seed_, base_ + next_word_++, stream_);
        words_[0] = w.w0;
        words_[1] = w.w1;
        words_[2] = w.w2;
        words_[3] = w.w3;
        bit_ = 0;
    }
    std::uint64_t seed_, base_;
    TapeStream stream_;
    std::uint64_t next_word_ = 0, coins_ = 0;
    std::uint32_t words_[4] = {0, 0, 0, 0};
    unsigned bit_ = 128;
};

// Squares of the final order-N diamond plus a border of one, so that neighbour reads never leave
// the array; square (i, j) at (j + N + 1) * width + (i + N + 1).
class SquareGrid {
  public:
    explicit SquareGrid(std::int64_t order)
        : order_(order), width_(2 * order + 2), cells_(std::size_t(width_ * width_), 0) {}
    std::uint8_t* row(std::int64_t j) { return cells_.data() + (j + order_ + 1) * width_ + order_ + 1; }

  private:
    std::int64_t order_, width_;
    std::vector<std::uint8_t> cells_;
};

inline std::int64_t half_width(std::int64_t k, std::int64_t j) {
    return j >= 0 ? k - j : k + j + 1;
}

// Order k to k + 1: `cur` holds a tiling of order k (empty outside it); `next` receives order k + 1
// and may hold anything inside the order-(k + 1) diamond (it is overwritten) but must be empty
// outside it. Types: once a horizontal domino whose left square (i, j) has i + j + k even is
// north, odd south, and a vertical one whose lower square has i + j + k even is east, odd west,
// the parities are kept by sliding, so a north domino with a south one right above it always
// forms an aligned 2x2 "bad" block (and an east one with a west one just right of it).
//
// Destruction and sliding are done as a gather, one square of the new diamond at a time and
// without branches: square (i, j) receives the north domino square below it unless a south one
// sits at (i, j) (their bad block is destroyed), the south square above it unless a north one
// sits at (i, j), and likewise east from the left and west from the right. At most one source
// applies; a square with none lies in a hole, filled below by creation.
// `horizontal(i, j, k + 1)` decides each hole, given its upper-left square (i, j): true fills it
// with a north domino above a south one, false with a west one beside an east one.
template <class FillRule>
void shuffle_step(std::int64_t k, SquareGrid& cur, SquareGrid& next, FillRule&& horizontal) {
    const std::int64_t k1 = k + 1;
    for (std::int64_t j = -k1; j < k1; ++j) {
        const std::int64_t h = half_width(k1, j);
        const std::uint8_t* below = cur.row(j - 1);
        const std::uint8_t* here = cur.row(j);
        const std::uint8_t* above = cur.row(j + 1);
        std::uint8_t* out = next.row(j);
        for (std::int64_t i = -h; i < h; ++i) {
            const std::uint8_t c = here[i], b = below[i], a = above[i], l = here[i - 1], r = here[i + 1];
            const std::uint8_t from_below = is(b, kNorth) & static_cast<std::uint8_t>(~is(c, kSouth));
            const std::uint8_t from_above = is(a, kSouth) & static_cast<std::uint8_t>(~is(c, kNorth));
            const std::uint8_t from_left = is(l, kEast) & static_cast<std::uint8_t>(~is(c, kWest));
            const std::uint8_t from_right = is(r, kWest) & static_cast<std::uint8_t>(~is(c, kEast));
            out[i] = static_cast<std::uint8_t>((b & from_below) | (a & from_above) | (l & from_left) |
                                               (r & from_right));
        }
    }
    // The holes of order k + 1 are disjoint 2x2 blocks; scanning from the top row, left to right,
    // the first empty square met is a block's upper-left square.
    for (std::int64_t j = k1 - 1; j >= -k1; --j) {
        const std::int64_t h = half_width(k1, j);
        std::uint8_t* top = next.row(j);
        std::uint8_t* bottom = next.row(j - 1);
        for (std::int64_t i = -h; i < h;) {
            // Eight squares at a time: holes are a few percent of the squares, and every filled
            // square has its top bit set.
            if (i + 8 <= h) {
                std::uint64_t word;
                std::memcpy(&word, top + i, 8);
                const std::uint64_t empty = ~word & 0x8080808080808080ull;
                if (empty == 0) {
                    i += 8;
                    continue;
                }
                i += std::countr_zero(empty) / 8;  // little-endian: the lowest byte is square i
            } else if (top[i] != 0) {
                ++i;
                continue;
            }
            if (horizontal(i, j, k1)) {  // north above south
                top[i] = square(kNorth, 0);
                top[i + 1] = square(kNorth, 1);
                bottom[i] = square(kSouth, 0);
                bottom[i + 1] = square(kSouth, 1);
            } else {  // west beside east
                top[i] = square(kWest, 1);
                bottom[i] = square(kWest, 0);
                top[i + 1] = square(kEast, 1);
                bottom[i + 1] = square(kEast, 0);
            }
            i += 2;
        }
    }
}

}  // namespace

namespace {

// `steps` shuffle steps from the empty diamond inside the order-`order` grid, each hole filled by
// `rule`, read out as a mate array of aztec:`order` (squares beyond order `steps` unmatched).
template <class FillRule>
MateArray run_shuffle(std::uint32_t order, std::uint32_t steps, FillRule&& rule) {
    const std::int64_t n = order;
    SquareGrid a(n), b(n);
    SquareGrid* cur = &a;
    SquareGrid* next = &b;
    for (std::int64_t k = 0; k < std::int64_t(steps); ++k) {
        shuffle_step(k, *cur, *next, rule);
        std::swap(cur, next);  // `next` now holds order k, inside the order-(k + 2) diamond it gets next
    }
    const AztecNumbering numbering(order), inner(steps);
    MateArray mate(numbering.num_squares(), kNoMate);
    for (std::int64_t j = -n; j < n; ++j) {
        const std::int64_t h = numbering.half_width(j);
        const std::int64_t inner_h =
            j >= -std::int64_t(steps) && j < std::int64_t(steps) ? inner.half_width(j) : 0;
        const std::uint8_t* r = cur->row(j);
        for (std::int64_t i = -h; i < h; ++i) {
            const std::uint8_t c = r[i];
            const bool in_inner = i >= -inner_h && i < inner_h;
            if (!in_inner) {
                if (c & kPresent)
                    throw std::logic_error("domino shuffle covered a square outside its diamond");
                continue;
            }
            if (!(c & kPresent)) throw std::logic_error("domino shuffle left a square uncovered");
            const bool vertical = c & (kEast << 1);
            const std::int64_t step = (c & 1) ? -1 : 1;
            const std::int64_t pi = vertical ? i : i + step, pj = vertical ? j + step : j;
            mate[numbering.id(i, j)] = numbering.id(pi, pj);
        }
    }
    return mate;
}

void check_sample_index(std::uint64_t sample) {
    if (sample >> 32)
        throw InputError("domino shuffle: sample index " + std::to_string(sample) + " is 2^32 or more");
}

MateArray shuffle_steps(std::uint32_t order, std::uint32_t steps, std::uint64_t seed, std::uint64_t sample,
                        ShuffleStats* stats, TapeStream stream) {
    if (order == 0) throw InputError("domino shuffle: the Aztec diamond order must be at least 1");
    if (steps == 0 || steps > order)
        throw InputError("domino shuffle: step " + std::to_string(steps) + " is not in 1.." +
                         std::to_string(order));
    check_sample_index(sample);
    TapeCoins coins(seed, sample, stream);
    MateArray mate = run_shuffle(order, steps,
                                 [&coins](std::int64_t, std::int64_t, std::int64_t) { return coins.next(); });
    if (stats) *stats = {coins.coins(), coins.words()};
    return mate;
}

// Uniforms in [0, 1) with 53 bits from the update tape: two per tape index (w0, w1 the first;
// w2, w3 the second), in order.
class TapeUniforms {
  public:
    TapeUniforms(std::uint64_t seed, std::uint64_t sample, TapeStream stream)
        : seed_(seed), base_(sample << 32), stream_(stream) {}
    double next() {
        if (half_ == 2) {
            if (next_word_ >> 32)
                throw InputError("domino shuffle: more than 2^32 tape indices for one sample");
            words_ = tape_words(seed_, base_ + next_word_++, stream_);
            half_ = 0;
        }
        const std::uint64_t bits = half_++ == 0 ? (std::uint64_t(words_.w1) << 32 | words_.w0)
                                                : (std::uint64_t(words_.w3) << 32 | words_.w2);
        return double(bits >> 11) * 0x1p-53;
    }

  private:
    std::uint64_t seed_, base_;
    TapeStream stream_;
    std::uint64_t next_word_ = 0;
    TapeWords words_{};
    int half_ = 2;
};

}  // namespace

MateArray shuffle_weighted_aztec_tiling(const AztecShares& shares, std::uint64_t seed, std::uint64_t sample,
                                        TapeStream stream) {
    if (shares.order == 0) throw InputError("domino shuffle: the Aztec diamond order must be at least 1");
    check_sample_index(sample);
    TapeUniforms uniforms(seed, sample, stream);
    // The hole with upper-left square (i, j) in the order-K diamond is the cell at lattice point
    // (i + 1, j), cell (u, v) of order K (tilings/aztec_renewal.hpp).
    return run_shuffle(shares.order, shares.order, [&](std::int64_t i, std::int64_t j, std::int64_t k) {
        const std::int64_t x = i + 1, y = j;
        const auto u = static_cast<std::uint32_t>((x + y + k - 1) / 2);
        const auto v = static_cast<std::uint32_t>((y - x + k - 1) / 2);
        return uniforms.next() < shares.at(static_cast<std::uint32_t>(k), u, v);
    });
}

MateArray shuffle_aztec_tiling(std::uint32_t order, std::uint64_t seed, std::uint64_t sample,
                               ShuffleStats* stats, TapeStream stream) {
    return shuffle_steps(order, order, seed, sample, stats, stream);
}

MateArray shuffle_aztec_step(std::uint32_t order, std::uint32_t step, std::uint64_t seed,
                             std::uint64_t sample) {
    return shuffle_steps(order, step, seed, sample, nullptr, TapeStream::updates);
}

}  // namespace dimerlab
