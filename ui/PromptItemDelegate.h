#pragma once
// How the prompt queue's list shows and edits its prompts: a prompt of several lines shows its
// first lines, and is edited in a text box that grows with it, where Shift+Enter starts a new
// line and Enter (or Ctrl+Enter) ends the edit, keeping every line. Escape drops the edit.

#include <QStyledItemDelegate>

namespace mpa {

class PromptItemDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    // At most this many lines of a prompt show in the list (the rest is in its tooltip).
    static constexpr int kShownLines = 3;

    QString displayText(const QVariant &value, const QLocale &locale) const override;
    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &option,
                          const QModelIndex &index) const override;
    void setEditorData(QWidget *editor, const QModelIndex &index) const override;
    void setModelData(QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const override;
    void updateEditorGeometry(QWidget *editor, const QStyleOptionViewItem &option,
                              const QModelIndex &index) const override;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void fitToText(QWidget *editor) const;
};

} // namespace mpa
