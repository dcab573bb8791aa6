#include "AgentChat.h"

#include "cdp/CdpEndpoint.h"
#include "common/BoundCallback.h"
#include "common/ClockTimer.h"
#include "common/SystemClock.h"
#include "logging/LogCategories.h"
#include "page/PayloadHub.h"

#include <memory>

using namespace Qt::StringLiterals;

namespace mpa {

AgentChat::AgentChat(CdpEndpoint *endpoint, PayloadHub *payloads, QObject *parent, Clock *clock)
    : ChatChannel(parent)
    , m_clock(clock ? clock : new SystemClock(this))
    , m_endpoint(endpoint)
    , m_payloads(payloads)
{
    // Installed on demand (ensureScript) in the targets the chat is looked for in.
    m_payloads->addScript(ChatSurface::payloadScript(), [](CdpSession *) { return false; });
    connect(m_endpoint, &CdpEndpoint::sessionDetached, this, &AgentChat::forget);
}

AgentChat::~AgentChat() = default;

void AgentChat::setSelectorsProvider(SelectorsProvider provider)
{
    m_provider = std::move(provider);
    for (auto it = m_surfaces.cbegin(); it != m_surfaces.cend(); ++it)
        it.value()->setSelectors(selectorsFor(it.key()));
}

ChatSelectors AgentChat::selectorsFor(CdpSession *session) const
{
    if (m_provider) {
        ChatSelectors selectors = m_provider(session);
        if (selectors.isUsable())
            return selectors;
    }
    return ChatSelectors::generic();
}

ChatSurface *AgentChat::surfaceFor(CdpSession *session)
{
    if (ChatSurface *surface = m_surfaces.value(session))
        return surface;
    PayloadInjector *injector = m_payloads->ensureScript(session, QString::fromLatin1(ChatSurface::kModule));
    auto *surface = new ChatSurface(injector, selectorsFor(session), this);
    surface->setClock(m_clock);
    m_surfaces.insert(session, surface);
    return surface;
}

void AgentChat::forget(CdpSession *session)
{
    if (ChatSurface *surface = m_surfaces.take(session)) {
        if (m_current == surface) {
            m_current = nullptr;
            Q_EMIT surfaceChanged(nullptr);
        }
        delete surface; // answers its pending sends with "the page went away"
    }
}

void AgentChat::locate(QObject *context, CommandReply done, std::chrono::milliseconds patience)
{
    locateOnce(m_clock->nowMs() + patience.count(), boundTo(context, std::move(done)));
}

void AgentChat::locateOnce(qint64 deadlineMs, const CommandReply &finishOnce)
{
    auto finish = [this, deadlineMs, finishOnce](ChatSurface *surface, const QString &error) {
        if (surface || m_clock->nowMs() >= deadlineMs) {
            finishOnce(surface ? CommandResult::success(QJsonObject { { u"target"_s, surface->title() } })
                               : CommandResult::failure(error, ErrorKind::Unavailable));
            return;
        }
        auto *again = new ClockTimer(m_clock, this);
        connect(again, &ClockTimer::timeout, this, [this, again, deadlineMs, finishOnce] {
            again->deleteLater();
            locateOnce(deadlineMs, finishOnce);
        });
        again->start(kLocateRetry);
    };
    // Only the chosen endpoint's pages when one is chosen.
    const CdpSource *only = nullptr;
    if (!m_endpointPreference.isEmpty()) {
        only = m_endpoint->source(m_endpointPreference);
        if (!only) {
            finish(nullptr,
                   tr("the chosen IDE endpoint %1 is not among the app's endpoints (schedule/endpoint)")
                       .arg(m_endpointPreference));
            return;
        }
        if (!only->isConnected()) {
            finish(nullptr,
                   tr("the chosen IDE endpoint %1 is not connected (%2)")
                       .arg(only->name(), only->lastError().isEmpty() ? tr("not yet") : only->lastError()));
            return;
        }
    }
    const auto eligible = [this, only](CdpSession *session) {
        return session->isAttached() && (!only || m_endpoint->sourceOf(session) == only);
    };
    // Candidates: the current chat first, then pages and webviews, then frames; endpoint by
    // endpoint, the first one first.
    QList<CdpSession *> candidates;
    if (m_current && m_current->session() && eligible(m_current->session()))
        candidates.append(m_current->session());
    for (CdpSession *session : m_endpoint->pageSessions()) {
        if (!candidates.contains(session) && eligible(session))
            candidates.append(session);
    }
    for (CdpSession *session : m_endpoint->sessions()) {
        if (!candidates.contains(session) && eligible(session))
            candidates.append(session);
    }
    if (candidates.isEmpty()) {
        finish(nullptr,
               m_endpoint->isConnected()
                   ? tr("no page is attached yet")
                   : tr("no browser or IDE is connected at %1 (start it with --remote-debugging-port=%2)")
                         .arg(m_endpoint->address(), QString::number(m_endpoint->port())));
        return;
    }
    struct Gather
    {
        qsizetype pending = 0;
        QList<QPointer<ChatSurface>> surfaces;
        QList<ChatState> states;
    };
    auto gather = std::make_shared<Gather>();
    gather->pending = candidates.size();
    gather->states.resize(candidates.size());
    for (CdpSession *session : std::as_const(candidates))
        gather->surfaces.append(surfaceFor(session));
    for (qsizetype i = 0; i < candidates.size(); ++i) {
        ChatSurface *surface = gather->surfaces.at(i);
        surface->readState(false, false, this, [this, gather, i, finish](const ChatState &state) {
            gather->states[i] = state;
            if (--gather->pending > 0)
                return;
            // Pages with a box; of those, the ones showing the agent panel, then the ones whose
            // title holds the window preference (each only when some qualify); then the current
            // chat (first in the list), else the first visible page, else any.
            QList<qsizetype> withBox;
            for (qsizetype j = 0; j < gather->states.size(); ++j) {
                const ChatState &s = gather->states.at(j);
                if (gather->surfaces.at(j) && s.ok && s.inputFound)
                    withBox.append(j);
            }
            auto narrow = [&withBox](const std::function<bool(qsizetype)> &keep) {
                QList<qsizetype> kept;
                for (qsizetype j : std::as_const(withBox)) {
                    if (keep(j))
                        kept.append(j);
                }
                if (!kept.isEmpty())
                    withBox = kept;
                return !kept.isEmpty();
            };
            narrow([&](qsizetype j) { return gather->states.at(j).rootFound; });
            if (!m_windowPreference.isEmpty() && !withBox.isEmpty()) {
                const bool matched = narrow([&](qsizetype j) {
                    const ChatState &s = gather->states.at(j);
                    const QString title = s.title.isEmpty() ? gather->surfaces.at(j)->title() : s.title;
                    return title.contains(m_windowPreference, Qt::CaseInsensitive);
                });
                if (!matched && m_preferenceMissed != m_windowPreference)
                    qCInfo(lcChat).noquote()
                        << u"no IDE window's title holds “%1”; prompts go to any window with the chat"_s.arg(
                               m_windowPreference);
                m_preferenceMissed = matched ? QString() : m_windowPreference;
            }
            qsizetype chosen = -1;
            for (qsizetype j : std::as_const(withBox)) {
                if (gather->states.at(j).visible) {
                    chosen = j;
                    break;
                }
            }
            if (chosen < 0 && !withBox.isEmpty())
                chosen = withBox.first();
            if (chosen < 0) {
                QStringList looked;
                for (const ChatState &s : std::as_const(gather->states)) {
                    if (s.ok)
                        looked.append(u"“%1”"_s.arg(s.title.isEmpty() ? s.url : s.title));
                }
                finish(nullptr,
                       tr("no attached page shows a chat input box (looked at %1); is the agent panel "
                          "open?")
                           .arg(looked.isEmpty() ? tr("none that answered") : looked.join(u", "_s)));
                return;
            }
            ChatSurface *surface = gather->surfaces.at(chosen);
            if (m_current != surface) {
                m_current = surface;
                qCInfo(lcChat).noquote() << u"the agent's chat is on “%1”"_s.arg(surface->title());
                Q_EMIT surfaceChanged(surface);
            }
            finish(surface, {});
        });
    }
}

void AgentChat::send(const QString &text, const QString &conversation, QObject *context, SendCallback done)
{
    const auto reply = boundTo(context, std::move(done));
    locate(
        this,
        [this, text, conversation, reply](const CommandResult &found) {
            if (!found.ok) {
                ChatSendOutcome outcome;
                outcome.error = found.error;
                reply(outcome);
                return;
            }
            ChatSurface *surface = currentSurface(); // the one found
            ChatSurface::SendOptions options;
            options.conversation = conversation;
            const QString target = surface->title();
            surface->send(text, options, this, [target, reply](const ChatSurface::SendResult &result) {
                ChatSendOutcome outcome = result; // all but the draft's text
                outcome.target = target;
                reply(outcome);
            });
        },
        kSendPatience);
}

void AgentChat::observe(QObject *context, ObserveCallback done)
{
    const auto deliver = boundTo(context, std::move(done));
    auto read = [this, deliver](ChatSurface *surface) {
        const QString target = surface->title();
        surface->readState(false, false, this, [deliver, target](const ChatState &state) {
            ChatObservation observation;
            observation.ok = state.ok;
            observation.error = state.error;
            observation.target = target;
            observation.generating = state.generating;
            observation.replyCount = state.replyCount;
            observation.replyLength = state.replyLength;
            observation.replyDigest = state.replyDigest;
            observation.recentUserMessages = state.recentUserMessages;
            deliver(observation);
        });
    };
    // Watching needs no box, only the page the chat was found on.
    if (m_current && m_current->session() && m_current->session()->isAttached()) {
        read(m_current);
        return;
    }
    locate(this, [this, read, deliver](const CommandResult &found) {
        if (!found.ok) {
            ChatObservation observation;
            observation.error = found.error;
            deliver(observation);
            return;
        }
        read(currentSurface());
    });
}

void AgentChat::conversations(QObject *context, CommandReply done)
{
    const auto reply = boundTo(context, std::move(done));
    locate(this, [this, reply](const CommandResult &found) {
        if (!found.ok) {
            reply(found);
            return;
        }
        currentSurface()->conversations(this, reply);
    });
}

void AgentChat::selectConversation(const QString &name, QObject *context, CommandReply done)
{
    const auto reply = boundTo(context, std::move(done));
    locate(this, [this, name, reply](const CommandResult &found) {
        if (!found.ok) {
            reply(found);
            return;
        }
        currentSurface()->selectConversation(name, this, reply);
    });
}

} // namespace mpa
