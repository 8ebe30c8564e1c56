#pragma once
// The Help menu's pages as HTML, kept apart from the dialog that shows them so their content is
// tested without a window. The graph-spec page is generated from the family table the spec
// parser reads, so it lists exactly the families `--graph` accepts.
#include <QString>

namespace dimerlab::app {

// The monomer–dimer model in plain words: dimers, monomers, λ, and what each panel shows.
QString what_am_i_looking_at_html();
// `family:params`, one row per family (usage and example from the family table).
QString graph_spec_grammar_html();
// Keyboard and mouse: the window's shortcuts and the viewport's gestures.
QString shortcuts_html();
// Version, build options and whether CUDA can run here (and why not).
QString about_html();

}  // namespace dimerlab::app
