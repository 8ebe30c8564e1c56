// The Model panel's controls for the dimer model and the new dynamics, as plain widgets under the
// offscreen platform: λ = ∞ typed in every spelling parse_lambda reads and at the slider's end;
// the dynamics list against the names the core's own parser lists; the family picker against
// GraphSpec::canonical for every family of the core's table; each preset's title and description
// on the panel. The window's side (rebuilding across ∞, refusals) is test_app_lambda_infinity.
#include <QApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QtTest>
#include <cmath>
#include <set>

#include "diagnostics/panel_applicability.hpp"
#include "diagnostics_panel.hpp"
#include "dimerlab_lab/preset.hpp"
#include "dynamics_choices.hpp"
#include "family_picker.hpp"
#include "graph/families/family_table.hpp"
#include "graph/graph_spec.hpp"
#include "gui_words.hpp"
#include "lambda_range.hpp"
#include "lambda_spin_box.hpp"
#include "model/lambda_record.hpp"
#include "model/matching.hpp"
#include "model_panel.hpp"
#include "partition_panel.hpp"
#include "sampling/sampler.hpp"
#include "sampling/sampler_factory.hpp"
#include "sampling/start_state.hpp"
#include "trimmed_spin_box.hpp"
#include "typed_entry.hpp"

using namespace dimerlab;
using namespace dimerlab::app;

namespace {

// The names a core parser lists in its refusal ("expected a, b, … or z"): a source independent
// of the panel's enumeration.
template <class Parse>
QStringList names_the_parser_lists(Parse parse) {
    QString message;
    try {
        parse("no-such-name");
    } catch (const std::exception& e) {
        message = QString::fromUtf8(e.what());
    }
    const QString list = message.section("expected ", 1);
    QStringList names;
    for (const QString& part : list.split(QRegularExpression(",\\s*|\\s+or\\s+"), Qt::SkipEmptyParts))
        names << part.trimmed();
    return names;
}

using app::testing::commit_text;

}  // namespace

class TestAppModelControls : public QObject {
    Q_OBJECT
  private slots:
    void lambda_entry_reads_every_spelling_of_infinity() {
        for (const QString& spelling : {QString("inf"), QString("infinity"), QString("Inf"),
                                        QString::fromUtf8("∞"), QString("INFINITY")}) {
            ModelPanel panel;
            panel.show();
            QSignalSpy changed(&panel, &ModelPanel::lambda_changed);
            commit_text(panel.lambda_entry(), spelling);
            QVERIFY2(is_infinite_lambda(panel.lambda()), qPrintable(spelling));
            QCOMPARE(panel.lambda_entry()->text(), QString::fromUtf8("∞"));  // shown as ∞
            QCOMPARE(panel.lambda_slider()->value(), lambda_slider_infinity_position());
            QCOMPARE(changed.size(), 1);
            QVERIFY(is_infinite_lambda(changed.at(0).at(0).toDouble()));
            QVERIFY(panel.pending_session().record.infinite());
        }
        // A number still reads as a number, and a word that does not name ∞ cannot be typed.
        ModelPanel panel;
        panel.show();
        commit_text(panel.lambda_entry(), "2.5");
        QCOMPARE(panel.lambda(), 2.5);
        commit_text(panel.lambda_entry(), "abc");  // the validator takes none of these keys
        QCOMPARE(panel.lambda(), 2.5);
    }

