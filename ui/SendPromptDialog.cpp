#include "SendPromptDialog.h"

#include "ErrorStyle.h"
#include "WrappingLabel.h"
#include "cdp/CdpEndpoint.h"
#include "common/KnownSentences.h"
#include "engine/Engine.h"

#include <QDialogButtonBox>
#include <QKeySequence>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QShortcut>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace mpa {

SendPromptDialog::SendPromptDialog(Engine *engine, QWidget *parent, std::function<QString()> unavailable)
    : QDialog(parent)
    , m_engine(engine)
    , m_unavailable(std::move(unavailable))
{
    setWindowTitle(tr("Send Prompt Now"));
    auto *layout = new QVBoxLayout(this);
    auto *label
        = new QLabel(tr("A prompt for the IDE's agent, sent now to the conversation set on the Prompt "
                        "queue page:"),
                     this);
    label->setWordWrap(true);
    layout->addWidget(label);
    m_editor = new QPlainTextEdit(this);
    m_editor->setObjectName(u"promptEditor"_s);
    m_editor->setTabChangesFocus(true);
    m_editor->setPlaceholderText(tr("e.g. Run the tests and fix what fails"));
    label->setBuddy(m_editor);
    layout->addWidget(m_editor);
    m_reason = new QLabel(this);
    m_reason->setObjectName(u"reasonLabel"_s);
    ErrorStyle::setError(m_reason);
    makeWrapping(m_reason);
    layout->addWidget(m_reason);
    auto *buttons = new QDialogButtonBox(this);
    m_send = buttons->addButton(tr("Send"), QDialogButtonBox::AcceptRole);
    m_send->setObjectName(u"sendButton"_s);
    m_send->setDefault(true);
    m_send->setToolTip(tr("Send (Ctrl+Enter)"));
    buttons->addButton(QDialogButtonBox::Cancel);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &SendPromptDialog::trySend);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    for (const QKeySequence &keys :
         { QKeySequence(Qt::CTRL | Qt::Key_Return), QKeySequence(Qt::CTRL | Qt::Key_Enter) }) {
        auto *shortcut = new QShortcut(keys, this);
        connect(shortcut, &QShortcut::activated, this, &SendPromptDialog::trySend);
    }
    connect(m_editor, &QPlainTextEdit::textChanged, this, [this] {
        if (!m_sending)
            m_failure.clear();
        refresh();
    });
    if (m_engine) {
        CdpEndpoint *endpoint = m_engine->endpoint();
        connect(endpoint, &CdpEndpoint::stateChanged, this, &SendPromptDialog::refresh);
        connect(endpoint, &CdpEndpoint::sessionAttached, this, &SendPromptDialog::refresh);
        connect(endpoint, &CdpEndpoint::sessionDetached, this, &SendPromptDialog::refresh);
    }
    resize(520, 280);
    refresh();
}

QString SendPromptDialog::text() const
{
    return m_editor->toPlainText();
}

QString SendPromptDialog::whyNot() const
{
    if (m_unavailable)
        return m_unavailable();
    if (!m_engine)
        return tr("The app is not running its engine.");
    CdpEndpoint *endpoint = m_engine->endpoint();
    if (!endpoint->isConnected() || endpoint->pageSessions().isEmpty()) {
        return tr("No IDE is connected, so there is nowhere to send it: start your IDE with debugging on "
                  "(the Connection page can do it) and this becomes possible.");
    }
    return {};
}

void SendPromptDialog::refresh()
{
    if (m_sending) {
        m_send->setEnabled(false);
        return;
    }
    const QString why = whyNot();
    const QString reason = why.isEmpty() ? m_failure : why;
    m_reason->setText(reason);
    m_reason->setVisible(!reason.isEmpty());
    m_send->setEnabled(why.isEmpty() && !text().trimmed().isEmpty());
}

void SendPromptDialog::trySend()
{
    refresh();
    if (!m_send->isEnabled())
        return;
    m_sending = true;
    m_failure.clear();
    m_editor->setReadOnly(true);
    ErrorStyle::setError(m_reason, false);
    m_reason->setText(tr("Sending…"));
    m_reason->show();
    refresh();
    Q_EMIT sendRequested(text());
}

void SendPromptDialog::finishSend(bool ok, const QString &error)
{
    m_sending = false;
    m_editor->setReadOnly(false);
    if (ok) {
        accept();
        return;
    }
    ErrorStyle::setError(m_reason);
    // Why is core's English (history.json and the API keep it): a known sentence in German.
    m_failure = tr("Not sent: %1").arg(knownSentence(error).translated()) + u'\n'
        + tr("Your text is still here; Send tries again.");
    refresh();
    m_editor->setFocus();
}

} // namespace mpa
