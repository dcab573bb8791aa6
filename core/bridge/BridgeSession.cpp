#include "BridgeSession.h"

#include "ToolCode.h"
#include "agent/Observation.h"
#include "chat/ChatSurface.h"
#include "common/Clock.h"
#include "common/Refuse.h"
#include "logging/LogCategories.h"
#include "page/Payload.h"
#include "page/PayloadInjector.h"
#include "safety/SecurityGate.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

// Tools that act on one element named by `ref`: the gate looks at the element first.
const QStringList &elementTools()
{
    static const QStringList tools { u"click"_s, u"dblclick"_s, u"fill"_s,  u"type"_s,  u"press"_s,
                                     u"hover"_s, u"focus"_s,    u"check"_s, u"uncheck"_s, u"select"_s };
    return tools;
}

// Cuts never show part of a value the redactor masks later (see Redactor::clip).
QString clipped(const QString &text, int chars)
{
    return Redactor::clip(text, chars);
}

// "click {ref}, fill {ref, value}" from a JSON Schema's properties (required ones first).
QString paramsOf(const QJsonObject &schema)
{
    const QJsonObject properties = schema.value(u"properties").toObject();
    QStringList required;
    for (const QJsonValue &name : schema.value(u"required").toArray())
        required.append(name.toString());
    QStringList names = required;
    for (auto it = properties.constBegin(); it != properties.constEnd(); ++it) {
        if (!required.contains(it.key()))
            names.append(it.key() + u'?');
    }
    return u"{"_s + names.join(u", "_s) + u"}"_s;
}

} // namespace

BridgeSession::BridgeSession(BridgeRecord record, BridgeEnvironment environment, BridgeOptions options,
                             Clock *clock, QObject *parent)
    : QObject(parent)
    , m_record(std::move(record))
    , m_env(std::move(environment))
    , m_chat(m_env.chat)
    , m_options(options)
    , m_clock(clock)
    , m_pollTimer(clock)
    , m_waiting(clock)
    , m_quietFor(clock)
    , m_replySeen(clock)
    , m_sentAt(clock)
{
    if (m_env.chat) {
        m_env.chat->setParent(this);
        m_env.chat->setClock(clock);
    }
    m_redactor.setUserRules(m_options.rules);
    connect(&m_pollTimer, &ClockTimer::timeout, this, &BridgeSession::poll);
    if (m_chat && m_chat->injector()) {
        connect(m_chat->injector(), &PayloadInjector::reportReceived, this,
                [this](const QString &module, const QString &kind, const QJsonObject &data, const QString &) {
                    if (module == watchModule())
                        onWatchReport(kind, data);
                });
    }
}

void BridgeSession::watch(bool on)
{
    if (!m_chat || !m_chat->injector() || m_watching == on)
        return;
    m_watching = on;
    const ChatSelectors &selectors = m_chat->selectors();
    m_chat->injector()->setConfig(watchModule(),
                                  on ? QJsonObject { { u"active"_s, true },
                                                     { u"stopButton"_s, QJsonArray::fromStringList(selectors.stopButton) },
                                                     { u"generating"_s, QJsonArray::fromStringList(selectors.generating) },
                                                     { u"quietMs"_s, kSettleMs } }
                                     : QJsonObject { { u"active"_s, false } });
}

void BridgeSession::onWatchReport(const QString &kind, const QJsonObject &data)
{
    if (m_record.status != BridgeStatus::WaitingChat)
        return;
    if (kind == u"generating"_s) {
        if (data.value(u"generating").toBool()) {
            m_sawGenerating = true;
            m_quietFor.invalidate();
        } else {
            // The stop button went: the reply is final in a moment (timed here, not in the page).
            const quint64 generation = m_generation;
            ClockTimer::singleShot(m_clock, std::chrono::milliseconds(kSettleMs), this, [this, generation] {
                if (generation != m_generation || m_record.status != BridgeStatus::WaitingChat)
                    return;
                m_lookAfterSettle = true;
                m_pollTimer.start(std::chrono::milliseconds::zero());
            });
        }
    } else if (kind == u"settled"_s) {
        // No change in the page for a moment and nothing generating: look now.
        m_lookAfterSettle = true;
        m_pollTimer.start(std::chrono::milliseconds::zero());
    }
}

BridgeSession::~BridgeSession()
{
    watch(false);
    if (m_env.mask && !m_record.currentTab.isEmpty())
        m_env.mask(false, {}, m_record.currentTab);
}

void BridgeSession::runTool(const QString &type, const QJsonObject &params, BridgeEnvironment::Reply reply)
{
    // The toolkit may answer after the session is gone (a command still running at quit).
    const QPointer<BridgeSession> self(this);
    m_env.run(type, params, [self, reply](const CommandResult &result) {
        if (self)
            reply(result);
    });
}

PayloadScript BridgeSession::watchScript()
{
    return { watchModule(), Payload::source(u"chat-watch.js"_s) };
}

