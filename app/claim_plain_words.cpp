#include "claim_plain_words.hpp"

#include <map>

namespace dimerlab::app {

QString claim_plain_words(std::string_view claim_id) {
    static const std::map<std::string_view, const char*> words = {
        {"GJ-ALG",
         "A machine-checked proof that the parallel update scheme the GPU and the CPU threads run "
         "(rounds of 0, 1 or unknown per update) ends in exactly the matching of doing the updates "
         "one by one. That the code follows the proof's steps rests on a round-by-round test, not "
         "on proof."},
        {"GJ-ALG-ORACLE",
         "A program extracted from that proof runs the same blocks as the GPU code and the CPU "
         "threads and is compared with both after every round: every update has the same value, "
         "0, 1 or unknown, at every round, and every block ends in the same matching. Two planted "
         "bugs in the GPU code are each caught at the first round they change."},
        {"GJ-ORACLE",
         "The code's parallel rounds agree with a program extracted from a proof about a simpler "
         "model of them, on many random and adversarial inputs."},
        {"GJ-WP",
         "A proof on the code itself that the small steps of the parallel rounds stay in bounds and "
         "compute what they should."},
        {"GJ-GPU",
         "On a GPU, the parallel sampler runs bit for bit the same chain as the one-by-one CPU "
         "sampler."},
        {"GJ-HOST",
         "The GPU parallel sampler's source, compiled for the CPU, runs the same chain as the "
         "reference."},
        {"GJ-INPUT",
         "The graph you loaded meets what the parallel sampler's proofs assume (a simple graph, "
         "every index in range)."},
        {"GJ-LIVE",
         "Check now: on this graph, the parallel sampler (CPU threads, and the GPU when there is "
         "one) runs exactly the sequential chain."},
        {"RD-EXACT", "The running mean and variance behind the diagnostics combine exactly: a proof."},
        {"HB-WP",
         "A proof on the code itself that one update reads and changes only the two ends of its "
         "edge and always leaves a valid matching."},
        {"ES-WP",
         "A proof on the code itself that the bytes drawn for the edges say exactly which edges are "
         "dimers, reading nothing but the one cell each needs."},
        {"HB-HOST",
         "The GPU one-thread replay's source, compiled for the CPU, reproduces the reference "
         "chain."},
        {"HB-GPU", "On a GPU, the one-thread replay reproduces the CPU chain exactly."},
        {"CH-WP",
         "A proof on the code itself that each thread of a colour class picks its own edge or face "
         "of the class, reading nothing else of the class list."},
        {"FR-WP",
         "A proof on the code itself that a face rotation swaps the face's two dimer patterns as its "
         "coin says, or leaves it alone, touching only the face's own vertices."},
        {"EN-WP",
         "A proof on the code itself that each chain of an ensemble updates only its own matching "
         "and its own dimer count."},
        {"CH-RACE",
         "Threads that update one colour class together never write the same vertex (no data "
         "race), checked by a solver."},
        {"CH-IDX", "The colour-class kernel's index arithmetic never overflows, checked by a solver."},
        {"CH-SPIN",
         "A model checker tried every interleaving of one colour class's threads: the result is "
         "always the same."},
        {"CH-COL",
         "The graph you loaded is properly coloured, so the colour-class sampler's assumptions "
         "hold for it."},
        {"CH-LIVE",
         "Check now: on this graph, the multithreaded colour-class sampler runs exactly the "
         "sequential chain."},
        {"CH-GPU", "On a GPU, colour-class sweeps equal the CPU's sweeps bit for bit."},
        {"CH-HOST", "The colour-class GPU source, compiled for the CPU, gives the CPU's sweeps."},
        {"FR-HOST", "The face-rotation GPU source, compiled for the CPU, gives the CPU's face-class sweeps."},
        {"RF-HB-REPLAY",
         "The one-thread replay runs on a single GPU thread, so no two threads can collide; a race detector "
         "on the CPU build agrees, and catches a planted two-thread version."},
        {"RF-CH-CLASS",
         "Threads of one colour class never touch the same vertex: the argument (a proper colouring, checked "
         "on entry) is also run through a race detector on the CPU build, which catches a planted "
         "collision."},
        {"RF-FR-CLASS",
         "Faces rotated together share no vertex: the face colouring is checked on entry, and a race "
         "detector on the CPU build finds no collision and catches a planted one."},
        {"RF-EN-CHAIN",
         "Each chain of an ensemble has its own copy of the matching, so chains never collide; a race "
         "detector agrees and catches two chains planted on one copy."},
        {"RF-ES-MATE",
         "Drawing the edge states: each thread writes its own byte only (race detector on the CPU build; a "
         "planted shared byte is caught)."},
        {"RF-ES-OCC",
         "Drawing the edge states from the GPU's occupancy: each thread writes its own byte only (race "
         "detector on the CPU build)."},
        {"RF-BW-FILL",
         "The bandwidth test's fill: each thread writes its own words only (race detector on the CPU "
         "build)."},
        {"RF-BW-COPY",
         "The bandwidth test's copy: each thread writes its own words only (race detector on the CPU build; "
         "a planted shared word is caught)."},
        {"RF-BW-COUNT",
         "The bandwidth test's check only reads, and adds its count atomically (race detector on the CPU "
         "build)."},
        {"RF-JD-IOTA",
         "A setup step of the parallel sampler: each thread writes its own number only (race detector on the "
         "CPU build)."},
        {"RF-JD-OCC",
         "A setup step of the parallel sampler: each thread writes its own edge's flag only (race detector "
         "on the CPU build)."},
        {"RF-JD-INIT",
         "A setup step of the parallel sampler: each thread fills its own update's slot only (race detector "
         "on the CPU build)."},
        {"RF-JD-KEYS",
         "A setup step of the parallel sampler: each thread writes its own event's key only (race detector "
         "on the CPU build)."},
        {"RF-JD-NXT",
         "Each thread writes a different update's next time, because the sorted order it writes through is a "
         "reordering; a race detector agrees and catches a planted repeat."},
        {"RF-JD-GATHER",
         "Each thread writes different entries, because the sorted order it writes through is a reordering "
         "(race detector on the CPU build)."},
        {"RF-JD-BOUNDS", "Each thread writes its own event's bounds only (race detector on the CPU build)."},
        {"RF-JD-DECIDE",
         "Each thread decides a different update, because the list of undecided updates has no repeats; a "
         "race detector agrees and catches a planted repeat."},
        {"RF-JD-FINAL",
         "Only the last update of each edge writes that edge's result, so no edge is written twice; a race "
         "detector agrees and catches a planted version where every update writes."},
        {"RF-JD-MATE",
         "The final matching is written edge by edge; no two of its edges share a vertex, so no vertex is "
         "written twice; a race detector catches a planted non-matching."},
        {"FR-GPU", "On a GPU, face-rotation sweeps equal the CPU's face-class sweeps bit for bit."},
        {"EN-HOST", "The many-chains-at-once GPU source, compiled for the CPU, equals separate chains."},
        {"EN-GPU", "On a GPU, many chains run at once equal the same chains run one at a time."},
        {"IO-HOST",
         "The drawing kernels' source, compiled for the CPU, writes the same edge colours as the "
         "CPU path."},
        {"IO-GPU", "On a GPU, the drawing kernels write the same bytes as the CPU path."},
        {"BW-HOST", "The memory-bandwidth benchmark's kernels copy correctly (compiled for the CPU)."},
        {"SAN-MEMCHECK", "NVIDIA's compute-sanitizer found no invalid GPU memory access on small runs."},
        {"SAN-INITCHECK",
         "NVIDIA's compute-sanitizer found no read of uninitialised GPU memory on small runs."},
        {"SAN-SYNCCHECK",
         "NVIDIA's compute-sanitizer found no misuse of thread synchronisation on small runs."},
        {"SAN-RACECHECK", "NVIDIA's compute-sanitizer found no shared-memory data race on small runs."},
    };
    const auto it = words.find(claim_id);
    return it == words.end() ? QString() : QString::fromUtf8(it->second);
}

QString verification_legend_html() {
    return QStringLiteral(
        "<b>What the statuses mean.</b> "
        "<span style='color:#2e7d32'><b>proved</b></span>: a machine-checked proof; "
        "<span style='color:#1e589a'><b>proved (model only)</b></span>: proved for a simplified model, not "
        "the code itself; "
        "<span style='color:#2e7d32'><b>tested</b></span>: the tests ran and passed; "
        "<span style='color:#2e7d32'><b>passed for this graph</b></span>: checked just now on the graph "
        "you are looking at; "
        "<span style='color:#757575'><b>not run</b></span>: no evidence recorded on this machine yet; "
        "<span style='color:#b26a00'><b>STALE</b></span>: the evidence is about files that have changed "
        "since, so it no longer counts. Click a claim for its technical statement.");
}

}  // namespace dimerlab::app
