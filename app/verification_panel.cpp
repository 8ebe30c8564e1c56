#include "verification_panel.hpp"

#include <QBrush>
#include <QColor>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QProcess>
#include <QPushButton>
#include <QSplitter>
#include <QStandardPaths>
#include <QTextBrowser>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <fstream>
#include <stdexcept>

#include "claim_plain_words.hpp"
#include "dimerlab_lab/live_check_device.hpp"
#include "verify/build_info.hpp"

namespace dimerlab::app {

namespace {

enum Column { kName = 0, kStatus = 1, kMethod = 2, kProperty = 3 };
constexpr const char* kPassedHere = "passed for this graph";
constexpr int kClaimIdRole = Qt::UserRole + 1;

nlohmann::json read_json_file(const QString& path, const char* what) {
    std::ifstream in(path.toStdString());
    if (!in) throw std::runtime_error(std::string("cannot read ") + what + " " + path.toStdString());
    try {
        return nlohmann::json::parse(in);
    } catch (const std::exception& e) {
        throw std::runtime_error(std::string(what) + " " + path.toStdString() + ": " + e.what());
    }
}

QColor status_colour(const std::string& status) {
    if (status == "proved" || status == "tested" || status == "passed-gpu" || status == "passed" ||
        status == kPassedHere) {
        return QColor(0x2e, 0x7d, 0x32);
    }
    if (status == "failed" || status.find("VIOLATED") != std::string::npos ||
        status.find("FAILED") != std::string::npos)
        return QColor(0xc6, 0x28, 0x28);
    if (status == "proved-model") return QColor(0x1e, 0x58, 0x9a);  // blue: a model, not the code
    if (status == "stale") return QColor(0xb2, 0x6a, 0x00);         // amber: never green
    return QColor(0x75, 0x75, 0x75);
}

QString html_escape(const std::string& s) {
    return QString::fromStdString(s).toHtmlEscaped();
}

enum LiveColumn {
    kLiveKernel = 0,
    kLiveBackend = 1,
    kLiveStatus = 2,
    kLiveWhere = 3,
    kLiveWhen = 4,
    kLiveDetail = 5
};

}  // namespace

VerificationPanel::VerificationPanel(QWidget* parent) : QWidget(parent) {
    source_label_ = new QLabel(this);
    source_label_->setWordWrap(true);
    legend_ = new QLabel(verification_legend_html(), this);
    legend_->setWordWrap(true);
    legend_->setTextFormat(Qt::RichText);
    auto* reload = new QPushButton("Reload", this);
    reload->setToolTip("Re-read the status file and re-hash the covered files");
    tree_ = new QTreeWidget(this);
    tree_->setColumnCount(4);
    tree_->setHeaderLabels({"Kernel / claim", "Status", "Method", "What it means"});
    tree_->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    tree_->setUniformRowHeights(false);
    details_ = new QTextBrowser(this);
    details_->setOpenLinks(false);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(tree_);
    split->addWidget(details_);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    graph_label_ = new QLabel("No graph loaded.", this);
    graph_label_->setWordWrap(true);
    graph_label_->setTextFormat(Qt::RichText);
    live_tree_ = new QTreeWidget(this);
    live_tree_->setColumnCount(6);
    live_tree_->setHeaderLabels({"Kernel", "Backend", "Status", "Where", "When", "Detail"});
    live_tree_->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    live_tree_->setRootIsDecorated(false);
    live_tree_->setMaximumHeight(130);
    check_button_ = new QPushButton("Check now", this);
    check_button_->setToolTip(
        "Runs a short tape of the current graph on the parallel backends (cpu-parallel; cuda with a GPU) and "
        "compares every checkpoint with the sequential backend, bit for bit");
    check_button_->setEnabled(false);
    run_checks_button_ = new QPushButton("Run the checks now", this);
    run_checks_button_->setToolTip(
        "Runs verification/check.py of this checkout (Coq, SMT, Frama-C WP, Spin, the gpu-host tests): "
        "a few minutes; missing tools are reported as not run");
    run_checks_label_ = new QLabel(this);
    run_checks_label_->setWordWrap(true);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(legend_);
    layout->addWidget(source_label_);
    layout->addWidget(split, 1);
    layout->addWidget(reload);
    layout->addWidget(run_checks_button_);
    layout->addWidget(run_checks_label_);
    connect(run_checks_button_, &QPushButton::clicked, this, [this] { run_checks(); });
    layout->addWidget(graph_label_);
    layout->addWidget(live_tree_);
    layout->addWidget(check_button_);
    connect(check_button_, &QPushButton::clicked, this, [this] { check_now(); });
    connect(reload, &QPushButton::clicked, this, [this] { load(repo_dir_, manifest_path_, status_path_); });
    connect(tree_, &QTreeWidget::currentItemChanged, this,
            [this](QTreeWidgetItem* item, QTreeWidgetItem*) { show_details(item); });
}

VerificationPanel::~VerificationPanel() {
    if (checks_process_ != nullptr && checks_process_->state() != QProcess::NotRunning) {
        checks_process_->kill();
        checks_process_->waitForFinished(2000);
    }
}

bool VerificationPanel::checks_running() const {
    return checks_process_ != nullptr && checks_process_->state() != QProcess::NotRunning;
}

void VerificationPanel::run_checks() {
    const QString repo =
        repo_dir_.isEmpty() ? QString::fromStdString(verify::find_repository().value_or("")) : repo_dir_;
    if (repo.isEmpty()) return;
    const QString script = QDir(repo).filePath("verification/check.py");
    const QString python = QStandardPaths::findExecutable("python3");
    if (checks_running() || python.isEmpty() || !QFileInfo::exists(script)) return;
    checks_process_ = new QProcess(this);
    checks_process_->setProcessChannelMode(QProcess::MergedChannels);
    run_checks_button_->setEnabled(false);
    run_checks_label_->setText("Running the checks (a few minutes)…");
    connect(checks_process_, &QProcess::finished, this, [this](int code, QProcess::ExitStatus how) {
        const QByteArray out = checks_process_->readAll();
        const QList<QByteArray> lines = out.trimmed().split('\n');
        QString last = lines.isEmpty() ? QString() : QString::fromUtf8(lines.back());
        last.replace(repo_shown_root(), ".");  // no absolute path of this machine
        run_checks_label_->setText(how == QProcess::NormalExit
                                       ? QString("Checks finished (exit %1): %2").arg(code).arg(last)
                                       : QString("The checks were stopped."));
        checks_process_->deleteLater();
        checks_process_ = nullptr;
        run_checks_button_->setEnabled(true);
        load(repo_dir_, manifest_path_, {});
        emit checks_finished(how == QProcess::NormalExit ? code : -1);
    });
    checks_process_->start(python, {script, "--repo", repo, "--allow-missing"});
}

QString VerificationPanel::status_label(const std::string& status) {
    if (status == "stale") return "STALE";
    if (status == "not-run") return "not run";
    if (status == "passed-gpu") return "passed on GPU";
    if (status == "proved-model") return "proved (model only)";
    return QString::fromStdString(status);
}

void VerificationPanel::load(const QString& repo_dir, const QString& manifest_path,
                             const QString& status_path) {
    repo_dir_ = repo_dir;
    manifest_path_ = manifest_path;
    status_path_ = status_path;
    // Empty when no repository is found: the files below then do not exist, which the panel reports.
    const QString repo =
        repo_dir.isEmpty() ? QString::fromStdString(verify::find_repository().value_or("")) : repo_dir;
    const QString manifest_file =
        manifest_path.isEmpty() ? QDir(repo).filePath("verification/manifest.json") : manifest_path;
    const QString status_file = status_path.isEmpty()
                                    ? QString::fromStdString(verify::default_status_path(repo.toStdString()))
                                    : status_path;
    run_checks_button_->setEnabled(!checks_running() &&
                                   !QStandardPaths::findExecutable("python3").isEmpty() &&
                                   QFileInfo::exists(QDir(repo).filePath("verification/check.py")));
    tree_->clear();
    details_->clear();
    claims_.clear();
    error_.clear();
    QString status_date;
    try {
        if (repo.isEmpty() && manifest_path.isEmpty())
            throw std::runtime_error(
                "no dimerlab repository (a folder with verification/manifest.json) at or "
                "above the current directory or the program");
        const nlohmann::json manifest = read_json_file(manifest_file, "manifest");
        // No status file means the runner never ran here: every claim is "not run", not an error.
        const nlohmann::json status =
            QFileInfo::exists(status_file) ? read_json_file(status_file, "status file") : nlohmann::json();
        if (status.is_object()) {
            status_date = QString::fromStdString(status.value("date", ""));
            if (status.contains("commit") && status["commit"].is_string())
                status_date +=
                    ", commit " + QString::fromStdString(status["commit"].get<std::string>()).left(12);
        }
        verify::validate_manifest(manifest);
        claims_ = verify::evaluate_claims(manifest, status, repo.toStdString());
    } catch (const std::exception& e) {
        error_ = QString::fromUtf8(e.what());
    }
    if (!error_.isEmpty()) {
        // The error names files by path: show them relative to the checkout, never absolute.
        if (!repo.isEmpty()) error_.replace(QDir(repo).absolutePath() + "/", QString());
        source_label_->setText(QString("<span style='color:#c62828'>%1</span>").arg(error_.toHtmlEscaped()));
        return;
    }
    // Paths inside the repository are shown relative to it: what a reader needs is which record,
    // not where this machine keeps its checkout.
    const auto shown = [&repo](const QString& file) {
        const QString relative = QDir(repo).relativeFilePath(file);
        return repo.isEmpty() || relative.startsWith("..") ? file : relative;
    };
    source_label_->setText(QString("%1<br>status: %2%3")
                               .arg(shown(manifest_file).toHtmlEscaped(), shown(status_file).toHtmlEscaped(),
                                    status_date.isEmpty() ? QString(" (none: nothing has run)")
                                                          : QString(" (%1)").arg(status_date)));
    std::vector<std::string> kernels;
    for (const auto& c : claims_) {
        if (std::find(kernels.begin(), kernels.end(), c.kernel) == kernels.end()) kernels.push_back(c.kernel);
    }
    for (const std::string& kernel : kernels) {
        auto* top = new QTreeWidgetItem(tree_);
        top->setText(kName, QString::fromStdString(kernel));
        top->setText(kStatus, QString::fromStdString(verify::kernel_summary(claims_, kernel)));
        QFont bold = top->font(kName);
        bold.setBold(true);
        top->setFont(kName, bold);
        top->setFirstColumnSpanned(false);
        for (const auto& c : claims_) {
            if (c.kernel != kernel) continue;
            auto* item = new QTreeWidgetItem(top);
            item->setText(kName, QString::fromStdString(c.id));
            item->setData(kName, kClaimIdRole, QString::fromStdString(c.id));
            item->setText(kStatus, status_label(c.status));
            item->setForeground(kStatus, QBrush(status_colour(c.status)));
            const std::string link = verify::code_link_label(c.code_link);
            item->setText(
                kMethod, QString::fromStdString(c.code_link == "code" ? c.method
                                                                      : c.method + " (" + c.code_link + ")"));
            if (!link.empty()) item->setToolTip(kMethod, QString::fromStdString(link));
            const QString plain = claim_plain_words(c.id);
            item->setText(kProperty, plain.isEmpty() ? QString::fromStdString(c.property) : plain);
            item->setToolTip(kProperty, "Technical statement: " + QString::fromStdString(c.property));
        }
        top->setExpanded(true);
    }
    show_runtime_statuses();
}

QTreeWidgetItem* VerificationPanel::claim_item(const QString& claim_id) const {
    for (int i = 0; i < tree_->topLevelItemCount(); ++i) {
        QTreeWidgetItem* top = tree_->topLevelItem(i);
        for (int j = 0; j < top->childCount(); ++j) {
            if (top->child(j)->data(kName, kClaimIdRole).toString() == claim_id) return top->child(j);
        }
    }
    return nullptr;
}

QString VerificationPanel::kernel_summary_text(const QString& kernel) const {
    for (int i = 0; i < tree_->topLevelItemCount(); ++i) {
        if (tree_->topLevelItem(i)->text(kName) == kernel) return tree_->topLevelItem(i)->text(kStatus);
    }
    return {};
}

QString VerificationPanel::all_shown_text() const {
    QStringList parts{legend_->text(), source_label_->text(), graph_label_->text(),
                      run_checks_label_->text()};
    for (QTreeWidget* t : {tree_, live_tree_}) {
        QList<QTreeWidgetItem*> items;
        for (int i = 0; i < t->topLevelItemCount(); ++i) {
            items << t->topLevelItem(i);
            for (int j = 0; j < t->topLevelItem(i)->childCount(); ++j) items << t->topLevelItem(i)->child(j);
        }
        for (const QTreeWidgetItem* item : items) {
            for (int c = 0; c < t->columnCount(); ++c) parts << item->text(c) << item->toolTip(c);
        }
    }
    for (const auto& c : claims_) parts << details_text(QString::fromStdString(c.id));
    return parts.join('\n');
}

QString VerificationPanel::repo_shown_root() const {
    const QString repo =
        repo_dir_.isEmpty() ? QString::fromStdString(verify::find_repository().value_or("")) : repo_dir_;
    return repo.isEmpty() ? QStringLiteral("\x01") : QDir(repo).absolutePath();
}

void VerificationPanel::show_runtime_statuses() {
    for (const auto& c : claims_) {
        if (c.method != "runtime-check") continue;
        QTreeWidgetItem* item = claim_item(QString::fromStdString(c.id));
        if (!item) continue;
        // The recorded status (usually "not run": these claims have no recorded run) until this
        // graph has a result; then the result for this graph.
        std::string shown = c.status;
        if (c.id.find("LIVE") == std::string::npos) {
            if (graph_checks_) shown = graph_checks_->all_ok() ? kPassedHere : "VIOLATED for this graph";
        } else if (live_report_) {
            bool any = false, failed = false;
            for (const auto& k : live_report_->checks) {
                if (k.kernel != c.kernel || k.status == "not-run") continue;
                any = true;
                failed = failed || k.status != "passed";
            }
            if (any) shown = failed ? "FAILED for this graph" : kPassedHere;
        }
        item->setText(kStatus, shown == c.status ? status_label(c.status) : QString::fromStdString(shown));
        item->setForeground(kStatus, QBrush(status_colour(shown)));
    }
}

QString VerificationPanel::status_text(const QString& claim_id) const {
    const QTreeWidgetItem* item = claim_item(claim_id);
    return item ? item->text(kStatus) : QString();
}

QString VerificationPanel::details_text(const QString& claim_id) const {
    for (const auto& c : claims_) {
        if (QString::fromStdString(c.id) != claim_id) continue;
        QString html = QString("<h3>%1 — <span style='color:%2'>%3</span></h3>")
                           .arg(html_escape(c.id), status_colour(c.status).name(), status_label(c.status));
        if (const QString plain = claim_plain_words(c.id); !plain.isEmpty())
            html += QString("<p>%1</p>").arg(plain.toHtmlEscaped());
        html += QString("<p><b>Technical statement.</b> %1</p>").arg(html_escape(c.property));
        html += QString(
                    "<p><b>About.</b> %1 &nbsp; <b>Method.</b> %2 &nbsp; <b>Scope.</b> %3 &nbsp; "
                    "<b>Where.</b> %4</p>")
                    .arg(html_escape(verify::evidence_about(c.method, c.code_link)), html_escape(c.method),
                         html_escape(c.scope), html_escape(c.where));
        if (const std::string link = verify::code_link_label(c.code_link); !link.empty())
            html += QString("<p><b>Caution.</b> %1.</p>").arg(html_escape(link));
        if (c.recorded != "not-run" && !c.checked_when.empty()) {
            html += QString("<p><b>Checked.</b> %1 on %2</p>")
                        .arg(html_escape(c.checked_when), html_escape(c.checked_where));
        }
        if (!c.note.empty()) html += QString("<p><b>Run.</b> %1</p>").arg(html_escape(c.note));
        if (c.status == "stale") {
            QStringList files;
            for (const auto& f : c.changed) files << html_escape(f) + " (changed)";
            for (const auto& f : c.missing) files << html_escape(f) + " (missing)";
            html += QString(
                        "<p style='color:#b26a00'><b>STALE.</b> Recorded %1, but these files differ from "
                        "the run: %2. Re-run verification/check.py.</p>")
                        .arg(html_escape(c.recorded), files.join(", "));
        }
        html += "<p><b>Assumptions.</b></p><ul>";
        for (const auto& a : c.assumptions) {
            html += QString("<li><b>%1</b>: %2 <i>(discharged by %3)</i></li>")
                        .arg(html_escape(a.value("id", "")), html_escape(a.value("text", "")),
                             html_escape(a.value("discharged_by", "")));
        }
        html += "</ul>";
        // Runtime checks have no recorded status: what counts is their result on the current graph.
        if (c.method == "runtime-check") {
            QString current = graph_ ? QString("not yet available") : QString("no graph loaded");
            if (graph_checks_ && c.id.find("LIVE") == std::string::npos) {
                current = graph_checks_->all_ok() ? "all runtime checks hold" : "a runtime check is VIOLATED";
                current += " for " + html_escape(graph_checks_->graph) + " (see below)";
            } else if (c.id.find("LIVE") != std::string::npos) {
                current = live_report_
                              ? (live_report_->any_failed() ? "the last live check FAILED (see below)"
                                                            : "the last live check passed (see below)")
                              : "press Check now";
            }
            html += QString("<p><b>Current graph.</b> %1</p>").arg(current);
        }
        html += QString("<p><b>Does not establish.</b> %1</p>").arg(html_escape(c.does_not_establish));
        return html;
    }
    return {};
}

void VerificationPanel::show_details(QTreeWidgetItem* item) {
    if (!item) return;
    const QString id = item->data(kName, kClaimIdRole).toString();
    if (id.isEmpty()) {
        details_->setHtml(QString("<h3>%1</h3><p>%2</p>")
                              .arg(item->text(kName).toHtmlEscaped(), item->text(kStatus).toHtmlEscaped()));
    } else {
        details_->setHtml(details_text(id));
    }
}

}  // namespace dimerlab::app