QString BridgeSession::newKeyword()
{
    static const char16_t *syllables[] = { u"ka", u"ro", u"mi", u"te", u"zu", u"lo", u"va", u"ne",
                                           u"shi", u"po", u"da", u"fu", u"ri", u"go", u"be", u"yu" };
    QRandomGenerator *random = QRandomGenerator::system();
    QString word;
    for (int i = 0; i < 3; ++i)
        word += QString::fromUtf16(syllables[random->bounded(16)]);
    return word.toUpper() + u'-' + QString::number(random->bounded(1000, 10000));
}

void BridgeSession::touch()
{
    m_record.updatedAt = m_clock->now();
    Q_EMIT changed();
}

void BridgeSession::setStatus(BridgeStatus status, const QString &activity)
{
    m_record.status = status;
    m_record.activity = activity;
    touch();
}

bool BridgeSession::holdForPause()
{
    if (!m_pauseRequested)
        return false;
    m_pollTimer.stop();
    watch(false);
    if (m_env.mask && !m_record.currentTab.isEmpty())
        m_env.mask(false, {}, m_record.currentTab);
    setStatus(BridgeStatus::Paused, tr("paused; resume to go on"));
    return true;
}

void BridgeSession::start()
{
    ++m_generation;
    m_pauseRequested = false;
    if (m_env.currentTab && m_record.currentTab.isEmpty())
        m_record.currentTab = m_env.currentTab();
    if (m_record.turn == 0)
        return checkChatThenIntro();
    // A resumed session: on from where it stood.
    for (BridgeCommand &command : m_record.commands) {
        if (command.state == BridgeCommand::State::Running) {
            command.state = BridgeCommand::State::Unknown;
            command.error = tr("the app stopped while it ran; whether it happened is unknown, so it was not run "
                               "again");
        }
    }
    if (!m_pendingText.isEmpty())
        return send(m_pendingText);
    switch (m_record.phase) {
    case BridgePhase::AwaitReply:
        return awaitReply();
    case BridgePhase::Execute:
        m_batchTab = m_record.currentTab;
        m_batchMark = m_env.networkMark ? m_env.networkMark(m_batchTab) : 0;
        return executeNext();
    case BridgePhase::Send:
        return composeResults();
    }
}

bool BridgeSession::pause(QString *error)
{
    if (m_record.isFinished())
        return refuse(error, tr("session %1 has ended").arg(m_record.id));
    if (m_record.status == BridgeStatus::Paused)
        return true;
    m_pauseRequested = true;
    // Waiting for the chat or the user: nothing is half done, hold now.
    if (m_record.status == BridgeStatus::WaitingChat || m_record.status == BridgeStatus::Starting)
        holdForPause();
    else
        setStatus(m_record.status, m_record.activity + tr(" (pausing after this step)"));
    return true;
}

bool BridgeSession::resume(QString *error)
{
    if (m_record.status != BridgeStatus::Paused) {
        if (m_pauseRequested) {
            m_pauseRequested = false;
            return true;
        }
        return refuse(error, tr("session %1 is not paused").arg(m_record.id));
    }
    start();
    return true;
}

void BridgeSession::stop(const QString &reason)
{
    if (m_record.isFinished())
        return;
    finish(BridgeStatus::Stopped, reason.isEmpty() ? tr("stopped by the user") : reason);
}

void BridgeSession::finish(BridgeStatus status, const QString &reason)
{
    ++m_generation;
    m_pollTimer.stop();
    watch(false);
    if (m_env.mask && !m_record.currentTab.isEmpty())
        m_env.mask(false, {}, m_record.currentTab);
    for (BridgeCommand &command : m_record.commands) {
        if (command.state == BridgeCommand::State::Queued) {
            command.state = BridgeCommand::State::Refused;
            command.error = tr("not run: the session ended");
        }
    }
    m_record.question = {};
    m_record.reason = reason;
    qCInfo(lcBridge).noquote() << u"bridge session %1 %2: %3"_s.arg(m_record.id, bridgeStatusName(status), reason);
    setStatus(status, reason);
    Q_EMIT finished();
}

// ---- the first prompt ---------------------------------------------------------------------

QString BridgeSession::toolList() const
{
    QStringList lines;
    for (const QString &name : m_env.toolNames) {
        if (name == u"eval"_s && !m_options.allowEval)
            continue;
        if (name == u"screenshot"_s)
            continue; // a picture cannot go into a chat message
        const QJsonObject schema = m_env.schema ? m_env.schema(name) : QJsonObject();
        lines.append(u"- "_s + name + u' ' + paramsOf(schema));
    }
    lines.append(u"- open_tab {url}: opens an address in a new tab, which becomes the current one"_s);
    const QStringList tools = m_env.savedToolNames ? m_env.savedToolNames() : QStringList();
    lines.append(tools.isEmpty()
                     ? u"- open_tool {name}: opens one of the user's saved tools (none saved yet)"_s
                     : u"- open_tool {name}: opens one of the user's saved tools: %1"_s.arg(tools.join(u", "_s)));
    return lines.join(u'\n');
}

