#include "ChatSurface.h"

#include "cdp/CdpInput.h"

#include "logging/LogCategories.h"
#include "page/Payload.h"

#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QTimer>

#include <memory>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

constexpr auto kLookTimeout = std::chrono::seconds(5);
constexpr int kPollMs = 100;
constexpr qint64 kKeyAsTextMs = 300;
constexpr auto kActivateTimeout = std::chrono::seconds(3);
constexpr auto kRestoreTimeout = std::chrono::seconds(10);

QString folded(const QString &text)
{
    return text.simplified();
}

QString excerpt(const QString &text)
{
    const QString line = text.simplified();
    return line.size() > 40 ? line.left(37) + u"…"_s : line;
}

std::optional<QPointF> pointFrom(const QJsonValue &value)
{
    if (!value.isObject())
        return std::nullopt;
    const QJsonObject point = value.toObject();
    return QPointF(point.value(u"x").toDouble(), point.value(u"y").toDouble());
}

} // namespace

// ---- ChatState ----------------------------------------------------------------------------

ChatState ChatState::fromJson(const QJsonObject &json, const QString &frameId)
{
    ChatState state;
    state.ok = true;
    state.frameId = frameId;
    state.title = json.value(u"title").toString();
    state.url = json.value(u"url").toString();
    state.visible = json.value(u"visibility").toString() == u"visible"_s;
    state.rootAsked = json.value(u"rootAsked").toBool();
    state.rootFound = json.value(u"rootFound").toBool();
    state.scope = json.value(u"scope").toString();
    const QJsonObject input = json.value(u"input").toObject();
    state.inputFound = input.value(u"found").toBool();
    state.inputKind = input.value(u"kind").toString();
    state.inputText = input.value(u"text").toString();
    state.inputRaw = input.value(u"raw").toString();
    state.inputFocused = input.value(u"focused").toBool();
    state.inputEnabled = input.value(u"enabled").toBool();
    const QJsonObject send = json.value(u"send").toObject();
    state.sendFound = send.value(u"found").toBool();
    state.sendEnabled = send.value(u"enabled").toBool();
    state.generating = json.value(u"generating").toBool();
    state.replyCount = json.value(u"replyCount").toInt();
    state.replyLength = json.value(u"replyLength").toInteger();
    state.replyDigest = json.value(u"replyDigest").toString();
    state.replyText = json.value(u"replyText").toString();
    state.userCount = json.value(u"userCount").toInt();
    for (const QJsonValue &message : json.value(u"recentUser").toArray())
        state.recentUserMessages.append(message.toString());
    for (const QJsonValue &entry : json.value(u"conversations").toArray()) {
        const QJsonObject tab = entry.toObject();
        state.conversations.append({ tab.value(u"name").toString(), tab.value(u"active").toBool() });
    }
    for (const QJsonValue &problem : json.value(u"problems").toArray())
        state.problems.append(problem.toString());
    return state;
}

// ---- the send job -------------------------------------------------------------------------

// One send, step by step (see the header for the rules). Every asynchronous step uses the
// job as context, so nothing runs after the job is gone; the caller's callback runs exactly
// once, also when the page goes away.
class ChatSurface::SendJob : public QObject
{
public:
    SendJob(ChatSurface *surface, const QString &text, const SendOptions &options, QObject *context,
            SendCallback done)
        : QObject(surface)
        , m_surface(surface)
        , m_text(text)
        , m_options(options)
        , m_context(context)
        , m_hasContext(context != nullptr)
        , m_done(std::move(done))
    {
    }

    void start()
    {
        look(!m_options.conversation.isEmpty(), [this](const ChatState &s) { onFirstLook(s); });
    }

    void abort(const QString &error)
    {
        m_surface = nullptr;
        fail(error);
    }

private:
    using Next = std::function<void(const ChatState &)>;

    void look(bool withConversations, Next next)
    {
        if (!m_surface)
            return abort(tr("the chat's page went away"));
        m_surface->readState(false, withConversations, this, std::move(next));
    }

    void later(int ms, std::function<void()> step) { QTimer::singleShot(ms, this, std::move(step)); }

