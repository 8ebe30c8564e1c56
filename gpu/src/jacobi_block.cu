/** @file jacobi_block.cu
 *  @brief Launch wrappers for Algorithm A on the device: every kernel is a loop over elements
 *  calling one step of core/parallel/jacobi_steps.hpp, the functions the CPU solver and its tests
 *  use; sorting, the segmented max-scan and compaction are CUB primitives. The round loop reads
 *  the undetermined count back each round (data-dependent depth, science.md §2.5). */
#include <cuda_runtime.h>

#include <algorithm>
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_select.cuh>
#include <string>
#include <vector>

#include "cuda_support.cuh"
#include "dimerlab_gpu/device.hpp"
#include "dimerlab_gpu/jacobi_block.hpp"
#include "model/matching_constants.hpp"
#include "parallel/jacobi_steps.hpp"
#include "util/errors.hpp"

namespace dimerlab::gpu {
namespace {

constexpr unsigned kThreads = 256;

unsigned grid_for(std::uint64_t n) {
    return static_cast<unsigned>(
        std::max<std::uint64_t>(1, std::min<std::uint64_t>((n + kThreads - 1) / kThreads, 1u << 20)));
}

#define DIMERLAB_GRID_STRIDE(i, n)                                                        \
    for (std::uint64_t i = blockIdx.x * std::uint64_t{blockDim.x} + threadIdx.x; i < (n); \
         i += std::uint64_t{gridDim.x} * blockDim.x)

__global__ void init_slots_kernel(const std::uint32_t* virtual_edges, std::uint32_t num_virtual,
                                  std::uint32_t num_slots, std::uint64_t seed, std::uint64_t t_begin,
                                  std::uint32_t num_edges, std::uint64_t threshold, std::uint32_t* slot_edge,
                                  std::uint8_t* value) {
    DIMERLAB_GRID_STRIDE(s, num_slots) {
        if (s < num_virtual) {
            slot_edge[s] = virtual_edges[s];
            value[s] = kJacobiOne;
        } else {
            const JacobiSlotInit init =
                jacobi_tape_slot(seed, t_begin + (s - num_virtual), num_edges, threshold);
            slot_edge[s] = init.edge;
            value[s] = init.value;
        }
    }
}

__global__ void event_keys_kernel(const Edge* edges, const std::uint32_t* slot_edge, std::uint32_t num_events,
                                  std::uint32_t* vertex, std::uint32_t* event_id) {
    DIMERLAB_GRID_STRIDE(k, num_events) {
        const Edge e = edges[slot_edge[k >> 1]];
        vertex[k] = (k & 1) ? e.v : e.u;
        event_id[k] = static_cast<std::uint32_t>(k);
    }
}

__global__ void iota_kernel(std::uint32_t n, std::uint32_t* out) {
    DIMERLAB_GRID_STRIDE(i, n) out[i] = static_cast<std::uint32_t>(i);
}

__global__ void next_time_kernel(const std::uint32_t* sorted_edge, const std::uint32_t* edge_order,
                                 std::uint32_t num_slots, std::uint32_t num_virtual,
                                 std::uint32_t* slot_nxt) {
    DIMERLAB_GRID_STRIDE(pos, num_slots) {
        const bool same_edge_follows = pos + 1 < num_slots && sorted_edge[pos + 1] == sorted_edge[pos];
        slot_nxt[edge_order[pos]] =
            jacobi_next_time(same_edge_follows, same_edge_follows ? edge_order[pos + 1] : 0u, num_virtual);
    }
}

__global__ void event_gather_kernel(const std::uint32_t* event_order, const std::uint32_t* slot_nxt,
                                    std::uint32_t num_events, std::uint32_t* event_pos,
                                    std::uint32_t* event_nxt) {
    DIMERLAB_GRID_STRIDE(pos, num_events) {
        const std::uint32_t k = event_order[pos];
        event_pos[k] = static_cast<std::uint32_t>(pos);
        event_nxt[pos] = slot_nxt[k >> 1];
    }
}

__global__ void event_bounds_kernel(const std::uint32_t* event_order, const std::uint8_t* value,
                                    const std::uint32_t* event_nxt, std::uint32_t num_events,
                                    std::uint64_t* bounds) {
    DIMERLAB_GRID_STRIDE(pos, num_events)
    bounds[pos] = jacobi_event_bounds(value[event_order[pos] >> 1], event_nxt[pos]);
}

__global__ void decide_kernel(const std::uint32_t* undetermined, std::uint32_t count,
                              const std::uint32_t* event_pos, const std::uint64_t* prefix,
                              std::uint32_t num_virtual, std::uint8_t* value) {
    DIMERLAB_GRID_STRIDE(i, count) {
        const std::uint32_t s = undetermined[i];
        value[s] = jacobi_decide(jacobi_slot_time(s, num_virtual), prefix[event_pos[2 * s]],
                                 prefix[event_pos[2 * s + 1]]);
    }
}

// The last slot of each edge's run decides whether the edge is in M_T.
__global__ void final_edges_kernel(const std::uint32_t* sorted_edge, const std::uint32_t* edge_order,
                                   const std::uint8_t* value, std::uint32_t num_slots,
                                   std::uint8_t* occupied) {
    DIMERLAB_GRID_STRIDE(pos, num_slots) {
        if (pos + 1 == num_slots || sorted_edge[pos + 1] != sorted_edge[pos])
            occupied[sorted_edge[pos]] = value[edge_order[pos]] == kJacobiOne;
    }
}

__global__ void mate_from_edges_kernel(const Edge* edges, const std::uint8_t* occupied,
                                       std::uint32_t num_edges, std::uint32_t* mate) {
    DIMERLAB_GRID_STRIDE(e, num_edges) {
        if (occupied[e]) {
            mate[edges[e].u] = edges[e].v;
            mate[edges[e].v] = edges[e].u;
        }
    }
}

struct IsUndetermined {
    const std::uint8_t* value;
    __device__ bool operator()(std::uint32_t s) const { return value[s] == kJacobiUnknown; }
};

int key_bits(std::uint32_t num_keys) {
    int bits = 1;
    while (bits < 32 && (std::uint64_t{1} << bits) < num_keys) ++bits;
    return bits;
}

}  // namespace

JacobiBlockStats jacobi_block_on_device(const Graph& g, std::uint64_t seed, std::uint64_t t_begin,
                                        std::uint64_t count, std::uint64_t threshold, MateArray& mate) {
    const DeviceInfo info = probe();
    if (!info.available) throw InfeasibleError(info.reason);
    if (count > kMaxJacobiBlock) throw InfeasibleError("Jacobi block larger than kMaxJacobiBlock");
    JacobiBlockStats stats;
    stats.updates = count;
    if (count == 0 || g.num_edges() == 0) return stats;

    const std::uint32_t n = g.num_vertices(), m = g.num_edges();
    std::vector<std::uint32_t> virtual_edges;
    std::vector<std::uint8_t> occupied(m, 0);
    for (EdgeId e = 0; e < m; ++e) {
        if (mate[g.edge(e).u] == g.edge(e).v) {
            occupied[e] = 1;
            virtual_edges.push_back(e);
        }
    }
    const auto num_virtual = static_cast<std::uint32_t>(virtual_edges.size());
    const std::uint32_t num_slots = num_virtual + static_cast<std::uint32_t>(count);
    const std::uint32_t num_events = 2 * num_slots;
    stats.virtual_updates = num_virtual;

    DeviceBuffer<Edge> d_edges(m);
    DeviceBuffer<std::uint32_t> d_virtual(num_virtual), d_slot_edge(num_slots), d_slot_nxt(num_slots);
    DeviceBuffer<std::uint8_t> d_value(num_slots), d_occupied(m);
    DeviceBuffer<std::uint32_t> d_sorted_edge(num_slots), d_slot_ids(num_slots), d_edge_order(num_slots);
    DeviceBuffer<std::uint32_t> d_vertex(num_events), d_sorted_vertex(num_events), d_event_ids(num_events),
        d_event_order(num_events), d_event_pos(num_events), d_event_nxt(num_events);
    DeviceBuffer<std::uint64_t> d_bounds(num_events), d_prefix(num_events);
    DeviceBuffer<std::uint32_t> d_und(count), d_und_next(count);
    DeviceBuffer<std::int64_t> d_num_selected(1);
    DeviceBuffer<std::uint32_t> d_mate(n);

    check(cudaMemcpy(d_edges.ptr, g.edges().data(), m * sizeof(Edge), cudaMemcpyHostToDevice), "copy edges");
    check(cudaMemcpy(d_occupied.ptr, occupied.data(), m, cudaMemcpyHostToDevice), "copy occupancy");
    if (num_virtual > 0) {
        check(cudaMemcpy(d_virtual.ptr, virtual_edges.data(), num_virtual * sizeof(std::uint32_t),
                         cudaMemcpyHostToDevice),
              "copy virtual edges");
    }

    // One temporary buffer, sized for the largest CUB call.
    std::size_t bytes = 0, need = 0;
    check(cub::DeviceRadixSort::SortPairs(nullptr, need, d_slot_edge.ptr, d_sorted_edge.ptr, d_slot_ids.ptr,
                                          d_edge_order.ptr, num_slots, 0, key_bits(m)),
          "sort size");
    bytes = std::max(bytes, need);
    check(cub::DeviceRadixSort::SortPairs(nullptr, need, d_vertex.ptr, d_sorted_vertex.ptr, d_event_ids.ptr,
                                          d_event_order.ptr, num_events, 0, key_bits(n)),
          "sort size");
    bytes = std::max(bytes, need);
    check(cub::DeviceScan::ExclusiveScanByKey(nullptr, need, d_sorted_vertex.ptr, d_bounds.ptr, d_prefix.ptr,
                                              JacobiBoundsMax{}, std::uint64_t{0}, num_events),
          "scan size");
    bytes = std::max(bytes, need);
    check(cub::DeviceSelect::If(nullptr, need, d_slot_ids.ptr, d_und.ptr, d_num_selected.ptr,
                                static_cast<std::int64_t>(num_slots), IsUndetermined{d_value.ptr}),
          "select size");
    bytes = std::max(bytes, need);
    DeviceBuffer<unsigned char> d_temp(bytes);

    // Pre-processing: slots, nxt from the slots sorted by edge, events sorted by vertex (both
    // radix sorts are stable, so time order survives within each run).
    init_slots_kernel<<<grid_for(num_slots), kThreads>>>(d_virtual.ptr, num_virtual, num_slots, seed, t_begin,
                                                         m, threshold, d_slot_edge.ptr, d_value.ptr);
    iota_kernel<<<grid_for(num_slots), kThreads>>>(num_slots, d_slot_ids.ptr);
    check(cudaGetLastError(), "slot kernels");
    check(cub::DeviceRadixSort::SortPairs(d_temp.ptr, bytes, d_slot_edge.ptr, d_sorted_edge.ptr,
                                          d_slot_ids.ptr, d_edge_order.ptr, num_slots, 0, key_bits(m)),
          "sort slots by edge");
    next_time_kernel<<<grid_for(num_slots), kThreads>>>(d_sorted_edge.ptr, d_edge_order.ptr, num_slots,
                                                        num_virtual, d_slot_nxt.ptr);
    event_keys_kernel<<<grid_for(num_events), kThreads>>>(d_edges.ptr, d_slot_edge.ptr, num_events,
                                                          d_vertex.ptr, d_event_ids.ptr);
    check(cudaGetLastError(), "event kernels");
    check(cub::DeviceRadixSort::SortPairs(d_temp.ptr, bytes, d_vertex.ptr, d_sorted_vertex.ptr,
                                          d_event_ids.ptr, d_event_order.ptr, num_events, 0, key_bits(n)),
          "sort events by vertex");
    event_gather_kernel<<<grid_for(num_events), kThreads>>>(d_event_order.ptr, d_slot_nxt.ptr, num_events,
                                                            d_event_pos.ptr, d_event_nxt.ptr);
    check(cudaGetLastError(), "gather kernel");

    // Live tape slots start undetermined (dead ones are 0, virtual ones 1).
    std::int64_t undetermined = 0;
    check(
        cub::DeviceSelect::If(d_temp.ptr, bytes, d_slot_ids.ptr + num_virtual, d_und.ptr, d_num_selected.ptr,
                              static_cast<std::int64_t>(count), IsUndetermined{d_value.ptr}),
        "select live");
    check(cudaMemcpy(&undetermined, d_num_selected.ptr, sizeof undetermined, cudaMemcpyDeviceToHost),
          "read count");
    stats.live = static_cast<std::uint64_t>(undetermined);

    while (undetermined > 0) {
        ++stats.rounds;
        stats.work += static_cast<std::uint64_t>(undetermined);
        event_bounds_kernel<<<grid_for(num_events), kThreads>>>(d_event_order.ptr, d_value.ptr,
                                                                d_event_nxt.ptr, num_events, d_bounds.ptr);
        check(cudaGetLastError(), "bounds kernel");
        check(cub::DeviceScan::ExclusiveScanByKey(d_temp.ptr, bytes, d_sorted_vertex.ptr, d_bounds.ptr,
                                                  d_prefix.ptr, JacobiBoundsMax{}, std::uint64_t{0},
                                                  num_events),
              "segmented max-scan");
        decide_kernel<<<grid_for(static_cast<std::uint64_t>(undetermined)), kThreads>>>(
            d_und.ptr, static_cast<std::uint32_t>(undetermined), d_event_pos.ptr, d_prefix.ptr, num_virtual,
            d_value.ptr);
        check(cudaGetLastError(), "decide kernel");
        check(cub::DeviceSelect::If(d_temp.ptr, bytes, d_und.ptr, d_und_next.ptr, d_num_selected.ptr,
                                    undetermined, IsUndetermined{d_value.ptr}),
              "compaction");
        check(cudaMemcpy(&undetermined, d_num_selected.ptr, sizeof undetermined, cudaMemcpyDeviceToHost),
              "read count");
        std::swap(d_und.ptr, d_und_next.ptr);
        if (stats.rounds > num_slots) throw InfeasibleError("device Jacobi rounds did not converge");
    }

    final_edges_kernel<<<grid_for(num_slots), kThreads>>>(d_sorted_edge.ptr, d_edge_order.ptr, d_value.ptr,
                                                          num_slots, d_occupied.ptr);
    check(cudaMemset(d_mate.ptr, 0xff, n * sizeof(std::uint32_t)), "clear mate");
    mate_from_edges_kernel<<<grid_for(m), kThreads>>>(d_edges.ptr, d_occupied.ptr, m, d_mate.ptr);
    check(cudaGetLastError(), "final kernels");
    check(cudaDeviceSynchronize(), "block run");
    const std::uint32_t before = count_dimers(mate);
    check(cudaMemcpy(mate.data(), d_mate.ptr, n * sizeof(std::uint32_t), cudaMemcpyDeviceToHost),
          "copy back");
    stats.dimer_change = static_cast<std::int64_t>(count_dimers(mate)) - before;
    return stats;
}

}  // namespace dimerlab::gpu
