#pragma once
// The hand-off between the sampler thread and the GL thread (docs/architecture.md §5.2): the writer
// fills its own back buffer, then swaps it with the shared "latest" slot under a short lock; the
// reader swaps "latest" with its front buffer only if try_lock succeeds, so it never waits. The
// buffers are swapped, not copied, so no allocation happens once they have grown.
#include <mutex>

#include "snapshot.hpp"

namespace dimerlab::app {

class SnapshotExchange {
  public:
    // Writer: hands `back` over as the latest snapshot; `back` comes back holding an older buffer
    // to be overwritten.
    void publish(Snapshot& back);
    // Reader: if a newer snapshot is there and the lock is free, swaps it into `front` and
    // returns true. Never blocks.
    bool try_take(Snapshot& front);
    // Reader that may wait (tests, automation): the newest snapshot, if any was published since
    // the last take.
    bool take(Snapshot& front);

  private:
    std::mutex mutex_;
    Snapshot latest_;
    bool fresh_ = false;
};

}  // namespace dimerlab::app
