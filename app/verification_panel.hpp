#pragma once
// The Verification panel: what is proved or tested about the GPU kernels, from the manifest
// (verification/manifest.json) and the runner's last status (build/verification_status.json) of
// a source checkout, with the STALE rule of core/verify applied on every reload. A stale claim is
// shown as STALE in amber, never green: its evidence was about files that have changed since.
#include <QString>
#include <QWidget>
#include <string>
#include <vector>

#include "verify/claim_status.hpp"

class QLabel;
class QTextBrowser;
class QTreeWidget;
class QTreeWidgetItem;

namespace dimerlab::app {

class VerificationPanel : public QWidget {
    Q_OBJECT
  public:
    // repo_dir empty: the checkout this binary was built from (verify::build_source_dir()).
    explicit VerificationPanel(QWidget* parent = nullptr);

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

    static QString status_label(const std::string& status);  // "proved", "STALE", "not run", ...

  private:
    void show_details(QTreeWidgetItem* item);
    QTreeWidgetItem* claim_item(const QString& claim_id) const;

    QString repo_dir_, manifest_path_, status_path_, error_;
    std::vector<verify::ClaimReport> claims_;
    QLabel* source_label_ = nullptr;
    QTreeWidget* tree_ = nullptr;
    QTextBrowser* details_ = nullptr;
};

}  // namespace dimerlab::app