QString BridgeSession::introText(const QString &snapshotPart) const
{
    return tr("You are the brain of a browser agent. I run the commands you write on my browser tabs and tell "
              "you what happened.\n\n"
              "GOAL: %1\n\n"
              "HOW TO ANSWER\n"
              "- Write exactly one command per reply, like this:\n"
              "<tool_code>{\"tool\": \"click\", \"params\": {\"ref\": \"e3\"}}</tool_code>\n"
              "- Then stop and wait: I answer with the result, the page's requests and the page's new "
              "snapshot.\n"
              "- A snapshot lists the page's elements as lines like  - button \"Submit\" [ref=e3]. Use the refs "
              "of the latest snapshot only; a ref of an old page is refused.\n"
              "- Risky steps (payments, passwords, sending messages, deleting) wait for my approval.\n"
              "- Personal data is masked as [email], [phone], [card] …; do not try to guess it.\n"
              "- When the goal is reached, or cannot be reached, write <done>one line saying what happened"
              "</done> and no command.\n\n"
              "TOOLS (params, ? = optional)\n%2\n\n"
              "End this first reply with the session keyword %3 on its own line.\n\n%4")
        .arg(m_record.goal, toolList(), m_record.keyword, snapshotPart);
}

void BridgeSession::checkChatThenIntro()
{
    setStatus(BridgeStatus::Starting, tr("looking at the chat"));
    if (!m_chat)
        return finish(BridgeStatus::Failed, tr("the chat tab is gone"));
    const quint64 generation = m_generation;
    m_chat->readState(false, false, this, [this, generation](const ChatState &state) {
        if (generation != m_generation)
            return;
        if (!state.ok)
            return finish(BridgeStatus::Failed, tr("the chat could not be read: %1").arg(state.error));
        if (!state.inputFound) {
            return finish(BridgeStatus::Failed,
                          tr("no message box was found in the chat “%1” with the %2 profile: use “Learn this "
                             "chat” on the Bridge page (click its message box, then its send button)")
                              .arg(state.title, m_record.profile));
        }
        m_record.agentTitle = state.title;
        m_record.agentUrl = state.url;
        sendIntro();
    });
}

void BridgeSession::sendIntro()
{
    if (holdForPause())
        return;
    const QString tab = m_record.currentTab;
    if (tab.isEmpty()) {
        return send(introText(tr("There is no page yet: open one with open_tab or open_tool.")));
    }
    snapshot(tab, [this](const Snapshot &snap) {
        const QString part = snap.ok
            ? tr("THE PAGE NOW (tab “%1”, %2)\n%3").arg(snap.title, snap.url, snap.text)
            : tr("The page could not be read: %1").arg(snap.error);
        if (snap.ok)
            m_record.lastSnapshotDigest = snap.digest;
        send(introText(part));
    });
}

void BridgeSession::snapshot(const QString &tab, std::function<void(const Snapshot &)> done)
{
    QJsonObject params { { u"viewport"_s, true } };
    if (!tab.isEmpty())
        params.insert(u"tab"_s, tab);
    const quint64 generation = m_generation;
    runTool(u"snapshot"_s, params, [this, generation, done](const CommandResult &result) {
        if (generation != m_generation)
            return;
        Snapshot snap;
        snap.ok = result.ok;
        snap.error = result.error;
        if (result.ok) {
            const Observation seen
                = Observation::compose(result.data.toObject(), m_record.goal, m_options.snapshotChars);
            snap.text = seen.text;
            snap.digest = seen.digest;
            // Decoded, as a person reads it and the redactor must see it.
            snap.url = QUrl::fromPercentEncoding(seen.url.toUtf8());
            snap.title = seen.title;
            m_pageUrl = seen.url;
        }
        done(snap);
    });
}

// ---- sending --------------------------------------------------------------------------------

void BridgeSession::send(const QString &text)
{
    if (m_record.turn >= m_record.maxTurns) {
        return finish(BridgeStatus::Stopped,
                      tr("reached the turn limit (%1 messages, bridge/maxTurns)").arg(m_record.maxTurns));
    }
    QString out = text;
    QJsonObject masked;
    int total = 0;
    if (m_options.redact) {
        // Addresses in links and URLs are percent-encoded ("ada%40example.com"): read them as
        // addresses.
        QString plain = text;
        plain.replace(u"%40"_s, u"@"_s, Qt::CaseInsensitive);
        const Redaction redaction = m_redactor.redact(plain);
        out = redaction.text;
        for (auto it = redaction.counts.cbegin(); it != redaction.counts.cend(); ++it) {
            masked.insert(it.key(), it.value());
            total += it.value();
        }
    }
    m_pendingText = text;
    m_record.phase = BridgePhase::Send;
    m_record.lastSent = out;
    m_record.lastMasked = masked;
    m_record.maskedTotal += total;
    if (holdForPause())
        return;
    setStatus(BridgeStatus::Sending, tr("sending the %1 to the chat").arg(m_record.turn == 0 ? tr("first prompt")
                                                                                              : tr("result")));
    submit(out, 0);
}

