#pragma once
// The one-rank world: a process started without a launcher, or a build without MPI.
#include <cstdlib>
#include <iostream>
#include <stdexcept>

#include "dimerlab_cluster/world.hpp"

namespace dimerlab::cluster {

class SoloWorld final : public World {
  public:
    int rank() const override { return 0; }
    int size() const override { return 1; }
    void send(int, int, const std::string&) override { throw std::logic_error("send in a one-rank world"); }
    std::optional<Message> poll() override { return std::nullopt; }
    Message receive_from(int) override { throw std::logic_error("receive in a one-rank world"); }
    [[noreturn]] void abort(int code) override {
        std::cerr.flush();
        std::_Exit(code);
    }
    std::string broadcast_from_lead(const std::string& bytes) override { return bytes; }
    std::vector<std::string> all_gather(const std::string& bytes) override { return {bytes}; }
};

}  // namespace dimerlab::cluster