namespace dimerlab::app {

void VerificationPanel::set_graph(std::shared_ptr<const Graph> graph) {
    graph_ = std::move(graph);
    ++graph_generation_;
    graph_checks_.reset();
    live_report_.reset();
    show_live_report();
    show_runtime_statuses();
    check_button_->setEnabled(graph_ && graph_->num_edges() > 0 && !live_running_);
    if (!graph_) {
        graph_label_->setText("No graph loaded.");
        return;
    }
    graph_label_->setText(QString("Runtime checks for %1: running…").arg(html_escape(graph_->spec())));
    const std::uint64_t generation = graph_generation_;
    tasks_.run(
        this, [graph = graph_] { return verify::check_graph(*graph); },
        [this, generation](verify::GraphCheckReport report) {
            if (generation != graph_generation_) return;  // about a graph that is no longer current
            graph_checks_ = std::move(report);
            show_graph_checks();
            show_runtime_statuses();
            emit graph_checks_ready();
        });
}

void VerificationPanel::check_now() {
    if (!graph_ || graph_->num_edges() == 0 || live_running_) return;
    live_running_ = true;
    check_button_->setEnabled(false);
    check_button_->setText("Checking…");
    const std::uint64_t generation = graph_generation_;
    tasks_.run(
        this,
        [graph = graph_, options = live_options_] {
            std::string reason;
            const auto device = live_check_device(reason);
            return verify::run_live_check(*graph, options, device, reason);
        },
        [this, generation](verify::LiveCheckReport report) {
            live_running_ = false;
            check_button_->setText("Check now");
            check_button_->setEnabled(graph_ && graph_->num_edges() > 0);
            if (generation == graph_generation_) {
                live_report_ = std::move(report);
                show_live_report();
                show_runtime_statuses();
            }
            emit live_check_finished();
        });
}

QString VerificationPanel::graph_checks_text() const {
    return graph_label_->text();
}

void VerificationPanel::show_graph_checks() {
    if (!graph_checks_) return;
    const auto& r = *graph_checks_;
    QString html =
        QString("<b>Runtime checks for %1</b> (n = %2, m = %3): %4<ul style='margin:0'>")
            .arg(html_escape(r.graph))
            .arg(r.vertices)
            .arg(r.edges)
            .arg(r.all_ok() ? QString("<span style='color:#2e7d32'>all hold</span>")
                            : QString("<span style='color:#c62828'>VIOLATED: the claims relying on "
                                      "them do not apply to this graph</span>"));
    for (const auto& c : r.checks) {
        html += QString("<li><span style='color:%1'>%2</span> <b>%3</b> (%4): %5 — %6</li>")
                    .arg(c.ok ? "#2e7d32" : "#c62828", c.ok ? "ok" : "VIOLATED", html_escape(c.id),
                         html_escape(c.claims), html_escape(c.assumption), html_escape(c.detail));
    }
    html += "</ul>";
    graph_label_->setText(html);
}

QString VerificationPanel::live_status_text(const QString& kernel, const QString& backend) const {
    for (int i = 0; i < live_tree_->topLevelItemCount(); ++i) {
        const QTreeWidgetItem* item = live_tree_->topLevelItem(i);
        if (item->text(kLiveKernel) == kernel && item->text(kLiveBackend) == backend)
            return item->text(kLiveStatus);
    }
    return {};
}

void VerificationPanel::show_live_report() {
    live_tree_->clear();
    if (!live_report_) return;
    for (const auto& k : live_report_->checks) {
        auto* item = new QTreeWidgetItem(live_tree_);
        item->setText(kLiveKernel, QString::fromStdString(k.kernel));
        item->setText(kLiveBackend, QString::fromStdString(k.backend));
        item->setText(kLiveStatus, status_label(k.status));
        item->setForeground(kLiveStatus, QBrush(status_colour(k.status)));
        item->setText(kLiveWhere, QString::fromStdString(k.where));
        item->setText(kLiveWhen, QString::fromStdString(k.when));
        item->setText(kLiveDetail, QString::fromStdString(k.detail));
        item->setToolTip(kLiveDetail, QString("%1 updates against %2, %3 s")
                                          .arg(k.updates)
                                          .arg(QString::fromStdString(k.reference))
                                          .arg(k.seconds, 0, 'f', 2));
    }
}

}  // namespace dimerlab::app