void BridgeSession::submit(const QString &text, int attempt)
{
    if (!m_chat)
        return finish(BridgeStatus::Failed, tr("the chat tab is gone"));
    const quint64 generation = m_generation;
    // The reply to this message is the first one after the chat's current last reply.
    m_chat->readState(false, false, this, [this, generation, text, attempt](const ChatState &before) {
        if (generation != m_generation)
            return;
        if (!before.ok)
            return finish(BridgeStatus::Failed, tr("the chat could not be read: %1").arg(before.error));
        m_record.baselineDigest = before.replyDigest;
        m_record.baselineCount = before.replyCount;
        m_baselineUsers = before.userCount;
        m_baselineLastUser = before.recentUserMessages.isEmpty() ? QString() : before.recentUserMessages.constLast();
        ChatSurface::SendOptions options;
        options.typingPatience = std::chrono::seconds(60);
        m_chat->send(text, options, this,
                     [this, generation, text, attempt](const ChatSurface::SendResult &result) {
                         if (generation != m_generation)
                             return;
                         if (!result.ok) {
                             if ((result.retryLater || attempt < 2) && attempt < 30) {
                                 setStatus(m_record.status,
                                           result.retryLater ? tr("waiting: someone is typing in the chat")
                                                             : tr("sending again: %1").arg(result.error));
                                 ClockTimer::singleShot(m_clock, std::chrono::milliseconds(result.retryLater ? 1000 : 300), this,
                                                    [this, generation, text, attempt] {
                                                        if (generation == m_generation)
                                                            submit(text, attempt + 1);
                                                    });
                                 return;
                             }
                             return finish(BridgeStatus::Failed,
                                           tr("the message could not be sent to the chat: %1").arg(result.error));
                         }
                         if (m_replySeen.isValid()) {
                             m_overheads.append(m_replySeen.elapsed());
                             m_replySeen.invalidate();
                         }
                         m_delivered = false;
                         m_deliveryText = text;
                         m_deliveryTries = attempt;
                         m_sentAt.start();
                         m_pendingText.clear();
                         ++m_record.turn;
                         m_record.phase = BridgePhase::AwaitReply;
                         qCDebug(lcBridge).noquote() << u"bridge %1: turn %2 sent (%3 chars)"_s.arg(
                             m_record.id, QString::number(m_record.turn), QString::number(text.size()));
                         awaitReply();
                     });
    });
}

// ---- waiting for the chat -------------------------------------------------------------------

void BridgeSession::awaitReply()
{
    if (holdForPause())
        return;
    setStatus(BridgeStatus::WaitingChat, tr("waiting for the chat's reply"));
    m_waiting.start();
    m_quietFor.invalidate();
    m_lastDigest.clear();
    m_lastCount = -1;
    m_sawGenerating = false;
    m_lookAfterSettle = false;
    watch(true);
    m_pollTimer.start(std::chrono::milliseconds::zero());
}

void BridgeSession::poll()
{
    if (m_record.status != BridgeStatus::WaitingChat || !m_chat) {
        if (!m_chat && !m_record.isFinished())
            finish(BridgeStatus::Failed, tr("the chat tab is gone"));
        return;
    }
    if (m_waiting.hasExpired(m_options.replyTimeout)) {
        return finish(BridgeStatus::Failed, tr("the chat did not answer within %1 minutes")
                                                .arg(m_options.replyTimeout.count() / 60000));
    }
    const quint64 generation = m_generation;
    m_chat->readState(false, false, this, [this, generation](const ChatState &state) {
        if (generation != m_generation || m_record.status != BridgeStatus::WaitingChat)
            return;
        const bool settled = std::exchange(m_lookAfterSettle, false);
        const auto again = [this] { m_pollTimer.start(m_options.poll); };
        if (!state.ok)
            return again(); // reloading, navigating: look again
        // Only where the chat's messages can be seen at all (the profile finds earlier ones):
        // a chat whose user messages the profile misses would otherwise get every message twice.
        if (!m_delivered && !m_deliveryText.isEmpty() && m_baselineUsers > 0) {
            // The message must show up in the conversation: a chat that reloaded while it was
            // sent shows nothing of it, and gets it again.
            m_delivered = isDelivered(state);
            if (!m_delivered && m_sentAt.isValid() && m_sentAt.hasExpired(std::chrono::milliseconds(kDeliveryMs)) && !state.generating) {
                if (m_deliveryTries >= 3)
                    return finish(BridgeStatus::Failed, tr("the chat does not show the message the bridge sent"));
                qCInfo(lcBridge).noquote() << u"bridge %1: the chat does not show message %2; sending it again"_s.arg(
                    m_record.id, QString::number(m_record.turn));
                --m_record.turn;
                m_pendingText = m_deliveryText;
                const QString text = m_deliveryText;
                const int tries = m_deliveryTries + 1;
                m_deliveryText.clear();
                setStatus(BridgeStatus::Sending, tr("sending again: the chat lost the message"));
                return submit(text, tries);
            }
        }
        const bool changedSinceSend
            = state.replyCount != m_record.baselineCount || state.replyDigest != m_record.baselineDigest;
        const bool sameAsLastLook = state.replyDigest == m_lastDigest && state.replyCount == m_lastCount;
        m_lastDigest = state.replyDigest;
        m_lastCount = state.replyCount;
        if (state.generating) {
            m_sawGenerating = true;
            m_quietFor.invalidate();
            return again();
        }
        if (!changedSinceSend || state.replyCount == 0)
            return again();
        // Taken when the reply held still between two looks, or the page has been quiet since
        // the watcher last saw a change (then this look is the final state).
        if (!sameAsLastLook && !settled) {
            m_quietFor.start();
            return again();
        }
        if (!sameAsLastLook)
            m_quietFor.start();
        // Finished: the stop button went and the reply held still between two looks; with no
        // sign of generation at all, it must hold still for a while.
        if (!m_sawGenerating && (!m_quietFor.isValid() || !m_quietFor.hasExpired(m_options.quiet)))
            return again();
        takeReply();
    });
}

