#include "diagnostics/per_start_tv.hpp"

#include <Eigen/Dense>
#include <Eigen/Sparse>
#include <algorithm>
#include <array>
#include <cmath>
#include <mutex>
#include <stdexcept>

#include "diagnostics/cancelled.hpp"
#include "parallel/thread_pool.hpp"

namespace dimerlab {
namespace {

using SparseRows = Eigen::SparseMatrix<double, Eigen::RowMajor, int>;

SparseRows transition_matrix(const ExactChain& chain) {
    std::vector<Eigen::Triplet<double, int>> entries;
    entries.reserve(chain.prob.size());
    for (std::size_t i = 0; i < chain.size(); ++i) {
        for (std::size_t k = chain.row_begin[i]; k < chain.row_begin[i + 1]; ++k)
            entries.emplace_back(static_cast<int>(i), static_cast<int>(chain.col[k]), chain.prob[k]);
    }
    const auto n = static_cast<int>(chain.size());
    SparseRows p(n, n);
    p.setFromTriplets(entries.begin(), entries.end());
    return p;
}

// Starts evolved together: each nonzero of P then costs one contiguous kLanes-wide axpy.
constexpr std::size_t kLanes = 16;
using Lanes = std::array<double, kLanes>;

// Per worker: the running maximum of d(t) over the starts it has finished (exact part), and the
// largest final distance of starts dropped at each t (their later values are bounded by it).
struct PartialCurve {
    std::vector<double> exact;
    std::vector<std::uint32_t> argmax;
    std::vector<double> dropped;

