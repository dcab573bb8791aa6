#include "ChatBrain.h"

#include "ToolCode.h"
#include "chat/ChatSurface.h"
#include "common/Clock.h"
#include "common/PrivateFolder.h"
#include "jobs/CommandExecutor.h"
#include "logging/LogCategories.h"
#include "page/PayloadInjector.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

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

// "click e3": the tool and the ref it names.
QString whatOf(const BridgeCommand &command)
{
    QString what = command.tool;
    const QString ref = command.params.value(u"ref").toString();
    if (!ref.isEmpty())
        what += u' ' + ref;
    return what;
}

} // namespace

ChatBrain::ChatBrain(AgentJob *job, BridgeRecord &record, ChatSurface *chat, QStringList toolNames,
                     BridgeOptions options, Clock *clock)
    : m_job(job)
    , m_record(record)
    , m_chat(chat)
    , m_toolNames(std::move(toolNames))
    , m_options(std::move(options))
    , m_clock(clock)
    , m_pollTimer(clock)
    , m_waiting(clock)
    , m_quietFor(clock)
    , m_replySeen(clock)
    , m_sentAt(clock)
{
    if (m_chat)
        m_chat->setClock(clock);
    m_redactor.setUserRules(m_options.rules);
    m_vision = m_options.vision == BridgeOptions::Vision::On
        || (m_options.vision == BridgeOptions::Vision::Auto && m_options.chatTakesImages);
    connect(&m_pollTimer, &ClockTimer::timeout, this, &ChatBrain::poll);
    if (m_chat && m_chat->injector()) {
        connect(m_chat->injector(), &PayloadInjector::reportReceived, this,
                [this](const QString &module, const QString &kind, const QJsonObject &data, const QString &) {
                    if (module == watchModule())
                        onWatchReport(kind, data);
                });
    }
}

ChatBrain::~ChatBrain()
{
    watch(false);
    removeUpload();
}

bool ChatBrain::isCurrent(quint64 generation) const
{
    return generation == m_job->generation() && !m_job->isOver();
}

void ChatBrain::setStatus(BridgeStatus status, const QString &activity)
{
    m_record.status = status;
    m_record.activity = activity;
    m_job->touch();
}

void ChatBrain::fail(const QString &reason)
{
    m_job->finish(AgentJob::End::Failed, reason);
}

void ChatBrain::halt()
{
    m_pollTimer.stop();
    watch(false);
    removeUpload();
}

bool ChatBrain::pausesAtOnce() const
{
    // Waiting for the chat: nothing is half done, hold now.
    return m_record.status == BridgeStatus::WaitingChat || m_record.status == BridgeStatus::Starting;
}

Redaction ChatBrain::redaction(const QString &text) const
{
    // Addresses in links and URLs are percent-encoded ("ada%40example.com"): read them as
    // addresses.
    QString plain = text;
    plain.replace(u"%40"_s, u"@"_s, Qt::CaseInsensitive);
    return m_redactor.redact(plain);
}

QString ChatBrain::redacted(const QString &text) const
{
    return m_options.redact ? redaction(text).text : text;
}

QString ChatBrain::checkPage(const QString &text)
{
    m_pageMasked.clear();
    if (!m_options.redact)
        return text;
    const Redaction found = redaction(text);
    for (auto it = found.counts.cbegin(); it != found.counts.cend(); ++it) {
        if (it.value() > 0)
            m_pageMasked.append(u"%1 %2"_s.arg(it.value()).arg(it.key()));
    }
    return text;
}

void ChatBrain::removeUpload()
{
    if (!m_upload.isEmpty() && QFile::exists(m_upload) && !QFile::remove(m_upload))
        qCWarning(lcBridge).noquote() << u"bridge %1: could not remove %2"_s.arg(m_record.id, m_upload);
    m_upload.clear();
}

