// Sentences the engine writes (why a setting was refused, why the queue stopped, why the quota
// holds it) in the window's language, German here, while the debug API, the log and queue.json
// keep them in English. Real settings file, real engine, the real debug API over HTTP on
// 127.0.0.1 with its token; only the IDE's language server (the quota reading) is scripted.

#include "AppRun.h"
#include "CheckoutPage.h"
#include "FakeSecretStore.h"
#include "HeadlessChromium.h"
#include "QtPrinters.h"
#include "RawHttp.h"
#include "ScriptedLlmServer.h"
#include "ScriptedQuotaProvider.h"
#include "SharedPages.h"
#include "UiTest.h"
#include "UiTranslator.h"
#include "Wait.h"
#include "bridge/BridgeManager.h"
#include "bridge/BridgeRecord.h"
#include "cdp/CdpEndpoint.h"
#include "cdp/CdpSession.h"
#include "common/JsonDataFile.h"
#include "common/KnownSentences.h"
#include "pages/AgentsPage.h"
#include "pages/BridgePage.h"
#include "pages/ConnectionPage.h"
#include "pages/DashboardPage.h"
#include "pages/EndpointsBox.h"
#include "pages/HistoryPage.h"
#include "pages/ModelsPage.h"
#include "pages/QueuePage.h"
#include "pages/QuotaPage.h"
#include "pages/SafetyPage.h"
#include "pages/ServersPage.h"
#include "quota/QuotaMonitor.h"
#include "quota/QuotaProvider.h"
#include "scheduler/Scheduler.h"
#include "server/DebugApiService.h"
#include "server/ToolkitServerService.h"

#include <QCheckBox>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QTableWidget>
#include <QWebSocket>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

class CoreTextTranslationTest : public UiTest
{
protected:
    void SetUp() override
    {
        UiTest::SetUp();
        german = std::make_unique<UiTranslator>();
        ASSERT_TRUE(german->load(QLocale(QLocale::German, QLocale::Germany)));
        ASSERT_EQ(german->language(), u"de"_s);
        startApi();
    }
    // The Agents page, `width` wide and shown, and `agent` connected to the agent server (on a
    // free port) and said hello as Claude Desktop; what it hears lands in `received`. Null when
    // the server or the agent did not come up.
    std::unique_ptr<AgentsPage> agentsPageWithAgent(int width)
    {
        auto page = std::make_unique<AgentsPage>(models()->agents());
        page->resize(width, 620);
        page->show();
        const quint16 port = unusedPort();
        settings->setValue(SettingKey::AgentServerPort, port);
        settings->setValue(SettingKey::AgentServerEnabled, true);
        ToolkitServerService *service = engine->toolkitServer();
        service->start();
        if (!service->isListening())
            return nullptr;
        QObject::connect(&agent, &QWebSocket::textMessageReceived, &agent,
                         [this](const QString &text) { received.append(text); });
        agent.open(QUrl(u"ws://127.0.0.1:%1/?token=%2"_s.arg(port).arg(service->token())));
        if (!waitUntil([&] { return agent.state() == QAbstractSocket::ConnectedState; }))
            return nullptr;
        agent.sendTextMessage(u"{\"type\":\"hello\",\"name\":\"Claude Desktop\"}"_s);
        return page;
    }
    void TearDown() override
    {
        engine->debugApi()->stop();
        german.reset();
        UiTest::TearDown();
    }

    void startApi()
    {
        // As --debug-server=PORT.
        engine->debugApi()->setCommandLine(true, unusedPort());
        engine->debugApi()->start();
        ASSERT_TRUE(engine->debugApi()->isListening()) << engine->debugApi()->error().toStdString();
    }

    // One POST /command with the token, as a script sends it.
    QJsonObject call(const QString &action, const QJsonObject &params = {})
    {
        const quint16 port = engine->debugApi()->port();
        const QByteArray body
            = QJsonDocument(QJsonObject { { u"action"_s, action }, { u"params"_s, params } })
                  .toJson(QJsonDocument::Compact);
        const QByteArray request
            = httpRequest("POST", "/command", port,
                          { { "Authorization", "Bearer " + engine->debugApi()->token().toUtf8() },
                            { "Content-Type", "application/json" } },
                          body);
        const RawHttpReply reply = rawHttp(port, request); // serves the API while it waits
        EXPECT_NE(reply.status, 0) << action.toStdString() << ": " << reply.describe().toStdString();
        return reply.json;
    }

    // The app's log as getLogs gives it, one line per entry.
    QString apiLog()
    {
        const QJsonObject logs = call(u"getLogs"_s, { { u"tailLines"_s, 1000 } });
        return QString::fromUtf8(QJsonDocument(logs).toJson());
    }

    QString queueJson() const
    {
        for (const QString &root : { configDir(), xdgDataHome }) {
            QDirIterator it(root, { u"queue.json"_s }, QDir::Files, QDirIterator::Subdirectories);
            if (it.hasNext()) {
                QFile file(it.next());
                if (file.open(QIODevice::ReadOnly))
                    return QString::fromUtf8(file.readAll());
            }
        }
        return {};
    }

    std::unique_ptr<UiTranslator> german;
    QStringList received; // what `agent` heard
    QWebSocket agent; // an outside agent, once agentsPageWithAgent connected it
};

