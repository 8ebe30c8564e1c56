// The CUDA-on-host layer's own contracts (gpu/host): every grid thread runs exactly once with
// its coordinates, in a seeded shuffled order on at least two OS threads; bad launches, host
// pointers and copies outside an allocation are errors as on a device; the CUB entry points equal
// std algorithms and keep the temp-storage protocol.
#include <cuda_runtime.h>

#include <QtTest>
#include <algorithm>
#include <cstdint>
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_select.cuh>
#include <mutex>
#include <numeric>
#include <random>
#include <set>
#include <thread>
#include <vector>

namespace {

__global__ void record_coordinates_kernel(std::uint32_t* hits, std::uint32_t* shape_ok) {
    const std::uint64_t block =
        blockIdx.x + std::uint64_t{gridDim.x} * (blockIdx.y + std::uint64_t{gridDim.y} * blockIdx.z);
    const std::uint64_t in_block =
        threadIdx.x + std::uint64_t{blockDim.x} * (threadIdx.y + std::uint64_t{blockDim.y} * threadIdx.z);
    const std::uint64_t id = block * (std::uint64_t{blockDim.x} * blockDim.y * blockDim.z) + in_block;
    hits[id] += 1;  // one writer per slot
    shape_ok[id] = gridDim.x == 7 && gridDim.y == 3 && gridDim.z == 2 && blockDim.x == 5 && blockDim.y == 4 &&
                   blockDim.z == 1;
}

__global__ void ticket_kernel(unsigned* next, std::uint32_t* order) {
    const unsigned ticket = atomicAdd(next, 1u);
    order[ticket] = blockIdx.x * blockDim.x + threadIdx.x;
}

__global__ void count_kernel(unsigned long long* total) {
    atomicAdd(total, 1ull);
}

std::mutex g_ids_mutex;
std::set<std::thread::id> g_ids;

__global__ void worker_identity_kernel(unsigned* unused) {
    (void)unused;
    const std::lock_guard lock(g_ids_mutex);
    g_ids.insert(std::this_thread::get_id());
}

template <class T>
struct Device {
    T* ptr = nullptr;
    std::size_t n;
    explicit Device(std::size_t count) : n(count) {
        QCOMPARE(cudaMalloc(&ptr, count * sizeof(T)), cudaSuccess);
    }
    explicit Device(const std::vector<T>& host) : Device(host.size()) { upload(host); }
    ~Device() { cudaFree(ptr); }
    void upload(const std::vector<T>& host) {
        QCOMPARE(cudaMemcpy(ptr, host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice), cudaSuccess);
    }
    std::vector<T> download() const {
        std::vector<T> host(n);
        if (n != 0 && cudaMemcpy(host.data(), ptr, n * sizeof(T), cudaMemcpyDeviceToHost) != cudaSuccess)
            qFatal("device-to-host copy refused");
        return host;
    }
};

std::vector<std::uint32_t> random_words(std::size_t n, std::uint32_t bound, unsigned seed) {
    std::mt19937 rng(seed);
    std::vector<std::uint32_t> v(n);
    for (auto& x : v) x = rng() % bound;
    return v;
}

}  // namespace

class CudaOnHostLayerTest : public QObject {
    Q_OBJECT

  private slots:
    void everyThreadRunsOnceWithItsCoordinates() {
        const dim3 grid(7, 3, 2), block(5, 4, 1);
        const std::size_t threads = 7 * 3 * 2 * 5 * 4;
        Device<std::uint32_t> hits(std::vector<std::uint32_t>(threads, 0)),
            shape(std::vector<std::uint32_t>(threads, 0));
        cuda_on_host::launch_of(record_coordinates_kernel, grid, block)(hits.ptr, shape.ptr);
        QCOMPARE(cudaGetLastError(), cudaSuccess);
        QCOMPARE(hits.download(), std::vector<std::uint32_t>(threads, 1));
        QCOMPARE(shape.download(), std::vector<std::uint32_t>(threads, 1));
    }

    // A seeded permutation: the same seed gives the same order, another seed another, and
    // neither is the identity. A real launch is visibly out of order and spread over workers.
    void orderIsASeededShuffle() {
        const auto a = cuda_on_host::launch_order(4096, 11), b = cuda_on_host::launch_order(4096, 11),
                   c = cuda_on_host::launch_order(4096, 12);
        QCOMPARE(a, b);
        QVERIFY(a != c);
        std::vector<std::uint64_t> sorted = a, identity(4096);
        std::sort(sorted.begin(), sorted.end());
        std::iota(identity.begin(), identity.end(), 0);
        QCOMPARE(sorted, identity);
        QVERIFY(a != identity);
        // Beyond 2^24 threads the order is affine: still a permutation on a sample of positions.
        const auto big = cuda_on_host::launch_order((1u << 24) + 3, 5);
        std::vector<char> seen(big.size(), 0);
        for (std::uint64_t id : big) seen[id] = 1;
        QVERIFY(std::all_of(seen.begin(), seen.end(), [](char s) { return s == 1; }));

        Device<unsigned> next(std::vector<unsigned>{0});
        Device<std::uint32_t> order(1024);
        cuda_on_host::launch_of(ticket_kernel, 4, 256)(next.ptr, order.ptr);
        QCOMPARE(cudaGetLastError(), cudaSuccess);
        QCOMPARE(next.download()[0], 1024u);
        std::vector<std::uint32_t> observed = order.download();
        QVERIFY(!std::is_sorted(observed.begin(), observed.end()));
        std::sort(observed.begin(), observed.end());
        std::vector<std::uint32_t> all(1024);
        std::iota(all.begin(), all.end(), 0u);
        QCOMPARE(observed, all);

        g_ids.clear();
        Device<unsigned> unused(1);
        cuda_on_host::launch_of(worker_identity_kernel, 1, 64)(unused.ptr);
        QVERIFY2(g_ids.size() >= 2, "a launch must run on at least two OS threads");
    }

