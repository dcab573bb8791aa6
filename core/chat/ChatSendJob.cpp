#include "ChatSendJob.h"

#include "ChatDetail.h"
#include "common/BoundCallback.h"
#include "logging/LogCategories.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace mpa {

using namespace ChatDetail;

ChatSurface::SendJob::SendJob(ChatSurface *surface, const QString &text, const SendOptions &options,
                              QObject *context, SendCallback done)
    : QObject(surface)
    , m_surface(surface)
    , m_text(text)
    , m_options(options)
    , m_done(boundTo(context, std::move(done)))
    , m_clock(surface->clock())
    , m_waiting(m_clock)
    , m_submitted(m_clock)
{
}

void ChatSurface::SendJob::start()
{
    m_started = true;
    look(!m_options.conversation.isEmpty(), [this](const ChatState &s) { onFirstLook(s); });
}

void ChatSurface::SendJob::abort(const QString &error)
{
    m_surface = nullptr;
    fail(error);
}

// ---- steps -------------------------------------------------------------------------------

void ChatSurface::SendJob::look(bool withConversations, Next next)
{
    if (!m_surface)
        return abort(tr("the chat's page went away"));
    m_surface->readState(false, withConversations, this, std::move(next));
}

QString ChatSurface::SendJob::noInput(const ChatState &s) const
{
    const QString where = s.title.isEmpty() ? s.url : u"“%1”"_s.arg(s.title);
    const QString inputs = m_surface ? m_surface->selectors().input.join(u" | "_s) : QString();
    QString message;
    if (s.rootAsked && !s.rootFound) {
        message = tr("no chat input box on %1: its agent panel (chat.root: %2) is not there, and no visible "
                     "chat box was found outside the editor (chat.input: %3); is the agent panel open?")
                      .arg(where, m_surface ? m_surface->selectors().root.join(u" | "_s) : QString(), inputs);
    } else if (s.rootFound) {
        message
            = tr("no visible chat input box in the agent panel on %1 (chat.input: %2)").arg(where, inputs);
    } else {
        message = tr("no chat input box on %1 (chat.input: %2)").arg(where, inputs);
    }
    if (!s.problems.isEmpty())
        message += u"; "_s + s.problems.join(u"; "_s);
    return message;
}

QString ChatSurface::SendJob::activeName(const ChatState &s)
{
    for (const ChatConversation &c : s.conversations) {
        if (c.active)
            return c.name;
    }
    return {};
}

void ChatSurface::SendJob::toActiveConversation(const ChatState &s, const QString &why)
{
    m_result.conversation = activeName(s);
    m_result.note = m_result.conversation.isEmpty()
        ? tr("%1; sent to the current conversation").arg(why)
        : tr("%1; sent to the active conversation “%2”").arg(why, m_result.conversation);
    qCInfo(lcChat).noquote() << m_result.note;
    afterConversation(s);
}

void ChatSurface::SendJob::onFirstLook(const ChatState &s)
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
    m_surface->selectConversation(m_result.conversation, this, [this](const CommandResult &switched) {
        const QString switchError = switched.ok ? QString() : switched.error;
        look(!switched.ok, [this, switchError](const ChatState &now) {
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

void ChatSurface::SendJob::afterConversation(const ChatState &s)
{
    const QString draft = folded(s.inputText);
    if (draft.isEmpty() || draft == folded(m_text))
        return insertPrompt(); // empty, or our own prompt left over from an interrupted send
    m_draft = s.inputText;
    allow(m_options.typingPatience);
    sampleDraft();
}

void ChatSurface::SendJob::sampleDraft()
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
                qCInfo(lcChat).noquote() << "the chat box holds a draft; it is set aside and restored after "
                                            "the prompt is sent";
                return insertPrompt();
            }
            m_draft = s.inputText;
            if (outOfPatience()) {
                m_result.retryLater = true;
                return fail(tr("the user is typing in the chat box"));
            }
            sampleDraft();
        });
    });
}

void ChatSurface::SendJob::insertPrompt()
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