TEST_F(CoreTextTranslationTest, ARefusedSettingSaysWhyInGermanInTheWindowAndInEnglishThroughTheApi)
{
    ConnectionPage connection(models()->connection(), models()->endpoints(), settings.get());
    connection.show();
    auto *host = editor<QLineEdit>(&connection, SettingKey::CdpHost);
    ASSERT_TRUE(host);
    const QString before = settings->stringValue(SettingKey::CdpHost);
    typeInto(host, u"my ide"_s);
    pressEnter(host);
    const QString hostError = field(&connection, SettingKey::CdpHost)->errorText();
    EXPECT_EQ(hostError, u"„my ide“ ist weder eine IP-Adresse noch ein Hostname"_s)
        << hostError.toStdString();
    EXPECT_EQ(settings->stringValue(SettingKey::CdpHost), before) << "a refused value is never saved";

    // Interval mode: the value is a number box of minutes (issue 34 item 7), said in German; a
    // number out of range cannot be typed there, and Settings refuses it in German.
    settings->setValue(SettingKey::ScheduleMode, u"interval"_s);
    QueuePage queue(models()->queue(), models()->endpoints(), settings.get());
    queue.show();
    auto *minutes = editor<QSpinBox>(&queue, SettingKey::ScheduleValue);
    ASSERT_TRUE(minutes);
    EXPECT_EQ(minutes->maximum(), 1440);
    EXPECT_EQ(minutes->suffix(), u" Min."_s);
    UserText why;
    EXPECT_FALSE(settings->validate(SettingKey::ScheduleValue, u"2000"_s, &why));
    const QString valueError = why.translated();
    EXPECT_EQ(valueError, u"ein Intervall muss 1 bis 1440 Minuten lang sein"_s) << valueError.toStdString();
    EXPECT_EQ(settings->stringValue(SettingKey::ScheduleValue), u"30"_s) << "the default, never changed";

    // The same refusals through the debug API, with German loaded: English, naming the key.
    const QJsonObject hostReply
        = call(u"updateSettings"_s, { { u"settings"_s, QJsonObject { { u"cdp/host"_s, u"my ide"_s } } } });
    EXPECT_FALSE(hostReply.value(u"success"_s).toBool());
    // The API refuses any host but this machine's before it looks at the spelling.
    EXPECT_EQ(
        hostReply.value(u"error"_s).toString().toStdString(),
        "cdp/host may point only at this machine through the debug API (my ide is not a loopback address): "
        "another host is set in the settings window. Nothing was changed");
    const QJsonObject valueReply = call(
        u"updateSettings"_s, { { u"settings"_s, QJsonObject { { u"schedule/value"_s, u"2000"_s } } } });
    EXPECT_EQ(valueReply.value(u"error"_s).toString().toStdString(),
              "schedule/value: an interval must be 1 to 1440 minutes; nothing was changed");
    const QJsonObject portReply
        = call(u"updateSettings"_s, { { u"settings"_s, QJsonObject { { u"cdp/port"_s, 70000 } } } });
    EXPECT_EQ(portReply.value(u"error"_s).toString().toStdString(),
              "cdp/port: 70000 is outside 1–65535; nothing was changed");
    EXPECT_EQ(settings->stringValue(SettingKey::CdpHost), before);
}

// Issue 34 item 9: a ban verdict's reason (a built-in rule's, written by core in English) reads
// German in the German window.
TEST_F(CoreTextTranslationTest, ABanVerdictsReasonIsGerman)
{
    SafetyPage safety(settings.get(), engine->autoAccept());
    safety.show();
    auto *probe = safety.findChild<QLineEdit *>(u"banTestInput"_s);
    ASSERT_TRUE(probe);
    probe->setText(u"sudo rm -rf / --no-preserve-root"_s);
    const QString reason = safety.findChild<QLabel *>(u"banTestReason"_s)->text();
    EXPECT_EQ(reason, u"es löscht rekursiv einen Stamm-, Home- oder Systemordner"_s) << reason.toStdString();
    EXPECT_EQ(safety.findChild<QLabel *>(u"banTestVerdict"_s)->text(),
              u"Gesperrt: Das automatische Annehmen führt ihn nie aus."_s);
}

TEST_F(CoreTextTranslationTest, AStoppedQueueSaysWhyInGermanWhileTheApiAndQueueJsonSayItInEnglish)
{
    settings->setValue(SettingKey::ScheduleMode, u"queue"_s);
    engine->start(); // no IDE on the port: it keeps looking for one
    Scheduler *scheduler = engine->scheduler();
    ASSERT_TRUE(scheduler->setQueue({ u"write the parser"_s, u"write the tests"_s }));
    {
        QueuePage page(models()->queue(), models()->endpoints(), settings.get());
        page.show();
        page.findChild<QPushButton *>(u"queueStart"_s)->click();
        ASSERT_EQ(scheduler->queue().state, PromptQueue::State::Running);
        page.findChild<QPushButton *>(u"queueStop"_s)->click();
        ASSERT_EQ(scheduler->queue().state, PromptQueue::State::Stopped);
        const QString status = page.findChild<QLabel *>(u"queueStatus"_s)->text();
        EXPECT_TRUE(status.endsWith(u" — Vom Benutzer gestoppt."_s)) << status.toStdString();
    }
    const QJsonObject reply = call(u"getQueueStatus"_s);
    ASSERT_TRUE(reply.value(u"success"_s).toBool()) << QJsonDocument(reply).toJson().toStdString();
    EXPECT_EQ(reply.value(u"data"_s).toObject().value(u"reason"_s).toString(), u"Stopped by the user."_s)
        << QJsonDocument(reply).toJson().toStdString();
    const QString saved = queueJson();
    EXPECT_TRUE(saved.contains(u"Stopped by the user."_s)) << saved.toStdString();
    EXPECT_FALSE(saved.contains(u"Benutzer"_s)) << "queue.json stays English";

    // The next start reads the English reason back from queue.json and still shows it in German.
    engine->debugApi()->stop();
    engine.reset();
    engine = std::make_unique<Engine>(settings.get(), AppPaths::forConfigDir(configDir()));
    engine->start();
    QueuePage page(models()->queue(), models()->endpoints(), settings.get());
    page.show();
    const QString status = page.findChild<QLabel *>(u"queueStatus"_s)->text();
    EXPECT_TRUE(status.endsWith(u" — Vom Benutzer gestoppt."_s)) << status.toStdString();
    EXPECT_EQ(engine->scheduler()->queue().reason.english().toStdString(), "Stopped by the user.");
    startApi();
}

