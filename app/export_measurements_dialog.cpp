#include "export_measurements_dialog.hpp"

#include <QApplication>
#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>
#include <algorithm>
#include <limits>
#include <string>
#include <vector>

#include "dimerlab_lab/sampler_factory.hpp"
#include "export/measurement_export.hpp"
#include "export/output_batch.hpp"
#include "export/plot_builders.hpp"
#include "export/plot_svg.hpp"
#include "export/state_figure.hpp"
#include "model/matching.hpp"
#include "model/matching_constants.hpp"
#include "plot_painter.hpp"
#include "sampling/observables.hpp"
#include "util/errors.hpp"

namespace dimerlab::app {
namespace {

bool has_axes(const Graph& graph) {
    return measure_state(graph, std::vector<std::uint32_t>(graph.num_vertices(), kNoMate))
        .axis_imbalance.has_value();
}

std::vector<PlotKind> planned_plot_kinds(const Graph& graph, const MeasurementExportRequest& r) {
    std::vector<PlotKind> kinds{PlotKind::density};
    if (has_axes(graph)) kinds.push_back(PlotKind::imbalance);
    if (r.sweeps >= 2) kinds.push_back(PlotKind::autocorrelation);
    return kinds;
}

QString output_path(const MeasurementExportRequest& r, const QString& suffix) {
    return QDir(r.folder).filePath(r.base_name + suffix);
}

void check_request(const Graph& graph, const MeasurementExportRequest& r) {
    if (!r.csv && !r.json && !r.plots_png && !r.plots_svg && !r.state_svg && !r.state_tikz) {
        throw InputError("nothing to export: choose at least one output");
    }
    if (r.folder.isEmpty()) throw InputError("no output folder chosen");
    if (!QFileInfo(r.folder).isDir()) {
        throw InputError("output folder '" + r.folder.toStdString() + "' does not exist or is not a folder");
    }
    const QString name = r.base_name.trimmed();
    if (name.isEmpty() || name != r.base_name || name.contains('/') || name.contains('\\') || name == "." ||
        name == ".." || name.startsWith('.')) {
        throw InputError("file name '" + r.base_name.toStdString() +
                         "' is not usable: give a plain name without folders, e.g. run-1");
    }
    if (r.sweeps < 1 || r.sweeps > kMaxExportSweeps) {
        throw InputError("sweeps to record: " + std::to_string(r.sweeps) + " is out of range (1 to " +
                         std::to_string(kMaxExportSweeps) + ")");
    }
    if (graph.num_edges() == 0)
        throw InputError("graph '" + graph.spec() + "' has no edges: nothing to record");
    if (r.plots_png || r.plots_svg) layout_plot(Plot{}, r.plot_width, r.plot_height);  // size check
    if (r.state_svg || r.state_tikz) layout_box(graph);  // InputError without a layout
    if (r.state_tikz && graph.num_edges() > kMaxTikzEdges) {
        state_tikz(graph, std::vector<std::uint32_t>(graph.num_vertices(), kNoMate));  // says why
    }
}

struct PendingFile {
    QString path;
    std::string contents;
};

}  // namespace

QStringList planned_export_files(const Graph& graph, const MeasurementExportRequest& r) {
    QStringList files;
    if (r.csv) files << output_path(r, ".csv");
    if (r.json) files << output_path(r, ".json");
    for (PlotKind kind : planned_plot_kinds(graph, r)) {
        const QString stem =
            "-" + QString::fromUtf8(plot_kind_name(kind).data(), qsizetype(plot_kind_name(kind).size()));
        if (r.plots_png) files << output_path(r, stem + ".png");
        if (r.plots_svg) files << output_path(r, stem + ".svg");
    }
    if (r.state_svg) files << output_path(r, "-state.svg");
    if (r.state_tikz) files << output_path(r, "-state.tex");
    return files;
}

MeasurementExportResult export_measurements(const Graph& graph, const Session& session,
                                            const MeasurementExportRequest& r,
                                            const MeasurementProgress& progress) {
    check_request(graph, r);
    const std::uint64_t m = graph.num_edges();
    if (r.sweeps > std::numeric_limits<std::uint64_t>::max() / m) throw InputError("too many sweeps");
    const std::uint64_t record_until = r.sweeps * m;
    const std::uint64_t total = std::max(record_until, session.update_index);
    const bool want_state = r.state_svg || r.state_tikz;

    std::unique_ptr<Sampler> sampler = make_sampler(graph, session, WhenUnavailable::run_on_cpu).sampler;
    std::vector<SweepRecord> series;
    series.reserve(r.sweeps);
    MateArray shown;
    MeasurementExportResult result;
    std::uint64_t next_sweep = 1;
    for (;;) {
        const std::uint64_t t = sampler->time();
        if (t == session.update_index && want_state)
            shown.assign(sampler->mate().begin(), sampler->mate().end());
        if (next_sweep <= r.sweeps && t == next_sweep * m) {
            const StateObservables o = measure_state(graph, sampler->mate());
            series.push_back(SweepRecord{next_sweep, t, sampler->lambda(), o.dimers, o.monomers,
                                         o.covered_fraction, o.axis_imbalance});
            ++next_sweep;
        }
        if (progress && !progress(t, total)) {
            result.cancelled = true;
            return result;
        }
        if (t >= total) break;
        std::uint64_t next = total;
        if (next_sweep <= r.sweeps) next = std::min(next, next_sweep * m);
        if (t < session.update_index) next = std::min(next, session.update_index);
        sampler->advance(next - t);
    }
    if (want_state && session.state_hash && state_hash(shown) != *session.state_hash) {
        // The window's state did not come from this replay (a bug, or a session edited by hand):
        // a figure of some other state would be worse than none.
        throw std::runtime_error(
            "the replayed chain does not reach the state the window shows (state hash differs)");
    }

    const ExportMetadata meta = export_metadata(graph, *sampler, session.start);

    // Everything is produced before the first write, so a failure here leaves nothing at all.
    std::vector<PendingFile> pending;
    if (r.csv) pending.push_back({output_path(r, ".csv"), time_series_csv(series)});
    if (r.json) pending.push_back({output_path(r, ".json"), time_series_json(meta, series)});
    if (r.plots_png || r.plots_svg) {
        const std::optional<double> reference = exact_density_reference(graph, meta.lambda_record);
        for (PlotKind kind : planned_plot_kinds(graph, r)) {
            const Plot plot = make_plot(kind, series, reference);
            const QString stem =
                "-" + QString::fromUtf8(plot_kind_name(kind).data(), qsizetype(plot_kind_name(kind).size()));
            if (r.plots_png) {
                const QByteArray png = plot_png_bytes(plot, r.plot_width, r.plot_height);
                pending.push_back({output_path(r, stem + ".png"), png.toStdString()});
            }
            if (r.plots_svg) {
                pending.push_back(
                    {output_path(r, stem + ".svg"), plot_svg(plot, r.plot_width, r.plot_height)});
            }
        }
    }
    if (r.state_svg) pending.push_back({output_path(r, "-state.svg"), state_svg(graph, shown)});
    if (r.state_tikz) pending.push_back({output_path(r, "-state.tex"), state_tikz(graph, shown)});

    OutputBatch batch;  // all or nothing: see OutputBatch
    for (const PendingFile& f : pending) batch.add(f.path.toStdString(), f.contents);
    batch.commit();
    for (const PendingFile& f : pending) result.files << f.path;
    return result;
}

ExportMeasurementsDialog::ExportMeasurementsDialog(const MeasurementExportRequest& initial, QWidget* parent)
    : QDialog(parent) {
    setWindowTitle("Export measurements");
    folder_ = new QLineEdit(initial.folder, this);
    auto* browse = new QPushButton("Browse…", this);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, "Export to folder", folder_->text());
        if (!dir.isEmpty()) folder_->setText(dir);
    });
    auto* folder_row = new QHBoxLayout;
    folder_row->addWidget(folder_, 1);
    folder_row->addWidget(browse);
    base_name_ = new QLineEdit(initial.base_name, this);
    sweeps_ = new QSpinBox(this);
    sweeps_->setRange(1, static_cast<int>(kMaxExportSweeps));
    sweeps_->setValue(static_cast<int>(std::clamp<std::uint64_t>(initial.sweeps, 1, kMaxExportSweeps)));
    sweeps_->setToolTip("Sweeps recorded from the start of the session's chain, replayed exactly");
    csv_ = new QCheckBox("Time series (CSV)", this);
    json_ = new QCheckBox("Time series with metadata and diagnostics (JSON)", this);
    plots_png_ = new QCheckBox("Plots as PNG", this);
    plots_svg_ = new QCheckBox("Plots as SVG", this);
    state_svg_ = new QCheckBox("Current state (SVG)", this);
    state_tikz_ = new QCheckBox("Current state (TikZ, small graphs)", this);
    csv_->setChecked(initial.csv);
    json_->setChecked(initial.json);
    plots_png_->setChecked(initial.plots_png);
    plots_svg_->setChecked(initial.plots_svg);
    state_svg_->setChecked(initial.state_svg);
    state_tikz_->setChecked(initial.state_tikz);
    auto size_box = [this](int value) {
        auto* box = new QSpinBox(this);
        box->setRange(kMinPlotSide, kMaxPlotSide);
        box->setValue(std::clamp(value, kMinPlotSide, kMaxPlotSide));
        box->setSuffix(" px");
        return box;
    };
    plot_width_ = size_box(initial.plot_width);
    plot_height_ = size_box(initial.plot_height);
    auto* size_row = new QHBoxLayout;
    size_row->addWidget(plot_width_);
    size_row->addWidget(plot_height_);

    auto* form = new QFormLayout;
    form->addRow("Folder", folder_row);
    form->addRow("File name", base_name_);
    form->addRow("Sweeps to record", sweeps_);
    auto* outputs = new QVBoxLayout;
    for (QCheckBox* box : {csv_, json_, plots_png_, plots_svg_, state_svg_, state_tikz_})
        outputs->addWidget(box);
    form->addRow("Write", outputs);
    form->addRow("Plot size", size_row);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText("Export");
    connect(buttons, &QDialogButtonBox::accepted, this, &ExportMeasurementsDialog::try_export);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    error_ = new QLabel(this);
    error_->setWordWrap(true);
    error_->setStyleSheet("color: #c62828;");
    error_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    error_->hide();
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(error_);
    layout->addWidget(buttons);
}

