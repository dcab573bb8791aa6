#include "ChatLearner.h"

#include "common/SystemClock.h"
#include "logging/LogCategories.h"
#include "page/Payload.h"
#include "profiles/WebChatProfiles.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

QStringList strings(const QJsonValue &value)
{
    QStringList out;
    for (const QJsonValue &entry : value.toArray()) {
        if (entry.isString() && !entry.toString().trimmed().isEmpty())
            out.append(entry.toString());
    }
    return out;
}

// The bundled generic profile's selectors (ChatSelectors::generic() when it is missing).
ChatSelectors genericSelectors()
{
    WebChatProfiles profiles;
    profiles.load();
    const WebChatProfile *generic = profiles.find(QString::fromLatin1(WebChatProfiles::kGenericId));
    return generic ? generic->chat : ChatSelectors::generic();
}

} // namespace

PayloadScript ChatLearner::payloadScript()
{
    return { QString::fromLatin1(kModule), Payload::source(u"chat-learn.js"_s) };
}

ChatLearner::ChatLearner(PayloadInjector *injector, QObject *parent, Clock *clock)
    : QObject(parent)
    , m_injector(injector)
    , m_base(genericSelectors())
    , m_clock(clock ? clock : new SystemClock(this))
    , m_timeout(m_clock)
    , m_messageTimer(m_clock)
{
    connect(&m_timeout, &ClockTimer::timeout, this, [this] {
        fail(m_input.isEmpty()
                 ? u"Observation mode ended: nobody clicked the chat's input box in time. Start it again, "
                   u"then "
                   u"click the box you type into and the send button."_s
                 : u"Observation mode ended: the input box was learned but nobody clicked the send button in "
                   u"time. Start it again and click the chat's send button after the box."_s);
    });
    connect(&m_messageTimer, &ClockTimer::timeout, this, [this] {
        qCInfo(lcChat) << "Observation mode: no message and reply seen after the send; using the generic "
                          "message selectors";
        finish();
    });
    if (injector) {
        connect(injector, &PayloadInjector::reportReceived, this, &ChatLearner::onReport);
        connect(injector, &QObject::destroyed, this, [this] {
            if (m_active)
                fail(u"Observation mode ended: the chat's tab went away (closed, crashed or the browser "
                     u"disconnected). Open the chat again and start over."_s);
        });
    }
}

ChatLearner::~ChatLearner()
{
    if (m_active)
        disarm();
}

void ChatLearner::start(std::chrono::milliseconds timeout)
{
    if (!m_injector) {
        fail(
            u"Observation mode cannot start: the chat's tab is not connected. Open the chat in the connected "
            u"browser and try again."_s);
        return;
    }
    m_input.clear();
    m_send.clear();
    m_userMessage.clear();
    m_reply.clear();
    m_fileInput.clear();
    m_inputLabel.clear();
    m_active = true;
    m_injector->addScript(payloadScript());
    arm();
    m_timeout.start(timeout);
    qCInfo(lcChat)
        << "Observation mode armed: waiting for the user to click the chat's input and send button";
}

void ChatLearner::cancel()
{
    if (!m_active)
        return;
    disarm();
    qCInfo(lcChat) << "Observation mode cancelled";
}

void ChatLearner::arm()
{
    // Through the module's config: pushed now into every document and again into each new one
    // (a reload or navigation while armed), which carries on after the parts already learned.
    m_injector->setConfig(QString::fromLatin1(kModule),
                          { { u"armed"_s, true }, { u"input"_s, QJsonArray::fromStringList(m_input) } });
}

void ChatLearner::disarm()
{
    m_active = false;
    m_timeout.stop();
    m_messageTimer.stop();
    if (m_injector)
        m_injector->setConfig(QString::fromLatin1(kModule), {});
}

void ChatLearner::onReport(const QString &module, const QString &kind, const QJsonObject &data,
                           const QString &frameId)
{
    Q_UNUSED(frameId)
    if (!m_active || module != QString::fromLatin1(kModule))
        return;
    if (kind == u"messagesUnknown"_s) {
        if (!m_send.isEmpty()) {
            qCInfo(lcChat).noquote() << u"Observation mode: messages not learned (%1)"_s.arg(
                data.value(u"why"_s).toString());
            finish();
        }
        return;
    }
    if (kind != u"learned"_s)
        return;
    const QString part = data.value(u"part"_s).toString();
    if (part == u"input"_s && m_input.isEmpty()) {
        m_input = strings(data.value(u"selectors"_s));
        if (m_input.isEmpty())
            return; // nothing that finds it again: keep waiting for another click
        m_inputLabel = data.value(u"tag"_s).toString();
        if (const QString label = data.value(u"label"_s).toString(); !label.isEmpty())
            m_inputLabel += u" “%1”"_s.arg(label);
        qCInfo(lcChat).noquote() << u"Observation mode learned the input: %1"_s.arg(m_input.join(u" | "_s));
        arm(); // a new document now waits for the send button
        Q_EMIT progress(part);
    } else if (part == u"send"_s && !m_input.isEmpty() && m_send.isEmpty()) {
        m_send = strings(data.value(u"selectors"_s));
        if (m_send.isEmpty())
            return;
        qCInfo(lcChat).noquote() << u"Observation mode learned the send button: %1"_s.arg(
            m_send.join(u" | "_s));
        m_fileInput = strings(data.value(u"fileInput"_s));
        if (!m_fileInput.isEmpty()) {
            qCInfo(lcChat).noquote() << u"Observation mode found a file input for images: %1"_s.arg(
                m_fileInput.join(u" | "_s));
        }
        m_timeout.stop();
        Q_EMIT progress(part);
        if (data.value(u"watching"_s).toBool())
            m_messageTimer.start(m_messageWait);
        else
            finish();
    } else if (part == u"messages"_s && !m_send.isEmpty()) {
        m_userMessage = strings(data.value(u"userMessage"_s));
        m_reply = strings(data.value(u"reply"_s));
        qCInfo(lcChat).noquote() << u"Observation mode learned the messages: user %1, reply %2"_s.arg(
            m_userMessage.join(u" | "_s), m_reply.join(u" | "_s));
        Q_EMIT progress(part);
        finish();
    }
}

ChatSelectors ChatLearner::selectors() const
{
    ChatSelectors selectors = m_base;
    selectors.root.clear();
    selectors.conversationTab.clear();
    selectors.activeConversationTab.clear();
    if (!m_input.isEmpty())
        selectors.input = m_input;
    if (!m_send.isEmpty())
        selectors.sendButton = m_send;
    // Only a file input seen by the message box says the chat takes images.
    selectors.fileInput = m_fileInput;
    if (!m_userMessage.isEmpty() && !m_reply.isEmpty()) {
        selectors.userMessage = m_userMessage;
        selectors.reply = m_reply;
    }
    return selectors;
}

void ChatLearner::finish()
{
    if (!m_active)
        return;
    disarm();
    Q_EMIT learned(selectors());
}

void ChatLearner::fail(const QString &error)
{
    if (!m_active)
        return;
    disarm();
    qCWarning(lcChat).noquote() << error;
    Q_EMIT failed(error);
}

} // namespace mpa
