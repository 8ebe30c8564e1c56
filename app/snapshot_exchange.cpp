#include "snapshot_exchange.hpp"

#include <utility>

namespace dimerlab::app {

void SnapshotExchange::publish(Snapshot& back) {
    std::lock_guard lock(mutex_);
    std::swap(latest_, back);
    fresh_ = true;
}

// The buffer a reader hands back is stale: its hold on a device chain (DeviceEdgeStates) is
// dropped, outside the lock, so a chain replaced by a reset is freed now rather than at the next
// publish, which a paused lab may never make.
bool SnapshotExchange::try_take(Snapshot& front) {
    render::DeviceEdgeStates stale;
    {
        std::unique_lock lock(mutex_, std::try_to_lock);
        if (!lock.owns_lock() || !fresh_) return false;
        std::swap(latest_, front);
        std::swap(latest_.device_edges, stale);
        fresh_ = false;
    }
    return true;
}

bool SnapshotExchange::take(Snapshot& front) {
    render::DeviceEdgeStates stale;
    {
        std::lock_guard lock(mutex_);
        if (!fresh_) return false;
        std::swap(latest_, front);
        std::swap(latest_.device_edges, stale);
        fresh_ = false;
    }
    return true;
}

}  // namespace dimerlab::app
