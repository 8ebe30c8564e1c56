#include "family_picker.hpp"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>
#include <algorithm>
#include <climits>
#include <initializer_list>
#include <memory>
#include <string>
#include <utility>

#include "graph/families/family_table.hpp"
#include "graph/graph_spec.hpp"

namespace dimerlab::app {

namespace {

constexpr int kMaxSizes = 3;  // hexagon:A,B,C

using families::FamilyDescriptor;
using families::FamilyShape;

int size_count(FamilyShape shape) {
    switch (shape) {
        case FamilyShape::two_sizes:
        case FamilyShape::random_count:
            return 2;
        case FamilyShape::three_sizes:
            return 3;
        case FamilyShape::one_size:
        case FamilyShape::random_probability:
            return 1;
        case FamilyShape::none:
        case FamilyShape::file:
            return 0;
    }
    return 0;
}

bool is_random(FamilyShape shape) {
    return shape == FamilyShape::random_count || shape == FamilyShape::random_probability;
}

// The size names the usage gives ("grid:WxH" → W, H; "regular:N,D[,seed=S]" → N, D).
QStringList size_names(const FamilyDescriptor& f) {
    QString params = QString::fromUtf8(f.usage.data(), qsizetype(f.usage.size())).section(':', 1);
    params = params.section('[', 0, 0);
    QStringList names = params.split(QRegularExpression("[x,]"), Qt::SkipEmptyParts);
    while (names.size() < size_count(f.shape)) names << QString("size %1").arg(names.size() + 1);
    return names.mid(0, size_count(f.shape));
}

// The range's width of digits would make the dock wide; a few digits' width is enough to read.
void narrow(QAbstractSpinBox* box) {
    box->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    box->setMinimumWidth(48);
}

const FamilyDescriptor* family_named(const QString& name) {
    return families::find_family(name.toStdString());
}

// The weight options a family's spec takes (graph_spec.cpp's parser), each with what it means.
constexpr int kMaxWeightOptions = 2;
struct WeightOption {
    const char* key;
    const char* tip;
};
std::vector<WeightOption> weight_options_of(const QString& family) {
    if (family == "aztec")
        return {{"a", "two-periodic weight a of the cells with u + v odd, e.g. 1/2 (empty: 1)"},
                {"b", "two-periodic weight b of the cells with u + v even (empty: 1)"}};
    if (family == "hexagon") return {{"q", "each tiling weighs q^volume, e.g. 0.97 (empty: 1)"}};
    if (family == "grid" || family == "torus" || family == "hex")
        return {{"h",
                 "periodic weights of the horizontal edges: rows joined by ';', entries by ':', e.g. "
                 "1:2;3:1 (empty: 1)"},
                {"v", "periodic weights of the vertical edges, as for h, e.g. 1/2 (empty: 1)"}};
    return {};
}

// The typed text of option `key` in a parsed spec (empty when left out).
QString weight_text(const GraphSpec& spec, const QString& key) {
    if (key == "q") return spec.q ? QString::fromStdString(spec.q->exact) : QString();
    if (key == "a" || key == "b") {
        if (!spec.two_periodic) return {};
        return QString::fromStdString(key == "a" ? spec.two_periodic->a.exact : spec.two_periodic->b.exact);
    }
    if (!spec.periodic) return {};
    const PeriodicTable& t = key == "h" ? spec.periodic->horizontal : spec.periodic->vertical;
    return QString::fromStdString(t.text());
}

}  // namespace

FamilyPicker::FamilyPicker(QWidget* parent) : QWidget(parent) {
    family_box_ = new QComboBox(this);
    for (const FamilyDescriptor& f : families::family_table()) {
        const QString name = QString::fromUtf8(f.name.data(), qsizetype(f.name.size()));
        family_box_->addItem(name, name);
        family_box_->setItemData(family_box_->count() - 1,
                                 QString("%1, e.g. %2")
                                     .arg(QString::fromUtf8(f.usage.data(), qsizetype(f.usage.size())))
                                     .arg(QString::fromUtf8(f.example.data(), qsizetype(f.example.size()))),
                                 Qt::ToolTipRole);
    }
    family_box_->setToolTip("Graph family; its sizes follow, and the spec text above follows both");
    fields_ = new QGridLayout;
    fields_->setContentsMargins(0, 0, 0, 0);
    for (int i = 0; i < kMaxSizes; ++i) {
        auto* label = new QLabel(this);
        auto* box = new QSpinBox(this);
        box->setRange(1, INT_MAX);
        box->setKeyboardTracking(false);  // the spec changes once per committed number
        narrow(box);
        size_labels_.push_back(label);
        all_size_boxes_.push_back(box);
        connect(box, &QSpinBox::valueChanged, this, [this] { fields_edited(); });
    }
    probability_label_ = new QLabel("P", this);
    probability_box_ = new QDoubleSpinBox(this);
    probability_box_->setRange(0, 1);
    probability_box_->setDecimals(6);
    probability_box_->setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
    probability_box_->setKeyboardTracking(false);
    probability_box_->setToolTip("Edge probability");
    seed_label_ = new QLabel("seed", this);
    seed_box_ = new QSpinBox(this);
    seed_box_->setRange(0, INT_MAX);
    seed_box_->setKeyboardTracking(false);
    narrow(probability_box_);
    narrow(seed_box_);
    seed_box_->setToolTip("The random graph's seed (not the chain's)");
    for (int i = 0; i < kMaxWeightOptions; ++i) {
        auto* label = new QLabel(this);
        auto* edit = new QLineEdit(this);
        edit->setPlaceholderText("1");
        edit->setMinimumWidth(48);
        edit->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
        weight_labels_.push_back(label);
        all_weight_edits_.push_back(edit);
        connect(edit, &QLineEdit::editingFinished, this, [this, edit] {
            if (edit->isModified()) fields_edited();
            edit->setModified(false);
        });
    }
    connect(probability_box_, &QDoubleSpinBox::valueChanged, this, [this] { fields_edited(); });
    connect(seed_box_, &QSpinBox::valueChanged, this, [this] { fields_edited(); });
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(family_box_);
    layout->addLayout(fields_);
    connect(family_box_, &QComboBox::currentIndexChanged, this, [this] { family_chosen(); });
    show_fields_of(family_box_->currentData().toString());
}

std::vector<QSpinBox*> FamilyPicker::size_boxes() const {
    const FamilyDescriptor* f = family_named(family_box_->currentData().toString());
    const int n = f ? size_count(f->shape) : 0;
    return {all_size_boxes_.begin(), all_size_boxes_.begin() + n};
}

void FamilyPicker::show_fields_of(const QString& family) {
    const FamilyDescriptor* f = family_named(family);
    const QStringList names = f ? size_names(*f) : QStringList{};
    for (int i = 0; i < kMaxSizes; ++i) {
        const bool shown = i < names.size();
        size_labels_[i]->setVisible(shown);
        all_size_boxes_[i]->setVisible(shown);
        if (shown) {
            size_labels_[i]->setText(names[i]);
            all_size_boxes_[i]->setToolTip(QString("%1 in %2").arg(names[i]).arg(family));
        }
    }
    const bool probability = f && f->shape == FamilyShape::random_probability;
    probability_label_->setVisible(probability);
    probability_box_->setVisible(probability);
    const bool seeded = f && is_random(f->shape);
    seed_label_->setVisible(seeded);
    seed_box_->setVisible(seeded);
    // The shown fields two to a row, so three sizes (hexagon) or sizes and a seed fit a docked
    // panel's width.
    std::vector<std::pair<QLabel*, QWidget*>> shown;
    for (int i = 0; i < kMaxSizes; ++i)
        if (i < names.size()) shown.emplace_back(size_labels_[i], all_size_boxes_[i]);
    if (probability) shown.emplace_back(probability_label_, probability_box_);
    if (seeded) shown.emplace_back(seed_label_, seed_box_);
    const std::vector<WeightOption> options = weight_options_of(family);
    for (int i = 0; i < kMaxWeightOptions; ++i) {
        const bool on = i < int(options.size());
        weight_labels_[i]->setVisible(on);
        all_weight_edits_[i]->setVisible(on);
        fields_->removeWidget(weight_labels_[i]);
        fields_->removeWidget(all_weight_edits_[i]);
        if (!on) continue;
        weight_labels_[i]->setText(options[i].key);
        all_weight_edits_[i]->setToolTip(options[i].tip);
        shown.emplace_back(weight_labels_[i], all_weight_edits_[i]);
    }
    for (int i = 0; i < kMaxSizes; ++i) {
        fields_->removeWidget(size_labels_[i]);
        fields_->removeWidget(all_size_boxes_[i]);
    }
    for (QWidget* w :
         std::initializer_list<QWidget*>{probability_label_, probability_box_, seed_label_, seed_box_})
        fields_->removeWidget(w);
    for (std::size_t i = 0; i < shown.size(); ++i) {
        const int row = int(i / 2), column = int(i % 2) * 2;
        fields_->addWidget(shown[i].first, row, column, Qt::AlignRight);
        fields_->addWidget(shown[i].second, row, column + 1);
    }
    fields_->setColumnStretch(1, 1);
    fields_->setColumnStretch(3, 1);
}

void FamilyPicker::show_spec(const QString& spec_text) {
    const QSignalBlocker block_family(family_box_), block_p(probability_box_), block_seed(seed_box_);
    std::vector<std::unique_ptr<QSignalBlocker>> block_sizes;
    for (QSpinBox* b : all_size_boxes_) block_sizes.push_back(std::make_unique<QSignalBlocker>(b));
    GraphSpec spec;
    try {
        spec = parse_graph_spec(spec_text.trimmed().toStdString());
    } catch (const std::exception&) {
        // Half typed: follow the family when it is already named, keep the fields.
        const int i = family_box_->findData(spec_text.trimmed().section(':', 0, 0));
        if (i >= 0 && i != family_box_->currentIndex()) {
            family_box_->setCurrentIndex(i);
            show_fields_of(family_box_->currentData().toString());
        }
        return;
    }
    const QString family = QString::fromStdString(spec.family);
    family_box_->setCurrentIndex(std::max(0, family_box_->findData(family)));
    show_fields_of(family);
    if (const FamilyDescriptor* f = family_named(family); f && f->shape == FamilyShape::file)
        file_spec_ = spec_text.trimmed();
    for (std::size_t i = 0; i < spec.dims.size() && i < all_size_boxes_.size(); ++i)
        all_size_boxes_[i]->setValue(int(std::min<std::uint64_t>(spec.dims[i], INT_MAX)));
    probability_box_->setValue(spec.probability);
    seed_box_->setValue(int(std::min<std::uint64_t>(spec.seed, INT_MAX)));
    const std::vector<WeightOption> options = weight_options_of(family);
    for (std::size_t i = 0; i < options.size(); ++i) {
        all_weight_edits_[i]->setText(weight_text(spec, options[i].key));
        all_weight_edits_[i]->setModified(false);
    }
}

std::vector<QLineEdit*> FamilyPicker::weight_edits() const {
    const std::size_t n = weight_options_of(family_box_->currentData().toString()).size();
    return {all_weight_edits_.begin(), all_weight_edits_.begin() + std::ptrdiff_t(n)};
}

QStringList FamilyPicker::weight_option_names() const {
    QStringList out;
    for (const WeightOption& o : weight_options_of(family_box_->currentData().toString())) out << o.key;
    return out;
}

QString FamilyPicker::spec_text() const {
    const FamilyDescriptor* f = family_named(family_box_->currentData().toString());
    if (f == nullptr) return {};
    if (f->shape == FamilyShape::file) {
        // The path typed for this family, or its example (a path typed for `file` is not a region).
        const QString prefix = QString::fromUtf8(f->name.data(), qsizetype(f->name.size())) + ":";
        return file_spec_.startsWith(prefix)
                   ? file_spec_
                   : QString::fromUtf8(f->example.data(), qsizetype(f->example.size()));
    }
    GraphSpec spec;
    spec.family = std::string(f->name);
    for (QSpinBox* b : size_boxes()) spec.dims.push_back(std::uint64_t(b->value()));
    spec.probability = probability_box_->value();
    spec.seed = std::uint64_t(seed_box_->value());
    QString text = QString::fromStdString(spec.canonical());
    const std::vector<WeightOption> options = weight_options_of(family_box_->currentData().toString());
    for (std::size_t i = 0; i < options.size(); ++i) {
        const QString value = all_weight_edits_[i]->text().trimmed();
        if (!value.isEmpty()) text += QString(",%1=%2").arg(options[i].key, value);
    }
    // The canonical form when the weights read; otherwise the text as typed, so that the spec
    // field shows the parser's reason, as for a typed spec.
    try {
        return QString::fromStdString(parse_graph_spec(text.toStdString()).canonical());
    } catch (const std::exception&) {
        return text;
    }
}

void FamilyPicker::family_chosen() {
    const QString family = family_box_->currentData().toString();
    // A new family starts from its example's sizes (the Help page's), never from the old
    // family's numbers, which mean something else (hex W is not grid W).
    if (const FamilyDescriptor* f = family_named(family); f && f->shape != FamilyShape::file) {
        show_spec(QString::fromUtf8(f->example.data(), qsizetype(f->example.size())));
    } else {
        show_fields_of(family);
    }
    emit spec_edited(spec_text());
}

void FamilyPicker::fields_edited() {
    emit spec_edited(spec_text());
}

}  // namespace dimerlab::app