void BridgeSession::takeReply()
{
    m_replySeen.start();
    watch(false);
    const quint64 generation = m_generation;
    m_chat->readState(true, false, this, [this, generation](const ChatState &state) {
        if (generation != m_generation)
            return;
        if (!state.ok || state.replyDigest != m_lastDigest) {
            // It moved after all: keep waiting.
            watch(true);
            m_quietFor.start();
            m_pollTimer.start(m_options.poll);
            return;
        }
        m_record.lastReplyDigest = state.replyDigest;
        const ToolCodeReply reply = ToolCode::parse(state.replyText);
        const int turn = m_record.turn;
        int added = 0;
        for (const ToolCodeBlock &block : reply.blocks) {
            BridgeCommand command;
            command.key = u"t%1-%2-%3"_s.arg(turn).arg(block.index).arg(block.hash);
            if (m_record.hasKey(command.key))
                continue; // already taken: a re-rendered or reloaded reply
            command.turn = turn;
            command.index = block.index;
            command.tool = block.tool;
            command.params = block.params;
            command.raw = block.raw;
            command.at = m_clock->now();
            if (!block.error.isEmpty()) {
                command.state = BridgeCommand::State::Refused;
                command.error = block.error;
            }
            m_record.commands.append(command);
            ++added;
        }
        if (turn == 1 && !m_record.keyword.isEmpty() && !state.replyText.contains(m_record.keyword)) {
            qCInfo(lcBridge).noquote()
                << u"bridge %1: the chat's first reply does not end with the keyword %2"_s.arg(m_record.id,
                                                                                               m_record.keyword);
        }
        if (reply.done) {
            m_record.doneText = reply.doneText;
            // Commands in the same reply as <done> still run; then the session ends.
        }
        if (added == 0 && !reply.done) {
            const bool any = !reply.blocks.isEmpty();
            if (any) {
                // Every command of this reply already ran: the reply is an old one shown again.
                return awaitReply();
            }
            m_record.phase = BridgePhase::Send;
            touch();
            return send(tr("I found no command in your reply. Write one <tool_code>{…}</tool_code> block, or "
                           "<done>…</done> when the goal is reached."));
        }
        m_record.phase = BridgePhase::Execute;
        m_batchTab = m_record.currentTab;
        m_batchMark = m_env.networkMark ? m_env.networkMark(m_batchTab) : 0;
        touch();
        executeNext();
    });
}

// ---- commands -------------------------------------------------------------------------------

void BridgeSession::executeNext()
{
    for (const BridgeCommand &command : std::as_const(m_record.commands)) {
        if (command.state == BridgeCommand::State::Queued) {
            if (holdForPause())
                return;
            return runCommand(command);
        }
    }
    if (m_env.mask && !m_record.currentTab.isEmpty())
        m_env.mask(false, {}, m_record.currentTab);
    if (!m_record.doneText.isEmpty() || m_record.status == BridgeStatus::Done)
        return finish(BridgeStatus::Done, m_record.doneText.isEmpty() ? tr("the chat says the goal is reached")
                                                                      : m_record.doneText);
    m_record.phase = BridgePhase::Send;
    touch();
    composeResults();
}

