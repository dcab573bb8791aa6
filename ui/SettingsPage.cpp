#include "SettingsPage.h"

#include "Theme.h"
#include "Widgets.h"
#include "WrappingLabel.h"

#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QCoreApplication>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QTableWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace mpa {

SettingsPage::SettingsPage(Settings *settings, const QString &title, const QString &intro, QWidget *parent)
    : QWidget(parent)
    , m_settings(settings)
    , m_title(title)
{
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->setSpacing(0);

    auto *scroll = m_scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto *content = new QWidget(scroll);
    content->setObjectName(u"pageContent"_s);
    m_body = new QVBoxLayout(content);
    m_body->setContentsMargins(16, 12, 16, 16);
    m_body->setSpacing(12);

    auto *heading = new QLabel(title, content);
    heading->setObjectName(u"pageTitle"_s);
    QFont big = heading->font();
    big.setPointSizeF(big.pointSizeF() * 1.35);
    big.setBold(true);
    heading->setFont(big);
    m_body->addWidget(heading);
    if (!intro.isEmpty()) {
        auto *introLabel = new QLabel(intro, content);
        introLabel->setObjectName(u"pageIntro"_s);
        makeWrapping(introLabel);
        m_body->addWidget(introLabel);
    }
    // Every page uses the window's whole width, as History and Logs always did: a wide window
    // is not left a third empty (groups and tables grow; a text box is as wide as its group).
    scroll->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    scroll->setWidget(content);
    outer->addWidget(scroll);
}

void SettingsPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (std::exchange(m_wheelGuarded, true))
        return;
    QList<QWidget *> editors;
    for (QAbstractSpinBox *spin : findChildren<QAbstractSpinBox *>())
        editors.append(spin);
    for (QComboBox *combo : findChildren<QComboBox *>())
        editors.append(combo);
    for (QWidget *editor : std::as_const(editors)) {
        editor->setFocusPolicy(Qt::StrongFocus); // not WheelFocus: the wheel gives no focus
        editor->installEventFilter(this);
    }
    // The number boxes of a page share one width, the widest's, so a column of them lines up
    // instead of each being as wide as its own largest value.
    const QList<QAbstractSpinBox *> spins = findChildren<QAbstractSpinBox *>();
    int spinWidth = 0;
    for (const QAbstractSpinBox *spin : spins)
        spinWidth = qMax(spinWidth, qMax(spin->sizeHint().width(), spin->minimumWidth()));
    for (QAbstractSpinBox *spin : spins)
        spin->setMinimumWidth(spinWidth);
    // One spacing between the buttons and boxes of a row on every page: a row that set none gets
    // the style's, which is tighter with some styles (Fusion puts buttons 2 px apart).
    for (QHBoxLayout *row : findChildren<QHBoxLayout *>()) {
        if (row->spacing() < kRowSpacing)
            row->setSpacing(kRowSpacing);
    }
}

bool SettingsPage::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() != QEvent::Wheel)
        return QWidget::eventFilter(watched, event);
    auto *editor = qobject_cast<QWidget *>(watched);
    if (!editor || editor->hasFocus())
        return false;
    QCoreApplication::sendEvent(m_scroll->viewport(), event); // the page scrolls instead
    return true;
}

QFormLayout *SettingsPage::addFormGroup(const QString &title, QGroupBox **box)
{
    auto *group = new QGroupBox(title, m_body->parentWidget());
    auto *form = new QFormLayout(group);
    form->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
    form->setLabelAlignment(Qt::AlignLeft | Qt::AlignTop);
    form->setRowWrapPolicy(QFormLayout::DontWrapRows);
    form->setHorizontalSpacing(14);
    form->setVerticalSpacing(8);
    m_body->addWidget(group);
    if (box)
        *box = group;
    return form;
}

QVBoxLayout *SettingsPage::addGroup(const QString &title, QGroupBox **box)
{
    auto *group = new QGroupBox(title, m_body->parentWidget());
    auto *layout = new QVBoxLayout(group);
    layout->setSpacing(8);
    m_body->addWidget(group);
    if (box)
        *box = group;
    return layout;
}

SettingField *SettingsPage::addField(QFormLayout *form, const QString &label, SettingKey key,
                                     const SettingField::Options &options)
{
    auto *field = new SettingField(settings(), key, options, form->parentWidget());
    if (label.isEmpty())
        form->addRow(field);
    else
        form->addRow(label, field);
    return field;
}

QPushButton *SettingsPage::addStartRow(QFormLayout *form, const QString &prefix, QLabel **error)
{
    *error = Widgets::errorLabel(prefix + u"StartError"_s, this);
    QPushButton *start = Widgets::button(tr("Start"), prefix + u"Start"_s, this);
    start->setDefault(true);
    form->addRow(Widgets::rowWidget(*error, { start }, this));
    return start;
}

QLabel *SettingsPage::hint(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    makeWrapping(label);
    label->setForegroundRole(QPalette::PlaceholderText);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

QTableWidget *SettingsPage::rowTable(const QStringList &headers, const QString &objectName, QWidget *parent)
{
    auto *t = new QTableWidget(0, int(headers.size()), parent);
    t->setObjectName(objectName);
    t->setHorizontalHeaderLabels(headers);
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->setSelectionMode(QAbstractItemView::SingleSelection);
    t->verticalHeader()->hide();
    t->horizontalHeader()->setStretchLastSection(true);
    return t;
}

void SettingsPage::sizeColumns(QTableWidget *table, std::initializer_list<TableColumn> columns)
{
    QHeaderView *header = table->horizontalHeader();
    int index = 0;
    for (const TableColumn &column : columns) {
        header->setSectionResizeMode(index, column.mode);
        if (column.width > 0)
            table->setColumnWidth(index, column.width);
        if (column.mode == QHeaderView::Stretch)
            header->setStretchLastSection(false);
        ++index;
    }
}

QLabel *SettingsPage::pendingNotice(const QString &what, const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setObjectName(u"pending:"_s + what);
    label->setProperty("pending", true);
    makeWrapping(label);
    Theme::whenPaletteChanges(label, [label] {
        const QPalette palette = QApplication::palette();
        label->setStyleSheet(
            u"QLabel { background: %1; color: %2; border-left: 3px solid %3; padding: 6px 8px; }"_s.arg(
                Theme::noticeBase(palette).name(), palette.color(QPalette::Text).name(),
                Theme::noticeAccent(palette).name()));
    });
    return label;
}

} // namespace mpa
