#pragma once
// The ranks of this run. A program started by an MPI launcher (mpirun, srun) sees the launcher's
// ranks; one started on its own, or built without MPI, is rank 0 of 1. The program opens the
// world once at the top of main (WorldSession) and every part of it then asks world().
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace dimerlab::cluster {

// One message: who sent it, its tag, and its bytes.
struct Message {
    int source = 0;
    int tag = 0;
    std::string bytes;
};

class World {
  public:
    virtual ~World() = default;
    virtual int rank() const = 0;
    virtual int size() const = 0;
    bool is_lead() const { return rank() == 0; }
    // Point to point, bytes only; sends complete before returning (small messages).
    virtual void send(int dest, int tag, const std::string& bytes) = 0;
    // A message from anyone, if one is waiting; never blocks.
    virtual std::optional<Message> poll() = 0;
    // The next message from `source`; blocks until it comes.
    virtual Message receive_from(int source) = 0;
    // Ends every rank of the run with `code` (a rank that failed must not leave the others
    // waiting for it).
    [[noreturn]] virtual void abort(int code) = 0;
    // Every rank calls this with the same value; returns rank 0's bytes everywhere.
    virtual std::string broadcast_from_lead(const std::string& bytes) = 0;
    // Every rank calls this; returns every rank's bytes, indexed by rank, everywhere.
    virtual std::vector<std::string> all_gather(const std::string& bytes) = 0;
};

// The world opened by WorldSession; a one-rank world when none is open (tests, other tools).
World& world();

// Opens the world when the process was started by an MPI launcher, and closes it (MPI_Finalize)
// when destroyed. Construct it once, first thing in main.
class WorldSession {
  public:
    WorldSession(int& argc, char**& argv);
    ~WorldSession();
    WorldSession(const WorldSession&) = delete;
    WorldSession& operator=(const WorldSession&) = delete;
};

// "mpi" when the world is an MPI run, "none" for one process: reported in metadata.
const char* transport_name();

}  // namespace dimerlab::cluster
