// world() over MPI_COMM_WORLD, opened only when a launcher started the process: a plain
// `dimerlab-cli ...` never initialises MPI (no singleton start, no daemon), so it behaves exactly
// as a build without MPI.
#include <mpi.h>

#include <cstdlib>
#include <memory>
#include <stdexcept>

#include "solo_world.hpp"

namespace dimerlab::cluster {
namespace {

// Open MPI's mpirun, PMIx launchers (srun --mpi=pmix) and PMI-1/2 launchers (srun, hydra) each
// set one of these in every rank's environment.
bool started_by_launcher() {
    for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE"}) {
        if (std::getenv(name) != nullptr) return true;
    }
    return false;
}

class MpiWorld final : public World {
  public:
    MpiWorld() {
        MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
        MPI_Comm_size(MPI_COMM_WORLD, &size_);
    }
    int rank() const override { return rank_; }
    int size() const override { return size_; }
    void send(int dest, int tag, const std::string& bytes) override {
        MPI_Send(bytes.data(), static_cast<int>(bytes.size()), MPI_BYTE, dest, tag, MPI_COMM_WORLD);
    }
    std::optional<Message> poll() override {
        int flag = 0;
        MPI_Status status;
        MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &status);
        if (!flag) return std::nullopt;
        return receive(status);
    }
    Message receive_from(int source) override {
        MPI_Status status;
        MPI_Probe(source, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
        return receive(status);
    }
    [[noreturn]] void abort(int code) override {
        std::cerr.flush();
        MPI_Abort(MPI_COMM_WORLD, code);
        std::_Exit(code);
    }
    std::string broadcast_from_lead(const std::string& bytes) override {
        unsigned long long n = bytes.size();
        MPI_Bcast(&n, 1, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD);
        std::string out = rank_ == 0 ? bytes : std::string(n, '\0');
        MPI_Bcast(out.data(), static_cast<int>(n), MPI_BYTE, 0, MPI_COMM_WORLD);
        return out;
    }

    std::vector<std::string> all_gather(const std::string& bytes) override {
        const int mine = static_cast<int>(bytes.size());
        std::vector<int> sizes(static_cast<std::size_t>(size_)), offsets(sizes.size());
        MPI_Allgather(&mine, 1, MPI_INT, sizes.data(), 1, MPI_INT, MPI_COMM_WORLD);
        int total = 0;
        for (std::size_t r = 0; r < sizes.size(); ++r) {
            offsets[r] = total;
            total += sizes[r];
        }
        std::string all(static_cast<std::size_t>(total), '\0');
        MPI_Allgatherv(bytes.data(), mine, MPI_BYTE, all.data(), sizes.data(), offsets.data(), MPI_BYTE,
                       MPI_COMM_WORLD);
        std::vector<std::string> out;
        for (std::size_t r = 0; r < sizes.size(); ++r) out.push_back(all.substr(offsets[r], sizes[r]));
        return out;
    }

  private:
    Message receive(const MPI_Status& status) {
        int count = 0;
        MPI_Get_count(&status, MPI_BYTE, &count);
        Message m{status.MPI_SOURCE, status.MPI_TAG, std::string(static_cast<std::size_t>(count), '\0')};
        MPI_Recv(m.bytes.data(), count, MPI_BYTE, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
        return m;
    }
    int rank_ = 0;
    int size_ = 1;
};

std::unique_ptr<MpiWorld>& opened() {
    static std::unique_ptr<MpiWorld> w;
    return w;
}

}  // namespace

World& world() {
    static SoloWorld solo;
    if (opened()) return *opened();
    return solo;
}

// Funneled: rank 0 runs jobs on a second thread, but only the thread that opened the world calls
// MPI.
WorldSession::WorldSession(int& argc, char**& argv) {
    if (!started_by_launcher()) return;
    int provided = 0;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    opened() = std::make_unique<MpiWorld>();
}

WorldSession::~WorldSession() {
    if (!opened()) return;
    opened().reset();
    MPI_Finalize();
}

const char* transport_name() {
    return opened() ? "mpi" : "none";
}

}  // namespace dimerlab::cluster
