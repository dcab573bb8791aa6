#pragma once
// "Send Prompt Now": a prompt for the IDE's agent, sent at once. Send is the default button and
// Ctrl+Enter sends; Tab moves the focus (it types no tab); Send is disabled, with the reason shown,
// while no IDE page is attached to send to. The dialog stays open while the prompt goes out:
// it closes once sent, and when the send fails it says why and keeps the text to send again.

#include <QDialog>

#include <functional>

class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace mpa {

class Engine;

class SendPromptDialog : public QDialog
{
    Q_OBJECT
public:
    // `unavailable` says why no prompt can be sent now (empty: it can); the engine's view when null.
    explicit SendPromptDialog(Engine *engine, QWidget *parent = nullptr,
                              std::function<QString()> unavailable = {});

    QString text() const;
    QPlainTextEdit *editor() const { return m_editor; }
    QPushButton *sendButton() const { return m_send; }
    QLabel *reasonLabel() const { return m_reason; }
    // Checks again whether a prompt can go (the connection changed).
    void refresh();
    bool isSending() const { return m_sending; }
    // The send asked for by sendRequested() ended: closes when `ok`, otherwise shows `error`
    // and gives the text back for editing and another Send.
    void finishSend(bool ok, const QString &error = {});

Q_SIGNALS:
    void sendRequested(const QString &text);

private:
    QString whyNot() const;
    void trySend();

    Engine *m_engine;
    std::function<QString()> m_unavailable;
    QPlainTextEdit *m_editor;
    QPushButton *m_send;
    QLabel *m_reason;
    bool m_sending = false;
    QString m_failure; // why the last send failed, shown until the text changes
};

} // namespace mpa