    void lambda_slider_has_an_infinity_end() {
        QCOMPARE(lambda_slider_infinity_position(), lambda_slider_steps() + 1);
        QVERIFY(is_infinite_lambda(lambda_at_slider_position(lambda_slider_infinity_position())));
        QCOMPARE(lambda_slider_position(kInfiniteLambda), lambda_slider_infinity_position());
        QCOMPARE(lambda_at_slider_position(lambda_slider_steps()), kLambdaMax);  // finite end unchanged
        QVERIFY(lambda_range_error(kInfiniteLambda).empty());
        ModelPanel panel;
        QSignalSpy changed(&panel, &ModelPanel::lambda_changed);
        panel.lambda_slider()->setValue(lambda_slider_infinity_position());
        QVERIFY(is_infinite_lambda(panel.lambda()));
        QCOMPARE(changed.size(), 1);
        // One step back from ∞ is the top of the finite scale.
        panel.lambda_slider()->setValue(lambda_slider_steps());
        QCOMPARE(panel.lambda(), kLambdaMax);
        // set_lambda(∞) from elsewhere moves both and emits nothing.
        changed.clear();
        panel.set_lambda(kInfiniteLambda);
        QCOMPARE(panel.lambda_slider()->value(), lambda_slider_infinity_position());
        QCOMPARE(panel.lambda_entry()->text(), QString::fromUtf8("∞"));
        QCOMPARE(changed.size(), 0);
    }

    void lambda_entry_steps_between_the_finite_top_and_infinity() {
        LambdaSpinBox box;
        box.setValue(kLambdaMax);
        box.stepBy(1);
        QVERIFY(is_infinite_lambda(box.value()));
        box.stepBy(1);  // nothing beyond ∞
        QVERIFY(is_infinite_lambda(box.value()));
        box.stepBy(-1);
        QCOMPARE(box.value(), kLambdaMax);
        QCOMPARE(lambda_display_text(kInfiniteLambda), QString::fromUtf8("∞"));
        QCOMPARE(lambda_display_text(2.5), QString("2.5"));
    }
    void lambda_entry_shows_no_trailing_zeros_and_reads_back_what_it_shows() {
        LambdaSpinBox box;
        for (const double lambda : {5.0, 0.25, 1e-3, 123.5, 1e6}) {
            box.setValue(lambda);
            const QString shown = box.text();
            QVERIFY2(!shown.endsWith('0') || !shown.contains(box.locale().decimalPoint()), qPrintable(shown));
            QCOMPARE(box.valueFromText(shown), box.value());
        }
        box.setValue(5.0);
        QCOMPARE(box.text(), QString("5"));
    }

    void every_dynamics_the_core_names_is_listed() {
        const QStringList names = names_the_parser_lists(parse_dynamics);
        QVERIFY2(names.size() >= 6, qPrintable(names.join('|')));  // glauber … glauber+rotation today
        ModelPanel panel;
        QComboBox* box = panel.dynamics_box();
        QStringList listed;
        for (int i = 0; i < box->count(); ++i) listed << box->itemText(i);
        QCOMPARE(listed, names);  // every one, in the enum's order, nothing else
        QCOMPARE(qsizetype(core_dynamics().size()), names.size());
        auto* items = qobject_cast<QStandardItemModel*>(box->model());
        QVERIFY(items != nullptr);
        for (int i = 0; i < box->count(); ++i) {
            const Dynamics d = parse_dynamics(box->itemText(i).toStdString());
            const QString tip = box->itemData(i, Qt::ToolTipRole).toString();
            QVERIFY2(!tip.isEmpty(), qPrintable(box->itemText(i)));
            const QString why_not = dynamics_unavailable_reason(d);
            // Enabled exactly when the factory builds it; a disabled one says why in its tooltip.
            QCOMPARE(items->item(i)->isEnabled(), why_not.isEmpty());
            if (!why_not.isEmpty()) QCOMPARE(tip, why_not);
        }
        // Today's six all run in the app.
        for (const char* name :
             {"glauber", "jerrum-sinclair", "chromatic", "shuffle", "rotation", "glauber+rotation"})
            QVERIFY2(dynamics_unavailable_reason(parse_dynamics(name)).isEmpty(), name);
        // Choosing one goes into the session Apply requests.
        box->setCurrentText("shuffle");
        QCOMPARE(panel.pending_session().dynamics, Dynamics::shuffle);
        QVERIFY(box->toolTip().contains("aztec"));
    }

    void every_start_the_core_names_is_listed() {
        const QStringList names = names_the_parser_lists(parse_start_kind);
        QVERIFY2(names.size() >= 3, qPrintable(names.join('|')));
        ModelPanel panel;
        QStringList listed;
        for (int i = 0; i < panel.start_box()->count(); ++i) listed << panel.start_box()->itemText(i);
        QCOMPARE(listed, names);
    }

