// getUISnapshot, listUIElements and uiAction against the real window, offscreen, through the
// real debug API: HTTP on 127.0.0.1 with the token, as a script written for the extension sends
// it. The requests go from a thread of their own, blocking, as another process's would: a
// click that opens a modal dialog runs that dialog's loop on the GUI thread meanwhile.

#include "AppRun.h"
#include "MainWindow.h"
#include "QtPrinters.h"
#include "UiTest.h"
#include "Wait.h"
#include "actions/CommandDispatcher.h"
#include "scheduler/Scheduler.h"
#include "server/DebugApiService.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QListWidget>
#include <QTcpSocket>

#include <gtest/gtest.h>

#include <atomic>
#include <functional>
#include <thread>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

struct Reply
{
    int status = 0;
    QJsonObject json;
    QString error;
};

// One POST /command (the extension's path) with the token, blocking; for a thread of its own.
Reply post(quint16 port, const QString &token, const QString &action, const QJsonObject &params)
{
    Reply reply;
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, port);
    if (!socket.waitForConnected(5000)) {
        reply.error = socket.errorString();
        return reply;
    }
    const QByteArray body = QJsonDocument(QJsonObject { { u"action"_s, action }, { u"params"_s, params } })
                                .toJson(QJsonDocument::Compact);
    socket.write("POST /command HTTP/1.1\r\nHost: 127.0.0.1:" + QByteArray::number(port)
                 + "\r\nAuthorization: Bearer " + token.toUtf8()
                 + "\r\nContent-Type: application/json\r\nContent-Length: " + QByteArray::number(body.size())
                 + "\r\nConnection: close\r\n\r\n" + body);
    QByteArray raw;
    while (socket.state() == QAbstractSocket::ConnectedState || socket.bytesAvailable() > 0) {
        if (socket.bytesAvailable() == 0 && !socket.waitForReadyRead(20000))
            break;
        raw += socket.readAll();
        const qsizetype headEnd = raw.indexOf("\r\n\r\n");
        if (headEnd < 0)
            continue;
        const QByteArray head = raw.left(headEnd).toLower();
        const qsizetype at = head.indexOf("content-length:");
        if (at >= 0) {
            const qsizetype lineEnd = head.indexOf("\r\n", at);
            const qsizetype length
                = head.mid(at + 15, lineEnd < 0 ? -1 : lineEnd - at - 15).trimmed().toLongLong();
            if (raw.size() >= headEnd + 4 + length)
                break;
        }
    }
    const qsizetype headEnd = raw.indexOf("\r\n\r\n");
    if (headEnd < 0) {
        reply.error = u"no reply: "_s + QString::fromUtf8(raw);
        return reply;
    }
    reply.status = raw.mid(9, 3).toInt();
    reply.json = QJsonDocument::fromJson(raw.mid(headEnd + 4)).object();
    return reply;
}

// The id of the open dialog's element in a listUIElements reply (the last one listed; empty when
// no dialog is open).
QString dialogElement(const Reply &elements)
{
    QString id;
    for (const QJsonValue &e : elements.json.value(u"data"_s).toObject().value(u"elements"_s).toArray()) {
        if (e.toObject().value(u"page"_s).toString().startsWith(u"dialog:"_s))
            id = e.toObject().value(u"id"_s).toString();
    }
    return id;
}

class WindowAutomationTest : public UiTest
{
protected:
    void SetUp() override
    {
        UiTest::SetUp();
        // As --debug-server=PORT: the API stays up when a test resets every setting.
        engine->debugApi()->setCommandLine(true, unusedPort());
        engine->debugApi()->start();
        ASSERT_TRUE(engine->debugApi()->isListening()) << engine->debugApi()->error().toStdString();
        port = engine->debugApi()->port();
        token = engine->debugApi()->token();
    }
    void TearDown() override
    {
        engine->debugApi()->stop();
        UiTest::TearDown();
    }

    // Runs `script` on a thread of its own while this thread's event loop serves the API and
    // the window; fails when it has not finished within the timeout.
    void runScript(const std::function<void()> &script)
    {
        std::atomic<bool> done = false;
        std::thread thread([&] {
            script();
            done = true;
        });
        const bool finished = waitUntil([&] { return done.load(); }, 60s);
        thread.join();
        ASSERT_TRUE(finished) << "the script did not finish";
    }