TEST_F(CoreTextTranslationTest, AQuotaHoldSaysWhyInGermanWhileTheApiAndTheLogSayItInEnglish)
{
    auto *provider = new ScriptedQuotaProvider;
    provider->setParent(engine.get());
    QuotaSnapshot &snapshot = provider->next;
    // A reset time in the machine's zone, as the page and the log print it.
    const QDateTime reset(QDate(2026, 2, 7), QTime(14, 0));
    snapshot.models = {
        ModelQuota { u"Gemini 3 Pro"_s, 0.8, QDateTime() },
        ModelQuota { u"Claude Sonnet 4.5"_s, 0.0, reset },
    };
    engine->quota()->setProvider(provider);
    QuotaPage quotaPage(engine->quota(), engine->quotaHistory(), models()->stats(), settings.get());
    DashboardPage dashboard(models()->stats());
    engine->quota()->start();
    ASSERT_TRUE(waitUntil([&] { return engine->quota()->isHolding(); })) << "no hold after the reading";

    const QString spent = u"Claude Sonnet 4.5 hat kein Kontingent mehr bis 2026-02-07 14:00"_s;
    const QString problem = quotaPage.findChild<QLabel *>(u"quotaProblem"_s)->text();
    EXPECT_TRUE(problem.endsWith(spent)) << problem.toStdString();
    const QString glance = dashboard.findChild<QLabel *>(u"dashboardQuota"_s)->text();
    EXPECT_EQ(glance, u"Kontingent aufgebraucht: "_s + spent) << glance.toStdString();

    const QString english = u"Claude Sonnet 4.5 is out of quota until 2026-02-07 14:00"_s;
    const QJsonObject reply = call(u"getQuota"_s);
    EXPECT_EQ(reply.value(u"data"_s).toObject().value(u"holdReason"_s).toString(), english)
        << QJsonDocument(reply).toJson().toStdString();
    const QString log = apiLog();
    EXPECT_TRUE(log.contains(u"quota spent: "_s + english)) << log.toStdString();
    EXPECT_FALSE(log.contains(u"Kontingent"_s)) << "the log stays English";
    engine->quota()->stop();
}

// Issue 34 item 9: the Models page's keychain and test sentences come from core in English (the
// keychain's reason, the language model client's verdicts); the German window shows them in German.
TEST_F(CoreTextTranslationTest, TheModelsPageSaysTheKeychainAndTheTestInGerman)
{
    qunsetenv("MPA_LLM_API_KEY");
    ScriptedLlmServer model;
    model.setResponder([](const QJsonObject &) { return ScriptedLlmServer::text(u"OK"_s); });
    settings->setValue(SettingKey::LlmProvider, u"custom"_s);
    settings->setValue(SettingKey::LlmBaseUrl, model.baseUrl().toString());
    settings->setValue(SettingKey::LlmModel, u"qwen2.5-7b"_s);
    auto *secrets = new FakeSecretStore(engine.get());
    // What KeychainSecretStore says on a desktop without a Secret Service.
    secrets->setUnavailable(
        u"no keychain answers on this desktop session (GNOME Keyring, KWallet or KeePassXC provide one)"_s);
    engine->setSecretStore(secrets);
    ModelsPage page(
        settings.get(), [this] { return engine->secrets(); }, engine->clock());
    page.resize(760, 1100);
    page.show();
    ASSERT_TRUE(waitUntil([&] { return page.keyStatus()->text().contains(u"Schlüsselbund ist nicht"_s); }))
        << page.keyStatus()->text().toStdString();
    EXPECT_EQ(
        page.keyStatus()->text(),
        u"Der Schlüsselbund ist nicht verfügbar (in dieser Desktop-Sitzung antwortet kein Schlüsselbund "
        "(GNOME Keyring, KWallet oder KeePassXC stellen einen bereit)). Ein hier eingegebener Schlüssel "
        "kann nur für diese Sitzung verwendet werden; er wird nie in eine Datei geschrieben."_s);

    page.testButton()->click();
    ASSERT_TRUE(waitUntil([&] { return page.testResult()->text().startsWith(u"OK: qwen2.5-7b hat in "_s); }))
        << page.testResult()->text().toStdString();
    EXPECT_TRUE(page.testResult()->text().endsWith(u" ms geantwortet („OK“)"_s))
        << page.testResult()->text().toStdString();

    model.enqueue(ScriptedLlmServer::error(401, u"Incorrect API key provided"_s));
    page.testButton()->click();
    ASSERT_TRUE(waitUntil([&] { return page.testResult()->text().contains(u"abgelehnt"_s); }))
        << page.testResult()->text().toStdString();
    EXPECT_TRUE(page.testResult()->text().contains(u"hat den API-Schlüssel abgelehnt (HTTP 401: "_s))
        << page.testResult()->text().toStdString();

    // Nothing listens at the address: said at once, in German.
    settings->setValue(SettingKey::LlmBaseUrl, u"http://127.0.0.1:%1/v1"_s.arg(unusedPort()));
    page.testButton()->click();
    ASSERT_TRUE(waitUntil([&] { return page.testResult()->text().contains(u"Läuft der Dienst"_s); }))
        << page.testResult()->text().toStdString();
    EXPECT_TRUE(page.testResult()->text().endsWith(u" abgelehnt: Läuft der Dienst, und auf diesem Port?"_s))
        << page.testResult()->text().toStdString();

    settings->setValue(SettingKey::LlmModel, QString());
    page.testButton()->click();
    ASSERT_TRUE(waitUntil([&] { return page.testResult()->text() == u"Kein Modell gewählt."_s; }))
        << page.testResult()->text().toStdString();
}