void ChatSurface::SendJob::verifyInserted(const ChatState &s)
{
    if (!s.ok)
        return fail(s.error);
    if (!s.inputFound || !folded(s.inputText).contains(folded(m_text)))
        return cleanUpAndFail(
            tr("the prompt did not reach the chat's input box (it holds “%1”)").arg(excerpt(s.inputText)));
    m_inserted = s.inputRaw;
    m_baselineUsers = s.userCount;
    m_baselineLastUser = s.recentUserMessages.isEmpty() ? QString() : s.recentUserMessages.constLast();
    submit(0);
}

void ChatSurface::SendJob::submit(int method)
{
    static const QStringList methods = { u"enter"_s, u"ctrl+enter"_s, u"button"_s };
    if (method >= methods.size())
        return cleanUpAndFail(tr("the chat did not take the prompt; Enter, Ctrl+Enter and the send button "
                                 "were tried"));
    const QString &name = methods.at(method);
    auto confirm = [this, method, name](const CdpError &error) {
        if (error.isError()) {
            qCDebug(lcChat).noquote() << name << "failed:" << error.toString();
            return submit(method + 1);
        }
        allow(m_options.confirmTimeout);
        m_submitted.start();
        pollConfirmed(method, name);
    };
    if (name == u"button"_s) {
        m_surface->clickElement(u"send"_s, 0, this, [confirm, this, method](const CommandResult &clicked) {
            if (!clicked.ok) {
                qCDebug(lcChat).noquote() << "no send button to click:" << clicked.error;
                return submit(method + 1);
            }
            confirm({});
        });
        return;
    }
    // The "send" chord is Cmd+Enter where the browser runs on macOS, Ctrl+Enter elsewhere.
    m_surface->pressKey(u"Enter"_s, name == u"enter"_s ? 0 : m_surface->primaryModifier(), this, confirm);
}

bool ChatSurface::SendJob::confirmed(const ChatState &s) const
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

void ChatSurface::SendJob::pollConfirmed(int method, const QString &name)
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
        if (!outOfPatience() && !keyBecameText)
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

void ChatSurface::SendJob::afterSent()
{
    if (!m_result.draftSetAside)
        return succeed();
    allow(kRestoreTimeout);
    restoreDraft();
}

void ChatSurface::SendJob::restoreDraft()
{
    look(false, [this](const ChatState &s) {
        if (!s.ok || !s.inputFound || !s.inputEnabled) {
            if (outOfPatience())
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

void ChatSurface::SendJob::draftNotRestored(const QString &why)
{
    // The prompt went out; the user's words must not be lost silently.
    qCWarning(lcChat).noquote() << u"the prompt was sent, but the user's draft could not be put back (%1). "
                                   "The draft was: %2"_s.arg(why, m_draft);
    succeed();
}

void ChatSurface::SendJob::cleanUpAndFail(const QString &error)
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

void ChatSurface::SendJob::focusInput(bool selectAll, std::function<void(const QString &error)> next)
{
    if (!m_surface)
        return abort(tr("the chat's page went away"));
    m_surface->call(u"focusInput"_s, { { u"selectAll"_s, selectAll } }, {}, this,
                    [next = std::move(next)](const QJsonValue &value, const CdpError &error) {
                        if (error.isError())
                            return next(tr("cannot focus the chat's input box: %1").arg(error.toString()));
                        if (!value.toObject().value(u"ok").toBool())
                            return next(tr("the chat's input box is gone"));
                        next({});
                    });
}

void ChatSurface::SendJob::succeed()
{
    m_result.ok = true;
    m_result.error.clear();
    finish();
}

void ChatSurface::SendJob::fail(const QString &error)
{
    m_result.ok = false;
    m_result.error = error;
    finish();
}

void ChatSurface::SendJob::finish()
{
    if (m_finished)
        return;
    m_finished = true;
    m_done(m_result);
    deleteLater();
    if (m_surface) {
        ChatSurface *surface = m_surface;
        surface->m_jobs.removeAll(this);
        surface->runNextJob();
    }
}

} // namespace mpa
