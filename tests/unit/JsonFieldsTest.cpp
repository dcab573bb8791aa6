// The one set of JSON field helpers (common/JsonFields.h) and the record files written with it.
// The expected documents of the run, bridge-session and prompt-history records are what the
// serializers before the helpers (main at 5892199: RunRecord.cpp, BridgeRecord.cpp,
// PromptHistory.cpp) wrote for the same records, key by key: those formats are DESIGN.md's
// stable contracts, so they must not move by a byte.
#include "common/JsonFields.h"

#include "agent/RunRecord.h"
#include "bridge/BridgeRecord.h"
#include "chat/ChatState.h"
#include "scheduler/PromptHistory.h"

#include <QJsonDocument>

#include <gtest/gtest.h>

#include <optional>

using namespace Qt::StringLiterals;
using namespace mpa;

namespace {

QJsonObject parse(const char *json)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(QByteArray(json), &error);
    EXPECT_EQ(error.error, QJsonParseError::NoError) << qPrintable(error.errorString());
    return document.object();
}

QByteArray bytes(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

// `expected`, read with Record::fromJson and written again, is `expected` byte for byte.
template<typename Record>::testing::AssertionResult readsBackWhole(const QJsonObject &expected)
{
    QString error;
    const std::optional<Record> back = Record::fromJson(expected, &error);
    if (!back)
        return ::testing::AssertionFailure() << "it does not read: " << qPrintable(error);
    if (bytes(back->toJson()) != bytes(expected))
        return ::testing::AssertionFailure() << "what is written does not read back whole:\n"
                                             << bytes(back->toJson()).constData() << "\nnot\n"
                                             << bytes(expected).constData();
    return ::testing::AssertionSuccess();
}

// Why Record::fromJson refuses `json` (empty when it reads it).
template<typename Record> QString refusal(const char *json)
{
    QString error;
    return Record::fromJson(parse(json), &error) ? QString() : error;
}

QDateTime at(const char *iso)
{
    return QDateTime::fromString(QString::fromLatin1(iso), Qt::ISODateWithMs);
}

struct Note
{
    QString title;
    QString body;
    bool pinned = false;
    int views = 0;
    qint64 size = 0;
};

constexpr JsonTextField<Note> kNoteTexts[] { { u"title", &Note::title }, { u"body", &Note::body } };
constexpr JsonField<Note, bool> kNoteFlags[] { { u"pinned", &Note::pinned } };
constexpr JsonField<Note, int> kNoteCounts[] { { u"views", &Note::views } };
constexpr JsonField<Note, qint64> kNoteSizes[] { { u"size", &Note::size } };

TEST(JsonFieldsTest, TimesAreUtcWithMillisecondsAndAnInvalidOneIsEmpty)
{
    const QDateTime local = QDateTime(QDate(2026, 11, 26), QTime(11, 0, 0, 250), Qt::OffsetFromUTC, 3600);
    EXPECT_EQ(jsonTime(local), u"2026-11-26T10:00:00.250Z"_s);
    EXPECT_EQ(jsonTime(QDateTime()), QString());
    EXPECT_EQ(jsonTimeFrom(QJsonValue(u"2026-11-26T10:00:00.250Z"_s)), local);
    EXPECT_FALSE(jsonTimeFrom(QJsonValue()).isValid());
    EXPECT_FALSE(jsonTimeFrom(QJsonValue(u"yesterday"_s)).isValid());
}

TEST(JsonFieldsTest, PutTextLeavesOutEmptyTextAndStringsReadOnlyArrays)
{
    QJsonObject json;
    putText(json, u"reason"_s, QString());
    putText(json, u"tab"_s, u"T1"_s);
    EXPECT_EQ(bytes(json), QByteArray(R"({"tab":"T1"})"));
    EXPECT_EQ(jsonStrings(parse(R"({"a":["x",2,"y"]})").value(u"a")),
              (QStringList { u"x"_s, QString(), u"y"_s }));
    EXPECT_TRUE(jsonStrings(QJsonValue(u"x"_s)).isEmpty());
}

TEST(JsonFieldsTest, ATableReadsEachMemberFromItsKeyWithZeroDefaults)
{
    Note note { u"old"_s, u"old"_s, true, 9, 9 };
    const QJsonObject json = parse(R"({"title":"Plan","body":3,"views":4,"size":5000000000})");
    readFields(json, note, kNoteTexts);
    readFields(json, note, kNoteFlags);
    readFields(json, note, kNoteCounts);
    readFields(json, note, kNoteSizes);
    EXPECT_EQ(note.title, u"Plan"_s);
    EXPECT_EQ(note.body, QString()) << "a value of another type reads as empty";
    EXPECT_FALSE(note.pinned) << "a missing flag reads as false";
    EXPECT_EQ(note.views, 4);
    EXPECT_EQ(note.size, 5000000000LL);
}

TEST(JsonFieldsTest, ATableWritesEmptyTextOrLeavesItOutAsAsked)
{
    const Note note { u"Plan"_s, QString() };
    QJsonObject written;
    writeTexts(written, note, kNoteTexts, EmptyText::Write);
    EXPECT_EQ(bytes(written), QByteArray(R"({"body":"","title":"Plan"})"));
    QJsonObject omitted;
    writeTexts(omitted, note, kNoteTexts, EmptyText::Omit);
    EXPECT_EQ(bytes(omitted), QByteArray(R"({"title":"Plan"})"));
    Note back;
    readFields(written, back, kNoteTexts);
    EXPECT_EQ(back.title, note.title);
    EXPECT_EQ(back.body, note.body);
}

RunRecord fullRun()
{
    RunRecord run;
    run.id = u"r1"_s;
    run.task = u"Buy the book"_s;
    run.mode = RunMode::Autonomous;
    run.provider = u"openai"_s;
    run.model = u"gpt-4o"_s;
    run.url = u"https://shop.example/"_s;
    run.currentTab = u"T2"_s;
    run.startSites = { u"shop.example"_s };
    run.startedBy = u"ui"_s;
    run.status = RunStatus::Done;
    run.reason = u"finished"_s;
    run.hasResult = true;
    run.success = true;
    run.resultText = u"bought"_s;
    run.createdAt = at("2026-11-26T10:00:00.000Z");
    run.updatedAt = run.finishedAt = at("2026-11-26T10:05:00.500Z");
    run.promptTokens = 10;
    run.completionTokens = 5;
    run.tokensEstimated = true;
    RunStep click;
    click.number = 1;
    click.at = at("2026-11-26T10:01:00.000Z");
    click.thought = u"press buy"_s;
    click.tool = u"click"_s;
    click.params = { { u"ref"_s, u"e1"_s } };
    click.element = u"button “Buy”"_s;
    click.result = u"clicked"_s;
    click.effect = { { u"navigated"_s, true } };
    click.durationMs = 120;
    click.modelMs = 900;
    click.promptTokens = 10;
    click.completionTokens = 5;
    click.gate = u"payment"_s;
    click.decision = u"approved"_s;
    RunStep done;
    done.number = 2;
    done.tool = u"done"_s;
    run.steps = { click, done };
    run.reflections = { { 1, u"on_track"_s, u"fine"_s, {} } };
    RunQuestion question;
    question.afterStep = 1;
    question.kind = u"gate"_s;
    question.question = u"Pay 12 €?"_s;
    question.category = u"payment"_s;
    question.action = { { u"tool"_s, u"click"_s } };
    question.askedAt = at("2026-11-26T10:01:30.000Z");
    question.answered = true;
    question.approved = true;
    question.answer = u"yes"_s;
    question.answeredAt = at("2026-11-26T10:02:00.000Z");
    run.questions = { question };
    return run;
}

TEST(JsonFieldsTest, ARunFileHasTheKeysItHadBeforeTheHelpers)
{
    const QJsonObject expected = parse(R"({
        "runId":"r1","task":"Buy the book","mode":"autonomous","provider":"openai","model":"gpt-4o",
        "status":"done","steps":[
            {"step":1,"at":"2026-11-26T10:01:00.000Z","tool":"click","params":{"ref":"e1"},"ok":true,
             "durationMs":120,"modelMs":900,"tokens":{"prompt":10,"completion":5},"thought":"press buy",
             "element":"button “Buy”","result":"clicked","gate":"payment","decision":"approved",
             "effect":{"navigated":true}},
            {"step":2,"at":"","tool":"done","params":{},"ok":true,"durationMs":0,"modelMs":0,
             "tokens":{"prompt":0,"completion":0}}],
        "stepCount":2,"tokens":{"prompt":10,"completion":5,"estimated":true},
        "createdAt":"2026-11-26T10:00:00.000Z","updatedAt":"2026-11-26T10:05:00.500Z",
        "finishedAt":"2026-11-26T10:05:00.500Z","reason":"finished","result":{"success":true,"text":"bought"},
        "reflections":[{"afterStep":1,"rating":"on_track","reason":"fine"}],
        "questions":[{"afterStep":1,"kind":"gate","question":"Pay 12 €?","askedAt":"2026-11-26T10:01:30.000Z",
                      "answered":true,"category":"payment","action":{"tool":"click"},"approved":true,
                      "answer":"yes","answeredAt":"2026-11-26T10:02:00.000Z"}],
        "maxSteps":40,"startSites":["shop.example"],"url":"https://shop.example/","currentTab":"T2",
        "startedBy":"ui"})");
    const RunRecord run = fullRun();
    EXPECT_EQ(bytes(run.toJson()), bytes(expected));
    QJsonObject summary = expected;
    for (const QString &fileOnly : { u"reflections"_s, u"questions"_s, u"maxSteps"_s, u"startSites"_s,
                                     u"url"_s, u"currentTab"_s, u"startedBy"_s, u"stepCount"_s })
        summary.remove(fileOnly);
    summary.insert(u"steps"_s, 2);
    EXPECT_EQ(bytes(run.summaryJson()), bytes(summary));

    EXPECT_TRUE(readsBackWhole<RunRecord>(expected));
    EXPECT_EQ(refusal<RunRecord>(R"({"task":"x","status":"done"})"), u"it has no runId"_s);
}

