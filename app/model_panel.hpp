#pragma once
// The Model panel: what the next lab is built from (graph spec, λ, seed, dynamics, backend, start,
// speed).
// The spec is parsed on every edit so a mistake shows under the field at once and Apply stays
// disabled; Apply only emits apply_requested, so the window decides how to rebuild and the panel
// is testable without a controller or OpenGL.
#include <QString>
#include <QWidget>
#include <cstdint>
#include <string>
#include <vector>

#include "dimerlab_lab/session.hpp"
#include "lambda_range.hpp"
#include "lambda_spin_box.hpp"

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSlider;
class QSpinBox;

namespace dimerlab::app {

class FamilyPicker;

class ModelPanel : public QWidget {
    Q_OBJECT
  public:
    explicit ModelPanel(QWidget* parent = nullptr);

    // Shows a session's settings (after a load or an apply); emits nothing.
    void set_session(const Session& session);
    // Follows a λ change made elsewhere (toolbar) without emitting lambda_changed.
    void set_lambda(double lambda);
    // Follows a sweeps/frame change made elsewhere (toolbar); emits nothing.
    void set_speed(double sweeps_per_frame);

    double lambda() const;
    bool spec_valid() const { return spec_error_.isEmpty(); }
    QString spec_error() const { return spec_error_; }
    // Shows an error that only building could find (e.g. too large for memory) under the field.
    void show_build_error(const QString& message);
    // Shows what reading the graph's file changed or suspects (Graph::notices) under the field,
    // in the text colour, until the spec is edited; an empty list hides them.
    void show_graph_notices(const std::vector<std::string>& notices);
    // The session Apply would request, at update 0. When its chain differs from the shown
    // session's (graph, seed, dynamics, start, λ) it is the user's own: the preset's name, title
    // and description no longer describe it and are dropped.
    Session pending_session() const;

    QLineEdit* spec_edit() const { return spec_edit_; }
    FamilyPicker* family_picker() const { return family_picker_; }
    QComboBox* dynamics_box() const { return dynamics_box_; }
    QComboBox* start_box() const { return start_box_; }
    // The shown session's preset title (bold) and description, at the top; hidden for a session
    // that has none (a user's own chain: pending_session drops them).
    QLabel* title_label() const { return title_label_; }
    QLabel* description_label() const { return description_label_; }
    QLabel* error_label() const { return error_label_; }
    QLabel* notice_label() const { return notice_label_; }
    QSlider* lambda_slider() const { return lambda_slider_; }
    QDoubleSpinBox* lambda_entry() const { return lambda_entry_; }
    QDoubleSpinBox* speed_box() const { return speed_box_; }
    QPushButton* apply_button() const { return apply_; }
    QComboBox* backend_box() const { return backend_box_; }
    // Says why cuda cannot run here (hidden when it can).
    QLabel* backend_note() const { return backend_note_; }

  public slots:
    // Emits apply_requested only when the spec parses: an invalid spec starts nothing.
    void apply();

  signals:
    void apply_requested(const dimerlab::Session& session);
    // λ moved in this panel: the window applies it to the running chain as a recorded change.
    // A slider drag emits once, when it ends (every emission is one entry in the session's λ
    // record); keyboard steps on the slider and the exact entry emit per change.
    void lambda_changed(double lambda);

  private:
    void validate();
    void show_about(const Session& session);

    Session base_;  // keeps the fields the panel does not edit (name, view settings)
    QString spec_error_;
    QLabel* title_label_ = nullptr;
    QLabel* description_label_ = nullptr;
    QLineEdit* spec_edit_ = nullptr;
    FamilyPicker* family_picker_ = nullptr;
    QLabel* error_label_ = nullptr;
    QLabel* notice_label_ = nullptr;
    QSlider* lambda_slider_ = nullptr;
    LambdaSpinBox* lambda_entry_ = nullptr;
    QSpinBox* seed_box_ = nullptr;
    QComboBox* dynamics_box_ = nullptr;
    QComboBox* backend_box_ = nullptr;
    QLabel* backend_note_ = nullptr;
    double lambda_at_press_ = 0;
    double base_lambda_ = 1;  // the λ set_session showed, to tell an edited chain from the preset
    QComboBox* start_box_ = nullptr;
    QDoubleSpinBox* speed_box_ = nullptr;
    QPushButton* apply_ = nullptr;
};

}  // namespace dimerlab::app
