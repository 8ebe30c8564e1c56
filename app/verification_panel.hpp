#pragma once
// The Verification panel: what is proved or tested about the GPU kernels, from the manifest
// (verification/manifest.json) and the runner's last status (build/verification_status.json) of
// a source checkout, with the STALE rule of core/verify applied on every reload. A stale claim is
// shown as STALE in amber, never green: its evidence was about files that have changed since.
// For the current graph it also shows the runtime checks of the input-dependent assumptions
// (verify/graph_checks.hpp, run on every graph load) and, on "Check now", the live differential
// check (verify/live_check.hpp): both on worker threads, so the GUI never waits.
#include <QString>
#include <QWidget>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "background_tasks.hpp"
#include "graph/graph.hpp"
#include "verify/claim_status.hpp"
#include "verify/graph_checks.hpp"
#include "verify/live_check.hpp"

class QLabel;
class QProcess;
class QPushButton;
class QTextBrowser;
class QTreeWidget;
class QTreeWidgetItem;

namespace dimerlab::app {

class VerificationPanel : public QWidget {
    Q_OBJECT
  public:
    // repo_dir empty: the nearest checkout at or above the current directory, else above the program
    // (verify::find_repository()).
    explicit VerificationPanel(QWidget* parent = nullptr);
    ~VerificationPanel() override;

    // Reads the manifest and status again and re-hashes the covered files. Empty paths: the
    // defaults under repo_dir. Errors (missing or invalid manifest) are shown in the panel.
    void load(const QString& repo_dir = {}, const QString& manifest_path = {},
              const QString& status_path = {});

    const std::vector<verify::ClaimReport>& claims() const { return claims_; }
    QString error() const { return error_; }
    // The text shown for a kernel's row and a claim's status cell (tests read what users see).
    QString kernel_summary_text(const QString& kernel) const;
    QString status_text(const QString& claim_id) const;
    QString details_text(const QString& claim_id) const;
    QTreeWidget* tree() const { return tree_; }
    QLabel* legend() const { return legend_; }
    // Everything the panel shows as text (labels, tree cells, details of every claim): tests look
    // for absolute paths in it.
    QString all_shown_text() const;

    static QString status_label(const std::string& status);  // "proved", "STALE", "not run", ...

    // A new current graph: its runtime checks start on a worker thread; the last live result is
    // cleared (it was about another graph). Null: no graph, "Check now" disabled.
    void set_graph(std::shared_ptr<const Graph> graph);
    // Starts the live check on the current graph (no-op while one runs or without a graph).
    void check_now();
    void set_live_options(const verify::LiveCheckOptions& options) { live_options_ = options; }

    bool busy() const { return tasks_.running() > 0; }
    const std::optional<verify::GraphCheckReport>& graph_checks() const { return graph_checks_; }
    const std::optional<verify::LiveCheckReport>& live_report() const { return live_report_; }
    QString graph_checks_text() const;  // what the "Current graph" box shows
    QString live_status_text(const QString& kernel,
                             const QString& backend) const;  // "passed", "not run", ...
    QPushButton* check_button() const { return check_button_; }

    // "Run the checks now": verification/check.py of the checkout in a child process (never on the
    // GUI thread), then a reload. Enabled where python3 and the checkout's check.py exist; the
    // tools the checks need are reported as not run when missing.
    void run_checks();
    QPushButton* run_checks_button() const { return run_checks_button_; }
    bool checks_running() const;

  signals:
    void checks_finished(int exit_code);
    void graph_checks_ready();
    void live_check_finished();

  private:
    void show_details(QTreeWidgetItem* item);
    QTreeWidgetItem* claim_item(const QString& claim_id) const;

    void show_graph_checks();
    void show_live_report();
    // The runtime-check claims' status cells follow this graph's results (graph checks, live check).
    void show_runtime_statuses();
    QString repo_shown_root() const;

    QString repo_dir_, manifest_path_, status_path_, error_;
    std::vector<verify::ClaimReport> claims_;
    QLabel* source_label_ = nullptr;
    QLabel* legend_ = nullptr;
    QTreeWidget* tree_ = nullptr;
    QTextBrowser* details_ = nullptr;

    std::shared_ptr<const Graph> graph_;
    std::uint64_t graph_generation_ = 0;  // results for an older graph are dropped
    std::optional<verify::GraphCheckReport> graph_checks_;
    std::optional<verify::LiveCheckReport> live_report_;
    verify::LiveCheckOptions live_options_;
    bool live_running_ = false;
    QLabel* graph_label_ = nullptr;
    QTreeWidget* live_tree_ = nullptr;
    QPushButton* check_button_ = nullptr;
    QPushButton* run_checks_button_ = nullptr;
    QLabel* run_checks_label_ = nullptr;
    QProcess* checks_process_ = nullptr;  // a child of this widget: killed with it
    BackgroundTasks tasks_;               // last member: joined before the widgets above go away
};

}  // namespace dimerlab::app