    Reply call(const QString &action, const QJsonObject &params = {})
    {
        Reply reply;
        runScript([&] { reply = post(port, token, action, params); });
        return reply;
    }

    // The window's uiAction setValue on the field at `target`, as an automation client sends it.
    Reply setValue(const QString &target, const QJsonValue &value)
    {
        return call(u"uiAction"_s,
                    { { u"type"_s, u"setValue"_s }, { u"target"_s, target }, { u"value"_s, value } });
    }

    static QJsonObject element(const QJsonArray &elements, const QString &id)
    {
        for (const QJsonValue &e : elements) {
            if (e.toObject().value(u"id"_s).toString() == id)
                return e.toObject();
        }
        return {};
    }

    quint16 port = 0;
    QString token;
};

TEST_F(WindowAutomationTest, WithoutAWindowTheActionsSaySoAndAreListed)
{
    // The engine alone, as --headless runs it: the actions exist and say why they cannot answer.
    const Reply listed = call(u"listActions"_s);
    ASSERT_EQ(listed.status, 200) << listed.error.toStdString();
    const QString actions = QString::fromUtf8(QJsonDocument(listed.json).toJson());
    for (const char *name : { "getUISnapshot", "listUIElements", "uiAction" })
        EXPECT_TRUE(actions.contains(QLatin1StringView(name))) << name;

    const Reply snapshot = call(u"getUISnapshot"_s);
    EXPECT_EQ(snapshot.status, 503);
    EXPECT_TRUE(snapshot.json.value(u"error"_s).toString().contains(u"headless"_s))
        << snapshot.json.value(u"error"_s).toString().toStdString();

    {
        MainWindow window(engine.get());
        EXPECT_EQ(call(u"getUISnapshot"_s).status, 200);
    }
    const Reply after
        = call(u"uiAction"_s, { { u"type"_s, u"getValue"_s }, { u"target"_s, u"queue/queueStart"_s } });
    EXPECT_EQ(after.status, 503) << "the window is gone, so is its automation";
}

TEST_F(WindowAutomationTest, SnapshotListsEveryPageAndItsWidgetsWithStableIds)
{
    MainWindow window(engine.get());
    window.show();
    const Reply first = call(u"getUISnapshot"_s);
    ASSERT_EQ(first.status, 200) << first.error.toStdString();
    const QJsonObject tree = first.json.value(u"data"_s).toObject();
    const QJsonArray pages = tree.value(u"pages"_s).toArray();
    ASSERT_EQ(pages.size(), MainWindow::kPageCount);
    QStringList ids;
    for (const QJsonValue &p : pages)
        ids.append(p.toObject().value(u"id"_s).toString());
    EXPECT_EQ(ids.first(), u"dashboard"_s);
    EXPECT_TRUE(ids.contains(u"queue"_s) && ids.contains(u"general"_s)) << ids.join(u", "_s).toStdString();
    EXPECT_EQ(tree.value(u"window"_s).toObject().value(u"currentPage"_s).toString(), u"dashboard"_s);
    EXPECT_EQ(pages.at(2).toObject().value(u"title"_s).toString(), u"Prompt queue"_s);

    // The same tree on the next call: ids are paths, not addresses.
    const Reply second = call(u"getUISnapshot"_s);
    EXPECT_EQ(second.json.value(u"data"_s).toObject(), tree);

    const Reply listed = call(u"listUIElements"_s, { { u"page"_s, u"queue"_s } });
    ASSERT_EQ(listed.status, 200);
    const QJsonArray elements = listed.json.value(u"data"_s).toObject().value(u"elements"_s).toArray();
    EXPECT_EQ(listed.json.value(u"data"_s).toObject().value(u"count"_s).toInt(), elements.size());
    const QJsonObject silence = element(elements, u"queue/schedule/silenceTimeoutS"_s);
    EXPECT_EQ(silence.value(u"role"_s).toString(), u"spinbox"_s);
    EXPECT_EQ(silence.value(u"label"_s).toString(), u"Silent for"_s) << "the form row's label";
    EXPECT_EQ(silence.value(u"value"_s).toInt(), 30);
    EXPECT_EQ(silence.value(u"setting"_s).toString(), u"schedule/silenceTimeoutS"_s);
    EXPECT_EQ(silence.value(u"maximum"_s).toInt(), 300);
    const QJsonObject start = element(elements, u"queue/queueStart"_s);
    EXPECT_EQ(start.value(u"role"_s).toString(), u"button"_s);
    EXPECT_EQ(start.value(u"label"_s).toString(), u"Start"_s);
    EXPECT_FALSE(start.value(u"enabled"_s).toBool()) << "nothing queued";
    const QJsonObject enabled = element(elements, u"queue/schedule/enabled"_s);
    EXPECT_EQ(enabled.value(u"role"_s).toString(), u"checkbox"_s);
    EXPECT_EQ(enabled.value(u"label"_s).toString(), u"Send prompts automatically"_s);
    EXPECT_EQ(enabled.value(u"value"_s), QJsonValue(false));
    const QJsonObject mode = element(elements, u"queue/schedule/mode"_s);
    EXPECT_EQ(mode.value(u"value"_s).toString(), u"interval"_s);
    EXPECT_EQ(mode.value(u"choices"_s).toArray().size(), 3);

    // Filters: role and label text, across pages.
    const Reply buttons
        = call(u"listUIElements"_s, { { u"role"_s, u"button"_s }, { u"label"_s, u"reset all"_s } });
    const QJsonArray found = buttons.json.value(u"data"_s).toObject().value(u"elements"_s).toArray();
    ASSERT_EQ(found.size(), 1) << QJsonDocument(found).toJson().toStdString();
    EXPECT_EQ(found.at(0).toObject().value(u"id"_s).toString(), u"general/resetAll"_s);
    EXPECT_EQ(call(u"listUIElements"_s, { { u"page"_s, u"nowhere"_s } }).status, 404);
    // Tokens are never read out through the snapshot.
    EXPECT_FALSE(QString::fromUtf8(QJsonDocument(tree).toJson()).contains(token));
}

