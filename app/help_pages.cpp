#include "help_pages.hpp"

#include <QStringList>
#include <QtGlobal>
#include <map>
#include <string_view>

#include "dimerlab_lab/sampler_factory.hpp"
#include "graph/families/family_table.hpp"
#include "lecture_keys.hpp"

namespace dimerlab::app {

namespace {

// A plain-words line per family; a family the table gains without one still gets its row.
QString family_words(std::string_view name) {
    static const std::map<std::string_view, const char*> words = {
        {"grid", "square grid, W columns by H rows"},
        {"torus", "square grid whose edges wrap around (no boundary)"},
        {"hex", "hexagonal (honeycomb) lattice"},
        {"tri", "triangular lattice"},
        {"aztec", "Aztec diamond of order N (its perfect matchings are domino tilings)"},
        {"complete", "every pair of the N vertices joined"},
        {"bipartite", "complete bipartite graph: every one of A vertices joined to every one of B"},
        {"path", "N vertices in a line"},
        {"cycle", "N vertices in a ring"},
        {"hypercube", "the D-dimensional cube: 2^D vertices"},
        {"petersen", "the Petersen graph (10 vertices, 15 edges)"},
        {"regular", "random D-regular graph on N vertices"},
        {"gnp", "random graph: each pair joined with probability P"},
        {"gnm", "random graph with exactly M edges"},
        {"file", "a graph read from a file (edge list, Matrix Market, …)"},
        {"region", "a region of squares (dominoes) or triangles (lozenges) typed as text, '#' for a cell"},
    };
    const auto it = words.find(name);
    return it == words.end() ? QString() : QString::fromUtf8(it->second);
}

QString html_escaped(std::string_view text) {
    return QString::fromUtf8(text.data(), qsizetype(text.size())).toHtmlEscaped();
}

}  // namespace

QString what_am_i_looking_at_html() {
    return QStringLiteral(
        "<h2>What am I looking at?</h2>"
        "<p>The picture is a <b>graph</b>: dots (vertices) joined by lines (edges). A <b>dimer</b> is an "
        "edge that is switched on: it covers its two end vertices, drawn as a thick coloured bar. No "
        "two dimers share a vertex, so the dimers form a <i>matching</i>. A vertex that no dimer "
        "covers is a <b>monomer</b>, drawn as a disc.</p>"
        "<p>The <b>monomer–dimer model</b> picks a matching <i>M</i> at random with probability "
        "proportional to λ<sup>|M|</sup>, where |M| is the number of dimers. The <b>dimer activity "
        "λ</b> is the one knob: large λ favours many dimers (few monomers, close to a tiling), small λ "
        "favours few dimers (mostly monomers). At λ = 1 every matching is equally likely. "
        "Type <b>inf</b> or <b>∞</b> for λ (or move the Model panel's slider to its right end): "
        "the <b>dimer model</b>, every perfect matching (a tiling) equally likely; the chain "
        "restarts, and needs a graph with a perfect matching and a dynamics that moves one "
        "(shuffle on an Aztec diamond, rotation).</p>"
        "<p>The picture moves because a <b>Markov chain</b> runs: at each update it picks an edge and "
        "adds, removes or slides a dimer with the right probabilities (the <i>dynamics</i>: Glauber, "
        "Jerrum–Sinclair or chromatic). After enough <b>sweeps</b> (one sweep = as many updates as "
        "there are edges) the picture is a fair sample from the model.</p>"
        "<h3>The panels</h3><ul>"
        "<li><b>Model</b>: a preset's title and description, then which graph (typed, or picked "
        "as a family and its sizes), λ, seed, dynamics, backend (CPU or CUDA), start and speed. "
        "<i>Apply</i> rebuilds the chain from update 0.</li>"
        "<li><b>Diagnostics</b>: live plots of the density of dimers and monomers, and on request "
        "checks that the chain has mixed (R̂ over four chains, coalescence, parallel rounds). Each "
        "result says in one line what it means.</li>"
        "<li><b>Partition function</b>: Z(λ), the sum of λ<sup>|M|</sup> over all matchings, "
        "computed exactly for small graphs and estimated with an error bar for large ones.</li>"
        "<li><b>Verification</b>: which claims about the program have been proved or tested, and "
        "<i>Check now</i> to test this graph live.</li>"
        "<li>The <b>HUD</b> in the corner of the picture: play/pause, step, a λ slider and live "
        "counts. <b>H</b> hides and shows it.</li></ul>"
        "<h3>Colours</h3><ul>"
        "<li><b>plain</b>: dimers orange, monomers blue.</li>"
        "<li><b>orientation × parity</b>: four dimer colours on lattices (horizontal/vertical × which "
        "sublattice the dimer starts on): large single-coloured regions are frozen, brick-like "
        "phases.</li>"
        "<li><b>monomer heat map</b>: how often each vertex was a monomer over the frames shown.</li>"
        "<li><b>exact marginals</b>: the exact probability that each vertex is a monomer at the "
        "current λ (small graphs only).</li>"
        "<li><b>tiles</b>: each dimer drawn as its domino (square lattices) or lozenge (honeycomb: a "
        "pile of cubes).</li>"
        "<li><b>height function</b>: the tiling's height on every face, low to high.</li>"
        "<li><b>exact probabilities</b>: every edge coloured by the exact probability that a dimer "
        "sits on it in a uniform perfect matching (λ = ∞), from 0 to 1, for Aztec diamonds up to "
        "order 400, lozenge regions and small drawn regions: on aztec:200 the arctic circle appears without "
        "any "
        "sampling. Zoomed in, the dimers of the running chain are drawn wider.</li>"
        "<li><b>exact probabilities: chain − exact</b>: the chain's share of frames with a dimer on "
        "each edge minus the exact probability, blue below and red above; it fades to white as the "
        "chain converges to the exact law.</li>"
        "<li><b>edge weights</b>: every edge by its weight, from the lightest to the heaviest.</li>"
        "<li><b>slope of the expected height</b>: a tiling is a surface (the height function), and a "
        "large random one follows a limit shape; each edge is coloured by how steep that shape is "
        "there, exactly (λ = ∞). Purple is flat, yellow the steepest: on the two-periodic Aztec "
        "diamond the flat middle is the smooth (gas) phase, the yellow corners are frozen.</li></ul>");
}

QString graph_spec_grammar_html() {
    QString rows;
    for (const families::FamilyDescriptor& f : families::family_table()) {
        rows +=
            QString("<tr><td><code>%1</code></td><td><code>%2</code></td><td>%3</td></tr>")
                .arg(html_escaped(f.usage), html_escaped(f.example), family_words(f.name).toHtmlEscaped());
    }
    return QStringLiteral(
               "<h2>Graph specs</h2>"
               "<p>A graph is named by a spec <code>family:parameters</code>, typed in the Model panel's "
               "<i>Graph</i> field (and accepted by <code>dimerlab-cli --graph</code>). Sizes are whole "
               "numbers; two sizes are written <code>WxH</code>; random families take an optional "
               "<code>seed=S</code> (default 1), so the same spec always gives the same graph. A "
               "mistake is shown under the field as you type, with the expected form.</p>"
               "<table border='1' cellpadding='4' cellspacing='0'>"
               "<tr><th>form</th><th>example</th><th>what it is</th></tr>") +
           rows + QStringLiteral("</table>");
}

QString shortcuts_html() {
    return QStringLiteral("<h2>Keyboard and mouse</h2>") + shortcuts_table_html() + draw_mode_table_html();
}

QString about_html() {
    const CudaAvailability cuda = cuda_availability();
#ifdef DIMERLAB_HAVE_CUDA
    const QString cuda_built = "built with the CUDA backend";
#else
    const QString cuda_built = "built without the CUDA backend";
#endif
    const QString cuda_here =
        cuda.available ? "CUDA available: " + QString::fromStdString(cuda.device).toHtmlEscaped()
                       : "CUDA not available here: " + QString::fromStdString(cuda.reason).toHtmlEscaped();
    return QString(
               "<h2>dimerlab %1</h2>"
               "<p>Random matchings of graphs (the monomer–dimer model), sampled live.</p>"
               "<p><b>Build:</b> %2, %3, Qt %4 (running on Qt %5).</p>"
               "<p><b>%6</b></p>")
        .arg(QStringLiteral(DIMERLAB_VERSION), QStringLiteral(DIMERLAB_BUILD_TYPE), cuda_built,
             QStringLiteral(QT_VERSION_STR), QString::fromUtf8(qVersion()), cuda_here);
}

}  // namespace dimerlab::app
