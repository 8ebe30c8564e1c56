#pragma once
// The Help window: "What am I looking at", the graph-spec grammar and the shortcuts, one tab each
// (help_pages.hpp). Not modal, so it can stay open beside the picture during a demo.
#include <QDialog>

class QTabWidget;
class QTextBrowser;

namespace dimerlab::app {

class HelpDialog : public QDialog {
    Q_OBJECT
  public:
    enum class Page { what_am_i_looking_at = 0, graph_specs = 1, shortcuts = 2 };
    explicit HelpDialog(QWidget* parent = nullptr);
    // Raises the window on `page`.
    void show_page(Page page);
    Page page() const;
    QTextBrowser* browser(Page page) const;

  private:
    QTabWidget* tabs_ = nullptr;
};

}  // namespace dimerlab::app