    QString noInput(const ChatState &s) const
    {
        const QString where = s.title.isEmpty() ? s.url : u"“%1”"_s.arg(s.title);
        const QString inputs = m_surface ? m_surface->selectors().input.join(u" | "_s) : QString();
        QString message;
        if (s.rootAsked && !s.rootFound) {
            message
                = tr("no chat input box on %1: its agent panel (chat.root: %2) is not there, and no visible "
                     "chat box was found outside the editor (chat.input: %3); is the agent panel open?")
                      .arg(where, m_surface ? m_surface->selectors().root.join(u" | "_s) : QString(), inputs);
        } else if (s.rootFound) {
            message = tr("no visible chat input box in the agent panel on %1 (chat.input: %2)")
                          .arg(where, inputs);
        } else {
            message = tr("no chat input box on %1 (chat.input: %2)").arg(where, inputs);
        }
        if (!s.problems.isEmpty())
            message += u"; "_s + s.problems.join(u"; "_s);
        return message;
    }

    static QString activeName(const ChatState &s)
    {
        for (const ChatConversation &c : s.conversations) {
            if (c.active)
                return c.name;
        }
        return {};
    }

    // The conversation asked for cannot be used (`why`): the prompt goes to the active one.
    void toActiveConversation(const ChatState &s, const QString &why)
    {
        m_result.conversation = activeName(s);
        m_result.note = m_result.conversation.isEmpty()
            ? tr("%1; sent to the current conversation").arg(why)
            : tr("%1; sent to the active conversation “%2”").arg(why, m_result.conversation);
        qCInfo(lcChat).noquote() << m_result.note;
        afterConversation(s);
    }

    void onFirstLook(const ChatState &s)
    {
        if (!s.ok)
            return fail(s.error);
        if (!s.inputFound)
            return fail(noInput(s));
        if (m_options.conversation.isEmpty())
            return afterConversation(s);
        QString error;
        const int index = matchConversation(s.conversations, m_options.conversation, &error);
        if (index < 0)
            return toActiveConversation(s, error);
        m_result.conversation = s.conversations.at(index).name;
        if (s.conversations.at(index).active)
            return afterConversation(s);
        m_surface->selectConversation(m_result.conversation, this, [this](const QString &switchError) {
            look(!switchError.isEmpty(), [this, switchError](const ChatState &now) {
                if (!now.ok)
                    return fail(now.error);
                if (!now.inputFound)
                    return fail(noInput(now));
                if (!switchError.isEmpty())
                    return toActiveConversation(now, switchError);
                afterConversation(now);
            });
        });
    }

    void afterConversation(const ChatState &s)
    {
        const QString draft = folded(s.inputText);
        if (draft.isEmpty() || draft == folded(m_text))
            return insertPrompt(); // empty, or our own prompt left over from an interrupted send
        m_draft = s.inputText;
        m_deadline = QDeadlineTimer(m_options.typingPatience);
        sampleDraft();
    }

    // A draft that still changes is being typed: wait until it rests.
    void sampleDraft()
    {
        later(int(m_options.draftQuiet.count()), [this] {
            look(false, [this](const ChatState &s) {
                if (!s.ok)
                    return fail(s.error);
                if (!s.inputFound)
                    return fail(noInput(s));
                if (folded(s.inputText).isEmpty()) {
                    m_draft.clear(); // the user sent or cleared it meanwhile
                    return insertPrompt();
                }
                if (s.inputText == m_draft) {
                    m_result.draftSetAside = true;
                    m_result.draft = m_draft;
                    qCInfo(lcChat).noquote()
                        << "the chat box holds a draft; it is set aside and restored after "
                           "the prompt is sent";
                    return insertPrompt();
                }
                m_draft = s.inputText;
                if (m_deadline.hasExpired()) {
                    m_result.retryLater = true;
                    return fail(tr("the user is typing in the chat box"));
                }
                sampleDraft();
            });
        });
    }

    void insertPrompt()
    {
        focusInput(true, [this](const QString &error) {
            if (!error.isEmpty())
                return fail(error);
            m_surface->insertText(m_text, this, [this](const CdpError &error) {
                if (error.isError())
                    return cleanUpAndFail(tr("typing the prompt failed: %1").arg(error.toString()));
                look(false, [this](const ChatState &s) { verifyInserted(s); });
            });
        });
    }