TEST(JsonFieldsTest, ABridgeSessionFileHasTheKeysItHadBeforeTheHelpers)
{
    BridgeRecord record;
    record.id = u"b1"_s;
    record.goal = u"Find the invoice"_s;
    record.keyword = u"PINEAPPLE"_s;
    record.agentTab = u"A"_s;
    record.agentTitle = u"ChatGPT"_s;
    record.agentUrl = u"https://chat.example/"_s;
    record.profile = u"chatgpt"_s;
    record.targetTabs = { u"T1"_s };
    record.openedTabs = { u"T2"_s };
    record.status = BridgeStatus::Running;
    record.phase = BridgePhase::Execute;
    record.reason = u"why"_s;
    record.activity = u"running click e2"_s;
    record.currentTab = u"T1"_s;
    record.turn = 2;
    record.baselineDigest = u"d1"_s;
    record.baselineCount = 4;
    record.lastReplyDigest = u"d2"_s;
    record.lastSnapshotDigest = u"d3"_s;
    record.lastSent = u"hello"_s;
    record.lastMasked = { { u"email"_s, 1 } };
    record.maskedTotal = 3;
    record.startedBy = u"ui"_s;
    record.createdAt = at("2026-11-26T10:00:00.000Z");
    record.updatedAt = at("2026-11-26T10:00:09.000Z");
    BridgeCommand command;
    command.key = u"t1-0-ab"_s;
    command.turn = 1;
    command.tool = u"click"_s;
    command.params = { { u"ref"_s, u"e2"_s } };
    command.raw = u"<tool_code>click e2</tool_code>"_s;
    command.state = BridgeCommand::State::Done;
    command.element = u"button"_s;
    command.result = u"ok"_s;
    command.tab = u"T1"_s;
    command.at = at("2026-11-26T10:00:05.000Z");
    command.durationMs = 15;
    record.commands = { command };

    const QJsonObject expected = parse(R"({
        "sessionId":"b1","goal":"Find the invoice","keyword":"PINEAPPLE","agentTab":"A",
        "agentTitle":"ChatGPT","agentUrl":"https://chat.example/","profile":"chatgpt",
        "targetTabs":["T1"],"openedTabs":["T2"],"releasedTabs":[],"chatOpensTabs":false,"mode":"careful",
        "status":"running","phase":"execute","activity":"running click e2","currentTab":"T1","turn":2,
        "maxTurns":100,"lastMasked":{"email":1},"maskedTotal":3,"startedBy":"ui",
        "createdAt":"2026-11-26T10:00:00.000Z","updatedAt":"2026-11-26T10:00:09.000Z","reason":"why",
        "commands":[{"key":"t1-0-ab","turn":1,"index":0,"tool":"click","params":{"ref":"e2"},"state":"done",
                     "at":"2026-11-26T10:00:05.000Z","durationMs":15,"raw":"<tool_code>click e2</tool_code>",
                     "element":"button","result":"ok","tab":"T1"}],
        "baselineDigest":"d1","baselineCount":4,"lastReplyDigest":"d2","lastSnapshotDigest":"d3",
        "lastSent":"hello"})");
    EXPECT_EQ(bytes(record.toJson()), bytes(expected));
    EXPECT_TRUE(readsBackWhole<BridgeRecord>(expected));
    EXPECT_EQ(refusal<BridgeRecord>(R"({"sessionId":"b2","status":"asleep"})"),
              u"its status 'asleep' is not one the app knows"_s);
}