TEST_F(WindowAutomationTest, SetValueOnASpinBoxSavesTheSettingAndABadOneIsRefused)
{
    MainWindow window(engine.get());
    window.show();
    const Reply set = setValue(u"queue/schedule/silenceTimeoutS"_s, 120);
    ASSERT_EQ(set.status, 200) << set.json.value(u"error"_s).toString().toStdString();
    const QJsonObject data = set.json.value(u"data"_s).toObject();
    EXPECT_EQ(data.value(u"set"_s).toString(), u"queue/schedule/silenceTimeoutS"_s);
    EXPECT_TRUE(data.value(u"saved"_s).toBool());
    EXPECT_EQ(data.value(u"value"_s).toInt(), 120);
    EXPECT_EQ(settings->intValue(SettingKey::ScheduleSilenceTimeoutS), 120);
    EXPECT_EQ(window.currentPage(), MainWindow::Page::Queue) << "the page is shown, as a user would be on it";

    const Reply outside = setValue(u"queue/schedule/silenceTimeoutS"_s, 5);
    EXPECT_EQ(outside.status, 400);
    EXPECT_TRUE(outside.json.value(u"error"_s).toString().contains(u"outside 10–300"_s))
        << outside.json.value(u"error"_s).toString().toStdString();
    EXPECT_EQ(settings->intValue(SettingKey::ScheduleSilenceTimeoutS), 120);

    // In daily mode schedule/value is a time field (issue 34 item 7): "30" is no time of day.
    setValue(u"queue/schedule/mode"_s, u"daily"_s);
    EXPECT_EQ(settings->stringValue(SettingKey::ScheduleMode), u"daily"_s);
    EXPECT_EQ(settings->stringValue(SettingKey::ScheduleValue), u"09:00"_s)
        << "the mode, picked, saved the time its field shows";
    const Reply refused = setValue(u"queue/schedule/value"_s, u"30"_s);
    EXPECT_EQ(refused.status, 400);
    EXPECT_TRUE(refused.json.value(u"error"_s).toString().contains(u"no time of day"_s))
        << refused.json.value(u"error"_s).toString().toStdString();
    EXPECT_EQ(settings->stringValue(SettingKey::ScheduleValue), u"09:00"_s) << "unchanged";
    const Reply time = setValue(u"queue/schedule/value"_s, u"09:30"_s);
    EXPECT_EQ(time.status, 200) << time.json.value(u"error"_s).toString().toStdString();
    EXPECT_EQ(settings->stringValue(SettingKey::ScheduleValue), u"09:30"_s);

    const Reply read
        = call(u"uiAction"_s, { { u"type"_s, u"getValue"_s }, { u"target"_s, u"queue/schedule/value"_s } });
    EXPECT_EQ(read.json.value(u"data"_s).toObject().value(u"value"_s).toString(), u"09:30"_s);
    EXPECT_TRUE(read.json.value(u"data"_s).toObject().value(u"exists"_s).toBool());
}