    void verifyInserted(const ChatState &s)
    {
        if (!s.ok)
            return fail(s.error);
        if (!s.inputFound || !folded(s.inputText).contains(folded(m_text)))
            return cleanUpAndFail(tr("the prompt did not reach the chat's input box (it holds “%1”)")
                                      .arg(excerpt(s.inputText)));
        m_inserted = s.inputRaw;
        m_baselineUsers = s.userCount;
        m_baselineLastUser = s.recentUserMessages.isEmpty() ? QString() : s.recentUserMessages.constLast();
        submit(0);
    }

    void submit(int method)
    {
        static const QStringList methods = { u"enter"_s, u"ctrl+enter"_s, u"button"_s };
        if (method >= methods.size())
            return cleanUpAndFail(
                tr("the chat did not take the prompt; Enter, Ctrl+Enter and the send button "
                   "were tried"));
        const QString name = methods.at(method);
        auto confirm = [this, method, name](const CdpError &error) {
            if (error.isError()) {
                qCDebug(lcChat).noquote() << name << "failed:" << error.toString();
                return submit(method + 1);
            }
            m_deadline = QDeadlineTimer(m_options.confirmTimeout);
            m_submitted.start();
            pollConfirmed(method, name);
        };
        if (name == u"button"_s) {
            m_surface->clickElement(u"send"_s, 0, this, [confirm, this, method](const QString &error) {
                if (!error.isEmpty()) {
                    qCDebug(lcChat).noquote() << "no send button to click:" << error;
                    return submit(method + 1);
                }
                confirm({});
            });
            return;
        }
        // The "send" chord is Cmd+Enter where the browser runs on macOS, Ctrl+Enter elsewhere.
        m_surface->pressKey(u"Enter"_s, name == u"enter"_s ? 0 : m_surface->primaryModifier(), this, confirm);
    }

    bool confirmed(const ChatState &s) const
    {
        if (!s.ok)
            return false;
        if (s.userCount > m_baselineUsers)
            return true;
        const QString last = s.recentUserMessages.isEmpty() ? QString() : s.recentUserMessages.constLast();
        if (last != m_baselineLastUser && folded(last).contains(folded(m_text)))
            return true;
        return s.inputFound && !folded(s.inputText).contains(folded(m_text));
    }

    void pollConfirmed(int method, const QString &name)
    {
        look(false, [this, method, name](const ChatState &s) {
            if (confirmed(s)) {
                m_result.method = name;
                qCDebug(lcChat).noquote() << "the chat took the prompt (" << name << ")";
                return afterSent();
            }
            // The key went into the box as a line break: this chat does not send on it. (A
            // chat that takes the prompt clears the box instead; give it a moment to do so.)
            const bool keyBecameText = s.ok && s.inputFound && s.inputRaw.size() > m_inserted.size()
                && s.inputRaw.startsWith(m_inserted) && folded(s.inputText) == folded(m_text)
                && m_submitted.elapsed() >= kKeyAsTextMs;
            if (!m_deadline.hasExpired() && !keyBecameText)
                return later(kPollMs, [this, method, name] { pollConfirmed(method, name); });
            // Not taken. A refused Enter may have left a line break: put the prompt back as it was.
            if (s.ok && s.inputFound && s.inputRaw != m_inserted) {
                return focusInput(true, [this, method](const QString &error) {
                    if (!error.isEmpty())
                        return fail(error);
                    m_surface->insertText(m_text, this, [this, method](const CdpError &) {
                        look(false, [this, method](const ChatState &again) {
                            if (again.ok)
                                m_inserted = again.inputRaw;
                            submit(method + 1);
                        });
                    });
                });
            }
            submit(method + 1);
        });
    }

    void afterSent()
    {
        if (!m_result.draftSetAside)
            return succeed();
        m_deadline = QDeadlineTimer(kRestoreTimeout);
        restoreDraft();
    }