void BridgeSession::runCommand(BridgeCommand queued)
{
    const QString key = queued.key;
    BridgeCommand *command = m_record.command(key);
    const auto refuse = [this, command](const QString &error) {
        command->state = BridgeCommand::State::Refused;
        command->error = error;
        touch();
        executeNext();
    };
    const QStringList known = m_env.toolNames + extraTools();
    if (!known.contains(command->tool)) {
        return refuse(tr("unknown tool '%1'; the tools are: %2").arg(command->tool, known.join(u", "_s)));
    }
    if (command->tool == u"eval"_s && !m_options.allowEval)
        return refuse(tr("eval is off (the user has not allowed it: toolkit/allowEval)"));
    if (command->tool == u"screenshot"_s)
        return refuse(tr("a screenshot cannot be sent into the chat; ask for a snapshot instead"));

    // Saved before it runs: if the app dies now, it is "unknown", never run again.
    command->state = BridgeCommand::State::Running;
    command->at = m_clock->now();
    command->tab = m_record.currentTab;
    QString what = command->tool;
    const QString ref = command->params.value(u"ref").toString();
    if (!ref.isEmpty())
        what += u' ' + ref;
    setStatus(BridgeStatus::Running, tr("running %1").arg(what));
    if (m_env.mask && !m_record.currentTab.isEmpty())
        m_env.mask(true, tr("The bridge is working here: %1").arg(what), m_record.currentTab);

    if (!elementTools().contains(command->tool) || ref.isEmpty())
        return perform(key, {});
    const quint64 generation = m_generation;
    runTool(u"get"_s, { { u"what"_s, u"element"_s }, { u"ref"_s, ref } },
            [this, generation, key](const CommandResult &result) {
                if (generation != m_generation)
                    return;
                BridgeCommand *command = m_record.command(key);
                if (!result.ok) {
                    // A stale or unknown ref: nothing runs; the chat gets the error and a fresh page.
                    command->state = BridgeCommand::State::Failed;
                    command->error = result.error;
                    touch();
                    return executeNext();
                }
                const QJsonObject facts = result.data.toObject().value(u"value").toObject();
                QString element = facts.value(u"role").toString(u"element"_s);
                const QString name = facts.value(u"name").toString();
                if (!name.isEmpty())
                    element += u" “%1”"_s.arg(clipped(name, 60));
                command->element = element;
                const GateAction action
                    = SecurityGate::actionFromFacts(command->tool, command->params, facts, m_pageUrl, {});
                const GateVerdict verdict = SecurityGate::classify(action);
                const SecurityGate::Mode mode = m_record.mode == u"autonomous"_s
                    ? SecurityGate::Mode::Autonomous
                    : SecurityGate::Mode::Careful;
                if (verdict.risky()) {
                    command->gate = SecurityGate::categoryName(verdict.category);
                    if (SecurityGate::mustAsk(verdict, mode, SecurityGate::Floor::PaymentAndCredentials)) {
                        const QString question = tr("The chat wants to %1 %2. %3. Allow it?")
                                                     .arg(command->tool, element, verdict.reason);
                        m_record.question = { { u"command"_s, key },
                                              { u"text"_s, question },
                                              { u"category"_s, command->gate } };
                        if (m_env.mask && !m_record.currentTab.isEmpty())
                            m_env.mask(false, {}, m_record.currentTab);
                        setStatus(BridgeStatus::WaitingUser, question);
                        Q_EMIT questionAsked(question);
                        return;
                    }
                }
                if (command->tool == u"get"_s && facts.value(u"type").toString() == u"password"_s) {
                    command->state = BridgeCommand::State::Refused;
                    command->error = tr("a password field's value is never sent to the chat");
                    touch();
                    return executeNext();
                }
                perform(key, element);
            });
}

bool BridgeSession::answer(bool approve, QString *error)
{
    if (m_record.status != BridgeStatus::WaitingUser || m_record.question.isEmpty())
        return refuse(error, tr("session %1 is not waiting for an answer").arg(m_record.id));
    const QString key = m_record.question.value(u"command").toString();
    m_record.question = {};
    BridgeCommand *command = m_record.command(key);
    if (!command)
        return refuse(error, tr("the command in question is gone"));
    command->decision = approve ? u"approved"_s : u"denied"_s;
    if (!approve) {
        command->state = BridgeCommand::State::Refused;
        command->error = tr("the user denied it");
        setStatus(BridgeStatus::Running, tr("the user denied %1").arg(command->tool));
        executeNext();
        return true;
    }
    setStatus(BridgeStatus::Running, tr("running %1 (approved)").arg(command->tool));
    if (m_env.mask && !m_record.currentTab.isEmpty())
        m_env.mask(true, tr("The bridge is working here: %1").arg(command->tool), m_record.currentTab);
    perform(key, command->element);
    return true;
}