TEST_F(WindowAutomationTest, ClickPerformsTheButtonsActionAndADisabledOneIsRefusedWithTheReason)
{
    MainWindow window(engine.get());
    window.show();
    const Reply disabled
        = call(u"uiAction"_s, { { u"type"_s, u"click"_s }, { u"target"_s, u"queue/queueStart"_s } });
    EXPECT_EQ(disabled.status, 409);
    EXPECT_TRUE(disabled.json.value(u"error"_s).toString().contains(u"disabled"_s))
        << disabled.json.value(u"error"_s).toString().toStdString();
    EXPECT_EQ(engine->scheduler()->queue().state, PromptQueue::State::Stopped);

    const Reply add = call(u"uiAction"_s, { { u"type"_s, u"click"_s }, { u"id"_s, u"queue/queueAdd"_s } });
    ASSERT_EQ(add.status, 200) << add.json.value(u"error"_s).toString().toStdString();
    EXPECT_EQ(add.json.value(u"data"_s).toObject().value(u"clicked"_s).toString(), u"queue/queueAdd"_s);
    // Add opens an empty line to type into; it is a prompt of the queue once text is committed
    // (issue 34, item 5: no made-up "New prompt").
    const auto *queueList = window.findChild<QListWidget *>(u"queueList"_s);
    ASSERT_TRUE(queueList);
    EXPECT_EQ(queueList->count(), 1) << "the click opened no new line";
    EXPECT_TRUE(engine->scheduler()->queue().items.isEmpty()) << "an empty line became a prompt";

    // A page is clicked as in the list on the left.
    EXPECT_EQ(call(u"uiAction"_s, { { u"type"_s, u"click"_s }, { u"target"_s, u"logs"_s } }).status, 200);
    EXPECT_EQ(window.currentPage(), MainWindow::Page::Logs);
}

TEST_F(WindowAutomationTest, AClickThatAsksIsAnsweredThroughTheDialogAndAGoneIdIsAClearError)
{
    settings->setValue(SettingKey::CdpPort, 9222);
    MainWindow window(engine.get());
    window.show();
    Reply clicked, snapshot, answered, stale;
    runScript([&] {
        clicked = post(port, token, u"uiAction"_s,
                       { { u"type"_s, u"click"_s }, { u"target"_s, u"general/resetAll"_s } });
        snapshot = post(port, token, u"listUIElements"_s,
                        { { u"role"_s, u"button"_s }, { u"label"_s, u"Reset All Settings"_s } });
        const QString confirm = dialogElement(snapshot);
        answered = post(port, token, u"uiAction"_s, { { u"type"_s, u"click"_s }, { u"target"_s, confirm } });
        stale = post(port, token, u"uiAction"_s, { { u"type"_s, u"click"_s }, { u"target"_s, confirm } });
    });
    ASSERT_EQ(clicked.status, 200) << clicked.error.toStdString();
    const QJsonObject dialog = clicked.json.value(u"data"_s).toObject().value(u"dialog"_s).toObject();
    EXPECT_EQ(dialog.value(u"id"_s).toString(), u"dialog:resetConfirmation"_s)
        << "the click opened the question";
    ASSERT_EQ(answered.status, 200) << QJsonDocument(snapshot.json).toJson().toStdString();
    EXPECT_EQ(settings->intValue(SettingKey::CdpPort), 9004) << "the answer reset every setting";
    EXPECT_EQ(stale.status, 404);
    EXPECT_TRUE(stale.json.value(u"error"_s).toString().contains(u"listUIElements"_s))
        << stale.json.value(u"error"_s).toString().toStdString();

    const Reply unknown
        = call(u"uiAction"_s, { { u"type"_s, u"click"_s }, { u"target"_s, u"queue/noSuchButton"_s } });
    EXPECT_EQ(unknown.status, 404);
    EXPECT_TRUE(unknown.json.value(u"error"_s).toString().contains(u"page 'queue' has no element"_s))
        << unknown.json.value(u"error"_s).toString().toStdString();
    const Reply noTarget = call(u"uiAction"_s, { { u"type"_s, u"click"_s } });
    EXPECT_EQ(noTarget.status, 400);
    const Reply badType
        = call(u"uiAction"_s, { { u"type"_s, u"doubleClick"_s }, { u"target"_s, u"logs"_s } });
    EXPECT_EQ(badType.status, 400);
}

