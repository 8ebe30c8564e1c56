#pragma once
// The Model panel's family picker, beside the spec text: a combo of the graph families (the core's
// family table, the one the Help page's grammar lists) and spin boxes for the chosen family's
// sizes (named as in its usage, e.g. W and H for grid:WxH), its seed (random families) and edge
// probability (gnp), and its edge-weight options as typed text (a and b on aztec, q on hexagon, h and
// v on grid, torus and hex; empty for weight 1). Editing them emits the spec they make; show_spec
// fills them from a typed spec without emitting, so the text and the fields always say the same
// graph, weights included.
#include <QString>
#include <QWidget>
#include <vector>

class QComboBox;
class QDoubleSpinBox;
class QGridLayout;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace dimerlab::app {

class FamilyPicker : public QWidget {
    Q_OBJECT
  public:
    explicit FamilyPicker(QWidget* parent = nullptr);

    // Fills the fields from `spec_text` when it parses; when only its family is known (a size is
    // still being typed) selects that family and leaves the fields; emits nothing.
    void show_spec(const QString& spec_text);
    // The spec the combo and the fields make now (canonical, as GraphSpec::canonical writes it).
    QString spec_text() const;

    QComboBox* family_box() const { return family_box_; }
    // The size fields of the chosen family, in its usage's order (the rest hidden).
    std::vector<QSpinBox*> size_boxes() const;
    QSpinBox* seed_box() const { return seed_box_; }
    QDoubleSpinBox* probability_box() const { return probability_box_; }
    // The chosen family's weight options (the rest hidden), named by weight_option_names().
    std::vector<QLineEdit*> weight_edits() const;
    QStringList weight_option_names() const;

  signals:
    // The user changed the family or a field: the spec text should become `spec`.
    void spec_edited(const QString& spec);

  private:
    void family_chosen();
    void show_fields_of(const QString& family);
    void fields_edited();

    QComboBox* family_box_ = nullptr;
    QGridLayout* fields_ = nullptr;  // the shown fields, two to a row
    std::vector<QLabel*> size_labels_;
    std::vector<QSpinBox*> all_size_boxes_;
    QLabel* probability_label_ = nullptr;
    QDoubleSpinBox* probability_box_ = nullptr;
    QLabel* seed_label_ = nullptr;
    QSpinBox* seed_box_ = nullptr;
    std::vector<QLabel*> weight_labels_;
    std::vector<QLineEdit*> all_weight_edits_;
    QString file_spec_;  // file: has no fields; its spec text is kept as typed
};

}  // namespace dimerlab::app
