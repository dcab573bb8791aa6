#include "ChatSurface.h"

#include "ChatDetail.h"
#include "ChatSendJob.h"
#include "cdp/CdpInput.h"
#include "common/BoundCallback.h"
#include "common/ClockTimer.h"
#include "common/SystemClock.h"
#include "logging/LogCategories.h"
#include "page/FileInput.h"
#include "page/Payload.h"

#include <QJsonArray>

#include <memory>

using namespace Qt::StringLiterals;

namespace mpa {

using namespace ChatDetail;

// ---- ChatSurface --------------------------------------------------------------------------

PayloadScript ChatSurface::payloadScript()
{
    return { QString::fromLatin1(kModule), Payload::source(u"chat.js"_s) };
}

ChatSurface::ChatSurface(PayloadInjector *injector, const ChatSelectors &selectors, QObject *parent)
    : QObject(parent)
    , m_injector(injector)
    , m_selectors(selectors)
{
    if (injector)
        connect(injector, &QObject::destroyed, this, &ChatSurface::pageGone);
}

ChatSurface::~ChatSurface()
{
    pageGone();
}

void ChatSurface::setClock(Clock *clock)
{
    m_clock = clock;
}

Clock *ChatSurface::clock()
{
    if (!m_clock)
        m_clock = new SystemClock(this);
    return m_clock;
}

CdpSession *ChatSurface::session() const
{
    return m_injector ? m_injector->session() : nullptr;
}

QString ChatSurface::title() const
{
    if (!m_title.isEmpty())
        return m_title;
    CdpSession *s = session();
    if (!s)
        return {};
    return s->targetInfo().title.isEmpty() ? s->targetInfo().url : s->targetInfo().title;
}

void ChatSurface::call(const QString &function, QJsonObject args, const QString &frameId, QObject *context,
                       std::function<void(const QJsonValue &, const CdpError &)> done)
{
    if (!m_injector) {
        done({}, CdpError::transport(u"Runtime.evaluate"_s, u"the chat's page is gone"_s));
        return;
    }
    args.insert(u"sel"_s, m_selectors.toJson());
    const QString frame = frameId.isEmpty() ? m_frameId : frameId;
    m_injector->evaluate(PayloadInjector::moduleCall(QString::fromLatin1(kModule), function, args), context,
                         std::move(done), frame, kLookTimeout);
}

// One look in progress: the answers of every frame, and who to tell.
struct ChatSurface::PendingRead
{
    qsizetype pending = 0;
    QList<ChatState> states;
    std::function<void(const ChatState &)> done; // bound to the caller's context
    bool finished = false;