TEST_F(WindowAutomationTest, TheWindowGivesTheApiNoRightsUpdateSettingsDoesNotGive)
{
    MainWindow window(engine.get());
    const Reply evaluate = setValue(u"servers/debug/allowEvaluate"_s, true);
    EXPECT_EQ(evaluate.status, 403);
    EXPECT_TRUE(evaluate.json.value(u"error"_s).toString().contains(u"raise the API's own rights"_s))
        << evaluate.json.value(u"error"_s).toString().toStdString();
    EXPECT_EQ(
        call(u"uiAction"_s, { { u"type"_s, u"click"_s }, { u"target"_s, u"servers/debug/allowEvaluate"_s } })
            .status,
        403);
    EXPECT_FALSE(settings->boolValue(SettingKey::DebugAllowEvaluate));
    EXPECT_EQ(setValue(u"servers/toolkit/userTabs"_s, u"allow"_s).status, 403);

    const Reply away = setValue(u"connection/cdp/host"_s, u"192.0.2.7"_s);
    EXPECT_EQ(away.status, 403) << away.json.value(u"error"_s).toString().toStdString();
    EXPECT_EQ(settings->stringValue(SettingKey::CdpHost), u"127.0.0.1"_s);
    const Reply here = setValue(u"connection/cdp/host"_s, u"localhost"_s);
    EXPECT_EQ(here.status, 200) << here.json.value(u"error"_s).toString().toStdString();
    EXPECT_EQ(settings->stringValue(SettingKey::CdpHost), u"localhost"_s);
}

// Only a person widens what auto-accept clicks, also through the window's ui actions: the command
// policy's choice, the allow list, the button words and removing a ban pattern answer 403 and
// change nothing; adding a pattern is fine. Reset All Settings pressed by the API resets what
// the API's own resetAllSettings does, and keeps the rest.
TEST_F(WindowAutomationTest, WhatWidensAutoAcceptIsTheUsersAloneInTheWindowToo)
{
    settings->setValue(SettingKey::SafetyBannedCommands, QStringList { u"npm publish"_s, u"curl"_s });
    settings->setValue(SettingKey::SafetyCommandPolicy, u"allowlist"_s); // the user's choice
    settings->setValue(SettingKey::SafetyAllowedCommands, QStringList { u"git status"_s });
    MainWindow window(engine.get());
    window.show();
    const auto refused = [&](const Reply &reply, const QString &what) {
        EXPECT_EQ(reply.status, 403) << what.toStdString() << ": "
                                     << reply.json.value(u"error"_s).toString().toStdString();
        return reply.json.value(u"error"_s).toString();
    };
    const auto click = [&](const QString &target) {
        return call(u"uiAction"_s, { { u"type"_s, u"click"_s }, { u"target"_s, target } });
    };
    EXPECT_TRUE(
        refused(click(u"safety/policyRules"_s), u"policy"_s).contains(u"widen what auto-accept clicks"_s));
    refused(setValue(u"safety/policyRules"_s, true), u"policy by value"_s);
    refused(click(u"safety/allowRestore"_s), u"restore the allow list"_s);
    refused(setValue(u"safety/safety/allowedCommands"_s, QJsonArray { u"git status"_s, u"rm *"_s }),
            u"allow list"_s);
    refused(setValue(u"autoAccept/autoAccept/acceptWords"_s, QJsonArray { u"run"_s, u"trust"_s }),
            u"accept words"_s);
    refused(click(u"safety/banReset"_s), u"remove my patterns"_s);
    const QString removal = refused(
        setValue(u"safety/safety/bannedCommands"_s, QJsonArray { u"npm publish"_s }), u"remove one"_s);
    EXPECT_TRUE(removal.contains(u"it would remove curl from the ban patterns"_s)) << removal.toStdString();
    EXPECT_EQ(settings->stringValue(SettingKey::SafetyCommandPolicy), u"allowlist"_s);
    EXPECT_EQ(settings->listValue(SettingKey::SafetyAllowedCommands), QStringList { u"git status"_s });
    EXPECT_EQ(settings->listValue(SettingKey::SafetyBannedCommands),
              (QStringList { u"npm publish"_s, u"curl"_s }));

    const Reply added = setValue(u"safety/safety/bannedCommands"_s, u"npm publish\ncurl\nwget"_s);
    EXPECT_EQ(added.status, 200) << added.json.value(u"error"_s).toString().toStdString();
    EXPECT_EQ(settings->listValue(SettingKey::SafetyBannedCommands),
              (QStringList { u"npm publish"_s, u"curl"_s, u"wget"_s }));

    // General ▸ Reset All Settings, pressed and answered through the API.
    settings->setValue(SettingKey::CdpPort, 9222);
    Reply clicked, answered;
    runScript([&] {
        clicked = post(port, token, u"uiAction"_s,
                       { { u"type"_s, u"click"_s }, { u"target"_s, u"general/resetAll"_s } });
        const Reply buttons = post(port, token, u"listUIElements"_s,
                                   { { u"role"_s, u"button"_s }, { u"label"_s, u"Reset All Settings"_s } });
        const QString confirm = dialogElement(buttons);
        answered = post(port, token, u"uiAction"_s, { { u"type"_s, u"click"_s }, { u"target"_s, confirm } });
    });
    ASSERT_EQ(answered.status, 200) << answered.json.value(u"error"_s).toString().toStdString();
    EXPECT_EQ(settings->intValue(SettingKey::CdpPort), 9004);
    EXPECT_EQ(settings->stringValue(SettingKey::SafetyCommandPolicy), u"allowlist"_s);
    EXPECT_EQ(settings->listValue(SettingKey::SafetyAllowedCommands), QStringList { u"git status"_s });
    EXPECT_EQ(settings->listValue(SettingKey::SafetyBannedCommands).size(), 3);
}