// Issue 34 item 9: "regex errors half and half": a bad ban pattern and a bad redaction rule are
// refused in German, the regular expression engine's words too, while the debug API refuses them in
// English.
TEST_F(CoreTextTranslationTest, ABadPatternIsRefusedInGermanInTheWindowAndInEnglishThroughTheApi)
{
    SafetyPage safety(settings.get(), engine->autoAccept());
    safety.show();
    auto *list = editor<QPlainTextEdit>(&safety, SettingKey::SafetyBannedCommands);
    ASSERT_TRUE(list);
    typeInto(list, u"npm publish\n/git\\s+push\\s+(--force/i"_s);
    EXPECT_EQ(field(&safety, SettingKey::SafetyBannedCommands)->errorText().toStdString(),
              "Nicht gespeichert: „/git\\s+push\\s+(--force/i“ ist kein gültiger regulärer Ausdruck: "
              "fehlende schließende Klammer. Ihre anderen Einträge sind gespeichert und gelten.");
    typeInto(list, u"/rm -rf (?i)home/"_s);
    EXPECT_EQ(field(&safety, SettingKey::SafetyBannedCommands)->errorText().toStdString(),
              "Nicht gespeichert: „/rm -rf (?i)home/“ ist kein regulärer Ausdruck von JavaScript: "
              "eingebettete Flags wie (?i): Setzen Sie die Flags hinter den schließenden /. Ihre anderen "
              "Einträge sind gespeichert und gelten.");

    UserText why;
    EXPECT_FALSE(
        settings->validate(SettingKey::BridgeRedactRules, QStringList { u"employee-id=E[0-9"_s }, &why));
    EXPECT_EQ(
        why.translated().toStdString(),
        "die Regel „employee-id“ ist kein gültiger regulärer Ausdruck: schließende eckige Klammer fehlt "
        "bei Zeichenklasse");
    EXPECT_EQ(why.english().toStdString(),
              "the rule 'employee-id' is not a valid regular expression: missing terminating ] for character "
              "class");

    const QJsonObject reply = call(
        u"updateSettings"_s,
        { { u"settings"_s, QJsonObject { { u"safety/bannedCommands"_s, QJsonArray { u"/a(b/"_s } } } } });
    EXPECT_FALSE(reply.value(u"success"_s).toBool());
    const QString error = reply.value(u"error"_s).toString();
    EXPECT_TRUE(error.contains(u"'/a(b/' is not a valid regular expression: missing closing parenthesis"_s))
        << error.toStdString();
}

// Issue 34 item 9: a German connection test that finds nothing says so in German.
TEST_F(CoreTextTranslationTest, AConnectionTestThatFindsNothingSaysSoInGerman)
{
    ConnectionPage connection(models()->connection(), models()->endpoints(), settings.get());
    connection.show();
    auto *port = editor<QSpinBox>(&connection, SettingKey::CdpPort);
    ASSERT_TRUE(port);
    const int free = unusedPort();
    port->setValue(free);
    connection.findChild<QPushButton *>(u"testConnection"_s)->click();
    auto *result = connection.findChild<QLabel *>(u"testResult"_s);
    ASSERT_TRUE(waitUntil([&] { return result->text().startsWith(u"Unter "_s); }, std::chrono::seconds(20)))
        << result->text().toStdString();
    EXPECT_EQ(
        result->text().toStdString(),
        u"Unter 127.0.0.1:%1 antwortet nichts (Verbindung verweigert). Starten Sie die IDE oder den Browser "
        "mit --remote-debugging-port=%1, oder prüfen Sie Host und Port."_s.arg(free)
            .toStdString());
}

// Issue 34 item 9: the default prompts (what the queue sends on a schedule, after a quota wait, and
// as the check) are German in a German window until the user writes their own; a prompt the user
// saved stays as it is, in whatever language.
TEST_F(CoreTextTranslationTest, TheDefaultPromptsAreGermanAndASavedPromptStaysAsItIs)
{
    EXPECT_EQ(settings->stringValue(SettingKey::SchedulePrompt), u"Bitte einen Statusbericht"_s);
    EXPECT_EQ(settings->stringValue(SettingKey::QuotaContinuePrompt), u"Weiter"_s);
    EXPECT_TRUE(
        settings->stringValue(SettingKey::ScheduleCheckPromptText).startsWith(u"Stellen Sie sicher"_s));
    QueuePage queue(models()->queue(), models()->endpoints(), settings.get());
    queue.show();
    auto *prompt = editor<QPlainTextEdit>(&queue, SettingKey::SchedulePrompt);
    ASSERT_TRUE(prompt);
    EXPECT_EQ(prompt->toPlainText(), u"Bitte einen Statusbericht"_s);
    EXPECT_FALSE(settings->isSet(SettingKey::SchedulePrompt)) << "showing a default writes nothing";

    // A user's own prompt, English or not, is theirs.
    settings->setValue(SettingKey::QuotaContinuePrompt, u"Continue"_s);
    EXPECT_EQ(settings->stringValue(SettingKey::QuotaContinuePrompt), u"Continue"_s);

    // Without the German catalogue (the command line, an English desktop) the defaults are English.
    german.reset();
    EXPECT_EQ(settings->stringValue(SettingKey::SchedulePrompt), u"Status report please"_s);
    german = std::make_unique<UiTranslator>();
    ASSERT_TRUE(german->load(QLocale(QLocale::German, QLocale::Germany)));
}