    void atomicAddCountsEveryThread() {
        Device<unsigned long long> total(std::vector<unsigned long long>{0});
        cuda_on_host::launch_of(count_kernel, 40, 256)(total.ptr);
        QCOMPARE(total.download()[0], 40ull * 256);
    }

    void badLaunchesRunNothing() {
        Device<unsigned long long> total(std::vector<unsigned long long>{0});
        cuda_on_host::launch_of(count_kernel, 1, 2048)(total.ptr);
        QCOMPARE(cudaGetLastError(), cudaErrorInvalidConfiguration);
        cuda_on_host::launch_of(count_kernel, 0, 32)(total.ptr);
        QCOMPARE(cudaGetLastError(), cudaErrorInvalidConfiguration);
        unsigned long long on_host = 0;
        cuda_on_host::launch_of(count_kernel, 1, 32)(&on_host);
        QCOMPARE(cudaGetLastError(), cudaErrorInvalidDevicePointer);
        QCOMPARE(on_host, 0ull);
        QCOMPARE(total.download()[0], 0ull);
        QCOMPARE(cudaGetLastError(), cudaSuccess);  // cleared by the read above
    }

    void memoryIsCheckedLikeADevice() {
        std::uint32_t* d = nullptr;
        QCOMPARE(cudaMalloc(&d, 16 * sizeof(std::uint32_t)), cudaSuccess);
        std::vector<std::uint32_t> host(16, 0);
        // Fresh device memory is not zero.
        QCOMPARE(cudaMemcpy(host.data(), d, 64, cudaMemcpyDeviceToHost), cudaSuccess);
        QVERIFY(std::any_of(host.begin(), host.end(), [](std::uint32_t w) { return w != 0; }));
        QCOMPARE(cudaMemcpy(d, host.data(), 65, cudaMemcpyHostToDevice),
                 cudaErrorInvalidValue);  // past the end
        QCOMPARE(cudaMemcpy(host.data(), d, 64, cudaMemcpyHostToDevice), cudaErrorInvalidValue);  // wrong way
        QCOMPARE(cudaMemcpy(d + 4, d, 16, cudaMemcpyDeviceToDevice), cudaSuccess);
        QCOMPARE(cudaMemset(d + 15, 0, 8), cudaErrorInvalidValue);
        QCOMPARE(cudaFree(d + 1), cudaErrorInvalidDevicePointer);
        QCOMPARE(cudaFree(d), cudaSuccess);
        QCOMPARE(cudaMemset(d, 0, 4), cudaErrorInvalidValue);  // freed
        cudaGetLastError();
    }

    // Stable on the chosen key bits, keys and values together, inputs unchanged; the size query
    // and a too-small or host temp buffer follow CUB's protocol.
    void radixSortPairsIsAStableSortOnTheKeyBits() {
        const std::size_t n = 5000;
        const std::vector<std::uint32_t> keys = random_words(n, 1u << 12, 3);
        std::vector<std::uint32_t> values(n);
        std::iota(values.begin(), values.end(), 0u);
        Device<std::uint32_t> keys_in(keys), keys_out(n), values_in(values), values_out(n);
        for (int end_bit : {12, 5}) {
            std::size_t need = 0;
            QCOMPARE(cub::DeviceRadixSort::SortPairs(nullptr, need, keys_in.ptr, keys_out.ptr, values_in.ptr,
                                                     values_out.ptr, n, 0, end_bit),
                     cudaSuccess);
            QVERIFY(need > 0);
            Device<unsigned char> temp(need);
            std::size_t short_bytes = need - 1;
            QCOMPARE(cub::DeviceRadixSort::SortPairs(temp.ptr, short_bytes, keys_in.ptr, keys_out.ptr,
                                                     values_in.ptr, values_out.ptr, n, 0, end_bit),
                     cudaErrorInvalidValue);
            std::vector<unsigned char> host_temp(need);
            QCOMPARE(cub::DeviceRadixSort::SortPairs(host_temp.data(), need, keys_in.ptr, keys_out.ptr,
                                                     values_in.ptr, values_out.ptr, n, 0, end_bit),
                     cudaErrorInvalidValue);
            QCOMPARE(cub::DeviceRadixSort::SortPairs(temp.ptr, need, keys_in.ptr, keys_out.ptr, values_in.ptr,
                                                     values_out.ptr, n, 0, end_bit),
                     cudaSuccess);
            cudaGetLastError();
            const std::uint32_t mask = (1u << end_bit) - 1;
            std::vector<std::uint32_t> expected = values;
            std::stable_sort(expected.begin(), expected.end(), [&](std::uint32_t a, std::uint32_t b) {
                return (keys[a] & mask) < (keys[b] & mask);
            });
            QCOMPARE(values_out.download(), expected);
            std::vector<std::uint32_t> expected_keys(n);
            for (std::size_t i = 0; i < n; ++i) expected_keys[i] = keys[expected[i]];
            QCOMPARE(keys_out.download(), expected_keys);
            QCOMPARE(keys_in.download(), keys);
        }
    }

