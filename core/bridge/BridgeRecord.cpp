#include "BridgeRecord.h"

#include "common/EnumNames.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

constexpr EnumName<BridgeStatus> kStatusNames[] = {
    { BridgeStatus::Starting, u"starting" },     { BridgeStatus::WaitingChat, u"waiting_chat" },
    { BridgeStatus::Running, u"running" },       { BridgeStatus::Sending, u"sending" },
    { BridgeStatus::WaitingUser, u"waiting_user" }, { BridgeStatus::Paused, u"paused" },
    { BridgeStatus::Done, u"done" },             { BridgeStatus::Stopped, u"stopped" },
    { BridgeStatus::Failed, u"failed" },         { BridgeStatus::Interrupted, u"interrupted" },
};

constexpr EnumName<BridgeCommand::State> kStateNames[] = {
    { BridgeCommand::State::Queued, u"queued" },   { BridgeCommand::State::Running, u"running" },
    { BridgeCommand::State::Done, u"done" },       { BridgeCommand::State::Failed, u"failed" },
    { BridgeCommand::State::Refused, u"refused" }, { BridgeCommand::State::Unknown, u"unknown" },
};

constexpr EnumName<BridgePhase> kPhaseNames[] = {
    { BridgePhase::AwaitReply, u"await_reply" },
    { BridgePhase::Execute, u"execute" },
    { BridgePhase::Send, u"send" },
};

QString isoOf(const QDateTime &at)
{
    return at.isValid() ? at.toUTC().toString(Qt::ISODateWithMs) : QString();
}

QDateTime dateOf(const QJsonValue &value)
{
    return QDateTime::fromString(value.toString(), Qt::ISODateWithMs);
}

} // namespace

QString bridgeStatusName(BridgeStatus status)
{
    return enumName(kStatusNames, status);
}

std::optional<BridgeStatus> bridgeStatusFromName(QStringView name)
{
    return enumValue(kStatusNames, name);
}

QString BridgeCommand::stateName(State state)
{
    return enumName(kStateNames, state);
}

std::optional<BridgeCommand::State> BridgeCommand::stateFromName(QStringView name)
{
    return enumValue(kStateNames, name);
}

QJsonObject BridgeCommand::toJson() const
{
    QJsonObject json { { u"key"_s, key },       { u"turn"_s, turn },         { u"index"_s, index },
                       { u"tool"_s, tool },     { u"params"_s, params },     { u"state"_s, stateName(state) },
                       { u"at"_s, isoOf(at) },  { u"durationMs"_s, durationMs } };
    const auto put = [&json](const char16_t *name, const QString &value) {
        if (!value.isEmpty())
            json.insert(QString::fromUtf16(name), value);
    };
    put(u"raw", raw);
    put(u"element", element);
    put(u"result", result);
    put(u"error", error);
    put(u"gate", gate);
    put(u"decision", decision);
    put(u"tab", tab);
    return json;
}

BridgeCommand BridgeCommand::fromJson(const QJsonObject &json)
{
    BridgeCommand c;
    c.key = json.value(u"key").toString();
    c.turn = json.value(u"turn").toInt();
    c.index = json.value(u"index").toInt();
    c.tool = json.value(u"tool").toString();
    c.params = json.value(u"params").toObject();
    c.raw = json.value(u"raw").toString();
    c.state = stateFromName(json.value(u"state").toString()).value_or(State::Unknown);
    c.element = json.value(u"element").toString();
    c.result = json.value(u"result").toString();
    c.error = json.value(u"error").toString();
    c.gate = json.value(u"gate").toString();
    c.decision = json.value(u"decision").toString();
    c.tab = json.value(u"tab").toString();
    c.at = dateOf(json.value(u"at"));
    c.durationMs = qint64(json.value(u"durationMs").toDouble());
    return c;
}

bool BridgeRecord::hasKey(const QString &key) const
{
    return std::any_of(commands.cbegin(), commands.cend(), [&](const BridgeCommand &c) { return c.key == key; });
}

BridgeCommand *BridgeRecord::command(const QString &key)
{
    for (BridgeCommand &c : commands) {
        if (c.key == key)
            return &c;
    }
    return nullptr;
}

int BridgeRecord::queued() const
{
    return int(std::count_if(commands.cbegin(), commands.cend(),
                             [](const BridgeCommand &c) { return c.state == BridgeCommand::State::Queued; }));
}

const BridgeCommand *BridgeRecord::lastCommand() const
{
    for (auto it = commands.crbegin(); it != commands.crend(); ++it) {
        if (it->state != BridgeCommand::State::Queued)
            return &*it;
    }
    return nullptr;
}

QString BridgeRecord::lastAction() const
{
    const BridgeCommand *c = lastCommand();
    if (!c)
        return {};
    QString what = c->tool;
    const QString ref = c->params.value(u"ref").toString();
    if (!ref.isEmpty())
        what += u' ' + ref;
    if (!c->element.isEmpty())
        what += u" on "_s + c->element;
    QString outcome;
    switch (c->state) {
    case BridgeCommand::State::Done:
        outcome = u"ok"_s;
        break;
    case BridgeCommand::State::Running:
        outcome = u"running"_s;
        break;
    default:
        outcome = BridgeCommand::stateName(c->state);
        if (!c->error.isEmpty())
            outcome += u": "_s + c->error.left(80);
    }
    return what + u" → "_s + outcome;
}