void ChatBrain::attachImage(const std::function<void(const QString &paragraph)> &then)
{
    const ViewCapture image = *m_image;
    const auto without = [this, then](const QString &why) {
        removeUpload();
        m_imageAttached = false;
        m_image.reset();
        // The chat never saw it: its points name nothing.
        m_job->executor()->setView(std::nullopt);
        m_record.lastImage = u"not attached: %1; the message went as text only"_s.arg(why);
        qCInfo(lcBridge).noquote() << u"bridge %1: turn %2 without its screenshot: %3"_s.arg(
            m_record.id, QString::number(m_record.turn + 1), why);
        then({});
    };
    if (!m_chat)
        return without(u"the chat tab is gone"_s);
    // The app's own folder, the owner's only: the browser (on this machine) reads the file from
    // there, nobody else.
    const QString folder = m_options.uploadDir;
    if (folder.isEmpty() || !makePrivateFolder(folder))
        return without(u"no folder to write the screenshot to"_s);
    removeUpload();
    const QString path
        = QDir(folder).absoluteFilePath(u"%1-turn%2.jpg"_s.arg(m_record.id).arg(m_record.turn + 1));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate, QFile::ReadOwner | QFile::WriteOwner)
        || !file.setPermissions(QFile::ReadOwner | QFile::WriteOwner)
        || file.write(image.jpeg) != image.jpeg.size()) {
        const QString error = file.errorString();
        file.close();
        QFile::remove(path);
        return without(u"the screenshot could not be written (%1)"_s.arg(error));
    }
    file.close();
    m_upload = path;
    setStatus(BridgeStatus::Sending, u"attaching the screenshot to the message"_s);
    const quint64 generation = m_job->generation();
    m_chat->attachFile(
        path, m_options.attachTimeout, this,
        [this, generation, image, then, without](const CommandResult &attached) {
            if (!isCurrent(generation))
                return;
            if (!attached.ok)
                return without(attached.error);
            m_imageAttached = true;
            m_record.lastImage = u"attached: %1 × %2 pixels, %3 ref(s) marked"_s.arg(image.image.width())
                                     .arg(image.image.height())
                                     .arg(image.marks);
            then(u"SCREENSHOT (attached to this message): the tab's view as it is now, %1 × %2 pixels. "
                 "Each element with a ref has a magenta box numbered with its ref: the numbers on "
                 "the image are the refs of the page above. Act by ref when you can; for what has "
                 "none (a canvas, an icon without a name) write click_xy {x, y} or type_xy {x, y, "
                 "text} with a point of this image in its pixels (x from the left, y from the top)."_s
                     .arg(image.image.width())
                     .arg(image.image.height()));
        });
}

void ChatBrain::watch(bool on)
{
    if (!m_chat || !m_chat->injector() || m_watching == on)
        return;
    m_watching = on;
    const ChatSelectors &selectors = m_chat->selectors();
    m_chat->injector()->setConfig(
        watchModule(),
        on ? QJsonObject { { u"active"_s, true },
                           { u"stopButton"_s, QJsonArray::fromStringList(selectors.stopButton) },
                           { u"generating"_s, QJsonArray::fromStringList(selectors.generating) },
                           { u"quietMs"_s, kSettleMs } }
           : QJsonObject { { u"active"_s, false } });
}

