#include "Widgets.h"

#include "ErrorStyle.h"
#include "WrappingLabel.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

namespace mpa::Widgets {

QPushButton *button(const QString &text, const QString &objectName, QWidget *parent, const QString &toolTip)
{
    auto *made = new QPushButton(text, parent);
    made->setObjectName(objectName);
    if (!toolTip.isEmpty())
        made->setToolTip(toolTip);
    return made;
}

QLabel *wrappingLabel(const QString &objectName, QWidget *parent, const QString &text)
{
    auto *label = new QLabel(text, parent);
    label->setObjectName(objectName);
    makeWrapping(label);
    return label;
}

QLabel *boldLabel(const QString &objectName, QWidget *parent, const QString &text)
{
    QLabel *label = wrappingLabel(objectName, parent, text);
    QFont bold = label->font();
    bold.setBold(true);
    label->setFont(bold);
    return label;
}

QLabel *errorLabel(const QString &objectName, QWidget *parent)
{
    QLabel *label = wrappingLabel(objectName, parent);
    ErrorStyle::setError(label);
    return label;
}

void markPersonOnly(QWidget *control)
{
    control->setProperty(kPersonOnly, true);
}

namespace {
int g_apiActions = 0; // the GUI thread's only
} // namespace

ApiAction::ApiAction()
{
    ++g_apiActions;
}

ApiAction::~ApiAction()
{
    --g_apiActions;
}

bool ApiAction::running()
{
    return g_apiActions > 0;
}

QHBoxLayout *row(QWidget *wide, std::initializer_list<QWidget *> after)
{
    auto *layout = new QHBoxLayout;
    layout->addWidget(wide, 1);
    for (QWidget *widget : after)
        layout->addWidget(widget);
    return layout;
}

QWidget *rowWidget(QWidget *wide, std::initializer_list<QWidget *> after, QWidget *parent)
{
    auto *holder = new QWidget(parent);
    QHBoxLayout *layout = row(wide, after);
    layout->setContentsMargins(0, 0, 0, 0);
    holder->setLayout(layout);
    return holder;
}

bool confirm(QWidget *parent, const QString &title, const QString &text, const QString &details,
             const QString &action, Risk risk, const QString &objectName)
{
    const bool destructive = risk == Risk::Destructive;
    QMessageBox box(destructive ? QMessageBox::Warning : QMessageBox::Question, title, text,
                    QMessageBox::NoButton, parent);
    if (!objectName.isEmpty())
        box.setObjectName(objectName);
    box.setInformativeText(details);
    QPushButton *goAhead
        = box.addButton(action, destructive ? QMessageBox::DestructiveRole : QMessageBox::AcceptRole);
    box.addButton(QMessageBox::Cancel);
    if (destructive)
        box.setDefaultButton(QMessageBox::Cancel);
    box.exec();
    return box.clickedButton() == goAhead;
}

} // namespace mpa::Widgets