    void family_picker_writes_the_spec() {
        ModelPanel panel;
        FamilyPicker* picker = panel.family_picker();
        picker->family_box()->setCurrentIndex(picker->family_box()->findData("grid"));
        QCOMPARE(picker->size_boxes().size(), std::size_t{2});
        picker->size_boxes()[0]->setValue(12);
        picker->size_boxes()[1]->setValue(8);
        QCOMPARE(panel.spec_edit()->text(), QString("grid:12x8"));
        QVERIFY(panel.spec_valid());
        QCOMPARE(panel.pending_session().graph, std::string("grid:12x8"));
        // Three sizes, and a random family's seed.
        picker->family_box()->setCurrentIndex(picker->family_box()->findData("hexagon"));
        picker->size_boxes()[0]->setValue(3);
        picker->size_boxes()[1]->setValue(4);
        picker->size_boxes()[2]->setValue(5);
        QCOMPARE(panel.spec_edit()->text(), QString("hexagon:3,4,5"));
        picker->family_box()->setCurrentIndex(picker->family_box()->findData("regular"));
        picker->size_boxes()[0]->setValue(100);
        picker->seed_box()->setValue(9);
        QVERIFY2(panel.spec_edit()->text().startsWith("regular:100,"), qPrintable(panel.spec_edit()->text()));
        QVERIFY(panel.spec_edit()->text().endsWith(",seed=9"));
        QVERIFY(picker->seed_box()->isVisibleTo(picker));
    }

    // The weight options are fields too: a typed spec fills them, editing a size keeps them (it used
    // to drop them), editing one writes the canonical spec, and a bad weight reaches the spec field
    // as typed, where the parser's reason shows.
    void family_picker_keeps_and_edits_the_weights() {
        ModelPanel panel;
        FamilyPicker* picker = panel.family_picker();
        panel.spec_edit()->setText("aztec:20,a=0.5");
        QCOMPARE(picker->weight_option_names(), (QStringList{"a", "b"}));
        QCOMPARE(picker->weight_edits()[0]->text(), QString("1/2"));
        QCOMPARE(picker->weight_edits()[1]->text(), QString("1"));
        picker->size_boxes()[0]->setValue(30);
        QCOMPARE(panel.spec_edit()->text(), QString("aztec:30,a=1/2,b=1"));
        const auto type_into = [](QLineEdit* edit, const QString& text) {
            edit->setFocus();
            edit->selectAll();
            QTest::keyClicks(edit, text);
            QTest::keyClick(edit, Qt::Key_Return);
        };
        picker->family_box()->setCurrentIndex(picker->family_box()->findData("torus"));
        QCOMPARE(picker->weight_option_names(), (QStringList{"h", "v"}));
        type_into(picker->weight_edits()[0], "2:0.5");
        QCOMPARE(panel.spec_edit()->text(), QString("torus:32x32,h=2:1/2"));
        QVERIFY(panel.spec_valid());
        type_into(picker->weight_edits()[1], "0");
        QCOMPARE(panel.spec_edit()->text(), QString("torus:32x32,h=2:1/2,v=0"));
        QVERIFY(!panel.spec_valid());
        picker->family_box()->setCurrentIndex(picker->family_box()->findData("hexagon"));
        QCOMPARE(picker->weight_option_names(), (QStringList{"q"}));
        type_into(picker->weight_edits()[0], "0.97");
        QCOMPARE(panel.spec_edit()->text(), QString("hexagon:60,60,60,q=97/100"));
        picker->family_box()->setCurrentIndex(picker->family_box()->findData("complete"));
        QVERIFY(picker->weight_edits().empty());
    }