    void exclusiveScanByKeyRestartsAtEveryKeyRun() {
        const std::size_t n = 3000;
        std::vector<std::uint32_t> keys = random_words(n, 40, 4);
        std::sort(keys.begin(), keys.end());
        keys[n / 2] = 7;  // a run that is not contiguous with the other 7s is its own segment
        std::vector<std::uint64_t> values(n);
        std::mt19937_64 rng(9);
        for (auto& v : values) v = rng() % 1000;
        std::vector<std::uint64_t> expected(n);
        std::uint64_t running = 5;
        for (std::size_t i = 0; i < n; ++i) {
            if (i == 0 || keys[i] != keys[i - 1]) running = 5;
            expected[i] = running;
            running = std::max(running, values[i]);
        }
        Device<std::uint32_t> d_keys(keys);
        Device<std::uint64_t> d_values(values), d_out(n);
        const auto max_op = [](std::uint64_t a, std::uint64_t b) { return std::max(a, b); };
        std::size_t need = 0;
        QCOMPARE(cub::DeviceScan::ExclusiveScanByKey(nullptr, need, d_keys.ptr, d_values.ptr, d_out.ptr,
                                                     max_op, std::uint64_t{5}, n),
                 cudaSuccess);
        Device<unsigned char> temp(need);
        QCOMPARE(cub::DeviceScan::ExclusiveScanByKey(temp.ptr, need, d_keys.ptr, d_values.ptr, d_out.ptr,
                                                     max_op, std::uint64_t{5}, n),
                 cudaSuccess);
        QCOMPARE(d_out.download(), expected);
        // In place.
        QCOMPARE(cub::DeviceScan::ExclusiveScanByKey(temp.ptr, need, d_keys.ptr, d_values.ptr, d_values.ptr,
                                                     max_op, std::uint64_t{5}, n),
                 cudaSuccess);
        QCOMPARE(d_values.download(), expected);
    }

    void selectKeepsInputOrderAndWritesTheCount() {
        const std::size_t n = 4000;
        const std::vector<std::uint32_t> items = random_words(n, 1000000, 5);
        const std::vector<std::uint32_t> flags32 = random_words(n, 3, 6);
        std::vector<std::uint8_t> flags(flags32.begin(), flags32.end());
        Device<std::uint32_t> d_items(items), d_out(n);
        Device<std::uint8_t> d_flags(flags);
        Device<std::int64_t> d_count(1);
        std::size_t need = 0;
        QCOMPARE(cub::DeviceSelect::Flagged(nullptr, need, d_items.ptr, d_flags.ptr, d_out.ptr, d_count.ptr,
                                            std::int64_t(n)),
                 cudaSuccess);
        Device<unsigned char> temp(need);
        QCOMPARE(cub::DeviceSelect::Flagged(temp.ptr, need, d_items.ptr, d_flags.ptr, d_out.ptr, d_count.ptr,
                                            std::int64_t(n)),
                 cudaSuccess);
        std::vector<std::uint32_t> expected;
        for (std::size_t i = 0; i < n; ++i)
            if (flags[i]) expected.push_back(items[i]);
        std::vector<std::uint32_t> got = d_out.download();
        QCOMPARE(d_count.download()[0], std::int64_t(expected.size()));
        got.resize(expected.size());
        QCOMPARE(got, expected);

        const auto odd = [](std::uint32_t x) { return (x & 1u) != 0; };
        QCOMPARE(
            cub::DeviceSelect::If(temp.ptr, need, d_items.ptr, d_out.ptr, d_count.ptr, std::int64_t(n), odd),
            cudaSuccess);
        expected.clear();
        std::copy_if(items.begin(), items.end(), std::back_inserter(expected), odd);
        got = d_out.download();
        QCOMPARE(d_count.download()[0], std::int64_t(expected.size()));
        got.resize(expected.size());
        QCOMPARE(got, expected);
        // The out-of-place entry point refuses an output that overlaps its input.
        QCOMPARE(cub::DeviceSelect::If(temp.ptr, need, d_items.ptr, d_items.ptr + 1, d_count.ptr,
                                       std::int64_t(n - 1), odd),
                 cudaErrorInvalidValue);
        cudaGetLastError();
    }
};

QTEST_GUILESS_MAIN(CudaOnHostLayerTest)
#include "test_cuda_on_host_layer.moc"