void ExportMeasurementsDialog::try_export() {
    const QString error = exporter_ ? exporter_(request()) : QString();
    error_->setText(error);
    error_->setVisible(!error.isEmpty());
    if (error.isEmpty()) accept();
}

MeasurementExportRequest ExportMeasurementsDialog::request() const {
    MeasurementExportRequest r;
    r.folder = folder_->text();
    r.base_name = base_name_->text();
    r.sweeps = static_cast<std::uint64_t>(sweeps_->value());
    r.csv = csv_->isChecked();
    r.json = json_->isChecked();
    r.plots_png = plots_png_->isChecked();
    r.plots_svg = plots_svg_->isChecked();
    r.state_svg = state_svg_->isChecked();
    r.state_tikz = state_tikz_->isChecked();
    r.plot_width = plot_width_->value();
    r.plot_height = plot_height_->value();
    return r;
}

void ExportMeasurementsDialog::run(QWidget* parent, const Graph& graph, const Session& session) {
    MeasurementExportRequest initial;
    initial.folder = QDir::homePath();
    // By default the run so far, as the window has shown it.
    initial.sweeps = std::clamp<std::uint64_t>(
        session.update_index / std::max<std::uint64_t>(1, graph.num_edges()), 100, kMaxExportSweeps);
    ExportMeasurementsDialog dialog(initial, parent);
    QStringList written;
    dialog.set_exporter([&](const MeasurementExportRequest& request) -> QString {
        QProgressDialog progress("Replaying the chain…", "Cancel", 0, 1000, &dialog);
        progress.setWindowModality(Qt::WindowModal);
        progress.setMinimumDuration(300);
        QElapsedTimer since_update;
        since_update.start();
        try {
            const MeasurementExportResult result =
                export_measurements(graph, session, request, [&](std::uint64_t done, std::uint64_t total) {
                    // The callback comes once per sweep; repainting that often would cost more than
                    // the chain.
                    if (since_update.elapsed() >= 50 || done == total) {
                        progress.setValue(total == 0 ? 1000 : static_cast<int>(1000.0 * done / total));
                        QApplication::processEvents();
                        since_update.restart();
                    }
                    return !progress.wasCanceled();
                });
            written = result.files;
            return {};
        } catch (const std::exception& e) {
            return QString::fromUtf8(e.what());
        }
    });
    if (dialog.exec() != QDialog::Accepted || written.isEmpty()) return;
    QMessageBox::information(parent, "Export measurements",
                             "Wrote " + QString::number(written.size()) + " file(s):\n" + written.join('\n'));
}

}  // namespace dimerlab::app
