#pragma once
// Regions given by their boundary: closed lattice paths written as step strings, for regions too
// large to type cell by cell (docs/regions.md). The cells inside (even-odd rule, so a path inside
// another cuts a hole) become rows of cells in the `.region` convention of region_reader.hpp.
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "graph/readers/region_reader.hpp"

namespace dimerlab::regions {

// Column-major step position: on the square lattice x is the column of lattice points; on the
// triangular lattice x counts half units (a horizontal side is 2). `line` counts horizontal
// lattice lines downward from the path's start.
struct LatticePoint {
    std::int64_t x = 0;
    std::int64_t line = 0;
};

// What BoundaryPaths::add refuses, with where.
struct BoundaryError {
    std::size_t column = 0;
    std::string what;
};

class BoundaryPaths {
  public:
    explicit BoundaryPaths(RegionLattice lattice) : lattice_(lattice) {}

    // One closed path from a line of steps: R, L, U, D on the square lattice; R, L, UR, UL, DR,
    // DL on the triangular one; each with an optional repeat count, separated by nothing, spaces
    // or commas. Every path starts where the first one did, unless the line begins with
    // "@steps:", a move from there (to cut a hole). Throws BoundaryError with the 0-based column
    // of the offending character.
    void add(std::string_view steps);

    bool empty() const { return paths_.empty(); }
    // Row r's cells by column, ascending: rows from the topmost line any path reaches.
    // `check_cells` is told how many cells lie inside, counted from the crossings alone, before
    // any row is built, so that the caller can refuse a region too large (by throwing).
    std::vector<std::vector<std::uint32_t>> rows(const std::function<void(std::uint64_t)>& check_cells) const;

  private:
    RegionLattice lattice_;
    std::vector<std::vector<LatticePoint>> paths_;
    std::uint64_t steps_ = 0;

    // Appends the points the steps from text[i] up to `stop` (or the end) reach; returns where it stopped.
    std::size_t walk(std::string_view text, std::size_t i, char stop, std::vector<LatticePoint>& path);
    std::map<std::int64_t, std::vector<std::int64_t>> crossings() const;
};

// The most unit steps all paths and moves of one file may take together: a region a thousand
// cells across with a ragged boundary needs a few thousand; the crossings and rows stay ~100 MB.
inline constexpr std::uint64_t kMaxBoundarySteps = 1ull << 22;

}  // namespace dimerlab::regions
