#pragma once
// The IDE agent's chat, wherever it is: finds the attached page (or webview, or frame) that
// shows a chat input box, keeps a ChatSurface on it, and serves the scheduler's sends and
// observations through it. Which selectors apply to a target comes from a provider — the
// generic set until IDE profiles supply theirs.

#include "ChatChannel.h"
#include "ChatSurface.h"
#include "profiles/ChatSelectors.h"

#include <QHash>
#include <QPointer>

#include <chrono>
#include <functional>

namespace mpa {

class CdpEndpoint;
class Clock;
class CdpSession;
class PayloadHub;

class AgentChat : public ChatChannel
{
    Q_OBJECT
public:
    using SelectorsProvider = std::function<ChatSelectors(CdpSession *session)>;

    // Looking again for a chat that is not there yet runs on `clock` (tests pass a FakeClock);
    // without one, on the system clock.
    AgentChat(CdpEndpoint *endpoint, PayloadHub *payloads, QObject *parent = nullptr, Clock *clock = nullptr);
    ~AgentChat() override;

    // The selectors for a target's chat; ChatSelectors::generic() when not set.
    void setSelectorsProvider(SelectorsProvider provider);
    ChatSelectors selectorsFor(CdpSession *session) const;

    void send(const QString &text, const QString &conversation, QObject *context, SendCallback done) override;
    void observe(QObject *context, ObserveCallback done) override;

    // Part of the window title that picks one IDE window among several (a workspace name, as
    // schedule/targetWindow); empty: any.
    void setWindowPreference(const QString &titlePart) { m_windowPreference = titlePart.trimmed(); }
    QString windowPreference() const { return m_windowPreference; }
    // The endpoint whose pages hold the chat (schedule/endpoint: another IDE's); empty: the first
    // endpoint with a chat.
    void setEndpointPreference(const QString &endpoint) { m_endpointPreference = endpoint.trimmed(); }
    QString endpointPreference() const { return m_endpointPreference; }

    // Finds the chat among the attached pages (then frames) that show a chat input box, as the
    // extension chose (cdp-handler.js, sendPrompt): those whose agent panel is on the page first,
    // then those whose title holds the window preference (when any does), then the surface last
    // used, then a visible one. With `patience`, keeps looking that long for a chat that is not
    // there yet (the IDE still starting, the endpoint still attaching). Answers success with
    // {"target": its title} once the chat found is currentSurface(), else a failure (Unavailable) that
    // says where it looked.
    void locate(QObject *context, CommandReply done,
                std::chrono::milliseconds patience = std::chrono::milliseconds::zero());

    // How long a send looks for a chat that is not there (yet) before it fails.
    static constexpr std::chrono::milliseconds kSendPatience { 10'000 };
    // How often it looks again meanwhile.
    static constexpr std::chrono::milliseconds kLocateRetry { 500 };
    ChatSurface *currentSurface() const { return m_current; }
    ChatSurface *surfaceFor(CdpSession *session);

    // For the debug API and the UI.
    // The current chat's conversations (ChatSurface::conversations; Unavailable when no chat is found).
    void conversations(QObject *context, CommandReply done);
    void selectConversation(const QString &name, QObject *context, CommandReply done);

Q_SIGNALS:
    void surfaceChanged(mpa::ChatSurface *surface);

private:
    void locateOnce(qint64 deadlineMs, const CommandReply &finishOnce);
    void forget(CdpSession *session);

    Clock *m_clock;
    CdpEndpoint *m_endpoint;
    PayloadHub *m_payloads;
    SelectorsProvider m_provider;
    QHash<CdpSession *, ChatSurface *> m_surfaces;
    QPointer<ChatSurface> m_current;
    QString m_windowPreference;
    QString m_endpointPreference;
    QString m_preferenceMissed; // the preference no window matched (said once)
};

} // namespace mpa
