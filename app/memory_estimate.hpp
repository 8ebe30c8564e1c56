#pragma once
// The memory a lab on a graph spec will take, judged before anything is built: Apply asks before
// a large build and refuses one that could not fit. The decision is a plain function of the
// estimate and the machine's memory so that tests pin its thresholds; confirm_graph_memory only
// adds the dialog.
#include <QString>
#include <cstdint>
#include <optional>
#include <string>

class QWidget;

namespace dimerlab::app {

// Ask above 1 GiB, or above a quarter of physical memory on a small machine.
inline constexpr long double kAskAboveBytes = 1024.0L * 1024.0L * 1024.0L;
inline constexpr long double kAskAboveMemoryFraction = 0.25L;
// Refuse above the graph builder's own limit (memory_share: half of physical memory, less when
// less is available now), here applied to the whole lab (graph, chain, snapshots, drawing geometry).

// Bytes for the graph (graph_memory_estimate) plus what the lab keeps per vertex and edge: the
// chain's and the snapshots' mate arrays and the drawing geometry. Empty for specs whose size is
// only known once read (file:) and for specs that do not parse (the panel reports those).
std::optional<long double> estimate_lab_memory(const std::string& spec);

enum class MemoryVerdict { build, ask, refuse };

struct MemoryDecision {
    MemoryVerdict verdict = MemoryVerdict::build;
    long double bytes = 0;
    QString message;  // one line with the estimate; empty for build
};

// physical_bytes = 0 (unknown): ask above kAskAboveBytes, never refuse on physical memory (the
// builder still checks). available_bytes = 0: unknown, not counted.
MemoryDecision decide_memory(long double bytes, std::uint64_t physical_bytes,
                             std::uint64_t available_bytes = 0);
// estimate_lab_memory + decide_memory against this machine's memory; build when the size is unknown.
MemoryDecision decide_graph_memory(const std::string& spec);

// Shows the estimate and asks when decide_graph_memory says ask. Returns true to go ahead; on
// false, `refusal` (if given) holds the message for a refused build and stays empty when the user
// said no.
bool confirm_graph_memory(QWidget* parent, const std::string& spec, QString* refusal = nullptr);

}  // namespace dimerlab::app
