// The default palette is told apart by a whole class: every pair of colours a picture asks the
// viewer to distinguish stays at least kMinimumDifference (CIEDE2000) apart for normal vision and
// for simulated protanopia, deuteranopia and tritanopia. The classic palette is kept selectable,
// and the test records where it falls short (which is why it is not the default). The colour
// science is checked first against published values.
#include <QtTest>
#include <string>
#include <vector>

#include "colour_vision.hpp"
#include "dimerlab_render/palette.hpp"

using namespace dimerlab;
using namespace dimerlab::render;
using namespace dimerlab::testing;

namespace {

// About five times a just-noticeable difference: colours this far apart are told apart at a
// glance on a projector, not only side by side.
constexpr double kMinimumDifference = 15;

struct Named {
    std::string name;
    Srgb colour;
};

Srgb srgb(const float (&c)[3]) {
    return {c[0], c[1], c[2]};
}
Srgb srgb(const palette::Rgb& c) {
    return {c[0], c[1], c[2]};
}

// Each group: colours that one picture shows side by side and the legend names apart.
std::vector<std::pair<std::string, std::vector<Named>>> groups_to_tell_apart(const Palette& p) {
    std::vector<std::pair<std::string, std::vector<Named>>> out;
    out.push_back(
        {"plain", {{"dimer", srgb(p.dimer[4])}, {"monomer", srgb(p.monomer)}, {"edge", srgb(p.edge)}}});
    out.push_back({"dominoes",
                   {{"horizontal even", srgb(p.domino[0])},
                    {"horizontal odd", srgb(p.domino[1])},
                    {"vertical even", srgb(p.domino[2])},
                    {"vertical odd", srgb(p.domino[3])},
                    {"monomer", srgb(p.monomer)}}});
    out.push_back({"orientation x parity",
                   {{"horizontal even", srgb(p.dimer[0])},
                    {"horizontal odd", srgb(p.dimer[1])},
                    {"vertical even", srgb(p.dimer[2])},
                    {"vertical odd", srgb(p.dimer[3])},
                    {"monomer", srgb(p.monomer)},
                    {"background", srgb(p.background)}}});
    out.push_back({"lozenges",
                   {{"1st direction", srgb(p.lozenge[0])},
                    {"2nd direction", srgb(p.lozenge[1])},
                    {"3rd direction", srgb(p.lozenge[2])},
                    {"monomer", srgb(p.monomer)}}});
    // The height ramp at eleven points against the defect colour, and its three stops apart.
    std::vector<Named> heights{{"defect", srgb(p.height_defect)}};
    for (int k = 0; k <= 10; ++k) {
        const double t = k / 10.0;
        const palette::Rgb& a = t < 0.5 ? p.height_low : p.height_mid;
        const palette::Rgb& b = t < 0.5 ? p.height_mid : p.height_high;
        const double u = t < 0.5 ? 2 * t : 2 * t - 1;
        heights.push_back({"ramp at " + std::to_string(k * 10) + "%",
                           {a[0] + u * (b[0] - a[0]), a[1] + u * (b[1] - a[1]), a[2] + u * (b[2] - a[2])}});
    }
    out.push_back({"height defect against the ramp", heights});
    out.push_back(
        {"height ramp stops",
         {{"low", srgb(p.height_low)}, {"mid", srgb(p.height_mid)}, {"high", srgb(p.height_high)}}});
    return out;
}

struct Closest {
    double difference = 1e9;
    std::string where;
};

// The closest pair the palette asks to tell apart, over every group and colour vision. In the
// height group only the defect is compared with the ramp (the ramp's points are meant to blend).
// `only`: one group by name (empty: all).
Closest closest_pair(const Palette& p, const std::string& only = {}) {
    Closest c;
    for (const auto& [group, colours] : groups_to_tell_apart(p)) {
        if (!only.empty() && group != only) continue;
        const bool defect_only = group == "height defect against the ramp";
        for (const ColourVision v : kColourVisions) {
            for (std::size_t i = 0; i < colours.size(); ++i) {
                for (std::size_t j = i + 1; j < colours.size(); ++j) {
                    if (defect_only && i != 0) continue;
                    const double d = ciede2000(seen_as(v, colours[i].colour), seen_as(v, colours[j].colour));
                    if (d < c.difference) {
                        c.difference = d;
                        c.where = group + ": " + colours[i].name + " and " + colours[j].name + " under " +
                                  colour_vision_name(v);
                    }
                }
            }
        }
    }
    return c;
}

}  // namespace

