#include "ranks/replica_sharing.hpp"

#include <cstring>
#include <stdexcept>
#include <string>

#include "dimerlab_cluster/world.hpp"

namespace dimerlab::cli {
namespace {

// Raw bytes in this machine's layout: every rank of one run is the same program on the same
// kind of machine, and the values must cross bit for bit.
class Packer {
  public:
    template <typename T>
    void put(const T& v) {
        bytes_.append(reinterpret_cast<const char*>(&v), sizeof v);
    }
    template <typename T>
    void put_vector(const std::vector<T>& v) {
        put<std::uint64_t>(v.size());
        bytes_.append(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(T));
    }
    const std::string& bytes() const { return bytes_; }

  private:
    std::string bytes_;
};

class Unpacker {
  public:
    explicit Unpacker(const std::string& bytes) : bytes_(bytes) {}
    template <typename T>
    T get() {
        T v;
        take(&v, sizeof v);
        return v;
    }
    template <typename T>
    std::vector<T> get_vector() {
        const auto n = get<std::uint64_t>();
        if (n > (bytes_.size() - at_) / sizeof(T)) throw std::runtime_error("replica sharing: short message");
        std::vector<T> v(n);
        take(v.data(), n * sizeof(T));
        return v;
    }
    bool done() const { return at_ == bytes_.size(); }

  private:
    void take(void* out, std::size_t n) {
        if (n > bytes_.size() - at_) throw std::runtime_error("replica sharing: short message");
        std::memcpy(out, bytes_.data() + at_, n);
        at_ += n;
    }
    const std::string& bytes_;
    std::size_t at_ = 0;
};

}  // namespace

ReplicaSharing replica_sharing_over_ranks() {
    cluster::World& w = cluster::world();
    ReplicaSharing sharing;
    if (w.size() == 1) return sharing;
    sharing.part = static_cast<unsigned>(w.rank());
    sharing.parts = static_cast<unsigned>(w.size());
    sharing.share = [&w](std::vector<ReplicaRun>& runs) {
        Packer mine;
        for (std::size_t r = static_cast<std::size_t>(w.rank()); r < runs.size();
             r += static_cast<std::size_t>(w.size())) {
            mine.put<std::uint64_t>(r);
            mine.put(runs[r].log_z);
            mine.put(runs[r].updates);
            mine.put_vector(runs[r].unit_variance);
            mine.put_vector(runs[r].terms.log_means);
            mine.put_vector(runs[r].terms.signs);
            mine.put_vector(runs[r].node_moments);
        }
        const std::vector<std::string> all = w.all_gather(mine.bytes());
        for (int rank = 0; rank < w.size(); ++rank) {
            if (rank == w.rank()) continue;
            Unpacker in(all[static_cast<std::size_t>(rank)]);
            while (!in.done()) {
                const auto r = in.get<std::uint64_t>();
                if (r >= runs.size()) throw std::runtime_error("replica sharing: replica out of range");
                ReplicaRun& run = runs[r];
                run.log_z = in.get<double>();
                run.updates = in.get<std::uint64_t>();
                run.unit_variance = in.get_vector<double>();
                run.terms.log_means = in.get_vector<double>();
                run.terms.signs = in.get_vector<signed char>();
                run.node_moments = in.get_vector<NodeMoments>();
            }
        }
    };
    return sharing;
}

}  // namespace dimerlab::cli
