#include "main_window.hpp"

#include <QAction>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>

#include "graph/graph_spec.hpp"
#include "graph_view.hpp"
#include "sampling/sampler_factory.hpp"
#include "sampling/start_state.hpp"

namespace dimerlab::app {

MainWindow::MainWindow(const Preset& preset, QWidget* parent) : QMainWindow(parent), preset_(preset) {
    graph_ = std::make_unique<Graph>(make_graph(preset.graph.toStdString()));
    const StartKind start = parse_start_kind(preset.start.toStdString());
    sampler_ = make_cpu_sampler(*graph_, Dynamics::glauber, preset.seed, LambdaRecord(preset.lambda),
                                make_start_state(*graph_, start, preset.seed));

    setWindowTitle(QString("dimerlab — %1").arg(QString::fromStdString(graph_->spec())));
    view_ = new GraphView(*graph_, this);
    setCentralWidget(view_);

    QToolBar* bar = addToolBar("Run");
    play_ = bar->addAction("Pause");
    connect(play_, &QAction::triggered, this, [this] { set_running(!timer_->isActive()); });
    QAction* step = bar->addAction("Step");
    connect(step, &QAction::triggered, this, [this] { advance_frame(); });
    bar->addSeparator();
    bar->addWidget(new QLabel(" λ ", this));
    lambda_box_ = new QDoubleSpinBox(this);
    lambda_box_->setDecimals(4);
    lambda_box_->setRange(1e-4, 1e6);
    lambda_box_->setValue(preset.lambda);
    lambda_box_->setToolTip("Dimer activity; a change takes effect at the current update index");
    connect(lambda_box_, &QDoubleSpinBox::valueChanged, this, [this](double l) {
        sampler_->set_lambda(l);
        update_status();
    });
    bar->addWidget(lambda_box_);

    status_ = new QLabel(this);
    statusBar()->addWidget(status_);

    timer_ = new QTimer(this);
    timer_->setInterval(16);
    connect(timer_, &QTimer::timeout, this, [this] { advance_frame(); });
    view_->show_matching(sampler_->mate());
    update_status();
    set_running(preset.running);
}

MainWindow::~MainWindow() = default;

void MainWindow::set_running(bool running) {
    if (running) {
        timer_->start();
    } else {
        timer_->stop();
    }
    play_->setText(running ? "Pause" : "Play");
}

void MainWindow::advance_frame() {
    sampler_->advance(static_cast<std::uint64_t>(std::max(1, preset_.sweeps_per_frame)) *
                      graph_->num_edges());
    view_->show_matching(sampler_->mate());
    ++frames_;
    update_status();
}

void MainWindow::update_status() {
    const double sweeps = static_cast<double>(sampler_->time()) / graph_->num_edges();
    const std::uint32_t d = sampler_->dimers();
    status_->setText(QString("%1   λ = %2   sweeps %3   dimers %4   monomers %5   covered %6")
                         .arg(QString::fromStdString(graph_->spec()))
                         .arg(sampler_->lambda())
                         .arg(sweeps, 0, 'f', 0)
                         .arg(d)
                         .arg(graph_->num_vertices() - 2 * d)
                         .arg(2.0 * d / graph_->num_vertices(), 0, 'f', 4));
}

}  // namespace dimerlab::app
