#include "background_tasks.hpp"

namespace dimerlab::app::detail {

std::atomic<int>& tasks_running() {
    static std::atomic<int> running{0};
    return running;
}

}  // namespace dimerlab::app::detail