QJsonObject BridgeRecord::summaryJson() const
{
    QJsonObject json { { u"sessionId"_s, id },
                       { u"goal"_s, goal },
                       { u"keyword"_s, keyword },
                       { u"agentTab"_s, agentTab },
                       { u"agentTitle"_s, agentTitle },
                       { u"agentUrl"_s, agentUrl },
                       { u"profile"_s, profile },
                       { u"targetTabs"_s, QJsonArray::fromStringList(targetTabs) },
                       { u"openedTabs"_s, QJsonArray::fromStringList(openedTabs) },
                       { u"releasedTabs"_s, QJsonArray::fromStringList(releasedTabs) },
                       { u"chatOpensTabs"_s, chatOpensTabs },
                       { u"mode"_s, mode },
                       { u"status"_s, bridgeStatusName(status) },
                       { u"phase"_s, enumName(kPhaseNames, phase) },
                       { u"activity"_s, activity },
                       { u"currentTab"_s, currentTab },
                       { u"turn"_s, turn },
                       { u"maxTurns"_s, maxTurns },
                       { u"queued"_s, queued() },
                       { u"lastAction"_s, lastAction() },
                       { u"lastMasked"_s, lastMasked },
                       { u"maskedTotal"_s, maskedTotal },
                       { u"startedBy"_s, startedBy },
                       { u"createdAt"_s, isoOf(createdAt) },
                       { u"updatedAt"_s, isoOf(updatedAt) },
                       { u"commandCount"_s, int(commands.size()) } };
    if (!reason.isEmpty())
        json.insert(u"reason"_s, reason);
    if (!doneText.isEmpty())
        json.insert(u"doneText"_s, doneText);
    if (!question.isEmpty())
        json.insert(u"question"_s, question);
    return json;
}

QJsonObject BridgeRecord::toJson() const
{
    QJsonObject json = summaryJson();
    json.remove(u"queued"_s);
    json.remove(u"lastAction"_s);
    json.remove(u"commandCount"_s);
    QJsonArray list;
    for (const BridgeCommand &c : commands)
        list.append(c.toJson());
    json.insert(u"commands"_s, list);
    json.insert(u"baselineDigest"_s, baselineDigest);
    json.insert(u"baselineCount"_s, baselineCount);
    json.insert(u"lastReplyDigest"_s, lastReplyDigest);
    json.insert(u"lastSnapshotDigest"_s, lastSnapshotDigest);
    json.insert(u"lastSent"_s, lastSent);
    return json;
}

std::optional<BridgeRecord> BridgeRecord::fromJson(const QJsonObject &json, QString *error)
{
    BridgeRecord r;
    r.id = json.value(u"sessionId").toString();
    if (r.id.isEmpty()) {
        if (error)
            *error = u"it has no sessionId"_s;
        return std::nullopt;
    }
    const std::optional<BridgeStatus> status = bridgeStatusFromName(json.value(u"status").toString());
    if (!status) {
        if (error)
            *error = u"its status '%1' is not one the app knows"_s.arg(json.value(u"status").toString());
        return std::nullopt;
    }
    r.status = *status;
    r.phase = enumValue(kPhaseNames, json.value(u"phase").toString()).value_or(BridgePhase::AwaitReply);
    r.goal = json.value(u"goal").toString();
    r.keyword = json.value(u"keyword").toString();
    r.agentTab = json.value(u"agentTab").toString();
    r.agentTitle = json.value(u"agentTitle").toString();
    r.agentUrl = json.value(u"agentUrl").toString();
    r.profile = json.value(u"profile").toString();
    const auto strings = [](const QJsonValue &value) {
        QStringList list;
        for (const QJsonValue &v : value.toArray())
            list.append(v.toString());
        return list;
    };
    r.targetTabs = strings(json.value(u"targetTabs"));
    r.openedTabs = strings(json.value(u"openedTabs"));
    r.releasedTabs = strings(json.value(u"releasedTabs"));
    r.chatOpensTabs = json.value(u"chatOpensTabs").toBool();
    r.mode = json.value(u"mode").toString(u"careful"_s);
    r.reason = json.value(u"reason").toString();
    r.activity = json.value(u"activity").toString();
    r.currentTab = json.value(u"currentTab").toString();
    r.turn = json.value(u"turn").toInt();
    r.maxTurns = json.value(u"maxTurns").toInt(100);
    r.baselineDigest = json.value(u"baselineDigest").toString();
    r.baselineCount = json.value(u"baselineCount").toInt(-1);
    r.lastReplyDigest = json.value(u"lastReplyDigest").toString();
    r.lastSnapshotDigest = json.value(u"lastSnapshotDigest").toString();
    r.lastSent = json.value(u"lastSent").toString();
    r.lastMasked = json.value(u"lastMasked").toObject();
    r.maskedTotal = json.value(u"maskedTotal").toInt();
    r.doneText = json.value(u"doneText").toString();
    for (const QJsonValue &c : json.value(u"commands").toArray())
        r.commands.append(BridgeCommand::fromJson(c.toObject()));
    r.question = json.value(u"question").toObject();
    r.startedBy = json.value(u"startedBy").toString();
    r.createdAt = dateOf(json.value(u"createdAt"));
    r.updatedAt = dateOf(json.value(u"updatedAt"));
    return r;
}

} // namespace mpa
