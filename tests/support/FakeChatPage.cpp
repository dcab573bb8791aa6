#include "FakeChatPage.h"

#include "FakeClock.h"
#include "Wait.h"
#include "chat/ChatSurface.h"
#include "profiles/ChatSelectors.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;

namespace mpa::test {

namespace {

constexpr int kWorld = 7; // the execution context id of the app's world
const QString kTarget = u"CHAT"_s;
const QString kSession = u"S-CHAT"_s;

QJsonValue parsed(const QString &json)
{
    if (json.trimmed().isEmpty())
        return {};
    const QJsonDocument doc = QJsonDocument::fromJson((u"["_s + json + u"]"_s).toUtf8());
    return doc.array().first();
}

} // namespace

FakeChatPage::FakeChatPage(QObject *parent)
    : QObject(parent)
{
    m_link.transport->onSent = [this](const QJsonObject &message) {
        // Answered on a later turn, as over a socket.
        ++m_unanswered;
        QMetaObject::invokeMethod(
            this,
            [this, message] {
                --m_unanswered;
                onSent(message);
            },
            Qt::QueuedConnection);
    };
    if (!m_link.open())
        return;
    m_session = m_link.session(kTarget, kSession, u"page"_s, url);
    // Events go to the session they name, as CdpEndpoint routes them.
    connect(m_link.connection.get(), &CdpConnection::eventReceived, this,
            [this](const QString &sessionId, const QString &method, const QJsonObject &params) {
                if (sessionId == kSession && m_session)
                    m_session->dispatchEvent(method, params);
            });
    m_injector = std::make_unique<PayloadInjector>(m_session.get());
    m_injector->addScript(ChatSurface::payloadScript());
    m_link.transport->receive(
        { { u"method"_s, u"Runtime.executionContextCreated"_s },
          { u"params"_s,
            QJsonObject { { u"context"_s,
                            QJsonObject { { u"id"_s, kWorld },
                                          { u"name"_s, QString::fromLatin1(PayloadInjector::kWorldName) },
                                          { u"auxData"_s, QJsonObject { { u"frameId"_s, kTarget } } } } } } },
          { u"sessionId"_s, kSession } });
    m_ready = m_injector->isReady();
}

FakeChatPage::~FakeChatPage()
{
    m_link.transport->onSent = nullptr;
}

ChatSurface *FakeChatPage::newSurface()
{
    return new ChatSurface(m_injector.get(), ChatSelectors::generic());
}

void FakeChatPage::assistantWrites(const QString &text)
{
    if (!messages.isEmpty() && messages.constLast().role == u"assistant"_s)
        messages.last().text = text;
    else
        messages.append({ u"assistant"_s, text });
}

void FakeChatPage::report(const QString &module, const QString &kind, const QJsonObject &data)
{
    const QJsonObject payload { { u"module"_s, module }, { u"kind"_s, kind }, { u"data"_s, data } };
    m_link.transport->receive(
        { { u"method"_s, u"Runtime.bindingCalled"_s },
          { u"params"_s,
            QJsonObject { { u"name"_s, QString::fromLatin1(PayloadInjector::kBindingName) },
                          { u"executionContextId"_s, kWorld },
                          { u"payload"_s,
                            QString::fromUtf8(QJsonDocument(payload).toJson(QJsonDocument::Compact)) } } },
          { u"sessionId"_s, kSession } });
}

QStringList FakeChatPage::userMessages() const
{
    QStringList out;
    for (const Message &m : messages) {
        if (m.role == u"user"_s)
            out.append(m.text);
    }
    return out;
}

void FakeChatPage::submit()
{
    if (input.trimmed().isEmpty())
        return;
    messages.append({ u"user"_s, input.trimmed() });
    input.clear();
}

QJsonObject FakeChatPage::state(bool withReply) const
{
    QString reply;
    int replies = 0;
    QStringList users;
    for (const Message &m : messages) {
        if (m.role == u"assistant"_s) {
            reply = m.text;
            ++replies;
        } else {
            users.append(m.text);
        }
    }
    return {
        { u"visibility"_s, u"visible"_s },
        { u"title"_s, title },
        { u"url"_s, url },
        { u"rootAsked"_s, false },
        { u"rootFound"_s, false },
        { u"generating"_s, generating },
        { u"replyCount"_s, replies },
        { u"userCount"_s, int(users.size()) },
        { u"replyDigest"_s, replies == 0 ? QString() : QString::number(qHash(reply), 16) },
        { u"replyText"_s, withReply ? reply : QString() },
        { u"replyLength"_s, int(reply.size()) },
        { u"input"_s,
          QJsonObject { { u"kind"_s, u"textarea"_s },
                        { u"text"_s, input },
                        { u"raw"_s, input },
                        { u"found"_s, true },
                        { u"focused"_s, true },
                        { u"enabled"_s, inputEnabled } } },
        { u"send"_s, QJsonObject { { u"found"_s, true }, { u"enabled"_s, !input.trimmed().isEmpty() } } },
        { u"recentUser"_s, QJsonArray::fromStringList(users.mid(std::max<qsizetype>(0, users.size() - 3))) },
        { u"conversations"_s, QJsonArray() },
        { u"problems"_s, QJsonArray() }
    };
}

QJsonValue FakeChatPage::answerCall(const QString &function, const QJsonObject &args)
{
    if (function == u"state"_s) {
        ++m_looks;
        return state(args.value(u"withReply").toBool());
    }
    if (function == u"focusInput"_s) {
        m_selectAll = args.value(u"selectAll").toBool();
        return QJsonObject { { u"ok"_s, true } };
    }
    if (function == u"locate"_s) {
        if (args.value(u"what").toString() != u"send"_s)
            return QJsonObject { { u"found"_s, false } };
        return QJsonObject {
            { u"found"_s, true },
            { u"point"_s, QJsonObject { { u"page"_s, QJsonObject { { u"x"_s, 640 }, { u"y"_s, 700 } } } } }
        };
    }
    if (function == u"domClick"_s) {
        submit();
        return true;
    }
    return {};
}

void FakeChatPage::onSent(const QJsonObject &message)
{
    const int id = message.value(u"id").toInt();
    const QString method = message.value(u"method").toString();
    const QJsonObject params = message.value(u"params").toObject();
    const QString session = message.value(u"sessionId").toString();
    QJsonObject result;
    if (method == u"Runtime.evaluate"_s) {
        const QString expression = params.value(u"expression").toString();
        static const QRegularExpression configure(
            u"__mpa\\[(\"\\w+\")\\]; if \\(m && m\\.configure\\) m\\.configure\\((.*)\\); \\}\\)\\(\\)$"_s,
            QRegularExpression::DotMatchesEverythingOption);
        static const QRegularExpression call(u"^globalThis\\.__mpa\\[(\"\\w+\")\\]\\.(\\w+)\\((.*)\\)$"_s,
                                             QRegularExpression::DotMatchesEverythingOption);
        QJsonValue value;
        if (const QRegularExpressionMatch m = configure.match(expression); m.hasMatch())
            m_configs.insert(parsed(m.captured(1)).toString(), parsed(m.captured(2)).toObject());
        else if (const QRegularExpressionMatch c = call.match(expression); c.hasMatch())
            value = answerCall(c.captured(2), parsed(c.captured(3)).toObject());
        result = value.isUndefined() || value.isNull()
            ? QJsonObject { { u"result"_s, QJsonObject { { u"type"_s, u"undefined"_s } } } }
            : QJsonObject { { u"result"_s,
                              QJsonObject { { u"type"_s, u"object"_s }, { u"value"_s, value } } } };
    } else if (method == u"Page.addScriptToEvaluateOnNewDocument"_s) {
        result = { { u"identifier"_s, u"1"_s } };
    } else if (method == u"Input.insertText"_s) {
        const QString text = params.value(u"text").toString();
        m_inputs.append(u"insertText "_s + text);
        input = std::exchange(m_selectAll, false) ? text : input + text;
    } else if (method == u"Input.dispatchKeyEvent"_s) {
        const QString type = params.value(u"type").toString();
        const QString key = params.value(u"key").toString();
        const int modifiers = params.value(u"modifiers").toInt();
        if (type == u"keyDown"_s || type == u"rawKeyDown"_s) {
            m_inputs.append(u"key %1 %2"_s.arg(key).arg(modifiers));
            if (key == u"Enter"_s) {
                const bool sends = (sendsOn == SendsOn::Enter && modifiers == 0)
                    || (sendsOn == SendsOn::ControlEnter && (modifiers & 2));
                if (sends)
                    submit();
                else if (type == u"keyDown"_s)
                    input += u'\n';
            } else if (key == u"Backspace"_s) {
                input = std::exchange(m_selectAll, false)
                    ? QString()
                    : input.chopped(std::min<qsizetype>(1, input.size()));
            }
        }
    } else if (method == u"Input.dispatchMouseEvent"_s) {
        if (params.value(u"type").toString() == u"mouseReleased"_s) {
            m_inputs.append(u"click"_s);
            submit(); // the only place the app clicks is the send button
        }
    }
    m_link.transport->respond(id, result, session);
}

void FakeChatPage::drain()
{
    ASSERT_TRUE(waitUntil([&] { return !busy(); }, std::chrono::seconds(5)));
}

void FakeChatPage::pass(FakeClock &clock, std::chrono::milliseconds span, std::chrono::milliseconds step)
{
    for (std::chrono::milliseconds moved { 0 }; moved < span; moved += step) {
        drain();
        clock.advance(step);
    }
    drain();
}

} // namespace mpa::test
