// Matrix Market reader, read without and with ,weighted: any bytes must give a simple graph with valid
// weights, or an InputError.
#include <cstddef>
#include <cstdint>

#include "graph/readers/matrix_market_reader.hpp"
#include "graph_invariants.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    dimerlab::fuzz::read_both_ways(data, size, [](std::istream& in, bool weighted) {
        return dimerlab::read_matrix_market(in, "fuzz", std::uint64_t(16) << 20, weighted);
    });
    return 0;
}
