#pragma once
#include <stdexcept>
#include <string>

namespace dimerlab {

// Bad input from a user (spec, file, option). The CLI prints "error: <what>" and exits 2.
class InputError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// A well-formed request that cannot be carried out here (too large, no device). Exit 3.
class InfeasibleError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

}  // namespace dimerlab
