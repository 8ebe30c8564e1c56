#include "help_dialog.hpp"

#include <QTabWidget>
#include <QTextBrowser>
#include <QVBoxLayout>

#include "help_pages.hpp"

namespace dimerlab::app {

HelpDialog::HelpDialog(QWidget* parent) : QDialog(parent) {
    setWindowTitle("dimerlab help");
    tabs_ = new QTabWidget(this);
    auto page = [this](const QString& title, const QString& html) {
        auto* b = new QTextBrowser(tabs_);
        b->setOpenExternalLinks(false);
        b->setHtml(html);
        tabs_->addTab(b, title);
    };
    // The order follows Page.
    page("What am I looking at", what_am_i_looking_at_html());
    page("Graph specs", graph_spec_grammar_html());
    page("Keyboard and mouse", shortcuts_html());
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(tabs_);
    resize(720, 640);
}

void HelpDialog::show_page(Page page) {
    tabs_->setCurrentIndex(int(page));
    show();
    raise();
    activateWindow();
}

HelpDialog::Page HelpDialog::page() const {
    return Page(tabs_->currentIndex());
}

QTextBrowser* HelpDialog::browser(Page page) const {
    return static_cast<QTextBrowser*>(tabs_->widget(int(page)));
}

}  // namespace dimerlab::app