    void typed_spec_fills_the_family_picker() {
        ModelPanel panel;
        FamilyPicker* picker = panel.family_picker();
        QSignalSpy edited(picker, &FamilyPicker::spec_edited);
        panel.spec_edit()->setText("hex:40x30");
        QCOMPARE(picker->family_box()->currentData().toString(), QString("hex"));
        QCOMPARE(picker->size_boxes().size(), std::size_t{2});
        QCOMPARE(picker->size_boxes()[0]->value(), 40);
        QCOMPARE(picker->size_boxes()[1]->value(), 30);
        QCOMPARE(edited.size(), 0);  // following the text never rewrites it
        QCOMPARE(panel.spec_edit()->text(), QString("hex:40x30"));
        // Half typed: the family follows, the text stays as typed.
        panel.spec_edit()->setText("aztec:");
        QCOMPARE(picker->family_box()->currentData().toString(), QString("aztec"));
        QCOMPARE(panel.spec_edit()->text(), QString("aztec:"));
        QVERIFY(!panel.spec_valid());
        // A loaded session fills it too.
        Session s;
        s.graph = "torus:6x4";
        panel.set_session(s);
        QCOMPARE(picker->family_box()->currentData().toString(), QString("torus"));
        QCOMPARE(picker->size_boxes()[0]->value(), 6);
        QCOMPARE(picker->size_boxes()[1]->value(), 4);
    }

    // Text → fields → text, and fields → text → fields, for every family of the core's table.
    void every_family_round_trips() {
        ModelPanel panel;
        FamilyPicker* picker = panel.family_picker();
        std::set<std::string> seen;
        for (const families::FamilyDescriptor& f : families::family_table()) {
            const QString name = QString::fromUtf8(f.name.data(), qsizetype(f.name.size()));
            const QString example = QString::fromUtf8(f.example.data(), qsizetype(f.example.size()));
            QVERIFY2(picker->family_box()->findData(name) >= 0, qPrintable(name));
            seen.insert(std::string(f.name));
            panel.spec_edit()->setText(example);
            QCOMPARE(picker->family_box()->currentData().toString(), name);
            const GraphSpec parsed = parse_graph_spec(example.toStdString());
            const QString canonical = QString::fromStdString(parsed.canonical());
            QCOMPARE(picker->spec_text(), canonical);
            if (f.shape == families::FamilyShape::file) continue;  // a path, no fields
            QCOMPARE(picker->size_boxes().size(), parsed.dims.size());
            for (std::size_t i = 0; i < parsed.dims.size(); ++i)
                QCOMPARE(std::uint64_t(picker->size_boxes()[i]->value()), parsed.dims[i]);
            // Choosing the family anew from another one writes a spec that parses to the same family.
            picker->family_box()->setCurrentIndex(
                picker->family_box()->findData(name == "grid" ? "torus" : "grid"));
            picker->family_box()->setCurrentIndex(picker->family_box()->findData(name));
            QVERIFY2(panel.spec_valid(), qPrintable(panel.spec_edit()->text() + ": " + panel.spec_error()));
            QCOMPARE(QString::fromStdString(parse_graph_spec(panel.spec_edit()->text().toStdString()).family),
                     name);
            // Edited fields → text → the same fields.
            if (!picker->size_boxes().empty()) {
                QSpinBox* first = picker->size_boxes()[0];
                first->setValue(first->value() + 2);  // + 2 keeps N·D even for regular
                const GraphSpec again = parse_graph_spec(panel.spec_edit()->text().toStdString());
                QCOMPARE(std::uint64_t(first->value()), again.dims[0]);
                QCOMPARE(panel.spec_edit()->text(), QString::fromStdString(again.canonical()));
            }
        }
        QCOMPARE(int(seen.size()), picker->family_box()->count());
    }

