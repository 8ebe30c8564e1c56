#pragma once
#include <QMainWindow>
#include <memory>

#include "graph/graph.hpp"
#include "preset.hpp"
#include "sampling/sampler.hpp"

class QAction;
class QDoubleSpinBox;
class QLabel;
class QTimer;

namespace dimerlab::app {

class GraphView;

// The first window: one graph, the chain running on a timer, play/pause/step and λ. The sampler
// runs on the GUI thread here; the threaded sampler with snapshots is the app issue's work.
class MainWindow : public QMainWindow {
    Q_OBJECT
  public:
    // Throws InputError for a bad preset (spec, λ, start).
    explicit MainWindow(const Preset& preset, QWidget* parent = nullptr);
    ~MainWindow() override;

    std::uint64_t frames_shown() const { return frames_; }
    // Advances the chain by one frame's worth of sweeps and redraws.
    void advance_frame();

  private:
    void set_running(bool running);
    void update_status();

    Preset preset_;
    std::unique_ptr<Graph> graph_;
    std::unique_ptr<Sampler> sampler_;
    GraphView* view_ = nullptr;
    QTimer* timer_ = nullptr;
    QAction* play_ = nullptr;
    QDoubleSpinBox* lambda_box_ = nullptr;
    QLabel* status_ = nullptr;
    std::uint64_t frames_ = 0;
};

}  // namespace dimerlab::app