// Issue 34 item 9: the agent server's state ("Zustand") comes from core in English; the window
// says it in German, the API keeps English.
TEST_F(CoreTextTranslationTest, TheAgentServersStateIsGermanInTheWindowAndEnglishThroughTheApi)
{
    quint16 port = 0;
    const std::unique_ptr<ServersPage> page = serversPageOnAgentServer(settings.get(), engine.get(), &port);
    ToolkitServerService *service = engine->toolkitServer();
    auto *state = page->findChild<QLabel *>(u"agentServerState"_s);
    ASSERT_TRUE(state);
    EXPECT_EQ(state->text().toStdString(), "Aus");
    editor<QCheckBox>(page.get(), SettingKey::AgentServerEnabled)->click();
    ASSERT_TRUE(service->isListening()) << service->error().toStdString();
    EXPECT_EQ(state->text().toStdString(), u"Lauscht auf 127.0.0.1:%1, 0 Clients"_s.arg(port).toStdString());
    EXPECT_EQ(service->stateJson().value(u"status"_s).toString().toStdString(),
              u"Listening on 127.0.0.1:%1, 0 clients"_s.arg(port).toStdString());
    service->stop();
}

// Issue 34 item 9: a bridge session's activity and why it ended, and why a task run ended, are
// written by core in English (the API, the log and the session's file keep them so); the Bridge
// page and the tray say them in German, their values too.
TEST_F(CoreTextTranslationTest, ABridgeSessionsActivityAndEndAndARunsEndAreGermanInTheWindow)
{
    BridgeRecord record;
    record.status = BridgeStatus::WaitingChat;
    record.activity = u"waiting for the chat's reply"_s;
    EXPECT_EQ(BridgePage::liveStatusLine(record), u"Chat-Brücke: wartet auf die Antwort des Chats"_s);
    record.activity.clear();
    EXPECT_EQ(BridgePage::liveStatusLine(record), u"Chat-Brücke: Wartet auf den Chat"_s);
    EXPECT_EQ(BridgePage::reasonText(u"the chat did not answer within 5 minutes"_s),
              u"der Chat hat nicht innerhalb von 5 Minuten geantwortet"_s);
    EXPECT_EQ(
        BridgePage::reasonText(u"the app stopped while the session was under way; resume it to go on"_s),
        u"die App wurde beendet, während die Sitzung lief; setzen Sie sie fort, um weiterzumachen"_s);
    EXPECT_EQ(
        knownSentence(u"3 steps failed in a row; the last: the page could not be read: timeout"_s)
            .translated(),
        u"3 Schritte sind nacheinander fehlgeschlagen; der letzte: die Seite konnte nicht gelesen werden: "
        u"timeout"_s);
    EXPECT_EQ(knownSentence(u"reached the step limit (40) before the task was done"_s).translated(),
              u"das Schrittlimit (40) wurde erreicht, bevor die Aufgabe erledigt war"_s);
    EXPECT_EQ(knownSentence(u"stopped by the user"_s).english(), u"stopped by the user"_s);
}

