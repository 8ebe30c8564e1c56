#include "export_animation_dialog.hpp"

#include <QCheckBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QSpinBox>

#include "util/errors.hpp"

namespace dimerlab::app {

ExportAnimationDialog::ExportAnimationDialog(const Session& session, QWidget* parent, render::FrameLook look)
    : QDialog(parent), session_(session), look_(look) {
    setWindowTitle("Export Animation");
    auto* form = new QFormLayout(this);

    out_ = new QLineEdit(QDir::home().filePath("dimerlab.mp4"), this);
    out_->setObjectName("out");
    out_->setToolTip("FILE.mp4 (H.264), FILE.webm (VP9), FILE.gif, or FOLDER/ for a PNG sequence");
    auto* browse = new QPushButton("Browse…", this);
    auto* out_row = new QHBoxLayout;
    out_row->addWidget(out_, 1);
    out_row->addWidget(browse);
    form->addRow("Output", out_row);

    auto spin = [this](int lo, int hi, int value) {
        auto* s = new QSpinBox(this);
        s->setRange(lo, hi);
        s->setValue(value);
        return s;
    };
    width_ = spin(16, 8192, 1280);
    width_->setObjectName("width");
    height_ = spin(16, 8192, 720);
    height_->setObjectName("height");
    auto* size_row = new QHBoxLayout;
    size_row->addWidget(width_);
    size_row->addWidget(new QLabel("×", this));
    size_row->addWidget(height_);
    form->addRow("Size (pixels)", size_row);
    fps_ = spin(1, 240, 30);
    form->addRow("Frames per second", fps_);
    frames_ = spin(1, render::kMaxAnimationFrames, 120);
    frames_->setObjectName("frames");
    form->addRow("Frames", frames_);
    sweeps_ = new QDoubleSpinBox(this);
    sweeps_->setDecimals(3);
    sweeps_->setRange(0.001, render::kMaxSweepsPerFrame);
    sweeps_->setValue(session.sweeps_per_frame);
    form->addRow("Sweeps per frame", sweeps_);
    fit_ = new QCheckBox("Show the whole graph (otherwise the window's view)", this);
    fit_->setChecked(true);
    form->addRow(fit_);
    caption_ = new QCheckBox("Caption (graph, λ, dynamics, sweeps) and colour legend on every frame", this);
    form->addRow(caption_);
    summary_ = new QLabel(this);
    form->addRow(summary_);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText("Export");
    form->addRow(buttons);

    connect(browse, &QPushButton::clicked, this, [this] { ExportAnimationDialog::browse(); });
    connect(buttons, &QDialogButtonBox::accepted, this, &ExportAnimationDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    for (QSpinBox* s : {fps_, frames_})
        connect(s, &QSpinBox::valueChanged, this, [this] { update_summary(); });
    connect(sweeps_, &QDoubleSpinBox::valueChanged, this, [this] { update_summary(); });
    update_summary();
}

render::AnimationRequest ExportAnimationDialog::request() const {
    render::AnimationRequest r;
    r.session = session_;
    r.out = out_->text().trimmed().toStdString();
    r.width = width_->value();
    r.height = height_->value();
    r.fps = fps_->value();
    r.frames = frames_->value();
    r.sweeps_per_frame = sweeps_->value();
    r.fit = fit_->isChecked();
    r.caption = caption_->isChecked();
    r.palette = look_.palette;
    r.high_contrast = look_.high_contrast;
    return r;
}

void ExportAnimationDialog::browse() {
    const QString path = QFileDialog::getSaveFileName(this, "Export animation", out_->text(),
                                                      "MP4 video (*.mp4);;WebM video (*.webm);;GIF (*.gif)");
    if (!path.isEmpty()) out_->setText(path);
}

void ExportAnimationDialog::update_summary() {
    summary_->setText(QString("%1 s of video, %2 sweeps of the chain from update %3")
                          .arg(double(frames_->value()) / fps_->value(), 0, 'f', 1)
                          .arg(sweeps_->value() * (frames_->value() - 1), 0, 'g', 4)
                          .arg(session_.update_index));
}

void ExportAnimationDialog::accept() {
    // Bad input keeps the dialog open, so the user can fix the one field.
    try {
        render::check_animation_request(request());
    } catch (const InputError& e) {
        QMessageBox::warning(this, "Export Animation", e.what());
        return;
    }
    QDialog::accept();
}

bool ExportAnimationDialog::run(QWidget* parent, const Session& session, render::FrameLook look) {
    ExportAnimationDialog dialog(session, parent, look);
    if (dialog.exec() != QDialog::Accepted) return false;
    const render::AnimationRequest request = dialog.request();
    QProgressDialog progress("Rendering " + QString::fromStdString(request.out) + "…", "Cancel", 0,
                             request.frames, parent);
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(0);
    progress.setValue(0);
    try {
        // On the GUI thread (the GL contexts live there); events are pumped for the cancel button.
        const bool complete = render::export_animation(request, [&](int done, int) {
            progress.setValue(done);
            QCoreApplication::processEvents();
            return !progress.wasCanceled();
        });
        progress.reset();
        return complete;
    } catch (const std::exception& e) {
        progress.reset();
        QMessageBox::critical(parent, "Export Animation",
                              QString("The animation was not written:\n%1").arg(e.what()));
        return false;
    }
}

}  // namespace dimerlab::app
