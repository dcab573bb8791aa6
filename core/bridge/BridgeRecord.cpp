#include "BridgeRecord.h"

#include "common/EnumNames.h"
#include "common/JsonFields.h"
#include "common/Refuse.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

constexpr EnumName<BridgeStatus> kStatusNames[] = {
    { BridgeStatus::Starting, u"starting" },
    { BridgeStatus::WaitingChat, u"waiting_chat" },
    { BridgeStatus::Running, u"running" },
    { BridgeStatus::Sending, u"sending" },
    { BridgeStatus::WaitingUser, u"waiting_user" },
    { BridgeStatus::Paused, u"paused" },
    { BridgeStatus::Done, u"done" },
    { BridgeStatus::Stopped, u"stopped" },
    { BridgeStatus::Failed, u"failed" },
    { BridgeStatus::Interrupted, u"interrupted" },
};

constexpr EnumName<BridgePhase> kPhaseNames[] = {
    { BridgePhase::AwaitReply, u"await_reply" },
    { BridgePhase::Execute, u"execute" },
    { BridgePhase::Send, u"send" },
};

// What a command and a session say in words, under their keys: always written, or left out
// when empty (the notes).
constexpr JsonTextField<BridgeCommand> kCommandTexts[] { { u"key", &BridgeCommand::key },
                                                         { u"tool", &BridgeCommand::tool } };
constexpr JsonTextField<BridgeCommand> kCommandNotes[] {
    { u"raw", &BridgeCommand::raw },       { u"element", &BridgeCommand::element },
    { u"result", &BridgeCommand::result }, { u"error", &BridgeCommand::error },
    { u"gate", &BridgeCommand::gate },     { u"decision", &BridgeCommand::decision },
    { u"tab", &BridgeCommand::tab }
};
constexpr JsonTextField<BridgeRecord> kSessionTexts[] {
    { u"sessionId", &BridgeRecord::id },          { u"goal", &BridgeRecord::goal },
    { u"keyword", &BridgeRecord::keyword },       { u"agentTab", &BridgeRecord::agentTab },
    { u"agentTitle", &BridgeRecord::agentTitle }, { u"agentUrl", &BridgeRecord::agentUrl },
    { u"profile", &BridgeRecord::profile },       { u"activity", &BridgeRecord::activity },
    { u"currentTab", &BridgeRecord::currentTab }, { u"startedBy", &BridgeRecord::startedBy }
};
// Written only when set: a session the user started has no owner, and its file keeps the keys
// it always had.
constexpr JsonTextField<BridgeRecord> kSessionOwner[] { { u"owner", &BridgeRecord::owner } };
constexpr JsonTextField<BridgeRecord> kSessionNotes[] { { u"reason", &BridgeRecord::reason },
                                                        { u"doneText", &BridgeRecord::doneText },
                                                        { u"lastImage", &BridgeRecord::lastImage } };
// Kept in the session file only, not in its summary.
constexpr JsonTextField<BridgeRecord> kSessionDigests[] {
    { u"baselineDigest", &BridgeRecord::baselineDigest },
    { u"lastReplyDigest", &BridgeRecord::lastReplyDigest },
    { u"lastSnapshotDigest", &BridgeRecord::lastSnapshotDigest },
    { u"lastSent", &BridgeRecord::lastSent }
};

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
    return JobCommand::stateName(state);
}

std::optional<BridgeCommand::State> BridgeCommand::stateFromName(QStringView name)
{
    return JobCommand::stateFromName(name);
}

QJsonObject BridgeCommand::toJson() const
{
    QJsonObject json { { u"turn"_s, turn },       { u"index"_s, index },
                       { u"params"_s, params },   { u"state"_s, stateName(state) },
                       { u"at"_s, jsonTime(at) }, { u"durationMs"_s, durationMs } };
    writeTexts(json, *this, kCommandTexts, EmptyText::Write);
    writeTexts(json, *this, kCommandNotes, EmptyText::Omit);
    return json;
}

BridgeCommand BridgeCommand::fromJson(const QJsonObject &json)
{
    BridgeCommand c;
    readFields(json, c, kCommandTexts);
    readFields(json, c, kCommandNotes);
    c.turn = json.value(u"turn").toInt();
    c.index = json.value(u"index").toInt();
    c.params = json.value(u"params").toObject();
    c.state = stateFromName(json.value(u"state").toString()).value_or(State::Unknown);
    c.at = jsonTimeFrom(json.value(u"at"));
    c.durationMs = qint64(json.value(u"durationMs").toDouble());
    return c;
}