void BridgeSession::perform(const QString &key, const QString &)
{
    BridgeCommand *command = m_record.command(key);
    const QString action = command->params.value(u"action").toString();
    // Every new tab counts against the limit, however the chat asks for it.
    if (command->tool == u"open_tab"_s
        || (command->tool == u"open"_s && command->params.value(u"newTab"_s).toBool())
        || (command->tool == u"tab"_s && action == u"new"_s)) {
        QString url = command->params.value(u"url").toString();
        if (url.isEmpty() && command->tool == u"tab"_s)
            url = u"about:blank"_s;
        return openTab(key, url);
    }
    if (command->tool == u"tab"_s && action == u"close"_s) {
        // The chat closes only tabs it opened; the user's own stay.
        const QString tab = command->params.value(u"tab").toVariant().toString();
        const QString closing = tab.isEmpty() ? m_record.currentTab : tab;
        if (!m_record.openedTabs.contains(closing)) {
            command->state = BridgeCommand::State::Refused;
            command->error = tr("only a tab the chat opened can be closed; the user's tabs stay open");
            touch();
            return executeNext();
        }
        m_record.openedTabs.removeAll(closing);
    }
    if (command->tool == u"open_tool"_s) {
        const QString name = command->params.value(u"name").toString();
        const QString url = m_env.savedTool ? m_env.savedTool(name) : QString();
        if (url.isEmpty()) {
            const QStringList names = m_env.savedToolNames ? m_env.savedToolNames() : QStringList();
            command->state = BridgeCommand::State::Failed;
            command->error = names.isEmpty() ? tr("no saved tool is named '%1' (the user has saved none)").arg(name)
                                             : tr("no saved tool is named '%1'; saved: %2").arg(name, names.join(u", "_s));
            touch();
            return executeNext();
        }
        return openTab(key, url);
    }
    Stopwatch timer(m_clock);
    timer.start();
    const quint64 generation = m_generation;
    runTool(command->tool, command->params, [this, generation, key, timer](const CommandResult &result) {
        if (generation != m_generation)
            return;
        if (BridgeCommand *c = m_record.command(key))
            c->durationMs = timer.elapsed();
        commandDone(key, result);
    });
}

void BridgeSession::openTab(const QString &key, const QString &url)
{
    if (url.isEmpty()) {
        BridgeCommand *command = m_record.command(key);
        command->state = BridgeCommand::State::Failed;
        command->error = tr("open_tab needs a url");
        touch();
        return executeNext();
    }
    Stopwatch timer(m_clock);
    timer.start();
    const quint64 generation = m_generation;
    runTool(u"open"_s, { { u"url"_s, url }, { u"newTab"_s, true } },
            [this, generation, key, timer](const CommandResult &result) {
                if (generation != m_generation)
                    return;
                if (result.ok) {
                    const QString tab = result.data.toObject().value(u"tab").toString();
                    if (!tab.isEmpty()) {
                        if (m_env.mask && !m_record.currentTab.isEmpty())
                            m_env.mask(false, {}, m_record.currentTab);
                        m_record.openedTabs.append(tab);
                        m_record.currentTab = tab;
                        // At the limit the oldest tab the chat opened is let go (it stays open).
                        while (m_record.openedTabs.size() > m_options.maxTabs) {
                            const QString oldest = m_record.openedTabs.takeFirst();
                            m_record.releasedTabs.append(oldest);
                            if (m_env.releaseTab)
                                m_env.releaseTab(oldest);
                        }
                        m_batchTab = tab;
                        m_batchMark = m_env.networkMark ? m_env.networkMark(tab) : 0;
                    }
                }
                if (BridgeCommand *c = m_record.command(key))
                    c->durationMs = timer.elapsed();
                commandDone(key, result);
            });
}

bool BridgeSession::isDelivered(const ChatState &state) const
{
    if (state.userCount > m_baselineUsers)
        return true;
    // A chat that shows only its latest messages: the last user message is a new one, ours.
    const QString last = state.recentUserMessages.isEmpty() ? QString() : state.recentUserMessages.constLast();
    const auto head = [](const QString &t) { return t.simplified().left(80); };
    return !last.isEmpty() && last != m_baselineLastUser && head(m_deliveryText).startsWith(head(last).left(40));
}

QString BridgeSession::summarise(const QString &tool, const QJsonValue &data)
{
    const QJsonObject object = data.toObject();
    QStringList parts;
    if (tool == u"get"_s || tool == u"is"_s) {
        const QJsonValue value = object.contains(u"value") ? object.value(u"value") : data;
        const QString text = value.isString() ? value.toString()
                                              : QString::fromUtf8(QJsonDocument::fromVariant(value.toVariant())
                                                                      .toJson(QJsonDocument::Compact));
        return clipped(text, 2000);
    }
    if (tool == u"tab"_s && object.contains(u"tabs")) {
        QStringList tabs;
        for (const QJsonValue &t : object.value(u"tabs").toArray()) {
            const QJsonObject tab = t.toObject();
            tabs.append(u"%1 “%2” %3"_s.arg(tab.value(u"tab").toString(), tab.value(u"title").toString(),
                                          tab.value(u"url").toString()));
        }
        return tabs.join(u"; "_s);
    }
    if (object.value(u"navigated").toBool())
        parts.append(u"navigated to %1"_s.arg(object.value(u"url").toString()));
    if (object.value(u"newTab").toBool() && object.contains(u"tab"))
        parts.append(u"opened tab %1"_s.arg(object.value(u"tab").toString()));
    if (object.contains(u"dialog"))
        parts.append(u"a dialog: %1"_s.arg(object.value(u"dialog").toObject().value(u"message").toString()));
    return parts.join(u"; "_s);
}

