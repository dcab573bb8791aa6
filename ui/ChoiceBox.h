#pragma once
// A choice box as wide as its longest choice where there is room; where there is not (a small
// window, a longer language) it shrinks to about `minimumChars` characters and elides the
// current choice with "…" instead of cutting it, so a long choice never makes a page scroll
// sideways. Its open list shows every choice in full, and each choice's tooltip is its text.

#include <QComboBox>

namespace mpa {

class ChoiceBox : public QComboBox
{
    Q_OBJECT
public:
    explicit ChoiceBox(QWidget *parent = nullptr, int minimumChars = 18);

    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    void showPopup() override;

private:
    int m_minimumChars;
};

} // namespace mpa
