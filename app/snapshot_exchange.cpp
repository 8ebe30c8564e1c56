#include "snapshot_exchange.hpp"

#include <utility>

namespace dimerlab::app {

void SnapshotExchange::publish(Snapshot& back) {
    std::lock_guard lock(mutex_);
    std::swap(latest_, back);
    fresh_ = true;
}

bool SnapshotExchange::try_take(Snapshot& front) {
    std::unique_lock lock(mutex_, std::try_to_lock);
    if (!lock.owns_lock() || !fresh_) return false;
    std::swap(latest_, front);
    fresh_ = false;
    return true;
}

bool SnapshotExchange::take(Snapshot& front) {
    std::lock_guard lock(mutex_);
    if (!fresh_) return false;
    std::swap(latest_, front);
    fresh_ = false;
    return true;
}

}  // namespace dimerlab::app