void BridgeSession::commandDone(const QString &key, const CommandResult &result)
{
    BridgeCommand *command = m_record.command(key);
    if (!command)
        return;
    command->state = result.ok ? BridgeCommand::State::Done : BridgeCommand::State::Failed;
    command->result = result.ok ? summarise(command->tool, result.data) : QString();
    command->error = result.ok ? QString() : result.error;
    if (result.ok && command->tool == u"tab"_s && m_env.currentTab)
        m_record.currentTab = m_env.currentTab();
    qCInfo(lcBridge).noquote() << u"bridge %1: %2 → %3"_s.arg(m_record.id, command->tool,
                                                              result.ok ? u"ok"_s : result.error);
    touch();
    executeNext();
}

QString BridgeSession::resultLine(const BridgeCommand &command) const
{
    QString what = command.tool;
    const QString ref = command.params.value(u"ref").toString();
    if (!ref.isEmpty())
        what += u' ' + ref;
    if (!command.element.isEmpty())
        what += u" ("_s + command.element + u')';
    switch (command.state) {
    case BridgeCommand::State::Done:
        return command.result.isEmpty() ? tr("%1: ok").arg(what) : tr("%1: ok — %2").arg(what, command.result);
    case BridgeCommand::State::Failed:
        return tr("%1: error — %2").arg(what, command.error);
    case BridgeCommand::State::Refused:
        if (command.tool.isEmpty())
            return tr("command %1 was not run: %2").arg(command.index + 1).arg(command.error);
        return tr("%1 was not run: %2").arg(what, command.error);
    case BridgeCommand::State::Unknown:
        return tr("%1: unknown — %2").arg(what, command.error);
    default:
        return tr("%1: not run yet").arg(what);
    }
}

void BridgeSession::composeResults()
{
    if (holdForPause())
        return;
    setStatus(BridgeStatus::Sending, tr("reading the page after the command"));
    const QString tab = m_record.currentTab;
    const quint64 generation = m_generation;
    // Requests the command started get a moment to finish, so their status is known; when it
    // started any, the network must also stay quiet a little (a page often chains a second
    // request on the first one's answer, and updates itself after the last).
    constexpr int kQuietMs = 150;
    // The function reaches itself only weakly (a strong copy of its own would keep it alive
    // for ever); each pending timer holds it while it waits.
    auto settle = std::make_shared<std::function<void(int, int)>>();
    *settle = [this, generation, tab, self = std::weak_ptr(settle)](int waited, int quiet) {
        if (generation != m_generation)
            return;
        const int pending = m_env.networkPending ? m_env.networkPending(tab, m_batchMark) : 0;
        const bool calledOut = m_env.networkSince && !m_env.networkSince(tab, m_batchMark, 1).isEmpty();
        const bool busy = pending > 0 || (calledOut && quiet < kQuietMs);
        if (busy && waited < m_options.networkSettle.count()) {
            const int nextQuiet = pending > 0 ? 0 : quiet + 25;
            ClockTimer::singleShot(m_clock, std::chrono::milliseconds(25), this,
                                   [settle = self.lock(), waited, nextQuiet] { (*settle)(waited + 25, nextQuiet); });
            return;
        }
        snapshot(tab, [this, tab](const Snapshot &snap) {
            QStringList lines;
            // The results of this reply's commands, and any left unknown by a crash.
            QStringList results;
            for (BridgeCommand &command : m_record.commands) {
                if (command.turn == m_record.turn || command.state == BridgeCommand::State::Unknown) {
                    if (command.result == u"(reported)"_s)
                        continue;
                    results.append(resultLine(command));
                    if (command.state == BridgeCommand::State::Unknown)
                        command.result = u"(reported)"_s;
                }
            }
            if (!results.isEmpty())
                lines.append(tr("RESULT\n%1").arg(results.join(u'\n')));
            const QList<NetworkEntry> calls
                = m_env.networkSince ? m_env.networkSince(tab, m_batchMark, 5) : QList<NetworkEntry>();
            if (!calls.isEmpty()) {
                QStringList network;
                for (const NetworkEntry &entry : calls)
                    network.append(entry.line());
                lines.append(tr("NETWORK (the page's requests since the command, last %1)\n%2")
                                 .arg(calls.size())
                                 .arg(network.join(u'\n')));
            }
            if (!snap.ok) {
                lines.append(tr("The page could not be read: %1").arg(snap.error));
            } else if (snap.digest == m_record.lastSnapshotDigest) {
                lines.append(tr("THE PAGE did not change (tab “%1”, %2); the refs you have still hold.")
                                 .arg(snap.title, snap.url));
            } else {
                m_record.lastSnapshotDigest = snap.digest;
                lines.append(tr("THE PAGE NOW (tab “%1”, %2)\n%3").arg(snap.title, snap.url, snap.text));
            }
            lines.append(tr("Next command, or <done>…</done>."));
            send(lines.join(u"\n\n"_s));
        });
    };
    (*settle)(0, 0);
}

} // namespace mpa
