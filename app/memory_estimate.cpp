#include "memory_estimate.hpp"

#include <QMessageBox>
#include <exception>

#include "graph/families/families.hpp"
#include "graph/graph_limits.hpp"
#include "graph/graph_spec.hpp"

namespace dimerlab::app {

namespace {

// Per vertex: five mate arrays (the chain's, the exchange's two buffers, the controller's shown
// snapshot, the panels' copy) and the drawing points. Per edge, measured rather than counted: the
// drawn instances with their class and picking index, the GL driver's copies of the instance and
// state buffers, the chain's and the panels' per-edge tables and the peaks while they are built.
// Peak resident memory of `dimerlab --graph SPEC --frames 2` under Xvfb, less the 150 MB of an
// empty lab: complete:1000 (5·10⁵ edges) 808 MB, grid:500x500 (5·10⁵ edges, 2.5·10⁵ vertices)
// 362 MB; complete:3000 was seen at about 2.4 GB. 480 bytes per edge puts complete:3000 at
// 2.2 GB (so Apply asks) and overstates grid:500x500 by about a quarter.
constexpr long double kLabBytesPerVertex = 5 * 4 + 24;
constexpr long double kLabBytesPerEdge = 480;

QString bytes_text(long double bytes) {
    return QString::fromStdString(format_bytes(bytes));
}

}  // namespace

std::optional<long double> estimate_lab_memory(const std::string& spec) {
    GraphSpec parsed;
    try {
        parsed = parse_graph_spec(spec);
    } catch (const std::exception&) {
        return std::nullopt;
    }
    if (parsed.family == "file") return std::nullopt;
    const families::FamilySize size = families::family_size(parsed);
    return graph_memory_estimate(size.n, size.m) + size.extra_bytes + kLabBytesPerVertex * size.n +
           kLabBytesPerEdge * size.m;
}

MemoryDecision decide_memory(long double bytes, std::uint64_t physical_bytes, std::uint64_t available_bytes) {
    MemoryDecision d;
    d.bytes = bytes;
    const long double physical = static_cast<long double>(physical_bytes);
    const MemoryShare share = memory_share(physical_bytes, available_bytes);
    if (share.limit != 0 && bytes > static_cast<long double>(share.limit)) {
        d.verdict = MemoryVerdict::refuse;
        d.message = QString("this graph needs about %1 of memory; %2")
                        .arg(bytes_text(bytes), QString::fromStdString(share.words));
    } else if (bytes > kAskAboveBytes ||
               (physical_bytes != 0 && bytes > kAskAboveMemoryFraction * physical)) {
        d.verdict = MemoryVerdict::ask;
        d.message = physical_bytes != 0
                        ? QString("this graph needs about %1 of memory (this machine has %2)")
                              .arg(bytes_text(bytes), bytes_text(physical))
                        : QString("this graph needs about %1 of memory").arg(bytes_text(bytes));
    }
    return d;
}

MemoryDecision decide_graph_memory(const std::string& spec) {
    const std::optional<long double> bytes = estimate_lab_memory(spec);
    if (!bytes) return {};
    return decide_memory(*bytes, physical_memory_bytes(), available_memory_bytes());
}

bool confirm_graph_memory(QWidget* parent, const std::string& spec, QString* refusal) {
    if (refusal) refusal->clear();
    const MemoryDecision d = decide_graph_memory(spec);
    switch (d.verdict) {
        case MemoryVerdict::build:
            return true;
        case MemoryVerdict::refuse:
            if (refusal) *refusal = QString::fromStdString(spec) + ": " + d.message;
            return false;
        case MemoryVerdict::ask:
            break;
    }
    const auto answer =
        QMessageBox::question(parent, "Build a large graph?",
                              QString("%1: %2.\nBuilding it may take a while and slow the machine. Build it?")
                                  .arg(QString::fromStdString(spec), d.message),
                              QMessageBox::Yes | QMessageBox::No, QMessageBox::No);
    return answer == QMessageBox::Yes;
}

}  // namespace dimerlab::app
