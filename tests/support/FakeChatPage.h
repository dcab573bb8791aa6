#pragma once
// A web chat as the app sees it over CDP, for unit tests of what drives a chat (ChatSendJob,
// the bridge's ChatBrain): a scripted browser (FakeCdpTransport) whose app world answers the
// chat payload's calls — state, focusInput, locate — from a small model of the page (the message
// box, the conversation, whether the assistant is writing), and whose trusted input
// (Input.insertText, dispatchKeyEvent, dispatchMouseEvent) changes that model the way a chat
// does: Enter sends, or becomes a line break in a chat that sends on another key. Answers come
// on a later turn of the event loop, as a browser's do; the model is the test's to change.
//
// The answers follow the shape payload/chat.js gives (ChatState::fromJson reads it).

#include "FakeCdpTransport.h"
#include "page/PayloadInjector.h"

#include <QList>
#include <QObject>
#include <QString>

#include <chrono>
#include <memory>

namespace mpa {
class ChatSurface;
}

namespace mpa::test {

class FakeClock;

class FakeChatPage : public QObject
{
    Q_OBJECT
public:
    enum class SendsOn { Enter, ControlEnter, Button };
    struct Message
    {
        QString role; // user, assistant
        QString text;
    };

    explicit FakeChatPage(QObject *parent = nullptr);
    ~FakeChatPage() override;

    // Whether the page came up (the connection open, the app's world there).
    bool isReady() const { return m_ready; }
    // A surface on the chat (the caller owns it); the generic selectors.
    ChatSurface *newSurface();
    PayloadInjector *injector() const { return m_injector.get(); }

    // The model of the page.
    QString title = QStringLiteral("Chat");
    QString url = QStringLiteral("https://chat.example/c/1");
    QString input; // the message box's text
    bool inputEnabled = true;
    bool generating = false; // the stop button shows
    SendsOn sendsOn = SendsOn::Enter;
    QList<Message> messages;

    // The assistant writes `text` as its latest reply (replacing a reply it is still writing).
    void assistantWrites(const QString &text);
    // What the page told the app through the chat watcher (as payload/chat-watch.js reports).
    void report(const QString &module, const QString &kind, const QJsonObject &data);
    QStringList userMessages() const;
    // Whether a message of the app's is still waiting for the page's answer.
    bool busy() const { return m_unanswered > 0; }
    // Lets the page answer whatever the app asked, without moving the clock (a test failure when
    // it is still busy after 5 s).
    void drain();
    // Moves `clock` on by `span` in steps of `step`, the page answering in between.
    void pass(FakeClock &clock, std::chrono::milliseconds span, std::chrono::milliseconds step);
    // How many looks at the chat (state calls) the page answered.
    int looks() const { return m_looks; }
    // Inputs the page got, as "insertText hello", "key Enter 0", "click".
    QStringList inputs() const { return m_inputs; }
    // The configuration the app pushed last for a module of its world.
    QJsonObject config(const QString &module) const { return m_configs.value(module); }

private:
    void onSent(const QJsonObject &message);
    QJsonValue answerCall(const QString &function, const QJsonObject &args);
    QJsonObject state(bool withReply) const;
    void submit();

    FakeCdpLink m_link;
    std::unique_ptr<CdpSession> m_session;
    std::unique_ptr<PayloadInjector> m_injector;
    bool m_ready = false;
    bool m_selectAll = false;
    int m_looks = 0;
    int m_unanswered = 0;
    QStringList m_inputs;
    QHash<QString, QJsonObject> m_configs;
};

} // namespace mpa::test