void BridgeRecord::interrupt(const QString &why, const QDateTime &now)
{
    status = BridgeStatus::Interrupted;
    reason = why;
    updatedAt = now;
    runningToUnknown();
}

void BridgeRecord::runningToUnknown()
{
    for (BridgeCommand &command : commands) {
        if (command.state == BridgeCommand::State::Running) {
            command.state = BridgeCommand::State::Unknown;
            command.error = JobCommand::unknownOutcome();
        }
    }
}

bool BridgeRecord::hasKey(const QString &key) const
{
    return std::any_of(commands.cbegin(), commands.cend(),
                       [&](const BridgeCommand &c) { return c.key == key; });
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
    QJsonObject json { { u"targetTabs"_s, QJsonArray::fromStringList(targetTabs) },
                       { u"openedTabs"_s, QJsonArray::fromStringList(openedTabs) },
                       { u"releasedTabs"_s, QJsonArray::fromStringList(releasedTabs) },
                       { u"chatOpensTabs"_s, chatOpensTabs },
                       { u"mode"_s, mode },
                       { u"status"_s, bridgeStatusName(status) },
                       { u"phase"_s, enumName(kPhaseNames, phase) },
                       { u"turn"_s, turn },
                       { u"maxTurns"_s, maxTurns },
                       { u"queued"_s, queued() },
                       { u"lastAction"_s, lastAction() },
                       { u"lastMasked"_s, lastMasked },
                       { u"maskedTotal"_s, maskedTotal },
                       { u"createdAt"_s, jsonTime(createdAt) },
                       { u"updatedAt"_s, jsonTime(updatedAt) },
                       { u"commandCount"_s, int(commands.size()) } };
    writeTexts(json, *this, kSessionTexts, EmptyText::Write);
    writeTexts(json, *this, kSessionNotes, EmptyText::Omit);
    writeTexts(json, *this, kSessionOwner, EmptyText::Omit);
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
    json.insert(u"commands"_s, jsonArrayOf(commands));
    json.insert(u"baselineCount"_s, baselineCount);
    writeTexts(json, *this, kSessionDigests, EmptyText::Write);
    return json;
}

std::optional<BridgeRecord> BridgeRecord::fromJson(const QJsonObject &json, QString *error)
{
    BridgeRecord r;
    readFields(json, r, kSessionTexts);
    if (r.id.isEmpty()) {
        refuse(error, u"it has no sessionId"_s);
        return std::nullopt;
    }
    const std::optional<BridgeStatus> status = bridgeStatusFromName(json.value(u"status").toString());
    if (!status) {
        refuse(error, u"its status '%1' is not one the app knows"_s.arg(json.value(u"status").toString()));
        return std::nullopt;
    }
    r.status = *status;
    r.phase = enumValue(kPhaseNames, json.value(u"phase").toString()).value_or(BridgePhase::AwaitReply);
    readFields(json, r, kSessionNotes);
    readFields(json, r, kSessionOwner);
    readFields(json, r, kSessionDigests);
    r.targetTabs = jsonStrings(json.value(u"targetTabs"));
    r.openedTabs = jsonStrings(json.value(u"openedTabs"));
    r.releasedTabs = jsonStrings(json.value(u"releasedTabs"));
    r.chatOpensTabs = json.value(u"chatOpensTabs").toBool();
    r.mode = json.value(u"mode").toString(u"careful"_s);
    r.turn = json.value(u"turn").toInt();
    r.maxTurns = json.value(u"maxTurns").toInt(100);
    r.baselineCount = json.value(u"baselineCount").toInt(-1);
    r.lastMasked = json.value(u"lastMasked").toObject();
    r.maskedTotal = json.value(u"maskedTotal").toInt();
    r.commands = jsonListOf<BridgeCommand>(json.value(u"commands"));
    r.question = json.value(u"question").toObject();
    r.createdAt = jsonTimeFrom(json.value(u"createdAt"));
    r.updatedAt = jsonTimeFrom(json.value(u"updatedAt"));
    return r;
}

} // namespace mpa
