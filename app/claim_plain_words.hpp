#pragma once
// Each verification claim in words a student can read; the manifest's technical statement stays
// one click away (the panel's details). Keyed by claim id: a claim the manifest gains without an
// entry here is shown by its technical statement, and a test lists it.
#include <QString>
#include <string_view>

namespace dimerlab::app {

// Empty when the claim has no plain-words entry.
QString claim_plain_words(std::string_view claim_id);

// The legend of the status words the panel uses.
QString verification_legend_html();

}  // namespace dimerlab::app