    // Types the draft back once the box takes input again (some chats lock it while the
    // agent answers).
    void restoreDraft()
    {
        look(false, [this](const ChatState &s) {
            if (!s.ok || !s.inputFound || !s.inputEnabled) {
                if (m_deadline.hasExpired())
                    return draftNotRestored(s.ok ? tr("the input box stayed locked") : s.error);
                return later(250, [this] { restoreDraft(); });
            }
            focusInput(false, [this](const QString &error) {
                if (!error.isEmpty())
                    return draftNotRestored(error);
                m_surface->insertText(m_draft, this, [this](const CdpError &typeError) {
                    if (typeError.isError())
                        return draftNotRestored(typeError.toString());
                    look(false, [this](const ChatState &s) {
                        if (s.ok && folded(s.inputText).contains(folded(m_draft))) {
                            m_result.draftRestored = true;
                            return succeed();
                        }
                        draftNotRestored(s.ok ? tr("the box holds “%1”").arg(excerpt(s.inputText)) : s.error);
                    });
                });
            });
        });
    }

    void draftNotRestored(const QString &why)
    {
        // The prompt went out; the user's words must not be lost silently.
        qCWarning(lcChat).noquote()
            << u"the prompt was sent, but the user's draft could not be put back (%1). "
               "The draft was: %2"_s.arg(why, m_draft);
        succeed();
    }

    // The prompt is in the box but was not sent: take it out and give the draft back.
    void cleanUpAndFail(const QString &error)
    {
        if (!m_surface)
            return fail(error);
        look(false, [this, error](const ChatState &s) {
            if (!s.ok || !s.inputFound || !folded(s.inputText).contains(folded(m_text)))
                return fail(error);
            focusInput(true, [this, error](const QString &focusError) {
                if (!focusError.isEmpty())
                    return fail(error);
                auto done = [this, error](const CdpError &) { fail(error); };
                if (m_result.draftSetAside)
                    m_surface->insertText(m_draft, this, done);
                else
                    m_surface->pressKey(u"Backspace"_s, 0, this, done);
            });
        });
    }

    void focusInput(bool selectAll, std::function<void(const QString &error)> next)
    {
        if (!m_surface)
            return abort(tr("the chat's page went away"));
        m_surface->call(u"focusInput"_s, { { u"selectAll"_s, selectAll } }, {}, this,
                        [next = std::move(next)](const QJsonValue &value, const CdpError &error) {
                            if (error.isError())
                                return next(
                                    tr("cannot focus the chat's input box: %1").arg(error.toString()));
                            if (!value.toObject().value(u"ok").toBool())
                                return next(tr("the chat's input box is gone"));
                            next({});
                        });
    }

    void succeed()
    {
        m_result.ok = true;
        m_result.error.clear();
        finish();
    }

    void fail(const QString &error)
    {
        m_result.ok = false;
        m_result.error = error;
        finish();
    }

    void finish()
    {
        if (m_finished)
            return;
        m_finished = true;
        if (m_done && (!m_hasContext || m_context))
            m_done(m_result);
        deleteLater();
        if (m_surface) {
            ChatSurface *surface = m_surface;
            surface->m_jobs.removeAll(this);
            surface->runNextJob();
        }
    }