// Issue 34 item 9: what a bridge step did, why the gate holds one and why one was not run are
// written by core in English (the API, the log, the chat and the session's file keep them so);
// the Bridge page says them in German. The bridge, its job, the gate and the step summaries are
// real; the browser is the boundary (a fixed checkout page answers the toolkit's commands).
TEST_F(CoreTextTranslationTest, ABridgeStepsResultTheGatesQuestionAndARefusalAreGermanInTheWindow)
{
    const QString id = u"bridge-20261120-101010-dede"_s;
    BridgeRecord record;
    record.id = id;
    record.goal = u"Pay the invoice"_s;
    record.keyword = u"quokka"_s;
    record.agentTab = u"CHAT"_s;
    record.agentTitle = u"ChatGPT"_s;
    record.targetTabs = { u"T1"_s };
    record.currentTab = u"T1"_s;
    record.status = BridgeStatus::Interrupted;
    record.phase = BridgePhase::Execute;
    record.turn = 3;
    record.maxTurns = 40;
    record.createdAt = QDateTime::currentDateTimeUtc().addSecs(-600);
    record.updatedAt = record.createdAt.addSecs(60);
    // The chat's three commands of this turn, none run yet: a harmless click that navigates, a
    // payment the gate holds, and the payment again.
    const auto queued = [](const QString &key, const QString &ref) {
        BridgeCommand command;
        command.key = key;
        command.turn = 3;
        command.tool = u"click"_s;
        command.params = QJsonObject { { u"ref"_s, ref } };
        command.state = BridgeCommand::State::Queued;
        command.tab = u"T1"_s;
        return command;
    };
    record.commands = { queued(u"t3-0-aaaa"_s, u"e3"_s), queued(u"t3-1-bbbb"_s, u"e2"_s),
                        queued(u"t3-2-cccc"_s, u"e2"_s) };
    QDir().mkpath(engine->bridge()->folder());
    QString error;
    ASSERT_TRUE(JsonDataFile(QDir(engine->bridge()->folder()).filePath(id + u".json"_s))
                    .save(record.toJson(), 1, &error))
        << error.toStdString();
    engine->bridge()->load();

    int payments = 0;
    engine->bridge()->setEnvironmentFactory([&payments](const BridgeRecord &) {
        BridgeEnvironment environment;
        environment.profile = u"generic"_s;
        environment.toolNames = { u"click"_s, u"get"_s, u"snapshot"_s };
        environment.currentTab = [] { return u"T1"_s; };
        environment.run = [&payments](const QString &type, const QJsonObject &params,
                                      BridgeEnvironment::Reply reply) {
            const QString ref = params.value(u"ref").toString();
            if (type == u"get"_s && ref == u"e3"_s) {
                return reply(
                    CommandResult::success(QJsonObject { { u"value"_s,
                                                           QJsonObject { { u"role"_s, u"button"_s },
                                                                         { u"name"_s, u"Next"_s },
                                                                         { u"tag"_s, u"button"_s } } } }));
            }
            if (type == u"click"_s && ref == u"e3"_s) {
                return reply(CommandResult::success(QJsonObject {
                    { u"navigated"_s, true }, { u"url"_s, u"https://shop.example/review"_s } }));
            }
            answerAsCheckoutPage(type, params, reply, &payments);
        };
        return environment;
    });

    BridgePage page(models()->bridge(), models()->tabs(), settings.get());
    page.resize(900, 1000);
    page.show();
    page.historyTable()->selectRow(0);
    ASSERT_EQ(page.shownSession(), id);
    ASSERT_TRUE(page.resumeButton()->isEnabled());
    page.resumeButton()->click();
    ASSERT_TRUE(waitUntil([&] { return page.questionBox()->isVisible(); }))
        << page.statusLabel()->text().toStdString();

    // The gate's question, in German; the element and the button's words are the page's own.
    const auto *question = page.questionBox()->findChild<QLabel *>(u"bridgeQuestionText"_s);
    ASSERT_TRUE(question);
    EXPECT_EQ(question->text().toStdString(),
              "Der Chat möchte click button “Pay now” ausführen. “Pay now” sendet ein Formular mit "
              "Kartenfeldern ab: es sieht nach einer Zahlung aus. Zulassen?");
    // What the first step did, and the last step in the status line.
    QTableWidget *commands = page.commandsTable();
    ASSERT_EQ(commands->rowCount(), 3);
    EXPECT_EQ(commands->item(0, 3)->text(), u"erledigt"_s);
    EXPECT_EQ(commands->item(0, 4)->text().toStdString(), "zu https://shop.example/review navigiert");
    EXPECT_TRUE(page.statusLabel()->text().contains(u" · zuletzt: click e3 auf button “Next” → erledigt"_s))
        << page.statusLabel()->text().toStdString();

    // The same through the debug API: English.
    QJsonObject reply = call(u"getBridge"_s, { { u"sessionId"_s, id } });
    ASSERT_TRUE(reply.value(u"success"_s).toBool()) << QJsonDocument(reply).toJson().toStdString();
    QJsonObject data = reply.value(u"data"_s).toObject();
    EXPECT_EQ(data.value(u"question"_s).toObject().value(u"text"_s).toString().toStdString(),
              "The chat wants to click button “Pay now”. “Pay now” submits a form with card fields: it "
              "looks like a payment. Allow it?");
    EXPECT_EQ(
        data.value(u"commands"_s).toArray().at(0).toObject().value(u"result"_s).toString().toStdString(),
        "navigated to https://shop.example/review");
    EXPECT_EQ(data.value(u"lastAction"_s).toString().toStdString(), "click e3 on button “Next” → ok");

    // Deny: refused by the user; the next payment is asked about again, and Stop leaves it unrun.
    page.denyButton()->click();
    ASSERT_TRUE(waitUntil([&] {
        return commands->item(1, 3) && commands->item(1, 3)->text() == u"abgelehnt"_s
            && page.questionBox()->isVisible();
    })) << page.statusLabel()->text().toStdString();
    EXPECT_EQ(commands->item(1, 4)->text().toStdString(), "Vom Benutzer abgelehnt. (von Ihnen abgelehnt)");
    page.stopButton()->click();
    ASSERT_TRUE(waitUntil([&] { return engine->bridge()->live(id) == nullptr; }));
    EXPECT_EQ(payments, 0) << "a payment was made";
    ASSERT_EQ(commands->rowCount(), 3);
    EXPECT_EQ(commands->item(2, 4)->text().toStdString(), "Nicht ausgeführt: die Sitzung ist beendet.");
    EXPECT_TRUE(page.statusLabel()->text().endsWith(u" — vom Benutzer gestoppt"_s))
        << page.statusLabel()->text().toStdString();

    reply = call(u"getBridge"_s, { { u"sessionId"_s, id } });
    data = reply.value(u"data"_s).toObject();
    const QJsonArray saved = data.value(u"commands"_s).toArray();
    ASSERT_EQ(saved.size(), 3);
    EXPECT_EQ(saved.at(1).toObject().value(u"error"_s).toString().toStdString(), "the user denied it");
    EXPECT_EQ(saved.at(2).toObject().value(u"error"_s).toString().toStdString(),
              "not run: the session ended");
    const QString log = apiLog();
    EXPECT_TRUE(log.contains(u"click → ok"_s)) << log.toStdString();
    EXPECT_FALSE(log.contains(u"navigiert"_s) || log.contains(u"abgelehnt"_s)) << "the log stays English";
}

// Issue 34 item 9: an outside agent's command that failed is listed on the Agents page with why,
// in German; the agent itself hears it in English.
TEST_F(CoreTextTranslationTest, AnAgentsFailedCommandIsGermanOnTheAgentsPageAndEnglishToTheAgent)
{
    ToolkitServerService *service = engine->toolkitServer();
    const std::unique_ptr<AgentsPage> page = agentsPageWithAgent(760);
    ASSERT_TRUE(page) << service->error().toStdString();
    agent.sendTextMessage(u"{\"id\":\"1\",\"type\":\"click\",\"params\":{\"ref\":\"e1\"}}"_s);
    ASSERT_TRUE(waitUntil([&] { return page->activityTable()->rowCount() == 1 && !received.isEmpty(); }));
    const QString shown = page->activityTable()->item(0, 4)->text();
    EXPECT_EQ(
        shown.toStdString(),
        "kein Tab ist im Vordergrund, und Sie haben keinen: öffnen Sie eine Seite mit open {\"url\": …} "
        "oder tab {\"action\": \"new\"}");
    EXPECT_EQ(page->activityTable()->item(0, 4)->toolTip(), shown);
    const QString answer = received.join(u'\n');
    EXPECT_TRUE(answer.contains(u"no tab is in front, and you have none: open a page with open"_s))
        << answer.toStdString();
    EXPECT_FALSE(answer.contains(u"Vordergrund"_s)) << "the agent hears English";
    agent.close();
    service->stop();
}

