#include "QuestionBox.h"

#include "Theme.h"
#include "Widgets.h"
#include "common/KnownSentences.h"

#include <QApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace mpa {

QuestionBox::QuestionBox(const QString &title, const QString &prefix, bool typedAnswer, QWidget *parent)
    : QGroupBox(title, parent)
{
    setObjectName(prefix + u"Question"_s);
    // Framed in the warning colour so a question stands out; the title in the same font as the
    // other groups' (bold), only coloured.
    Theme::whenPaletteChanges(this, [this] {
        const QColor warning = Theme::warningText(QApplication::palette());
        setStyleSheet(u"QGroupBox#%2 { border: 2px solid %1; border-radius: 4px; margin-top: 1.2em; "
                      "padding: 6px; } QGroupBox#%2::title { subcontrol-origin: margin; left: 8px; "
                      "padding: 0 3px; color: %1; font-weight: bold; }"_s.arg(warning.name(), objectName()));
    });
    auto *layout = new QVBoxLayout(this);
    m_question = Widgets::wrappingLabel(prefix + u"QuestionText"_s, this);
    layout->addWidget(m_question);
    auto *answerRow = new QHBoxLayout;
    if (typedAnswer) {
        m_answer = new QLineEdit(this);
        m_answer->setObjectName(prefix + u"Answer"_s);
        m_answer->setPlaceholderText(tr("Your answer"));
        answerRow->addWidget(m_answer, 1);
        connect(m_answer, &QLineEdit::returnPressed, this, [this] { Q_EMIT answered(true); });
    } else {
        answerRow->addStretch(1);
    }
    m_deny = Widgets::button(tr("Deny"), prefix + u"Deny"_s, this);
    m_approve = Widgets::button(tr("Approve"), prefix + u"Approve"_s, this);
    answerRow->addWidget(m_deny);
    answerRow->addWidget(m_approve);
    layout->addLayout(answerRow);
    connect(m_approve, &QPushButton::clicked, this, [this] { Q_EMIT answered(true); });
    connect(m_deny, &QPushButton::clicked, this, [this] { Q_EMIT answered(false); });
    hide();
}

void QuestionBox::ask(const QString &question)
{
    // The gate's question is core's English (the API and the log show it so); a model's or a
    // chat's own question is shown as it is.
    m_question->setText(knownSentence(question).translated());
    m_approve->setDefault(true);
}

} // namespace mpa