class TestPaletteColourVision : public QObject {
    Q_OBJECT

  private slots:
    // Sharma, Wu and Dalal (2005), Table 1: pairs 1, 2, 3, 7, 17, 18, 19 and 20, to four decimals.
    void ciede2000_matches_the_published_test_pairs() {
        struct Pair {
            Lab a, b;
            double expected;
        };
        const Pair pairs[] = {
            {{50, 2.6772, -79.7751}, {50, 0, -82.7485}, 2.0425},
            {{50, 3.1571, -77.2803}, {50, 0, -82.7485}, 2.8615},
            {{50, 2.8361, -74.0200}, {50, 0, -82.7485}, 3.4412},
            {{50, 0, 0}, {50, -1, 2}, 2.3669},
            {{50, 2.5, 0}, {73, 25, -18}, 27.1492},
            {{50, 2.5, 0}, {61, -5, 29}, 22.8977},
            {{50, 2.5, 0}, {56, -27, -3}, 31.9030},
            {{50, 2.5, 0}, {58, 24, 15}, 19.4535},
        };
        for (const Pair& p : pairs) {
            QVERIFY2(std::abs(ciede2000(p.a, p.b) - p.expected) < 5e-5,
                     qPrintable(QString::number(ciede2000(p.a, p.b))));
            QVERIFY(std::abs(ciede2000(p.b, p.a) - p.expected) < 5e-5);  // symmetric
        }
    }

    // Dichromacy removes one dimension of colour, never lightness: greys stay where they were, and
    // the classic red-green pair collapses under deuteranopia, as the simulation must show.
    void simulation_keeps_greys_and_merges_red_and_green_for_deuteranopes() {
        for (const ColourVision v : kColourVisions) {
            for (const double g : {0.0, 0.5, 1.0}) {
                const Lab seen = seen_as(v, {g, g, g});
                const Lab plain = seen_as(ColourVision::normal, {g, g, g});
                QVERIFY(ciede2000(seen, plain) < 1.0);
            }
        }
        const Srgb red{215 / 255.0, 48 / 255.0, 39 / 255.0}, green{60 / 255.0, 170 / 255.0, 90 / 255.0};
        const double normal =
            ciede2000(seen_as(ColourVision::normal, red), seen_as(ColourVision::normal, green));
        const double deutan =
            ciede2000(seen_as(ColourVision::deuteranopia, red), seen_as(ColourVision::deuteranopia, green));
        QVERIFY(normal > 60);
        QVERIFY(deutan < normal / 4);
    }

    void default_palette_is_told_apart_with_every_colour_vision() {
        QVERIFY(&palette_of(PaletteKind::colour_blind_safe) == &palette::kColourBlindSafe);
        const Closest c = closest_pair(palette::kColourBlindSafe);
        QVERIFY2(
            c.difference >= kMinimumDifference,
            qPrintable(QString("ΔE00 %1 for %2").arg(c.difference).arg(QString::fromStdString(c.where))));
    }

    // The classic colours fall short for deuteranopes (red and green dominoes), for protanopes
    // (purple and blue in orientation x parity) and at height defects (grey on the teal of the
    // ramp): kept selectable, not the default.
    void classic_palette_falls_short_where_it_was_replaced() {
        for (const char* group : {"dominoes", "orientation x parity", "height defect against the ramp"}) {
            const Closest c = closest_pair(palette::kClassic, group);
            QVERIFY2(c.difference < kMinimumDifference, qPrintable(QString::fromStdString(c.where)));
        }
        QVERIFY(closest_pair(palette::kClassic, "dominoes").where.find("deuteranopia") != std::string::npos);
    }

    void palettes_have_names_that_read_back() {
        for (const PaletteKind k : kPaletteKinds)
            QCOMPARE(parse_palette_name(palette_name(k)), std::optional(k));
        QVERIFY(!parse_palette_name("okabe"));
        QCOMPARE(std::string(palette_name(PaletteKind::colour_blind_safe)), std::string("colour-blind-safe"));
    }
};

QTEST_GUILESS_MAIN(TestPaletteColourVision)
#include "test_palette_colour_vision.moc"
