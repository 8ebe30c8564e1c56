#include "graph/readers/region_boundary.hpp"

#include <algorithm>
#include <cctype>
#include <map>

namespace dimerlab::regions {
namespace {

struct Step {
    int dx = 0;
    int dline = 0;
};

// The step a token names, or none; `length` is how many letters it took.
bool read_step(std::string_view text, std::size_t at, RegionLattice lattice, Step& step,
               std::size_t& length) {
    const auto letter = [&](std::size_t i) {
        return i < text.size() ? static_cast<char>(std::toupper(static_cast<unsigned char>(text[i]))) : '\0';
    };
    const char first = letter(at);
    const int unit = lattice == RegionLattice::square ? 1 : 2;
    length = 1;
    if (first == 'R' || first == 'L') {
        step = {first == 'R' ? unit : -unit, 0};
        return true;
    }
    if (first != 'U' && first != 'D') return false;
    const int dline = first == 'U' ? -1 : 1;
    if (lattice == RegionLattice::square) {
        step = {0, dline};
        return true;
    }
    const char second = letter(at + 1);
    if (second != 'R' && second != 'L') return false;
    length = 2;
    step = {second == 'R' ? 1 : -1, dline};
    return true;
}

}  // namespace

std::size_t BoundaryPaths::walk(std::string_view text, std::size_t i, char stop,
                                std::vector<LatticePoint>& path) {
    const bool square = lattice_ == RegionLattice::square;
    while (i < text.size() && !(stop != '\0' && text[i] == stop)) {
        const char c = text[i];
        if (c == ' ' || c == ',' || c == '\r') {
            ++i;
            continue;
        }
        Step step;
        std::size_t length = 0;
        if (!read_step(text, i, lattice_, step, length))
            throw BoundaryError{i, square ? "expected a step R, L, U or D (square lattice)"
                                          : "expected a step R, L, UR, UL, DR or DL (triangular lattice)"};
        const std::size_t token = i;
        i += length;
        std::uint64_t count = 0;
        bool digits = false;
        while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
            count = count * 10 + static_cast<std::uint64_t>(text[i] - '0');
            if (count > kMaxBoundarySteps)
                throw BoundaryError{token, "a repeat count over " + std::to_string(kMaxBoundarySteps)};
            digits = true;
            ++i;
        }
        if (!digits) count = 1;
        if (count == 0) throw BoundaryError{token, "a repeat count of 0"};
        steps_ += count;
        if (steps_ > kMaxBoundarySteps)
            throw BoundaryError{token, "the boundaries take more than " + std::to_string(kMaxBoundarySteps) +
                                           " steps in all"};
        const LatticePoint from = path.back();
        path.push_back({from.x + step.dx * static_cast<std::int64_t>(count),
                        from.line + step.dline * static_cast<std::int64_t>(count)});
    }
    return i;
}

void BoundaryPaths::add(std::string_view text) {
    const bool square = lattice_ == RegionLattice::square;
    std::size_t i = text.find_first_not_of(' ');
    // "@steps:" first moves the start from the first path's start, so that a hole can be cut.
    std::vector<LatticePoint> path{{0, 0}};
    if (i != std::string_view::npos && text[i] == '@') {
        const std::size_t colon = walk(text, i + 1, ':', path);
        if (colon >= text.size()) throw BoundaryError{i, "'@' starts a move that must end with ':'"};
        path = {path.back()};
        i = colon + 1;
    }
    const LatticePoint start = path.front();
    walk(text, i == std::string_view::npos ? text.size() : i, '\0', path);
    if (path.size() == 1) throw BoundaryError{text.size(), "a boundary line with no steps"};
    const LatticePoint end = path.back();
    if (end.x != start.x || end.line != start.line) {
        const std::int64_t dx = end.x - start.x, dl = end.line - start.line;
        const std::int64_t across = square ? dx : dx / 2;  // whole units on either lattice
        throw BoundaryError{
            text.size(), "the path does not close: it ends " + std::to_string(std::abs(across)) +
                             (square || dx % 2 == 0 ? "" : ".5") + " unit(s) " + (dx < 0 ? "left" : "right") +
                             " and " + std::to_string(std::abs(dl)) + " row(s) " + (dl < 0 ? "up" : "down") +
                             " from where it started"};
    }
    paths_.push_back(std::move(path));
}

std::map<std::int64_t, std::vector<std::int64_t>> BoundaryPaths::crossings() const {
    // Each step that goes down or up through a strip (between lines k and k+1) crosses it at
    // twice its x at mid-height; a cell's test point is twice its centre's x, odd for squares,
    // even for triangles, and the cells inside lie between the 1st and 2nd crossing, the 3rd and
    // 4th, and so on (the even-odd rule).
    std::map<std::int64_t, std::vector<std::int64_t>> out;
    for (const auto& path : paths_) {
        for (std::size_t s = 0; s + 1 < path.size(); ++s) {
            const LatticePoint a = path[s], b = path[s + 1];
            if (a.line == b.line) continue;
            const std::int64_t n = std::abs(b.line - a.line);
            const std::int64_t dx = (b.x - a.x) / n, dl = (b.line - a.line) / n;
            for (std::int64_t k = 0; k < n; ++k) {
                const std::int64_t x0 = a.x + k * dx, l0 = a.line + k * dl;
                out[std::min(l0, l0 + dl)].push_back(x0 + (x0 + dx));
            }
        }
    }
    for (auto& strip : out) std::sort(strip.second.begin(), strip.second.end());
    return out;
}

std::vector<std::vector<std::uint32_t>> BoundaryPaths::rows(
    const std::function<void(std::uint64_t)>& check_cells) const {
    const bool square = lattice_ == RegionLattice::square;
    const auto crossings = this->crossings();
    // Between crossings a and b (both even for squares, both odd for triangles) lie (b − a) / 2
    // test points of the cells' parity.
    std::uint64_t cells = 0;
    for (const auto& [line, xs] : crossings)
        for (std::size_t p = 0; p + 1 < xs.size(); p += 2)
            cells += static_cast<std::uint64_t>(xs[p + 1] - xs[p]) / 2;
    check_cells(cells);
    if (crossings.empty()) return {};
    // Column 0 is the leftmost cell any strip has; on triangles its parity is kept so that the
    // character in row r, column c points up exactly when r + c is even (region_reader.hpp).
    std::int64_t left = INT64_MAX;
    for (const auto& strip : crossings) left = std::min(left, strip.second.front());
    const std::int64_t top = crossings.begin()->first;
    // The leftmost test point is just right of the leftmost crossing (whichever the lattice).
    std::int64_t column_origin = square ? left / 2 : (left + 1) / 2;
    if (!square && ((column_origin - top) % 2 + 2) % 2 != 0) --column_origin;
    const std::int64_t last_line = crossings.rbegin()->first;
    std::vector<std::vector<std::uint32_t>> rows(static_cast<std::size_t>(last_line - top + 1));
    for (const auto& [line, xs] : crossings) {
        auto& row = rows[static_cast<std::size_t>(line - top)];
        for (std::size_t p = 0; p + 1 < xs.size(); p += 2) {
            // Cells whose test point lies strictly between this pair of crossings.
            for (std::int64_t t = xs[p] + 1; t < xs[p + 1]; ++t) {
                if ((square && t % 2 == 0) || (!square && t % 2 != 0)) continue;
                const std::int64_t centre = square ? (t - 1) / 2 : t / 2;
                row.push_back(static_cast<std::uint32_t>(centre - column_origin));
            }
        }
    }
    return rows;
}

}  // namespace dimerlab::regions
