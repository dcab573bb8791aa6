#pragma once
// The box in which a task run or a bridge session asks the user something: the question, framed
// in the warning colour so it stands out, with Deny and Approve, and for a run a line for a typed
// answer. Hidden until asked.

#include <QGroupBox>

class QLabel;
class QLineEdit;
class QPushButton;

namespace mpa {

class QuestionBox : public QGroupBox
{
    Q_OBJECT
public:
    // The box is named `<prefix>Question`, its parts `<prefix>QuestionText`, `<prefix>Answer`,
    // `<prefix>Deny` and `<prefix>Approve` (tests and the debug API's ui actions find them so).
    QuestionBox(const QString &title, const QString &prefix, bool typedAnswer, QWidget *parent);

    // Shows `question`, Approve the default button.
    void ask(const QString &question);

    QLabel *questionLabel() const { return m_question; }
    // Null without a typed answer.
    QLineEdit *answerEdit() const { return m_answer; }
    QPushButton *approveButton() const { return m_approve; }
    QPushButton *denyButton() const { return m_deny; }

Q_SIGNALS:
    // Approve (or Enter in the answer line), or Deny.
    void answered(bool approve);

private:
    QLabel *m_question;
    QLineEdit *m_answer = nullptr;
    QPushButton *m_deny;
    QPushButton *m_approve;
};

} // namespace mpa