// Issue 32 item 4: an endpoint entry's refusal (common/EndpointEntry.cpp, English for the API and
// the log) is German in the Add dialog; without a keychain the token is kept for this session
// only, said in German, and still never written to settings.ini.
TEST_F(CoreTextTranslationTest, TheAddBrowserDialogSaysItsRefusalsAndTheKeychainInGerman)
{
    auto *secrets = new FakeSecretStore(engine.get());
    secrets->setUnavailable(
        u"no keychain answers on this desktop session (GNOME Keyring, KWallet or KeePassXC provide one)"_s);
    engine->setSecretStore(secrets);
    ConnectionPage page(models()->connection(), models()->endpoints(), settings.get());
    page.show();
    EndpointDialog *dialog = page.endpoints()->openAddDialog();
    auto *address = dialog->findChild<QLineEdit *>(u"endpointAddress"_s);
    typeInto(address, u"localhost"_s);
    dialog->findChild<QPushButton *>(u"endpointDialogAdd"_s)->click();
    EXPECT_EQ(dialog->findChild<QLabel *>(u"endpointAddressError"_s)->text(),
              u"Der Endpunkt „localhost“ ist weder host:port noch eine ws://-, wss://-, http://- oder "
              "https://-Adresse."_s);

    typeInto(address, u"wss://browsers.example.com/session?token=abc123"_s);
    EXPECT_TRUE(dialog->findChild<QLabel *>(u"endpointKeychainNote"_s)
                    ->text()
                    .startsWith(u"Der Schlüsselbund ist nicht verfügbar (in dieser Desktop-Sitzung"_s))
        << dialog->findChild<QLabel *>(u"endpointKeychainNote"_s)->text().toStdString();
    dialog->findChild<QPushButton *>(u"endpointDialogAdd"_s)->click();
    const QString name = u"wss://browsers.example.com/session"_s;
    ASSERT_TRUE(
        waitUntil([&] { return settings->listValue(SettingKey::CdpEndpoints) == QStringList { name }; }));
    EXPECT_EQ(secrets->sessionSecret(u"cdp/"_s + name),
              CdpAddress::encodeSecret(u"token=abc123"_s, QString()));
    EXPECT_TRUE(secrets->stored().isEmpty());
    const QString said = page.endpoints()->findChild<QLabel *>(u"endpointTestResult"_s)->text();
    EXPECT_TRUE(said.endsWith(u"Das Token von %1 wird nur für diese Sitzung aufbewahrt."_s.arg(name)))
        << said.toStdString();
    QFile file(settings->filePath());
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    EXPECT_FALSE(file.readAll().contains("abc123"));
}

} // namespace

// Issue 34 item 9: a prompt sent with no IDE to send it to fails in core (AgentChat finds no
// chat); the History page says why in German, in its row and when sent again, while the debug
// API's answer and getPromptHistory keep core's English.
TEST_F(CoreTextTranslationTest, AFailedPromptSaysWhyInGermanOnTheHistoryPageAndInEnglishThroughTheApi)
{
    settings->setValue(SettingKey::CdpPort, unusedPort()); // nothing answers there
    engine->start();
    HistoryPage page(models()->history());
    page.resize(900, 600);
    page.show();
    const QJsonObject sent = call(u"sendPrompt"_s, { { u"prompt"_s, u"write the parser"_s } });
    EXPECT_FALSE(sent.value(u"success"_s).toBool());
    const QString english = sent.value(u"error"_s).toString();
    EXPECT_TRUE(english.startsWith(u"the prompt was not sent: "_s)) << english.toStdString();
    auto *table = page.findChild<QTableWidget *>(u"historyTable"_s);
    ASSERT_TRUE(waitUntil([&] { return table->rowCount() == 1 && table->item(0, 3); }));
    const QString shown = table->item(0, 3)->text();
    EXPECT_TRUE(shown.startsWith(u"Fehlgeschlagen: "_s)) << shown.toStdString();
    const QString why = shown.mid(QString(u"Fehlgeschlagen: "_s).size());
    const QString reason = english.mid(QString(u"the prompt was not sent: "_s).size());
    EXPECT_NE(why, reason) << "still English: " << why.toStdString();
    EXPECT_EQ(why, knownSentence(reason).translated());
    EXPECT_TRUE(why.contains(u"kein Browser und keine IDE"_s) || why.contains(u"keine Seite"_s))
        << why.toStdString();

    const QJsonObject history = call(u"getPromptHistory"_s);
    const QJsonObject entry
        = history.value(u"data"_s).toObject().value(u"entries"_s).toArray().at(0).toObject();
    EXPECT_EQ(entry.value(u"detail"_s).toString(), reason) << "the API keeps core's English";

    // Send Again: the same failure beside the button, in German.
    table->selectRow(0);
    page.findChild<QPushButton *>(u"historyResend"_s)->click();
    auto *message = page.findChild<QLabel *>(u"historyMessage"_s);
    ASSERT_TRUE(waitUntil([&] { return message->text().startsWith(u"Nicht gesendet: "_s); }))
        << message->text().toStdString();
    EXPECT_EQ(message->text(), u"Nicht gesendet: "_s + why);
    screenshot(&page, u"history-failed-de"_s);

    // A sent prompt's note is clauses joined with "; ", each said in German.
    EXPECT_EQ(
        knownClauses(u"the user was typing in the chat box; sent on try 2, 5 s late; the user's draft was "
                     "set aside and restored"_s)
            .toStdString(),
        "der Benutzer tippte im Chatfeld; beim 2. Versuch gesendet, 5 s zu spät; der Entwurf des Benutzers "
        "wurde beiseitegelegt und wiederhergestellt");
}

