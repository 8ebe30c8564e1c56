#pragma once
// File > Export animation…: replays the current session off-screen and encodes it (MP4, WebM, GIF
// or a PNG sequence, chosen by the file name) through export_animation(), the same call as
// `dimerlab-cli render`. Progress with cancel; an error dialog on failure; nothing partial left.
#include <QDialog>

#include "dimerlab_render/animation_export.hpp"

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace dimerlab::app {

class ExportAnimationDialog : public QDialog {
    Q_OBJECT
  public:
    // The frames are drawn in the window's palette and line weights (`look`).
    ExportAnimationDialog(const Session& session, QWidget* parent = nullptr, render::FrameLook look = {});

    // The request the fields describe (not yet checked).
    render::AnimationRequest request() const;

    // Shows the dialog and, when accepted, exports with a progress dialog. True when a file was written.
    static bool run(QWidget* parent, const Session& session, render::FrameLook look);

  private:
    void browse();
    void update_summary();
    void accept() override;

    Session session_;
    render::FrameLook look_;
    QLineEdit* out_;
    QSpinBox* width_;
    QSpinBox* height_;
    QSpinBox* fps_;
    QSpinBox* frames_;
    QDoubleSpinBox* sweeps_;
    QCheckBox* fit_;
    QCheckBox* caption_;
    QLabel* summary_;
};

}  // namespace dimerlab::app
