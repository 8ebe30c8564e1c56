#pragma once
// File > Export measurements…: the time series of the current session's chain (replayed exactly
// from update 0), its diagnostics, plots and the current state. The export itself is
// export_measurements(), which needs no display; the dialog only collects a request.
#include <QDialog>
#include <QString>
#include <QStringList>
#include <cstdint>
#include <functional>

#include "dimerlab_lab/session.hpp"
#include "graph/graph.hpp"

class QCheckBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace dimerlab::app {

// More sweeps than this is a typo: the records alone would take half a gigabyte.
inline constexpr std::uint64_t kMaxExportSweeps = 10'000'000;

struct MeasurementExportRequest {
    QString folder;
    QString base_name = "dimerlab";  // files: BASE.csv, BASE.json, BASE-density.png, BASE-state.svg, ...
    std::uint64_t sweeps = 1000;     // recorded from update 0 of the session's chain
    bool csv = true;
    bool json = true;
    bool plots_png = false;
    bool plots_svg = false;
    bool state_svg = false;
    bool state_tikz = false;
    int plot_width = 1000;
    int plot_height = 600;
};

struct MeasurementExportResult {
    bool cancelled = false;
    QStringList files;  // written, in order; empty when cancelled
};

// (updates done, updates total); returning false cancels.
using MeasurementProgress = std::function<bool(std::uint64_t done, std::uint64_t total)>;

// Replays the session's chain (make_sampler) to max(sweeps·m, session.update_index),
// recording one SweepRecord per sweep; the state figures show the state at update_index, the
// one the window shows (checked against session.state_hash when present). Every output is
// produced in memory first and then written all or nothing (OutputBatch), so an error or a
// cancel leaves no new file and no damaged old one. Throws
// InputError for a bad request (missing folder, empty or path-like base name, nothing chosen,
// zero or absurd sweeps or plot size, TikZ of a big graph) before running anything.
MeasurementExportResult export_measurements(const Graph& graph, const Session& session,
                                            const MeasurementExportRequest& request,
                                            const MeasurementProgress& progress = {});

// The request's output paths, in the order they are written (plots of every available kind).
QStringList planned_export_files(const Graph& graph, const MeasurementExportRequest& request);

class ExportMeasurementsDialog : public QDialog {
    Q_OBJECT

  public:
    // Runs a request; returns an empty string on success (or cancel), else the error to show.
    using Exporter = std::function<QString(const MeasurementExportRequest&)>;

    ExportMeasurementsDialog(const MeasurementExportRequest& initial, QWidget* parent = nullptr);
    MeasurementExportRequest request() const;
    // Export runs `exporter` while the dialog is still open: a failure (a missing folder, say)
    // keeps it open with its settings and shows the error under them; success closes it.
    void set_exporter(Exporter exporter) { exporter_ = std::move(exporter); }
    // What the Export button does.
    void try_export();
    QLabel* error_label() const { return error_; }
    QLineEdit* folder_edit() const { return folder_; }

    // Asks, exports with a cancellable progress dialog, and reports errors in a message box.
    static void run(QWidget* parent, const Graph& graph, const Session& session);

  private:
    QLineEdit* folder_;
    QLineEdit* base_name_;
    QSpinBox* sweeps_;
    QCheckBox* csv_;
    QCheckBox* json_;
    QCheckBox* plots_png_;
    QCheckBox* plots_svg_;
    QCheckBox* state_svg_;
    QCheckBox* state_tikz_;
    QSpinBox* plot_width_;
    QSpinBox* plot_height_;
    QLabel* error_;
    Exporter exporter_;
};

}  // namespace dimerlab::app
