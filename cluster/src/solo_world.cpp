// world() in a build without MPI: always one rank.
#include "solo_world.hpp"

namespace dimerlab::cluster {

World& world() {
    static SoloWorld solo;
    return solo;
}

WorldSession::WorldSession(int&, char**&) {}
WorldSession::~WorldSession() = default;

const char* transport_name() {
    return "none";
}

}  // namespace dimerlab::cluster
