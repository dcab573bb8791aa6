#include "PromptItemDelegate.h"

#include <QAbstractItemView>
#include <QKeyEvent>
#include <QPlainTextEdit>
#include <QTextBlock>
#include <QTextLayout>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {
constexpr int kMinEditorLines = 4;
constexpr int kMaxEditorLines = 12;
} // namespace

QString PromptItemDelegate::displayText(const QVariant &value, const QLocale &locale) const
{
    const QStringList lines = value.toString().split(u'\n');
    if (lines.size() <= kShownLines)
        return QStyledItemDelegate::displayText(value, locale);
    return QStyledItemDelegate::displayText(QString(lines.first(kShownLines).join(u'\n') + u" …"_s), locale);
}

QWidget *PromptItemDelegate::createEditor(QWidget *parent, const QStyleOptionViewItem &,
                                          const QModelIndex &) const
{
    auto *editor = new QPlainTextEdit(parent);
    editor->setObjectName(u"queuePromptEditor"_s);
    editor->setTabChangesFocus(true);
    editor->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    editor->setToolTip(tr("Shift+Enter starts a new line; Enter keeps the prompt; Escape drops the edit."));
    connect(editor, &QPlainTextEdit::textChanged, this, [this, editor] { fitToText(editor); });
    return editor;
}

void PromptItemDelegate::setEditorData(QWidget *editor, const QModelIndex &index) const
{
    auto *text = qobject_cast<QPlainTextEdit *>(editor);
    if (!text)
        return;
    // Only when the edit begins: a model change while typing must not reset the text.
    if (text->property("loaded").toBool())
        return;
    text->setProperty("loaded", true);
    text->setPlainText(index.data(Qt::EditRole).toString());
    text->moveCursor(QTextCursor::End);
}

void PromptItemDelegate::setModelData(QWidget *editor, QAbstractItemModel *model,
                                      const QModelIndex &index) const
{
    if (auto *text = qobject_cast<QPlainTextEdit *>(editor))
        model->setData(index, text->toPlainText(), Qt::EditRole);
}

void PromptItemDelegate::updateEditorGeometry(QWidget *editor, const QStyleOptionViewItem &option,
                                              const QModelIndex &) const
{
    editor->setGeometry(option.rect);
    fitToText(editor);
}

void PromptItemDelegate::fitToText(QWidget *editor) const
{
    auto *text = qobject_cast<QPlainTextEdit *>(editor);
    if (!text)
        return;
    // As tall as its lines (wrapped ones count), within a few lines and the view's height.
    int lines = 0;
    for (QTextBlock block = text->document()->begin(); block.isValid(); block = block.next())
        lines += qMax(1, block.layout() ? block.layout()->lineCount() : 1);
    lines = qBound(kMinEditorLines, lines + 1, kMaxEditorLines);
    const int height = text->fontMetrics().lineSpacing() * lines + 2 * text->frameWidth()
        + int(text->document()->documentMargin() * 2);
    QRect rect = text->geometry();
    const QWidget *viewport = text->parentWidget();
    const int room = viewport ? viewport->height() : height;
    rect.setHeight(qMin(height, room));
    if (viewport && rect.bottom() > viewport->height())
        rect.moveTop(qMax(0, viewport->height() - rect.height())); // near the bottom: grows upwards
    text->setGeometry(rect);
}

bool PromptItemDelegate::eventFilter(QObject *watched, QEvent *event)
{
    auto *text = qobject_cast<QPlainTextEdit *>(watched);
    if (text && event->type() == QEvent::KeyPress) {
        const auto *key = static_cast<QKeyEvent *>(event);
        if (key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) {
            if (key->modifiers() & Qt::ShiftModifier) {
                text->textCursor().insertText(u"\n"_s); // a new line of the same prompt
                return true;
            }
            Q_EMIT commitData(text);
            Q_EMIT closeEditor(text, QAbstractItemDelegate::SubmitModelCache);
            return true;
        }
    }
    return QStyledItemDelegate::eventFilter(watched, event);
}

} // namespace mpa
