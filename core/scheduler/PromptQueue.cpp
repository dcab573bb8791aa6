#include "PromptQueue.h"

#include "QueueReasons.h"
#include "common/EnumNames.h"
#include "common/JsonFields.h"

#include <QJsonArray>
#include <QUuid>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

QString newId()
{
    return QUuid::createUuid().toString(QUuid::WithoutBraces).left(8);
}

QString excerpt(const QString &text)
{
    const QString line = text.simplified();
    return line.size() > 60 ? line.left(57) + u"…"_s : line;
}

} // namespace

constexpr EnumName<QueueItem::Status> kStatusNames[] {
    { QueueItem::Status::Pending, u"pending" }, { QueueItem::Status::Sending, u"sending" },
    { QueueItem::Status::Sent, u"sent" },       { QueueItem::Status::Unconfirmed, u"sent, unconfirmed" },
    { QueueItem::Status::Done, u"done" },       { QueueItem::Status::Failed, u"failed" },
    { QueueItem::Status::Skipped, u"skipped" },
};

QString QueueItem::statusName(Status status)
{
    return enumName(kStatusNames, status);
}

QueueItem::Status QueueItem::statusFromName(const QString &name)
{
    return enumValue(kStatusNames, name).value_or(Status::Pending);
}

QJsonObject QueueItem::toJson() const
{
    QJsonObject json { { u"id"_s, id }, { u"text"_s, text }, { u"status"_s, statusName(status) } };
    putText(json, u"sentAt"_s, jsonTime(sentAt));
    if (status == Status::Unconfirmed)
        json.insert(u"delivered"_s, delivered);
    putText(json, u"error"_s, error);
    return json;
}

QueueItem QueueItem::fromJson(const QJsonObject &json)
{
    QueueItem item;
    item.id = json.value(u"id").toString();
    if (item.id.isEmpty())
        item.id = newId();
    item.text = json.value(u"text").toString();
    item.status = statusFromName(json.value(u"status").toString());
    item.sentAt = jsonTimeFrom(json.value(u"sentAt"));
    item.delivered = json.value(u"delivered").toBool();
    item.error = json.value(u"error").toString();
    return item;
}

void PromptQueue::replace(const QStringList &prompts)
{
    items.clear();
    for (const QString &prompt : prompts) {
        QueueItem item;
        item.id = newId();
        item.text = prompt;
        items.append(item);
    }
    position = 0;
    step = Step::Task;
    state = State::Stopped;
    reason = {};
}

void PromptQueue::clearStatuses()
{
    for (QueueItem &item : items) {
        item.status = QueueItem::Status::Pending;
        item.sentAt = {};
        item.delivered = false;
        item.error.clear();
    }
}

bool PromptQueue::recoverInterrupted(QString *what)
{
    // A clean stop or quit saves the queue stopped or paused: only a queue still "running" in its
    // file, or a prompt still "sending", was cut off.
    const bool wasRunning = state == State::Running;
    bool inFlight = false;
    QString excerptText;
    if (hasCurrent()) {
        QueueItem &item = current();
        if (item.status == QueueItem::Status::Sending
            || (wasRunning && item.status == QueueItem::Status::Sent)) {
            item.delivered = item.status == QueueItem::Status::Sent;
            item.status = QueueItem::Status::Unconfirmed;
            inFlight = true;
            excerptText = excerpt(item.text);
        }
    }
    if (!wasRunning && !inFlight)
        return false;
    if (wasRunning)
        state = State::Paused;
    // Whole sentences, one per case, so a translation can order each as its language needs.
    if (!inFlight) {
        reason = UserText("mpa::PromptQueue",
                          QT_TRANSLATE_NOOP("mpa::PromptQueue",
                                            "The app stopped while the queue was running. Resume to go on (a "
                                            "prompt the chat does not show is sent again), or skip it."));
    } else if (wasRunning) {
        reason = UserText(
            "mpa::PromptQueue",
            QT_TRANSLATE_NOOP("mpa::PromptQueue",
                              "The app stopped while the queue was running; prompt %1 (“%2”%3) is "
                              "marked “sent, unconfirmed”. Resume to go on (a prompt the chat does "
                              "not show is sent again), or skip it."));
    } else if (state == State::Stopped) {
        reason = UserText(
            "mpa::PromptQueue",
            QT_TRANSLATE_NOOP("mpa::PromptQueue",
                              "The app stopped while a prompt was being sent; prompt %1 (“%2”%3) is "
                              "marked “sent, unconfirmed”. Start the queue to go on (a prompt the "
                              "chat does not show is sent again), or skip it."));
    } else {
        reason = UserText(
            "mpa::PromptQueue",
            QT_TRANSLATE_NOOP("mpa::PromptQueue",
                              "The app stopped while a prompt was being sent; prompt %1 (“%2”%3) is "
                              "marked “sent, unconfirmed”. Resume to go on (a prompt the chat does "
                              "not show is sent again), or skip it."));
    }
    if (inFlight)
        reason = reason.arg(position + 1)
                     .arg(excerptText)
                     .arg(step == Step::Check ? UserText(
                              "mpa::PromptQueue", QT_TRANSLATE_NOOP("mpa::PromptQueue", ", check step"))
                                              : UserText());
    if (what)
        *what = reason.english();
    return true;
}

constexpr EnumName<PromptQueue::State> kQueueStateNames[] {
    { PromptQueue::State::Running, u"running" },
    { PromptQueue::State::Paused, u"paused" },
    { PromptQueue::State::Stopped, u"stopped" },
};

QString PromptQueue::stateName(State state)
{
    return enumName(kQueueStateNames, state);
}

QString PromptQueue::stepName(Step step)
{
    return step == Step::Check ? u"check"_s : u"task"_s;
}

QJsonObject PromptQueue::toJson() const
{
    QJsonArray list;
    for (const QueueItem &item : items)
        list.append(item.toJson());
    return {
        { u"items"_s, list },
        { u"position"_s, position },
        { u"step"_s, stepName(step) },
        { u"state"_s, stateName(state) },
        { u"reason"_s, reason.english() },
    };
}

PromptQueue PromptQueue::fromJson(const QJsonObject &json, QStringList *warnings)
{
    PromptQueue queue;
    const QJsonArray list = json.value(u"items").toArray();
    for (qsizetype i = 0; i < list.size(); ++i) {
        const QueueItem item = QueueItem::fromJson(list.at(i).toObject());
        if (item.text.trimmed().isEmpty()) {
            if (warnings)
                warnings->append(u"queue item %1 has no text and was dropped"_s.arg(i + 1));
            continue;
        }
        queue.items.append(item);
    }
    queue.position = json.value(u"position").toInt(0);
    if (queue.position < 0 || queue.position > queue.items.size()) {
        if (warnings)
            warnings->append(
                u"the saved queue position %1 is outside the queue; starting at the first prompt"_s.arg(
                    queue.position));
        queue.position = 0;
    }
    queue.step = json.value(u"step").toString() == u"check"_s ? Step::Check : Step::Task;
    const QString state = json.value(u"state").toString();
    queue.state = state == u"running"_s ? State::Running
        : state == u"paused"_s          ? State::Paused
                                        : State::Stopped;
    queue.reason = UserText::fromEnglish(QueueReasons::kContext, json.value(u"reason").toString());
    return queue;
}

} // namespace mpa