    void record(std::size_t t, double tv, std::uint32_t start) {
        if (exact.size() <= t) {
            exact.resize(t + 1, -1.0);
            argmax.resize(t + 1, 0);
            dropped.resize(t + 1, 0.0);
        }
        if (tv > exact[t]) {
            exact[t] = tv;
            argmax[t] = start;
        }
    }
};

}  // namespace

double tv_to_stationary(const std::vector<double>& p, const std::vector<double>& pi) {
    double s = 0;
    for (std::size_t y = 0; y < p.size(); ++y) s += std::abs(p[y] - pi[y]);
    return 0.5 * s;
}

TvCurve per_start_tv_curve(const ExactChain& chain, const PerStartTvOptions& options) {
    if (!(options.stop_below >= 0 && options.stop_below < 1))
        throw std::invalid_argument("stop_below must lie in [0, 1)");
    const std::size_t n = chain.size();
    const std::size_t* row_begin = chain.row_begin.data();
    const std::uint32_t* col = chain.col.data();
    const double* prob = chain.prob.data();
    const double* pi = chain.pi.data();
    ThreadPool pool(options.threads);
    const unsigned parts =
        static_cast<unsigned>(std::min<std::size_t>(pool.size(), (n + kLanes - 1) / kLanes));
    std::vector<PartialCurve> partial(parts);
    std::atomic<std::size_t> next_start{0}, finished{0};
    std::mutex progress_mutex;

    pool.run_parts(parts, parts, [&](unsigned part, std::size_t, std::size_t) {
        PartialCurve& out = partial[part];
        // A panel of kLanes starts, row-major: s[y][c] = P^t(x_c, y) / π_y. Reversibility turns
        // the row recursion into s ← P s, a contiguous kLanes-wide axpy per nonzero of P. Each
        // lane has its own start and clock; a lane whose start is done takes the next start.
        std::vector<Lanes> s(n), next(n);
        std::array<std::uint32_t, kLanes> start{};
        std::array<std::uint64_t, kLanes> clock{};
        std::array<bool, kLanes> busy{};
        std::size_t lanes_busy = 0;
        const auto load = [&](std::size_t c) {
            const std::size_t x = next_start.fetch_add(1);
            for (std::size_t y = 0; y < n; ++y) s[y][c] = 0;
            if (x >= n) {
                busy[c] = false;
                return;
            }
            busy[c] = true;
            ++lanes_busy;
            start[c] = static_cast<std::uint32_t>(x);
            clock[c] = 0;
            s[x][c] = 1 / pi[x];
        };
        for (std::size_t c = 0; c < kLanes; ++c) load(c);
        while (lanes_busy > 0) {
            Lanes acc{};
            for (std::size_t y = 0; y < n; ++y) {
                for (std::size_t c = 0; c < kLanes; ++c) acc[c] += pi[y] * std::abs(s[y][c] - 1.0);
            }
            std::size_t done_now = 0;
            for (std::size_t c = 0; c < kLanes; ++c) {
                if (!busy[c]) continue;
                const double tv = 0.5 * acc[c];
                out.record(clock[c], tv, start[c]);
                if (tv > options.stop_below && clock[c] < options.max_updates) continue;
                out.dropped[clock[c]] = std::max(out.dropped[clock[c]], tv);
                --lanes_busy;
                ++done_now;
                load(c);
            }
            if (done_now > 0) {
                const std::size_t done = finished.fetch_add(done_now) + done_now;
                if (options.progress) {
                    const std::lock_guard lock(progress_mutex);
                    options.progress(done, n);
                }
            }
            if (lanes_busy == 0) break;
            throw_if_cancelled(options.cancel);
            for (std::size_t y = 0; y < n; ++y) {
                Lanes r{};
                for (std::size_t k = row_begin[y]; k < row_begin[y + 1]; ++k) {
                    const double p = prob[k];
                    const Lanes& src = s[col[k]];
                    for (std::size_t c = 0; c < kLanes; ++c) r[c] += p * src[c];
                }
                next[y] = r;
            }
            s.swap(next);
            for (std::size_t c = 0; c < kLanes; ++c) clock[c] += busy[c] ? 1 : 0;
        }
    });

    std::size_t length = 0;
    for (const PartialCurve& pc : partial) length = std::max(length, pc.exact.size());
    TvCurve curve;
    curve.tv.assign(length, 0.0);
    curve.worst_start.assign(length, 0);
    for (const PartialCurve& pc : partial) {
        for (std::size_t t = 0; t < pc.exact.size(); ++t) {
            if (pc.exact[t] > curve.tv[t] ||
                (pc.exact[t] == curve.tv[t] && pc.argmax[t] < curve.worst_start[t])) {
                curve.tv[t] = pc.exact[t];
                curve.worst_start[t] = pc.argmax[t];
            }
        }
    }
    // Starts dropped before t contribute at most their last distance: fold those bounds forward.
    double carried = 0;
    for (std::size_t t = 0; t < length; ++t) {
        if (carried > curve.tv[t]) curve.tv[t] = carried;
        for (const PartialCurve& pc : partial) {
            if (t < pc.dropped.size()) carried = std::max(carried, pc.dropped[t]);
        }
    }
    curve.tail_is_bound = true;
    curve.tmix_quarter = first_quarter_crossing(curve.tv);
    return curve;
}

std::vector<std::vector<double>> start_distributions(const ExactChain& chain, std::uint32_t start,
                                                     const std::vector<std::uint64_t>& times) {
    if (start >= chain.size()) throw std::out_of_range("start state out of range");
    if (!std::is_sorted(times.begin(), times.end())) throw std::invalid_argument("times must ascend");
    const SparseRows p = transition_matrix(chain);
    const auto n = static_cast<Eigen::Index>(chain.size());
    Eigen::VectorXd s = Eigen::VectorXd::Zero(n), next(n);
    s(start) = 1 / chain.pi[start];
    std::vector<std::vector<double>> out;
    std::uint64_t t = 0;
    for (std::uint64_t target : times) {
        for (; t < target; ++t) {
            next.noalias() = p * s;
            s.swap(next);
        }
        std::vector<double> dist(chain.size());
        for (std::size_t y = 0; y < chain.size(); ++y)
            dist[y] = s(static_cast<Eigen::Index>(y)) * chain.pi[y];
        out.push_back(std::move(dist));
    }
    return out;
}

}  // namespace dimerlab
