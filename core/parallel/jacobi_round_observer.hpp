#pragma once
// A look inside a block's rounds, for the test that compares them with Algorithm A's proved round
// function (claim GJ-ALG-ORACLE): called with round 0 (the values before any round) and after
// each round k = 1, 2, ... with every slot's value then (kJacobiZero, kJacobiOne, kJacobiUnknown):
// the virtual slots (the start matching's edges, in edge order) and the tape slots (slot i is tape
// update t_begin + i). The device state has virtual slots; the CPU solver keeps the start matching
// as each vertex's initial view instead and shows none. Without an observer, no extra work.
#include <cstdint>
#include <functional>
#include <span>

namespace dimerlab {

using JacobiRoundObserver =
    std::function<void(std::uint32_t round, std::span<const std::uint8_t> virtual_values,
                       std::span<const std::uint8_t> tape_values)>;

}  // namespace dimerlab
