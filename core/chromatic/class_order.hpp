#pragma once
// The order in which a chromatic sweep visits the colour classes (docs/algorithms.md §2.3). Every class
// update preserves π, so any order does; the choice only changes which chain runs:
//   fixed:  classes 0, 1, ..., k-1 every sweep (systematic scan; not reversible);
//   random: a fresh uniform permutation of the classes each sweep. The sweep kernel is then the
//           average of P_σ(1)⋯P_σ(k) over all σ; each class kernel is self-adjoint in L²(π) and
//           reversing σ is a bijection of the permutations, so the average is self-adjoint:
//           reversible, like choosing one class uniformly at random, with a full sweep per step.
// The permutation of sweep s is a pure function of (seed, s, k), drawn from the counter-based
// generator on its own stream, so the CPU threads, the CPU sequential run and the CUDA launches
// all visit the same classes in the same order.
#include <cstdint>
#include <string_view>

#include "model/update_tape.hpp"
#include "util/host_device.hpp"

namespace dimerlab {

enum class ClassOrder { fixed, random };

std::string_view class_order_name(ClassOrder order);  // "fixed" | "random"
ClassOrder parse_class_order(std::string_view text);  // throws InputError on anything else

// Counter word 2 of the class-order draws: apart from the update tape (0), greedy starts (1) and
// the chromatic coins (2), so no draw is ever shared with another purpose.
inline constexpr TapeStream kClassOrderStream = static_cast<TapeStream>(3);

// The draw for position i of sweep s: s·k + i never repeats for i < k, and s·k <= s·m fits 64 bits
// wherever the run's update counter does (k <= m).
DIMERLAB_HD inline std::uint64_t class_order_counter(std::uint64_t sweep, std::uint32_t num_classes,
                                                     std::uint32_t position) {
    return sweep * num_classes + position;
}

// perm[0, k): the classes in the order sweep `sweep` runs them. Fisher–Yates from the last
// position down; the partner of position i is uniform on [0, i] by tape_edge's multiply-high
// (bias below (i+1)/2^64 per draw, the same as the tape's edge choice).
DIMERLAB_HD inline void class_permutation(std::uint64_t seed, std::uint64_t sweep, std::uint32_t num_classes,
                                          std::uint32_t* perm) {
    for (std::uint32_t i = 0; i < num_classes; ++i) perm[i] = i;
    for (std::uint32_t i = num_classes; i-- > 1;) {
        const std::uint32_t j =
            tape_edge(tape_words(seed, class_order_counter(sweep, num_classes, i), kClassOrderStream), i + 1);
        const std::uint32_t swap = perm[i];
        perm[i] = perm[j];
        perm[j] = swap;
    }
}

}  // namespace dimerlab