TEST(JsonFieldsTest, APromptHistoryEntryHasTheKeysItHadBeforeTheHelpers)
{
    const PromptRecord record { at("2026-11-26T10:00:00.000Z"),
                                u"queue"_s,
                                u"Antigravity"_s,
                                QString(),
                                u"Go on"_s,
                                u"sent"_s,
                                QString() };
    const QByteArray expected = R"({"conversation":"","detail":"","outcome":"sent","source":"queue",)"
                                R"("target":"Antigravity","text":"Go on","time":"2026-11-26T10:00:00.000Z"})";
    EXPECT_EQ(bytes(record.toJson()), expected);
    EXPECT_EQ(bytes(PromptRecord::fromJson(record.toJson()).toJson()), expected);
}

TEST(JsonFieldsTest, AChatStateReadsThePageScriptsAnswer)
{
    // The shape chat/ChatSurface's payload answers with (payload/chat.js).
    const ChatState state = ChatState::fromJson(
        parse(R"({"title":"Chat","url":"https://chat.example/","visibility":"visible","rootAsked":true,
                  "rootFound":true,"scope":"panel","input":{"found":true,"kind":"textarea","text":"hi",
                  "raw":"hi","focused":false,"enabled":true},"send":{"found":true,"enabled":false},
                  "generating":true,"replyCount":3,"replyLength":12345678901,"replyDigest":"x1",
                  "userCount":2,"recentUser":["a","b"],"conversations":[{"name":"One","active":true}],
                  "problems":["bad selector"]})"),
        u"F1"_s);
    EXPECT_TRUE(state.ok);
    EXPECT_EQ(state.frameId, u"F1"_s);
    EXPECT_EQ(state.title, u"Chat"_s);
    EXPECT_EQ(state.url, u"https://chat.example/"_s);
    EXPECT_TRUE(state.visible);
    EXPECT_TRUE(state.rootAsked && state.rootFound);
    EXPECT_EQ(state.scope, u"panel"_s);
    EXPECT_TRUE(state.inputFound);
    EXPECT_EQ(state.inputKind, u"textarea"_s);
    EXPECT_EQ(state.inputText, u"hi"_s);
    EXPECT_EQ(state.inputRaw, u"hi"_s);
    EXPECT_FALSE(state.inputFocused);
    EXPECT_TRUE(state.inputEnabled);
    EXPECT_TRUE(state.sendFound);
    EXPECT_FALSE(state.sendEnabled);
    EXPECT_TRUE(state.generating);
    EXPECT_EQ(state.replyCount, 3);
    EXPECT_EQ(state.replyLength, 12345678901LL);
    EXPECT_EQ(state.replyDigest, u"x1"_s);
    EXPECT_EQ(state.replyText, QString());
    EXPECT_EQ(state.userCount, 2);
    EXPECT_EQ(state.recentUserMessages, (QStringList { u"a"_s, u"b"_s }));
    ASSERT_EQ(state.conversations.size(), 1);
    EXPECT_EQ(state.problems, QStringList { u"bad selector"_s });
}

} // namespace