    QPointer<ChatSurface> m_surface;
    QString m_text;
    SendOptions m_options;
    QPointer<QObject> m_context;
    bool m_hasContext;
    SendCallback m_done;
    SendResult m_result;
    QString m_draft;
    QString m_inserted; // the box's exact content right after the prompt went in
    int m_baselineUsers = 0;
    QString m_baselineLastUser;
    QDeadlineTimer m_deadline;
    QElapsedTimer m_submitted;
    bool m_finished = false;

public:
    bool m_started = false;
};

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
    QPointer<QObject> guard;
    bool hasContext = false;
    StateCallback done;
    bool finished = false;

    void deliver(const ChatState &state)
    {
        if (finished)
            return;
        finished = true;
        if (!hasContext || guard)
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
    read->guard = context;
    read->hasContext = context != nullptr;
    read->done = std::move(done);
    m_reads.removeIf([](const std::weak_ptr<PendingRead> &r) { return r.expired(); });
    m_reads.append(read);
    const QJsonObject args { { u"withReply"_s, withReplyText },
                             { u"withConversations"_s, withConversations } };
    for (qsizetype i = 0; i < frames.size(); ++i) {
        const QString frame = frames.at(i);
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
    if (m_jobs.isEmpty() || m_jobs.constFirst()->m_started)
        return;
    SendJob *job = m_jobs.constFirst();
    job->m_started = true;
    job->start();
}

void ChatSurface::isGenerating(QObject *context, std::function<void(bool, const QString &)> done)
{
    readState(false, false, context, [done](const ChatState &state) {
        done(state.ok && state.generating, state.ok ? QString() : state.error);
    });
}

void ChatSurface::lastReply(QObject *context, std::function<void(const QString &, const QString &)> done)
{
    readState(true, false, context,
              [done](const ChatState &state) { done(state.replyText, state.ok ? QString() : state.error); });
}

void ChatSurface::conversations(QObject *context,
                                std::function<void(const QList<ChatConversation> &, const QString &)> done)
{
    readState(false, true, context, [done](const ChatState &state) {
        done(state.conversations, state.ok ? QString() : state.error);
    });
}

void ChatSurface::selectConversation(const QString &name, QObject *context, ErrorCallback done)
{
    const QPointer<QObject> guard(context);
    const bool hasContext = context != nullptr;
    auto finish = [guard, hasContext, done](const QString &error) {
        if (!hasContext || guard)
            done(error);
    };
    readState(false, true, this, [this, name, finish](const ChatState &state) {
        if (!state.ok)
            return finish(state.error);
        QString error;
        const int index = matchConversation(state.conversations, name, &error);
        if (index < 0)
            return finish(error);
        if (state.conversations.at(index).active)
            return finish({});
        const QString wanted = state.conversations.at(index).name;
        qCDebug(lcChat).noquote() << "switching to conversation" << wanted;
        clickElement(u"tab"_s, index, this, [this, wanted, finish](const QString &clickError) {
            if (!clickError.isEmpty())
                return finish(tr("cannot switch to the conversation “%1”: %2").arg(wanted, clickError));
            waitUntilActive(wanted, QDeadlineTimer(kActivateTimeout), finish);
        });
    });
}

void ChatSurface::waitUntilActive(const QString &name, QDeadlineTimer deadline, ErrorCallback done)
{
    readState(false, true, this, [this, name, deadline, done](const ChatState &state) {
        for (const ChatConversation &c : state.conversations) {
            if (c.active && c.name == name)
                return done({});
        }
        if (deadline.hasExpired() || !state.ok)
            return done(tr("the conversation “%1” was clicked but did not become the active one").arg(name));
        QTimer::singleShot(150, this,
                           [this, name, deadline, done] { waitUntilActive(name, deadline, done); });
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

void ChatSurface::clickElement(const QString &what, int index, QObject *context, ErrorCallback done)
{
    const QJsonObject args { { u"what"_s, what }, { u"index"_s, index } };
    call(u"locate"_s, args, {}, context,
         [this, what, args, context, done](const QJsonValue &value, const CdpError &error) {
             if (error.isError())
                 return done(error.toString());
             const QJsonObject found = value.toObject();
             if (!found.value(u"found").toBool())
                 return done(what == u"send"_s ? tr("no send button (chat.sendButton)")
                                               : tr("it is not on the page"));
             const QJsonObject point = found.value(u"point").toObject();
             // A trusted click needs the element's place in the page's viewport; a page target's
             // frames of its own origin give it, other frames do not.
             const std::optional<QPointF> at = pointFrom(point.value(u"page"));
             if (at && session() && session()->isPage()) {
                 clickAt(*at, context, [done](const CdpError &clickError) {
                     done(clickError.isError() ? clickError.toString() : QString());
                 });
                 return;
             }
             call(u"domClick"_s, args, {}, context,
                  [done](const QJsonValue &clicked, const CdpError &clickError) {
                      if (clickError.isError())
                          return done(clickError.toString());
                      done(clicked.toBool() ? QString() : tr("it went away before the click"));
                  });
         });
}

} // namespace mpa