// Issue 34 item 9: an agent's download and isolated-context refusals (actions/ToolkitDownloads,
// DownloadLog, ToolkitSiteData) are German on the Agents page and English to the agent.
TEST_F(CoreTextTranslationTest, AnAgentsSiteDataAndDownloadRefusalsAreGermanOnTheAgentsPage)
{
    ToolkitServerService *service = engine->toolkitServer();
    const std::unique_ptr<AgentsPage> page = agentsPageWithAgent(900);
    ASSERT_TRUE(page) << service->error().toStdString();
    agent.sendTextMessage(u"{\"id\":\"1\",\"type\":\"context\",\"params\":{\"action\":\"close\"}}"_s);
    ASSERT_TRUE(waitUntil([&] { return page->activityTable()->rowCount() == 1 && received.size() >= 1; }));
    agent.sendTextMessage(u"{\"id\":\"2\",\"type\":\"downloads\",\"params\":{\"action\":\"wait\"}}"_s);
    ASSERT_TRUE(waitUntil([&] { return page->activityTable()->rowCount() == 2 && received.size() >= 2; }));

    const QString context = page->activityTable()->item(1, 4)->text();
    EXPECT_EQ(context.toStdString(),
              "Sie haben keinen isolierten Kontext (context {\"action\": \"new\"} erstellt einen)");
    const QString downloads = page->activityTable()->item(0, 4)->text();
    EXPECT_TRUE(downloads.startsWith(u"Downloads können nicht verfolgt werden: "_s))
        << downloads.toStdString();
    EXPECT_TRUE(downloads.endsWith(u"der Browser ist nicht verbunden"_s)
                || downloads.endsWith(u"diese App hat keinen Download-Ordner"_s))
        << downloads.toStdString();

    const QString answer = received.join(u'\n');
    EXPECT_TRUE(answer.contains(u"you have no isolated context"_s)) << answer.toStdString();
    EXPECT_TRUE(answer.contains(u"downloads cannot be followed: "_s)) << answer.toStdString();
    EXPECT_FALSE(answer.contains(u"Kontext"_s) || answer.contains(u"Downloads können"_s))
        << "the agent hears English";
    // How the agent is connected, in German too ("toolkit", what it speaks, is a name).
    const QTableWidget *agents = page->findChild<QTableWidget *>(u"agentsTable"_s);
    ASSERT_TRUE(agents);
    EXPECT_EQ(agents->item(0, 1)->text(), u"WebSocket (Server-Modus)"_s);
    screenshot(page.get(), u"agents-refusals-de"_s);
    agent.close();
    service->stop();
}

// Issue 34 item 9: the page script's refusal (payload/snapshot.js, written whole so the window
// finds it) when an agent types into a read-only box in a real Chromium: German on the Agents
// page, English to the agent.
TEST_F(CoreTextTranslationTest, ThePageScriptsReadOnlyRefusalIsGermanOnTheAgentsPage)
{
    HeadlessChromium browser;
    ASSERT_TRUE(startBrowser(browser));
    ASSERT_TRUE(startEngineOn(browser));
    ToolkitServerService *service = engine->toolkitServer();
    const std::unique_ptr<AgentsPage> page = agentsPageWithAgent(900);
    ASSERT_TRUE(page) << service->error().toStdString();
    agent.sendTextMessage(u"{\"id\":\"1\",\"type\":\"open\",\"params\":{\"url\":\"about:blank\"}}"_s);
    ASSERT_TRUE(
        waitUntil([&] { return received.join(u'\n').contains(u"\"id\":\"1\""_s); }, std::chrono::seconds(20)))
        << received.join(u'\n').toStdString();
    CdpSession *tab = nullptr;
    for (CdpSession *session : engine->endpoint()->pageSessions()) {
        if (received.join(u'\n').contains(session->targetId()))
            tab = session;
    }
    ASSERT_NE(tab, nullptr) << received.join(u'\n').toStdString();
    QString error;
    evaluate(tab, u"document.body.innerHTML = '<input readonly aria-label=\"Name\" value=\"Ada\">'"_s,
             &error);
    ASSERT_TRUE(error.isEmpty()) << error.toStdString();
    agent.sendTextMessage(u"{\"id\":\"2\",\"type\":\"snapshot\",\"params\":{}}"_s);
    ASSERT_TRUE(waitUntil([&] { return received.join(u'\n').contains(u"\"id\":\"2\""_s); },
                          std::chrono::seconds(20)));
    static const QRegularExpression ref(u"\\[ref=(e\\d+)\\]"_s);
    const QString snapshot = received.last();
    const QRegularExpressionMatch found = ref.match(snapshot);
    ASSERT_TRUE(found.hasMatch()) << snapshot.toStdString();
    agent.sendTextMessage(
        u"{\"id\":\"3\",\"type\":\"type\",\"params\":{\"ref\":\"%1\",\"text\":\"Grace\"}}"_s.arg(
            found.captured(1)));
    ASSERT_TRUE(waitUntil([&] { return received.join(u'\n').contains(u"\"id\":\"3\""_s); },
                          std::chrono::seconds(20)));
    ASSERT_TRUE(waitUntil([&] { return page->activityTable()->rowCount() == 3; }));

    const QString answer = received.last();
    EXPECT_TRUE(answer.contains(u" is read-only"_s)) << answer.toStdString();
    const QString shown = page->activityTable()->item(0, 4)->text();
    EXPECT_TRUE(shown.endsWith(u" ist schreibgeschützt"_s)) << shown.toStdString();
    EXPECT_FALSE(shown.contains(u"read-only"_s)) << shown.toStdString();
    screenshot(page.get(), u"agents-read-only-de"_s);
    agent.close();
    service->stop();
    engine->stop();
    browser.stop();
}
