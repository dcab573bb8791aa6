#include "ChoiceBox.h"

#include <QAbstractItemView>
#include <QScreen>
#include <QStyleOptionComboBox>
#include <QStylePainter>

namespace mpa {

ChoiceBox::ChoiceBox(QWidget *parent, int minimumChars)
    : QComboBox(parent)
    , m_minimumChars(minimumChars)
{
}

QSize ChoiceBox::minimumSizeHint() const
{
    QSize size = QComboBox::minimumSizeHint();
    const int shrunk = fontMetrics().averageCharWidth() * m_minimumChars + iconSize().width() + 24;
    size.setWidth(qMin(size.width(), shrunk));
    return size;
}

void ChoiceBox::paintEvent(QPaintEvent *)
{
    QStylePainter painter(this);
    painter.setPen(palette().color(QPalette::Text));
    QStyleOptionComboBox option;
    initStyleOption(&option);
    if (currentIndex() < 0 && !placeholderText().isEmpty()) { // as QComboBox paints it
        option.palette.setBrush(QPalette::ButtonText, option.palette.placeholderText());
        option.currentText = placeholderText();
    }
    painter.drawComplexControl(QStyle::CC_ComboBox, option);
    const QRect field
        = style()->subControlRect(QStyle::CC_ComboBox, &option, QStyle::SC_ComboBoxEditField, this);
    const int iconSpace = option.currentIcon.isNull() ? 0 : option.iconSize.width() + 4;
    option.currentText
        = fontMetrics().elidedText(option.currentText, Qt::ElideRight, field.width() - iconSpace);
    painter.drawControl(QStyle::CE_ComboBoxLabel, option);
}

void ChoiceBox::showPopup()
{
    // As wide as the longest choice (the box itself may be narrower).
    view()->setMinimumWidth(
        qMin(view()->sizeHintForColumn(0) + 32, screen() ? screen()->availableSize().width() : 4096));
    QComboBox::showPopup();
}

} // namespace mpa
