#pragma once
// The vertex numbering of aztec:N, shared by the family builder and by code that must name the
// graph's vertices from square coordinates (the domino shuffle). Square (i, j) is the unit square
// [i,i+1]x[j,j+1], -N <= i, j < N, inside the diamond |i+1/2| + |j+1/2| <= N. Rows j = -N .. N-1
// are numbered bottom to top, squares left to right within a row.
#include <cstdint>
#include <vector>

namespace dimerlab {

class AztecNumbering {
  public:
    explicit AztecNumbering(std::uint32_t order) : order_(order) {
        const std::int64_t n = order;
        row_start_.reserve(2 * std::size_t(order) + 1);
        std::uint64_t count = 0;
        for (std::int64_t j = -n; j < n; ++j) {
            row_start_.push_back(count);
            count += 2 * static_cast<std::uint64_t>(half_width(j));
        }
        count_ = count;
    }
    std::uint32_t order() const { return order_; }
    std::uint64_t num_squares() const { return count_; }  // 2N(N+1)
    // Row j holds the squares i = -k .. k-1 with k = half_width(j); widths run 2,4,..,2N,2N,..,4,2.
    std::int64_t half_width(std::int64_t j) const {
        const std::int64_t n = order_;
        return j >= 0 ? n - j : n + j + 1;
    }
    std::uint32_t id(std::int64_t i, std::int64_t j) const {
        return static_cast<std::uint32_t>(row_start_[std::size_t(j + order_)] +
                                          std::uint64_t(i + half_width(j)));
    }

  private:
    std::uint32_t order_;
    std::uint64_t count_ = 0;
    std::vector<std::uint64_t> row_start_;
};

}  // namespace dimerlab