    void every_preset_speed_survives_the_model_panel() {
        // aztec-shuffle plays one shuffling step per frame at 10⁻⁵ sweeps/frame: the panel must
        // keep that value (a 0.01 floor would make Apply run 400 steps a frame).
        for (const QString& name : preset_names()) {
            ModelPanel panel;
            const Session preset = load_preset(name);
            panel.set_session(preset);
            QCOMPARE(panel.speed_box()->value(), preset.sweeps_per_frame);
            QCOMPARE(panel.pending_session().sweeps_per_frame, preset.sweeps_per_frame);
            QCOMPARE(panel.speed_box()->valueFromText(panel.speed_box()->text()), preset.sweeps_per_frame);
        }
        SweepsSpinBox box;
        box.setValue(1.0);
        QCOMPARE(box.text(), QString("1"));
        box.setValue(1e-5);
        QCOMPARE(box.text(), QString("0.00001"));
    }

    void each_preset_shows_its_title_and_description() {
        const QStringList names = preset_names();
        QVERIFY(!names.isEmpty());
        for (const QString& name : names) {
            ModelPanel panel;
            panel.show();
            const Session preset = load_preset(name);
            QVERIFY2(!preset.title.isEmpty(), qPrintable(name));
            panel.set_session(preset);
            QCOMPARE(panel.title_label()->text(), preset.title);
            QVERIFY(panel.title_label()->isVisible());
            QCOMPARE(panel.description_label()->text(), preset.description);
            QCOMPARE(panel.description_label()->isVisible(), !preset.description.isEmpty());
            QVERIFY(panel.description_label()->wordWrap());
            // The user's own graph: Apply's session has no title, and showing it clears the words.
            panel.spec_edit()->setText("grid:10x10");
            const Session own = panel.pending_session();
            QVERIFY(own.title.isEmpty());
            panel.set_session(own);
            QVERIFY(!panel.title_label()->isVisible());
            QVERIFY(!panel.description_label()->isVisible());
        }
    }

    // A lab opened at λ ≠ 1 (a preset at 10⁴, the dimer model at ∞) has changed nothing: the
    // Diagnostics panel's first snapshot sets its λ without a "λ changed" note.
    void diagnostics_take_a_new_labs_lambda_without_a_stale_note() {
        const auto g = std::make_shared<const Graph>(make_graph("aztec:3"));
        DiagnosticsPanel panel;
        panel.reset(g, Dynamics::shuffle);
        auto sampler = make_cpu_sampler(*g, Dynamics::shuffle, 1, LambdaRecord(kInfiniteLambda),
                                        MateArray(g->num_vertices(), kNoMate));
        sampler->advance(1);
        Snapshot s;
        s.mate.assign(sampler->mate().begin(), sampler->mate().end());
        s.time = sampler->time();
        s.dimers = sampler->dimers();
        s.lambda = kInfiniteLambda;
        s.serial = 1;
        panel.observe(s);
        // The row says why coalescence does not apply at ∞, not that λ changed.
        QCOMPARE(panel.coalescence_text(), QString("As for R̂."));
        QCOMPARE(panel.rhat_text(),
                 QString::fromStdString(applicability(PanelItem::rhat, panel.run_kind()).sentence));
        QVERIFY(!panel.coalescence_text().contains("changed"));
        // At λ = ∞ every vertex is covered: the reference density is 1 exactly, never nan.
        QTRY_VERIFY(panel.reference_density().has_value());
        QCOMPARE(*panel.reference_density(), 1.0);
    }