TEST_F(WindowAutomationTest, TheExtensionsScriptsFindTheirElementsByTheirNames)
{
    // As the extension's tests/comprehensive_test.js and docs/DEBUG_TESTING.md call them.
    MainWindow window(engine.get());
    const Reply snapshot = call(u"getUISnapshot"_s);
    const QJsonObject theirs = snapshot.json.value(u"data"_s).toObject().value(u"snapshot"_s).toObject();
    EXPECT_EQ(theirs.value(u"scheduleEnabled"_s), QJsonValue(false));
    EXPECT_EQ(theirs.value(u"scheduleMode"_s).toString(), u"interval"_s);
    EXPECT_EQ(theirs.value(u"silenceTimeout"_s).toInt(), 30);

    const Reply mode
        = call(u"uiAction"_s, { { u"type"_s, u"getValue"_s }, { u"target"_s, u"scheduleMode"_s } });
    ASSERT_EQ(mode.status, 200);
    EXPECT_EQ(mode.json.value(u"data"_s).toObject().value(u"value"_s).toString(), u"interval"_s);
    EXPECT_EQ(mode.json.value(u"data"_s).toObject().value(u"target"_s).toString(), u"scheduleMode"_s);
    const Reply on = setValue(u"scheduleEnabled"_s, true);
    EXPECT_EQ(on.status, 200) << on.json.value(u"error"_s).toString().toStdString();
    EXPECT_TRUE(settings->boolValue(SettingKey::ScheduleEnabled));
    const Reply start
        = call(u"uiAction"_s, { { u"type"_s, u"click"_s }, { u"target"_s, u"startQueueBtn"_s } });
    EXPECT_EQ(start.status, 409) << "nothing queued: Start is disabled";
    const Reply status
        = call(u"uiAction"_s, { { u"type"_s, u"getText"_s }, { u"target"_s, u"queueStatusText"_s } });
    EXPECT_EQ(status.json.value(u"data"_s).toObject().value(u"text"_s).toString(), u"Not running"_s);
    const Reply listed = call(u"listUIElements"_s, { { u"text"_s, u"queue/queueStart"_s } });
    const QJsonArray elements = listed.json.value(u"data"_s).toObject().value(u"elements"_s).toArray();
    ASSERT_EQ(elements.size(), 1);
    EXPECT_EQ(elements.at(0).toObject().value(u"extensionId"_s).toString(), u"startQueueBtn"_s);
}

} // namespace
