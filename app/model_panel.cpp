#include "model_panel.hpp"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QStringList>
#include <QVBoxLayout>
#include <algorithm>
#include <climits>
#include <cmath>

#include "dimerlab_lab/sampler_factory.hpp"
#include "dynamics_choices.hpp"
#include "enum_values.hpp"
#include "family_picker.hpp"
#include "graph/graph_spec.hpp"
#include "sampling/start_state.hpp"
#include "trimmed_spin_box.hpp"
#include "util/gpu_absence_words.hpp"

namespace dimerlab::app {

ModelPanel::ModelPanel(QWidget* parent) : QWidget(parent) {
    auto* form = new QFormLayout;
    // A preset's own words, so a lecturer needs no slide to say what the demo shows.
    title_label_ = new QLabel(this);
    title_label_->setObjectName("preset-title");
    title_label_->setWordWrap(true);
    QFont title_font = title_label_->font();
    title_font.setBold(true);
    title_font.setPointSizeF(title_font.pointSizeF() * 1.2);
    title_label_->setFont(title_font);
    description_label_ = new QLabel(this);
    description_label_->setObjectName("preset-description");
    description_label_->setWordWrap(true);
    description_label_->setTextFormat(Qt::PlainText);
    title_label_->setTextFormat(Qt::PlainText);
    spec_edit_ = new QLineEdit(this);
    spec_edit_->setPlaceholderText("grid:64x64, torus:32x32, aztec:20, complete:12, regular:1000,3 …");
    spec_edit_->setToolTip("Graph spec family:params, as in dimerlab-cli --graph");
    error_label_ = new QLabel(this);
    error_label_->setStyleSheet("color: #c62828;");
    error_label_->setWordWrap(true);
    error_label_->hide();
    notice_label_ = new QLabel(this);
    notice_label_->setWordWrap(true);
    notice_label_->hide();
    auto* spec_box = new QVBoxLayout;
    spec_box->setContentsMargins(0, 0, 0, 0);
    spec_box->addWidget(spec_edit_);
    spec_box->addWidget(error_label_);
    spec_box->addWidget(notice_label_);
    form->addRow("Graph", spec_box);
    family_picker_ = new FamilyPicker(this);
    form->addRow("Family", family_picker_);

    lambda_slider_ = new QSlider(Qt::Horizontal, this);
    lambda_slider_->setRange(0, lambda_slider_infinity_position());
    lambda_slider_->setToolTip(
        QString("λ on a log scale, %1 … %2, and at the right end ∞ (perfect matchings; the chain restarts)")
            .arg(kLambdaMin)
            .arg(kLambdaMax));
    lambda_entry_ = new LambdaSpinBox(this);
    lambda_entry_->setToolTip("Dimer activity: a positive number, or inf / ∞ for perfect matchings");
    auto* lambda_row = new QHBoxLayout;
    lambda_row->addWidget(lambda_slider_, 1);
    lambda_row->addWidget(lambda_entry_);
    form->addRow("λ", lambda_row);

    seed_box_ = new QSpinBox(this);
    seed_box_->setRange(0, INT_MAX);
    form->addRow("Seed", seed_box_);
    dynamics_box_ = new QComboBox(this);
    // Every dynamics the core defines; one the app cannot run is listed, disabled, with the reason.
    for (Dynamics d : core_dynamics()) {
        dynamics_box_->addItem(QString::fromUtf8(dynamics_name(d)));
        const int i = dynamics_box_->count() - 1;
        const QString why_not = dynamics_unavailable_reason(d);
        dynamics_box_->setItemData(i, why_not.isEmpty() ? dynamics_words(d) : why_not, Qt::ToolTipRole);
        if (!why_not.isEmpty()) {
            if (auto* items = qobject_cast<QStandardItemModel*>(dynamics_box_->model()))
                items->item(i)->setEnabled(false);
        }
    }
    auto dynamics_tip = [this] {
        dynamics_box_->setToolTip(dynamics_box_->currentData(Qt::ToolTipRole).toString());
    };
    connect(dynamics_box_, &QComboBox::currentIndexChanged, this, dynamics_tip);
    dynamics_tip();
    form->addRow("Dynamics", dynamics_box_);
    backend_box_ = new QComboBox(this);
    backend_box_->addItem("CPU sequential", QString::fromUtf8(backend_name(Backend::cpu)));
    backend_box_->addItem("CPU parallel", QString::fromUtf8(backend_name(Backend::cpu_parallel)));
    backend_box_->addItem("CUDA", QString::fromUtf8(backend_name(Backend::cuda)));
    backend_box_->setToolTip(
        "Where the chain runs; every backend runs the same trajectory. CPU parallel: exact Jacobi "
        "blocks on all cores (no jerrum-sinclair). A backend that cannot run falls back to CPU "
        "sequential with a notice in the status bar.");
    backend_note_ = new QLabel(this);
    backend_note_->setWordWrap(true);
    backend_note_->setStyleSheet("color: #b26a00;");
    const CudaAvailability cuda = cuda_availability();
    if (cuda.available) {
        backend_box_->setItemText(2, QString("CUDA (%1)").arg(QString::fromStdString(cuda.device)));
        backend_note_->hide();
    } else {
        // Plain words on screen, the probe's own reason in the tooltip.
        backend_note_->setText(QString("No GPU in use: %1, so the CPU backends run.")
                                   .arg(QString::fromStdString(gpu_absence_in_plain_words(cuda.reason))));
        backend_note_->setToolTip(QString::fromStdString(cuda.reason));
    }
    auto* backend_col = new QVBoxLayout;
    backend_col->setContentsMargins(0, 0, 0, 0);
    backend_col->addWidget(backend_box_);
    backend_col->addWidget(backend_note_);
    form->addRow("Backend", backend_col);
    start_box_ = new QComboBox(this);
    for (StartKind k : enum_values<StartKind>(start_kind_name, parse_start_kind)) {  // a new kind appears
        start_box_->addItem(QString::fromUtf8(start_kind_name(k)));
    }
    form->addRow("Start", start_box_);
    speed_box_ = new SweepsSpinBox(this);
    speed_box_->setSuffix(" sweeps/frame");
    form->addRow("Speed", speed_box_);

    apply_ = new QPushButton("Apply", this);
    apply_->setToolTip("Rebuild the lab from these settings (the chain restarts at update 0)");
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(title_label_);
    layout->addWidget(description_label_);
    layout->addLayout(form);
    layout->addWidget(apply_);
    layout->addStretch(1);

    connect(spec_edit_, &QLineEdit::textChanged, this, [this](const QString& text) {
        notice_label_->hide();  // they describe the graph built from the previous text
        family_picker_->show_spec(text);
        validate();
    });
    connect(family_picker_, &FamilyPicker::spec_edited, this, [this](const QString& spec) {
        if (spec != spec_edit_->text()) spec_edit_->setText(spec);
    });
    connect(spec_edit_, &QLineEdit::returnPressed, this, &ModelPanel::apply);
    connect(apply_, &QPushButton::clicked, this, &ModelPanel::apply);
    // During a drag the entry follows every pixel, but only the release becomes a recorded λ
    // change: a drag across the range would otherwise put hundreds of entries in the record.
    connect(lambda_slider_, &QSlider::sliderPressed, this, [this] { lambda_at_press_ = lambda(); });
    connect(lambda_slider_, &QSlider::valueChanged, this, [this](int pos) {
        const double l = lambda_at_slider_position(pos);
        const QSignalBlocker block(lambda_entry_);
        lambda_entry_->setValue(l);
        if (!lambda_slider_->isSliderDown()) emit lambda_changed(lambda_entry_->value());
    });
    connect(lambda_slider_, &QSlider::sliderReleased, this, [this] {
        if (lambda() != lambda_at_press_) emit lambda_changed(lambda());
    });
    connect(lambda_entry_, &QDoubleSpinBox::valueChanged, this, [this](double l) {
        const QSignalBlocker block(lambda_slider_);
        lambda_slider_->setValue(lambda_slider_position(l));
        emit lambda_changed(l);
    });

    set_session(Session{});
}

void ModelPanel::set_session(const Session& session) {
    base_ = session;
    {
        const QSignalBlocker b(spec_edit_);
        spec_edit_->setText(QString::fromStdString(session.graph));
    }
    family_picker_->show_spec(spec_edit_->text());
    show_about(session);
    base_lambda_ = session.record.lambda_at(session.update_index);
    set_lambda(base_lambda_);
    const QSignalBlocker b1(seed_box_), b2(dynamics_box_), b3(start_box_), b4(speed_box_), b5(backend_box_);
    backend_box_->setCurrentIndex(
        std::max(0, backend_box_->findData(QString::fromUtf8(backend_name(session.backend)))));
    seed_box_->setValue(static_cast<int>(std::min<std::uint64_t>(session.seed, INT_MAX)));
    dynamics_box_->setCurrentText(QString::fromUtf8(dynamics_name(session.dynamics)));
    start_box_->setCurrentText(QString::fromUtf8(start_kind_name(session.start)));
    speed_box_->setValue(session.sweeps_per_frame);
    validate();
}

void ModelPanel::show_about(const Session& session) {
    title_label_->setText(session.title);
    title_label_->setVisible(!session.title.isEmpty());
    description_label_->setText(session.description);
    description_label_->setVisible(!session.description.isEmpty());
}

void ModelPanel::set_lambda(double lambda) {
    const QSignalBlocker b1(lambda_slider_), b2(lambda_entry_);
    lambda_entry_->setValue(lambda);
    lambda_slider_->setValue(lambda_slider_position(lambda));
}

void ModelPanel::set_speed(double sweeps_per_frame) {
    const QSignalBlocker b(speed_box_);
    speed_box_->setValue(sweeps_per_frame);
}

double ModelPanel::lambda() const {
    return lambda_entry_->value();
}

void ModelPanel::validate() {
    try {
        parse_graph_spec(spec_edit_->text().trimmed().toStdString());
        spec_error_.clear();
    } catch (const std::exception& e) {
        // InputError messages are one line and name the spec, so they fit under the field.
        spec_error_ = QString::fromUtf8(e.what());
        if (spec_error_.isEmpty()) spec_error_ = "invalid graph spec";
    }
    error_label_->setText(spec_error_);
    error_label_->setVisible(!spec_error_.isEmpty());
    apply_->setEnabled(spec_error_.isEmpty());
}

void ModelPanel::show_build_error(const QString& message) {
    error_label_->setText(message);
    error_label_->setVisible(true);
}

void ModelPanel::show_graph_notices(const std::vector<std::string>& notices) {
    QStringList lines;
    for (const std::string& n : notices) lines << "notice: " + QString::fromStdString(n);
    notice_label_->setText(lines.join('\n'));
    notice_label_->setVisible(!lines.isEmpty());
}

Session ModelPanel::pending_session() const {
    Session s = base_;
    s.graph = spec_edit_->text().trimmed().toStdString();
    s.seed = static_cast<std::uint64_t>(seed_box_->value());
    s.dynamics = parse_dynamics(dynamics_box_->currentText().toStdString());
    s.backend = parse_backend(backend_box_->currentData().toString().toStdString());
    s.start = parse_start_kind(start_box_->currentText().toStdString());
    s.record = LambdaRecord{lambda()};
    s.update_index = 0;
    s.state_hash.reset();
    s.sweeps_per_frame = speed_box_->value();
    s.running = true;
    s.view.has_camera = false;  // a new graph needs a fresh fit
    const bool same_chain = s.graph == base_.graph && s.seed == base_.seed && s.dynamics == base_.dynamics &&
                            s.start == base_.start && lambda() == base_lambda_;
    if (!same_chain) {
        s.name = QString::fromStdString(s.graph);
        s.title.clear();
        s.description.clear();
    }
    return s;
}

void ModelPanel::apply() {
    validate();
    if (!spec_valid()) return;
    emit apply_requested(pending_session());
}

}  // namespace dimerlab::app