    // At λ = ∞ the panel's exact ln Z is ln(number of perfect matchings): Aztec diamonds have
    // 2^(N(N+1)/2) tilings (closed form, independent of the polynomial); an odd grid has none.
    void partition_panel_counts_perfect_matchings_at_infinity() {
        for (const int order : {2, 3, 4}) {
            PartitionPanel panel;
            const std::string spec = "aztec:" + std::to_string(order);
            panel.set_problem(spec, kInfiniteLambda);
            QSignalSpy exact(&panel, &PartitionPanel::exact_finished);
            panel.compute_exact();
            QVERIFY(exact.count() == 1 || exact.wait(60000));
            QCOMPARE(panel.exact_state(), PartitionPanel::JobState::done);
            const double expected = order * (order + 1) / 2 * std::log(2.0);
            QVERIFY2(std::abs(*panel.exact_log_z() - expected) < 1e-12 * expected,
                     qPrintable(panel.exact_text()));
        }
        // The estimate is not for ∞, and says so in the panel's words.
        PartitionPanel at_infinity;
        at_infinity.set_problem("aztec:2", kInfiniteLambda);
        QSignalSpy estimated(&at_infinity, &PartitionPanel::estimate_finished);
        at_infinity.compute_estimate();
        QVERIFY(estimated.count() == 1 || estimated.wait(60000));
        QCOMPARE(at_infinity.estimate_state(), PartitionPanel::JobState::failed);
        QVERIFY2(at_infinity.estimate_text().contains("Exact gives their number in closed form"),
                 qPrintable(at_infinity.estimate_text()));
        PartitionPanel odd;
        odd.set_problem("grid:3x3", kInfiniteLambda);
        QSignalSpy exact(&odd, &PartitionPanel::exact_finished);
        odd.compute_exact();
        QVERIFY(exact.count() == 1 || exact.wait(60000));
        QCOMPARE(odd.exact_state(), PartitionPanel::JobState::failed);
        QVERIFY2(odd.exact_text().contains("no perfect matching"), qPrintable(odd.exact_text()));
        QVERIFY(!odd.exact_text().contains("nan"));
    }

    void refusals_read_in_the_window_words() {
        const QString words = in_gui_words(
            "dynamics 'glauber' cannot move a perfect matching (at lambda = inf every single-edge update "
            "puts "
            "back the dimer it removed); use --dynamics shuffle on aztec:N, or rotation from --start "
            "maximum");
        QVERIFY2(!words.contains("--"), qPrintable(words));
        QVERIFY(words.contains(QString::fromUtf8("λ = ∞")));
        QVERIFY(words.contains("Dynamics shuffle"));
        QVERIFY(words.contains("Start maximum"));
    }

    // The status bar names the backend for a class: "CPU", "CPU, parallel", a GPU by its device
    // name when one runs; never the technical names.
    void backends_read_in_plain_words() {
        QCOMPARE(backend_in_plain_words("cpu"), QString("CPU"));
        QCOMPARE(backend_in_plain_words("cpu-parallel"), QString("CPU, parallel"));
        const QString gpu = backend_in_plain_words("cuda");
        QVERIFY2(gpu == "GPU" || gpu.startsWith("GPU: "), qPrintable(gpu));
        QVERIFY(!gpu.contains("cuda"));
    }

    // The GPU line of the HUD and the status bar: the class's words on it, CUDA's own message only
    // in the details (a tooltip).
    void gpu_line_reads_in_a_class_s_words() {
        CudaAvailability none;
        none.reason = "no usable CUDA device: no NVIDIA driver is installed (CUDA driver version 0)";
        GpuWords w = gpu_in_class_words(none, "cpu");
        QCOMPARE(w.text, QString("GPU: none found, running on the CPU"));
        QCOMPARE(w.details, QString::fromStdString(none.reason));
        CudaAvailability old;
        old.reason = "no usable CUDA device: CUDA driver version is insufficient for CUDA runtime version";
        w = gpu_in_class_words(old, "cpu");
        QCOMPARE(w.text,
                 QString("GPU: the NVIDIA driver here is older than this build needs, running on the CPU"));
        QVERIFY(!w.text.contains("insufficient"));
        CudaAvailability h200;
        h200.available = true;
        h200.device = "NVIDIA H200";
        QCOMPARE(gpu_in_class_words(h200, "cuda").text, QString("GPU: NVIDIA H200, running on it"));
        QCOMPARE(gpu_in_class_words(h200, "cpu").text,
                 QString("GPU: NVIDIA H200, not in use (a CPU backend is chosen)"));
        for (const auto& c : {none, old, h200}) {
            for (const QString& text :
                 {gpu_in_class_words(c, "cpu").text, gpu_in_class_words(c, "cuda").text}) {
                for (const QChar ch : text) QVERIFY2(ch.unicode() < 128, qPrintable(text));  // the HUD's font
            }
        }
    }
};

QTEST_MAIN(TestAppModelControls)
#include "test_app_model_controls.moc"