    void deliver(const ChatState &state)
    {
        if (finished)
            return;
        finished = true;
        done(state);
    }
};

void ChatSurface::readState(bool withReplyText, bool withConversations, QObject *context, StateCallback done)
{
    if (!m_injector || !session()) {
        ChatState state;
        state.error = tr("the chat's page is gone");
        done(state);
        return;
    }
    // The frame that had the box last time, then the main frame, then the other frames.
    QStringList frames;
    const QString main = m_injector->mainFrameId();
    const QStringList live = m_injector->frameIds();
    if (!m_frameId.isEmpty() && live.contains(m_frameId))
        frames.append(m_frameId);
    if (!frames.contains(main))
        frames.append(main);
    for (const QString &frame : live) {
        if (!frames.contains(frame))
            frames.append(frame);
    }
    auto read = std::make_shared<PendingRead>();
    read->pending = frames.size();
    read->states.resize(frames.size());
    read->done = boundTo(context, std::move(done));
    m_reads.removeIf([](const std::weak_ptr<PendingRead> &r) { return r.expired(); });
    m_reads.append(read);
    const QJsonObject args { { u"withReply"_s, withReplyText },
                             { u"withConversations"_s, withConversations } };
    for (qsizetype i = 0; i < frames.size(); ++i) {
        const QString &frame = frames.at(i);
        call(u"state"_s, args, frame, this,
             [this, read, i, frame](const QJsonValue &value, const CdpError &error) {
                 if (error.isError())
                     read->states[i].error = tr("cannot read the chat: %1").arg(error.toString());
                 else
                     read->states[i] = ChatState::fromJson(value.toObject(), frame);
                 if (--read->pending > 0)
                     return;
                 const ChatState *chosen = nullptr;
                 for (const ChatState &state : std::as_const(read->states)) {
                     if (state.ok && state.inputFound) {
                         chosen = &state;
                         break;
                     }
                 }
                 if (!chosen) {
                     for (const ChatState &state : std::as_const(read->states)) {
                         if (state.ok) {
                             chosen = &state;
                             break;
                         }
                     }
                 }
                 if (!chosen)
                     chosen = &read->states.constFirst();
                 if (chosen->ok && chosen->inputFound)
                     m_frameId = chosen->frameId;
                 if (chosen->ok && !chosen->title.isEmpty())
                     m_title = chosen->title;
                 read->deliver(*chosen);
             });
    }
}

void ChatSurface::pageGone()
{
    // Whatever was asked of the page is answered: nothing waits forever on a closed tab.
    const QList<SendJob *> jobs = std::exchange(m_jobs, {});
    for (SendJob *job : jobs)
        job->abort(tr("the chat's page went away"));
    const QList<std::weak_ptr<PendingRead>> reads = std::exchange(m_reads, {});
    for (const std::weak_ptr<PendingRead> &weak : reads) {
        if (const std::shared_ptr<PendingRead> read = weak.lock()) {
            ChatState state;
            state.error = tr("the chat's page went away");
            read->deliver(state);
        }
    }
}

void ChatSurface::send(const QString &text, const SendOptions &options, QObject *context, SendCallback done)
{
    auto *job = new SendJob(this, text, options, context, std::move(done));
    m_jobs.append(job);
    if (m_jobs.size() == 1)
        runNextJob();
}

void ChatSurface::runNextJob()
{
    if (m_jobs.isEmpty() || m_jobs.constFirst()->started())
        return;
    m_jobs.constFirst()->start();
}

void ChatSurface::attachFile(const QString &path, std::chrono::milliseconds timeout, QObject *context,
                             CommandReply done)
{
    CommandReply reply = boundTo(context, std::move(done));
    if (!m_injector || !session())
        return reply(CommandResult::failure(u"the chat's page is gone"_s, ErrorKind::Unavailable));
    call(u"attachments"_s, {}, {}, this,
         [this, path, timeout, reply](const QJsonValue &value, const CdpError &error) {
             if (error.isError())
                 return reply(CommandResult::failure(u"cannot read the chat: %1"_s.arg(error.toString()),
                                                     ErrorKind::Unavailable));
             const QJsonObject before = value.toObject();
             if (!before.value(u"fileInput").toBool()) {
                 return reply(CommandResult::failure(
                     u"the chat has no file input for images (chat.fileInput in its profile)"_s,
                     ErrorKind::NotFound));
             }
             const int world = m_injector ? m_injector->worldOf(m_frameId) : 0;
             CdpSession *page = session();
             if (!page || world == 0)
                 return reply(CommandResult::failure(u"the chat's page is gone"_s, ErrorKind::Unavailable));
             // The input as an object (not by value), for DOM.setFileInputFiles.
             const QString expression
                 = PayloadInjector::moduleCall(QString::fromLatin1(kModule), u"fileInput"_s,
                                               QJsonObject { { u"sel"_s, m_selectors.toJson() } });
             const int count = before.value(u"count").toInt();
             setFileInputFiles(
                 page, world, expression, { path }, this,
                 [this, timeout, count, reply](bool found, const CdpError &error) {
                     if (!found) {
                         return reply(CommandResult::failure(
                             error.isError() ? error.toString() : u"the chat's file input went away"_s,
                             ErrorKind::Unavailable));
                     }
                     if (error.isError()) {
                         return reply(CommandResult::failure(
                             u"the chat's file input did not take the file: %1"_s.arg(error.toString()),
                             ErrorKind::Upstream));
                     }
                     waitForAttachment(count, clock()->nowMs() + timeout.count(), timeout, reply);
                 },
                 kLookTimeout);
         });
}

void ChatSurface::waitForAttachment(int before, qint64 deadlineMs, std::chrono::milliseconds timeout,
                                    const CommandReply &done)
{
    call(u"attachments"_s, {}, {}, this,
         [this, before, deadlineMs, timeout, done](const QJsonValue &value, const CdpError &error) {
             const int count = error.isError() ? before : value.toObject().value(u"count").toInt();
             if (count > before)
                 return done(CommandResult::success(QJsonObject { { u"attachments"_s, count } }));
             if (clock()->nowMs() >= deadlineMs) {
                 return done(CommandResult::failure(u"the chat did not show the attachment within %1 s"_s.arg(
                                                        double(timeout.count()) / 1000.0),
                                                    ErrorKind::Timeout));
             }
             ClockTimer::singleShot(clock(), std::chrono::milliseconds(kPollMs), this,
                                    [this, before, deadlineMs, timeout, done] {
                                        waitForAttachment(before, deadlineMs, timeout, done);
                                    });
         });
}

void ChatSurface::isGenerating(QObject *context, const CommandReply &done)
{
    readState(false, false, context, [done](const ChatState &state) {
        done(state.ok ? CommandResult::success(state.generating)
                      : CommandResult::failure(state.error, ErrorKind::Unavailable));
    });
}

void ChatSurface::lastReply(QObject *context, const CommandReply &done)
{
    readState(true, false, context, [done](const ChatState &state) {
        done(state.ok ? CommandResult::success(state.replyText)
                      : CommandResult::failure(state.error, ErrorKind::Unavailable));
    });
}

void ChatSurface::conversations(QObject *context, const CommandReply &done)
{
    readState(false, true, context, [done](const ChatState &state) {
        done(state.ok ? CommandResult::success(conversationsJson(state.conversations))
                      : CommandResult::failure(state.error, ErrorKind::Unavailable));
    });
}

void ChatSurface::selectConversation(const QString &name, QObject *context, CommandReply done)
{
    const auto finish = boundTo(context, std::move(done));
    readState(false, true, this, [this, name, finish](const ChatState &state) {
        if (!state.ok)
            return finish(CommandResult::failure(state.error, ErrorKind::Conflict));
        QString error;
        const int index = matchConversation(state.conversations, name, &error);
        if (index < 0)
            return finish(CommandResult::failure(error, ErrorKind::NotFound));
        if (state.conversations.at(index).active)
            return finish(CommandResult::success());
        const QString wanted = state.conversations.at(index).name;
        qCDebug(lcChat).noquote() << "switching to conversation" << wanted;
        clickElement(u"tab"_s, index, this, [this, wanted, finish](const CommandResult &clicked) {
            if (!clicked.ok)
                return finish(CommandResult::failure(
                    tr("cannot switch to the conversation “%1”: %2").arg(wanted, clicked.error),
                    ErrorKind::Conflict));
            waitUntilActive(wanted, clock()->nowMs() + std::chrono::milliseconds(kActivateTimeout).count(),
                            finish);
        });
    });
}

void ChatSurface::waitUntilActive(const QString &name, qint64 deadlineMs, const CommandReply &done)
{
    readState(false, true, this, [this, name, deadlineMs, done](const ChatState &state) {
        for (const ChatConversation &c : state.conversations) {
            if (c.active && c.name == name)
                return done(CommandResult::success());
        }
        if (clock()->nowMs() >= deadlineMs || !state.ok)
            return done(CommandResult::failure(
                tr("the conversation “%1” was clicked but did not become the active one").arg(name),
                ErrorKind::Conflict));
        ClockTimer::singleShot(clock(), std::chrono::milliseconds(150), this,
                               [this, name, deadlineMs, done] { waitUntilActive(name, deadlineMs, done); });
    });
}

int ChatSurface::matchConversation(const QList<ChatConversation> &list, const QString &name, QString *error)
{
    const QString wanted = folded(name).toCaseFolded();
    QStringList names;
    for (const ChatConversation &c : list)
        names.append(u"“%1”"_s.arg(c.name));
    for (qsizetype i = 0; i < list.size(); ++i) {
        if (folded(list.at(i).name).toCaseFolded() == wanted)
            return int(i);
    }
    int found = -1;
    for (qsizetype i = 0; i < list.size(); ++i) {
        if (folded(list.at(i).name).toCaseFolded().contains(wanted)) {
            if (found >= 0) {
                if (error)
                    *error = tr("“%1” names more than one conversation (%2); use the full name")
                                 .arg(name, names.join(u", "_s));
                return -1;
            }
            found = int(i);
        }
    }
    if (found < 0 && error) {
        *error = list.isEmpty()
            ? tr("no conversation named “%1”: the chat shows no conversation tabs").arg(name)
            : tr("no conversation named “%1” (the chat has %2)").arg(name, names.join(u", "_s));
    }
    return found;
}

// ---- trusted input ------------------------------------------------------------------------

namespace {

CdpSession *inputSession(CdpSession *session)
{
    // Key events go to the focused frame of the page, also inside out-of-process frames.
    CdpSession *page = session ? session->pageSession() : nullptr;
    return page ? page : session;
}

} // namespace

void ChatSurface::insertText(const QString &text, QObject *context,
                             std::function<void(const CdpError &)> done)
{
    CdpInput::send(inputSession(session()), { CdpInput::insertText(text) }, context, std::move(done));
}

void ChatSurface::pressKey(const QString &key, int modifiers, QObject *context,
                           std::function<void(const CdpError &)> done)
{
    const std::optional<CdpInput::Key> k = CdpInput::key(key);
    CdpInput::send(inputSession(session()), k ? CdpInput::press(*k, modifiers) : QList<CdpInput::Command>(),
                   context, std::move(done));
}

void ChatSurface::clickAt(QPointF point, QObject *context, std::function<void(const CdpError &)> done)
{
    CdpInput::send(inputSession(session()), CdpInput::click(point), context, std::move(done));
}

int ChatSurface::primaryModifier() const
{
    CdpSession *target = session();
    return CdpInput::primaryModifier(target ? target->browserUserAgent() : QString());
}

void ChatSurface::clickElement(const QString &what, int index, QObject *context, const CommandReply &done)
{
    const QJsonObject args { { u"what"_s, what }, { u"index"_s, index } };
    call(u"locate"_s, args, {}, context,
         [this, what, args, context, done](const QJsonValue &value, const CdpError &error) {
             if (error.isError())
                 return done(CommandResult::failure(error.toString(), ErrorKind::Internal));
             const QJsonObject found = value.toObject();
             if (!found.value(u"found").toBool())
                 return done(CommandResult::failure(what == u"send"_s ? tr("no send button (chat.sendButton)")
                                                                      : tr("it is not on the page"),
                                                    ErrorKind::NotFound));
             const QJsonObject point = found.value(u"point").toObject();
             // A trusted click needs the element's place in the page's viewport; a page target's
             // frames of its own origin give it, other frames do not.
             const std::optional<QPointF> at = pointFrom(point.value(u"page"));
             if (at && session() && session()->isPage()) {
                 clickAt(*at, context, [done](const CdpError &clickError) {
                     done(clickError.isError()
                              ? CommandResult::failure(clickError.toString(), ErrorKind::Internal)
                              : CommandResult::success());
                 });
                 return;
             }
             call(u"domClick"_s, args, {}, context,
                  [done](const QJsonValue &clicked, const CdpError &clickError) {
                      if (clickError.isError())
                          return done(CommandResult::failure(clickError.toString(), ErrorKind::Internal));
                      done(clicked.toBool() ? CommandResult::success()
                                            : CommandResult::failure(tr("it went away before the click"),
                                                                     ErrorKind::Conflict));
                  });
         });
}

} // namespace mpa