void ChatBrain::onWatchReport(const QString &kind, const QJsonObject &data)
{
    if (m_record.status != BridgeStatus::WaitingChat || m_job->isOver())
        return;
    if (kind == u"generating"_s) {
        if (data.value(u"generating").toBool()) {
            m_sawGenerating = true;
            m_quietFor.invalidate();
        } else {
            // The stop button went: the reply is final in a moment (timed here, not in the page).
            const quint64 generation = m_job->generation();
            ClockTimer::singleShot(m_clock, std::chrono::milliseconds(kSettleMs), this, [this, generation] {
                if (!isCurrent(generation) || m_record.status != BridgeStatus::WaitingChat)
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

// ---- where the session goes on --------------------------------------------------------------

void ChatBrain::begin()
{
    if (m_job->currentTab().isEmpty())
        m_job->executor()->setCurrentTab(m_job->tools().toolkitTab());
    if (m_record.turn == 0)
        return checkChatThenIntro();
    // A resumed session: on from where it stood; what was running is unknown, never re-run.
    m_record.runningToUnknown();
    if (!m_pendingText.isEmpty())
        return send(m_pendingText);
    switch (m_record.phase) {
    case BridgePhase::AwaitReply:
        return awaitReply();
    case BridgePhase::Execute:
        if (!m_record.doneText.isEmpty())
            m_job->finishAfterCommands(AgentJob::End::Done, m_record.doneText);
        return m_job->runQueued();
    case BridgePhase::Send:
        return m_job->observe();
    }
}

void ChatBrain::answered(const AgentJob::Question &, bool, const QString &)
{
    // The chat never asks the user itself: its questions go into the chat.
}

// ---- the first prompt -----------------------------------------------------------------------

QString ChatBrain::toolList() const
{
    QStringList lines;
    for (const QString &name : m_toolNames) {
        if (name == u"eval"_s && !m_options.allowEval)
            continue;
        if (name == u"screenshot"_s)
            continue; // a picture cannot go into a chat message
        lines.append(u"- "_s + name + u' ' + paramsOf(m_job->tools().schemaOf(name)));
    }
    if (m_vision) {
        lines.append(
            u"- click_xy {x, y}: clicks a point of the attached screenshot (its pixels), for what has no ref"_s);
        lines.append(
            u"- type_xy {x, y, text}: clicks a point of the attached screenshot and types text there"_s);
    }
    lines.append(u"- open_tab {url}: opens an address in a new tab, which becomes the current one"_s);
    const auto &saved = m_job->executor()->policy().savedToolNames;
    const QStringList tools = saved ? saved() : QStringList();
    lines.append(
        tools.isEmpty()
            ? u"- open_tool {name}: opens one of the user's saved tools (none saved yet)"_s
            : u"- open_tool {name}: opens one of the user's saved tools: %1"_s.arg(tools.join(u", "_s)));
    return lines.join(u'\n');
}

QString ChatBrain::introText(const QString &snapshotPart) const
{
    return u"You are the brain of a browser agent. I run the commands you write on my browser tabs and tell "
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
           "End this first reply with the session keyword %3 on its own line.\n\n%4"_s.arg(
               m_record.goal, toolList(), m_record.keyword, snapshotPart);
}

void ChatBrain::checkChatThenIntro()
{
    setStatus(BridgeStatus::Starting, u"looking at the chat"_s);
    if (!m_chat)
        return fail(u"the chat tab is gone"_s);
    const quint64 generation = m_job->generation();
    m_chat->readState(false, false, this, [this, generation](const ChatState &state) {
        if (!isCurrent(generation))
            return;
        if (!state.ok)
            return fail(u"the chat could not be read: %1"_s.arg(state.error));
        if (!state.inputFound) {
            // A chat without a title is not named by a pair of empty quotes.
            const QString chat
                = state.title.trimmed().isEmpty() ? u"the chat"_s : u"the chat “%1”"_s.arg(state.title);
            return fail(
                u"no message box was found in %1 with the %2 profile: use “Learn This Chat…” on the "
                "Bridge page (click its message box, then its send button)"_s.arg(chat, m_record.profile));
        }
        m_record.agentTitle = state.title;
        m_record.agentUrl = state.url;
        if (m_job->holdForPause())
            return;
        if (m_job->currentTab().isEmpty())
            return send(introText(u"There is no page yet: open one with open_tab or open_tool."_s));
        m_job->observe();
    });
}

// ---- the page after the commands ------------------------------------------------------------

void ChatBrain::observed(const AgentJob::Look &look, const QList<JobCommand> &)
{
    m_image.reset();
    m_imageAttached = false;
    if (m_vision && look.ok) {
        // A page with text the masking hides was not captured at all (BridgeSession's capture
        // refuses it, pixels cannot be masked): viewError says so, as it says any other failure.
        if (!look.view)
            m_record.lastImage = u"not attached: %1"_s.arg(look.viewError);
        else
            m_image = look.view;
        if (!m_image)
            m_job->executor()->setView(std::nullopt);
    }
    if (m_record.turn == 0) {
        const QString part = look.ok
            ? u"THE PAGE NOW (tab “%1”, %2)\n%3"_s.arg(
                look.page.title, QUrl::fromPercentEncoding(look.page.url.toUtf8()), look.page.text)
            : u"The page could not be read: %1"_s.arg(look.error);
        if (look.ok)
            m_record.lastSnapshotDigest = look.page.digest;
        return send(introText(part));
    }
    compose(look);
}

QString ChatBrain::resultLine(const BridgeCommand &command) const
{
    QString what = whatOf(command);
    if (!command.element.isEmpty())
        what += u" ("_s + command.element + u')';
    switch (command.state) {
    case BridgeCommand::State::Done:
        return command.result.isEmpty() ? u"%1: ok"_s.arg(what) : u"%1: ok — %2"_s.arg(what, command.result);
    case BridgeCommand::State::Failed:
        return u"%1: error — %2"_s.arg(what, command.error);
    case BridgeCommand::State::Refused:
        if (command.tool.isEmpty())
            return u"command %1 was not run: %2"_s.arg(command.index + 1).arg(command.error);
        return u"%1 was not run: %2"_s.arg(what, command.error);
    case BridgeCommand::State::Unknown:
        return u"%1: unknown — %2"_s.arg(what, command.error);
    default:
        return u"%1: not run yet"_s.arg(what);
    }
}

void ChatBrain::compose(const AgentJob::Look &look)
{
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
        lines.append(u"RESULT\n%1"_s.arg(results.join(u'\n')));
    if (!look.requests.isEmpty()) {
        QStringList network;
        for (const NetworkEntry &entry : look.requests)
            network.append(entry.line());
        lines.append(
            u"NETWORK (the page's requests since the command, last %1)\n%2"_s.arg(look.requests.size())
                .arg(network.join(u'\n')));
    }
    const QString url = QUrl::fromPercentEncoding(look.page.url.toUtf8());
    if (!look.ok) {
        lines.append(u"The page could not be read: %1"_s.arg(look.error));
    } else if (look.page.digest == m_record.lastSnapshotDigest) {
        lines.append(u"THE PAGE did not change (tab “%1”, %2); the refs you have still hold."_s.arg(
            look.page.title, url));
    } else {
        m_record.lastSnapshotDigest = look.page.digest;
        lines.append(u"THE PAGE NOW (tab “%1”, %2)\n%3"_s.arg(look.page.title, url, look.page.text));
    }
    lines.append(u"Next command, or <done>…</done>."_s);
    send(lines.join(u"\n\n"_s));
}

// ---- sending --------------------------------------------------------------------------------

void ChatBrain::send(const QString &text)
{
    if (m_record.turn >= m_record.maxTurns) {
        return m_job->finish(
            AgentJob::End::Stopped,
            u"reached the turn limit (%1 messages, bridge/maxTurns)"_s.arg(m_record.maxTurns));
    }
    QString out = text;
    QJsonObject masked;
    int total = 0;
    if (m_options.redact) {
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
    if (m_job->holdForPause())
        return;
    m_job->setPhase(AgentJob::Phase::Thinking);
    setStatus(BridgeStatus::Sending,
              u"sending the %1 to the chat"_s.arg(m_record.turn == 0 ? u"first prompt"_s : u"result"_s));
    submit(out, 0);
}

void ChatBrain::submit(const QString &text, int attempt)
{
    if (!m_chat)
        return fail(u"the chat tab is gone"_s);
    const quint64 generation = m_job->generation();
    // The reply to this message is the first one after the chat's current last reply.
    m_chat->readState(false, false, this, [this, generation, text, attempt](const ChatState &before) {
        if (!isCurrent(generation))
            return;
        if (!before.ok)
            return fail(u"the chat could not be read: %1"_s.arg(before.error));
        m_record.baselineDigest = before.replyDigest;
        m_record.baselineCount = before.replyCount;
        m_baselineUsers = before.userCount;
        m_baselineLastUser
            = before.recentUserMessages.isEmpty() ? QString() : before.recentUserMessages.constLast();
        if (m_image && !m_imageAttached) {
            // The screenshot goes into the composer first; the text says what it is.
            return attachImage([this, generation, text, attempt](const QString &paragraph) {
                if (!isCurrent(generation))
                    return;
                const QString withImage = paragraph.isEmpty() ? text : text + u"\n\n"_s + paragraph;
                m_record.lastSent = withImage;
                m_job->touch();
                sendText(withImage, attempt);
            });
        }
        sendText(text, attempt);
    });
}

void ChatBrain::sendText(const QString &text, int attempt)
{
    if (!m_chat)
        return fail(u"the chat tab is gone"_s);
    const quint64 generation = m_job->generation();
    ChatSurface::SendOptions options;
    options.typingPatience = std::chrono::seconds(60);
    m_chat->send(
        text, options, this, [this, generation, text, attempt](const ChatSurface::SendResult &result) {
            if (!isCurrent(generation))
                return;
            if (!result.ok) {
                if ((result.retryLater || attempt < 2) && attempt < 30) {
                    setStatus(m_record.status,
                              result.retryLater ? u"waiting: someone is typing in the chat"_s
                                                : u"sending again: %1"_s.arg(result.error));
                    ClockTimer::singleShot(m_clock, std::chrono::milliseconds(result.retryLater ? 1000 : 300),
                                           this, [this, generation, text, attempt] {
                                               if (isCurrent(generation))
                                                   submit(text, attempt + 1);
                                           });
                    return;
                }
                return fail(u"the message could not be sent to the chat: %1"_s.arg(result.error));
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
}

// ---- waiting for the chat -------------------------------------------------------------------

void ChatBrain::awaitReply()
{
    if (m_job->holdForPause())
        return;
    m_job->setPhase(AgentJob::Phase::Thinking);
    setStatus(BridgeStatus::WaitingChat, u"waiting for the chat's reply"_s);
    m_waiting.start();
    m_quietFor.invalidate();
    m_lastDigest.clear();
    m_lastCount = -1;
    m_sawGenerating = false;
    m_lookAfterSettle = false;
    watch(true);
    m_pollTimer.start(std::chrono::milliseconds::zero());
}

void ChatBrain::poll()
{
    if (m_job->isOver())
        return;
    if (!m_chat)
        return fail(u"the chat tab is gone"_s);
    if (m_record.status != BridgeStatus::WaitingChat)
        return;
    if (m_waiting.hasExpired(m_options.replyTimeout)) {
        return fail(u"the chat did not answer within %1 minutes"_s.arg(
            std::chrono::duration_cast<std::chrono::minutes>(m_options.replyTimeout).count()));
    }
    const quint64 generation = m_job->generation();
    m_chat->readState(false, false, this, [this, generation](const ChatState &state) {
        if (!isCurrent(generation) || m_record.status != BridgeStatus::WaitingChat)
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
            if (!m_delivered && m_sentAt.hasExpired(std::chrono::milliseconds(kDeliveryMs))
                && !state.generating) {
                if (m_deliveryTries >= 3)
                    return fail(u"the chat does not show the message the bridge sent"_s);
                qCInfo(lcBridge).noquote()
                    << u"bridge %1: the chat does not show message %2; sending it again"_s.arg(
                           m_record.id, QString::number(m_record.turn));
                --m_record.turn;
                m_pendingText = m_deliveryText;
                const QString text = m_deliveryText;
                const int tries = m_deliveryTries + 1;
                m_deliveryText.clear();
                setStatus(BridgeStatus::Sending, u"sending again: the chat lost the message"_s);
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

bool ChatBrain::isDelivered(const ChatState &state) const
{
    if (state.userCount > m_baselineUsers)
        return true;
    // A chat that shows only its latest messages: the last user message is a new one, ours.
    const QString last
        = state.recentUserMessages.isEmpty() ? QString() : state.recentUserMessages.constLast();
    const auto head = [](const QString &t) { return t.simplified().left(80); };
    return !last.isEmpty() && last != m_baselineLastUser
        && head(m_deliveryText).startsWith(head(last).left(40));
}

QString ChatBrain::refusalOf(const QString &tool) const
{
    QStringList known = m_toolNames + CommandExecutor::jobTools();
    if (m_vision)
        known << u"click_xy"_s << u"type_xy"_s;
    if (!known.contains(tool))
        return u"unknown tool '%1'; the tools are: %2"_s.arg(tool, known.join(u", "_s));
    if (tool == u"eval"_s && !m_options.allowEval)
        return u"eval is off (the user has not allowed it: toolkit/allowEval)"_s;
    if (tool == u"screenshot"_s)
        return u"a screenshot cannot be sent into the chat; ask for a snapshot instead"_s;
    return {};
}

void ChatBrain::takeReply()
{
    m_replySeen.start();
    watch(false);
    const quint64 generation = m_job->generation();
    m_chat->readState(true, false, this, [this, generation](const ChatState &state) {
        if (!isCurrent(generation))
            return;
        if (!state.ok || state.replyDigest != m_lastDigest) {
            // It moved after all: keep waiting.
            watch(true);
            m_quietFor.start();
            m_pollTimer.start(m_options.poll);
            return;
        }
        m_record.lastReplyDigest = state.replyDigest;
        // The chat answered: it has read the screenshot.
        removeUpload();
        const ToolCodeReply reply = ToolCode::parse(state.replyText);
        const int turn = m_record.turn;
        QList<JobCommand> commands;
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
            command.error = block.error.isEmpty() ? refusalOf(block.tool) : block.error;
            if (!command.error.isEmpty())
                command.state = BridgeCommand::State::Refused;
            // The record holds the chat's own words (raw, turn, place); the job runs the rest.
            m_record.commands.append(command);
            JobCommand job;
            job.key = command.key;
            job.tool = command.tool;
            job.params = command.params;
            job.state = command.state;
            job.error = command.error;
            job.at = command.at;
            commands.append(job);
        }
        if (turn == 1 && !m_record.keyword.isEmpty() && !state.replyText.contains(m_record.keyword)) {
            qCInfo(lcBridge).noquote()
                << u"bridge %1: the chat's first reply does not end with the keyword %2"_s.arg(
                       m_record.id, m_record.keyword);
        }
        // Commands in the same reply as <done> still run; then the session ends.
        if (reply.done)
            m_record.doneText = reply.doneText;
        if (commands.isEmpty() && !reply.done) {
            if (!reply.blocks.isEmpty()) {
                // Every command of this reply already ran: the reply is an old one shown again.
                return awaitReply();
            }
            m_record.phase = BridgePhase::Send;
            m_job->touch();
            return send(u"I found no command in your reply. Write one <tool_code>{…}</tool_code> block, or "
                        "<done>…</done> when the goal is reached."_s);
        }
        m_record.phase = BridgePhase::Execute;
        if (!m_record.doneText.isEmpty())
            m_job->finishAfterCommands(AgentJob::End::Done, m_record.doneText);
        m_job->run(commands);
    });
}

} // namespace mpa
