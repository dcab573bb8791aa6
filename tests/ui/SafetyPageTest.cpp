// The Safety page: the command policy chosen and saved from the window, the allow list and the
// ban patterns each checked as typed (a bad line is not saved and never holds back the others,
// also for the engine), and "Would this be blocked?" giving auto-accept's own verdict — held to
// the page script's on the whole shared corpus in real Chromium.
#include "pages/SafetyPage.h"

#include "HeadlessChromium.h"
#include "Notifier.h"
#include "QtPrinters.h"
#include "Theme.h"
#include "TrayAppTest.h"
#include "Wait.h"
#include "autoaccept/AutoAcceptController.h"
#include "common/LocalWebServer.h"
#include "logging/Logging.h"
#include "page/PayloadHub.h"
#include "page/PayloadInjector.h"
#include "settings/SafetySettings.h"

#include <QFormLayout>
#include <QGroupBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QScrollBar>
#include <QSettings>
#include <QTableWidget>

#include <gtest/gtest.h>

#include <optional>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

class SafetyPageTest : public TrayAppTest
{
protected:
    // What "Would this be blocked?" shows for `command`: the headline, then each detail row that
    // is shown ("Decided by: …", "Why: …", "Read as: …").
    // The whole page, also what scrolls out of view, as build/<preset>/screenshots/<name>.png.
    static void wholePage(SafetyPage &page, const QString &name)
    {
        auto *content = page.findChild<QWidget *>(u"pageContent"_s);
        ASSERT_TRUE(content);
        content->resize(content->width(), qMax(content->height(), content->sizeHint().height()));
        screenshot(content, name);
    }

    static QStringList verdictShown(SafetyPage &page, const QString &command)
    {
        typeInto(page.findChild<QLineEdit *>(u"banTestInput"_s), command);
        QStringList shown { page.findChild<QLabel *>(u"banTestVerdict"_s)->text() };
        for (const auto &[name, label] : { std::pair { u"banTestRule"_s, u"Decided by: "_s },
                                           std::pair { u"banTestReason"_s, u"Why: "_s },
                                           std::pair { u"banTestParsed"_s, u"Read as: "_s } }) {
            auto *detail = page.findChild<QLabel *>(name);
            if (detail->isVisibleTo(&page))
                shown.append(label + detail->text());
        }
        return shown;
    }
};

TEST_F(SafetyPageTest, ABadPatternIsRefusedAsTypedAndTheOthersAreSavedAndApply)
{
    SafetyPage page(settings.get(), engine->autoAccept());
    page.show();
    auto *list = editor<QPlainTextEdit>(&page, SettingKey::SafetyBannedCommands);
    ASSERT_TRUE(list);
    EXPECT_TRUE(list->toPlainText().isEmpty()) << "no patterns of the user's own by default: the rules apply";
    EXPECT_FALSE(list->placeholderText().isEmpty());
    auto *count = page.findChild<QLabel *>(u"banCount"_s);
    EXPECT_EQ(count->text(), u"No patterns of your own: the built-in rules alone"_s);

    typeInto(list, u"npm publish\n/git\\s+push\\s+(--force/i\ncurl"_s);
    const QString error = page.banList()->errorText();
    EXPECT_EQ(error,
              u"Not saved: '/git\\s+push\\s+(--force/i' is not a valid regular expression: missing "
              "closing parenthesis. Your other entries are saved and apply."_s);
    EXPECT_EQ(list->extraSelections().size(), 1) << "the bad line is marked";
    EXPECT_FALSE(page.banList()->commit()) << "not all of it was saved";
    EXPECT_EQ(settings->listValue(SettingKey::SafetyBannedCommands),
              (QStringList { u"npm publish"_s, u"curl"_s }));
    EXPECT_EQ(list->toPlainText(), u"npm publish\n/git\\s+push\\s+(--force/i\ncurl"_s)
        << "the refused line stays for the user to fix";
    EXPECT_EQ(count->text(), u"2 patterns"_s);
    // What auto-accept judges with (the same patterns it hands the page script) bans by them.
    EXPECT_EQ(SafetySettings::banList(settings.get()).check(u"npm  publish --tag next"_s).rule,
              u"npm publish"_s);

    // Fixed, it is saved too, and the marks go.
    typeInto(list, u"npm publish\n/git\\s+push\\s+--force/i\ncurl"_s);
    EXPECT_TRUE(page.banList()->errorText().isEmpty()) << page.banList()->errorText().toStdString();
    EXPECT_TRUE(list->extraSelections().isEmpty());
    EXPECT_TRUE(page.banList()->commit());
    EXPECT_EQ(settings->listValue(SettingKey::SafetyBannedCommands),
              (QStringList { u"npm publish"_s, u"/git\\s+push\\s+--force/i"_s, u"curl"_s }));
    EXPECT_EQ(count->text(), u"3 patterns, 1 of them a regular expression"_s);
}

// A settings.ini from an older version (or edited by hand) with a pattern that cannot be used:
// before, the whole list was dropped and the page said "No patterns of your own". Now that one
// is skipped and named, and the rest stay in force — in the page, its checker and the engine.
TEST_F(SafetyPageTest, ABadPatternFromTheFileIsSkippedWithASentenceAndTheOthersStayInForce)
{
    {
        QSettings raw(settings->filePath(), QSettings::IniFormat);
        raw.setValue(u"safety/bannedCommands"_s,
                     QStringList { u"npm publish"_s, u"/([/"_s, u"rm -rf dist"_s });
    }
    settings->sync();
    SafetyPage page(settings.get(), engine->autoAccept());
    page.show();
    EXPECT_EQ(page.findChild<QLabel *>(u"banCount"_s)->text(), u"2 patterns"_s);
    auto *skipped = page.findChild<QLabel *>(u"banSkipped"_s);
    EXPECT_TRUE(skipped->isVisibleTo(&page));
    EXPECT_TRUE(
        skipped->text().startsWith(u"Skipped from settings.ini: '/([/' is not a valid regular expression"_s))
        << skipped->text().toStdString();
    EXPECT_EQ(editor<QPlainTextEdit>(&page, SettingKey::SafetyBannedCommands)->toPlainText(),
              u"npm publish\nrm -rf dist"_s);
    EXPECT_EQ(verdictShown(page, u"npm publish"_s).value(1), u"Decided by: your pattern npm publish"_s);
    // Saved again from the window, the list is what the user sees: the note goes.
    auto *list = editor<QPlainTextEdit>(&page, SettingKey::SafetyBannedCommands);
    typeInto(list, u"npm publish\nrm -rf dist\nnpm unpublish"_s);
    ASSERT_TRUE(page.banList()->commit());
    EXPECT_FALSE(skipped->isVisibleTo(&page));
    EXPECT_EQ(page.findChild<QLabel *>(u"banCount"_s)->text(), u"3 patterns"_s);
}

TEST_F(SafetyPageTest, RemovingMyPatternsAsksFirst)
{
    settings->setValue(SettingKey::SafetyBannedCommands, QStringList { u"only this"_s });
    SafetyPage page(settings.get(), engine->autoAccept());
    page.show();
    auto *reset = page.findChild<QPushButton *>(u"banReset"_s);
    ASSERT_TRUE(reset);

    clickAndAnswer(reset, u"Cancel"_s);
    EXPECT_EQ(settings->listValue(SettingKey::SafetyBannedCommands), QStringList { u"only this"_s });

    const QString asked = clickAndAnswer(reset, u"Reset"_s);
    EXPECT_TRUE(asked.contains(u"built-in rules stay"_s)) << asked.toStdString();
    EXPECT_TRUE(settings->listValue(SettingKey::SafetyBannedCommands).isEmpty());
    EXPECT_FALSE(settings->isSet(SettingKey::SafetyBannedCommands));
    EXPECT_TRUE(editor<QPlainTextEdit>(&page, SettingKey::SafetyBannedCommands)->toPlainText().isEmpty());
    // None left: the button that cannot do anything is off (issue 34, item 14), and back on
    // with a pattern.
    EXPECT_FALSE(reset->isEnabled());
    settings->setValue(SettingKey::SafetyBannedCommands, QStringList { u"npm publish"_s });
    EXPECT_TRUE(reset->isEnabled());
}

TEST_F(SafetyPageTest, TheCheckerShowsTheVerdictWhatDecidedItWhyAndTheCommandAsRead)
{
    settings->setValue(SettingKey::SafetyBannedCommands,
                       QStringList { u"npm publish"_s, u"/git\\s+push\\s+--force/i"_s });
    SafetyPage page(settings.get(), engine->autoAccept());
    page.show();
    auto *input = page.findChild<QLineEdit *>(u"banTestInput"_s);
    auto *verdict = page.findChild<QLabel *>(u"banTestVerdict"_s);
    ASSERT_TRUE(input && verdict);
    EXPECT_EQ(verdict->property("tone").toString(), u"idle"_s);

    // A built-in rule: named, with what it stops.
    const QStringList rule = verdictShown(page, u"sudo  RM -rf   / --no-preserve-root"_s);
    EXPECT_EQ(rule.mid(0, 3),
              (QStringList { u"Blocked: auto-accept never runs it."_s,
                             u"Decided by: the built-in rule recursive-delete"_s,
                             u"Why: it deletes a root, home or system folder recursively"_s }));
    EXPECT_TRUE(rule.value(3).startsWith(u"Read as: rm "_s)) << rule.join(u" | "_s).toStdString();
    EXPECT_EQ(verdict->property("tone").toString(), u"banned"_s);
    // In the warning colour (amber), not the link blue.
    EXPECT_EQ(verdict->palette().color(QPalette::WindowText), Theme::warningText(verdict->palette()));
    EXPECT_NE(verdict->palette().color(QPalette::WindowText), verdict->palette().color(QPalette::Link));
    wholePage(page, u"page-safety-verdict-banned"_s);

    // The user's pattern, with "npm publish" on the list: blocked, the pattern named once.
    const QStringList mine = verdictShown(page, u"npm publish"_s);
    EXPECT_EQ(mine,
              (QStringList { u"Blocked: auto-accept never runs it."_s,
                             u"Decided by: your pattern npm publish"_s, u"Read as: npm publish"_s }));
    EXPECT_EQ(mine.join(u' ').count(u"npm publish"_s), 2) << "the pattern once, and the command as read";
    EXPECT_EQ(verdictShown(page, u"git push --force origin main"_s).value(1),
              u"Decided by: your pattern /git\\s+push\\s+--force/i"_s);

    // Unverifiable: waits for the user, with the reason.
    const QStringList hidden = verdictShown(page, u"cat tool.py | python3 -"_s);
    EXPECT_EQ(hidden.mid(0, 2),
              (QStringList { u"Waits for you: auto-accept cannot check what it runs."_s,
                             u"Why: it pipes text into python3, which runs it"_s }));
    EXPECT_EQ(verdict->property("tone").toString(), u"waiting"_s);

    const QStringList fine = verdictShown(page, u"git push origin main"_s);
    EXPECT_EQ(fine.first(), u"Run for you: no rule and none of your patterns stops it."_s);
    EXPECT_EQ(verdict->property("tone").toString(), u"clicked"_s);
    // The verdict follows the list as it changes.
    settings->setValue(SettingKey::SafetyBannedCommands, QStringList { u"git push"_s });
    EXPECT_EQ(page.findChild<QLabel *>(u"banTestRule"_s)->text(), u"your pattern git push"_s);
    EXPECT_FALSE(page.findChild<QLabel *>(u"pending:banTest"_s));
    EXPECT_EQ(page.verdictFor(u"git push origin main"_s).kind, BanVerdict::Kind::Banned);
}

TEST_F(SafetyPageTest, TheAllowListModeIsChosenInTheWindowSavedAndItsListEdited)
{
    SafetyPage page(settings.get(), engine->autoAccept());
    page.resize(760, 1400);
    page.show();
    auto *rules = page.findChild<QRadioButton *>(u"policyRules"_s);
    auto *allowlist = page.findChild<QRadioButton *>(u"policyAllowlist"_s);
    auto *group = page.findChild<QGroupBox *>(u"allowListGroup"_s);
    ASSERT_TRUE(rules && allowlist && group);
    EXPECT_TRUE(rules->isChecked());
    EXPECT_EQ(rules->text(), u"Rules: click unless banned or unverifiable"_s);
    EXPECT_EQ(allowlist->text(), u"Allow list: click a command only when every part of it is on your list"_s);
    EXPECT_FALSE(group->isVisibleTo(&page)) << "the list shows with its mode";
    wholePage(page, u"page-safety-rules"_s);

    allowlist->click();
    EXPECT_EQ(settings->stringValue(SettingKey::SafetyCommandPolicy), u"allowlist"_s);
    EXPECT_EQ(Settings(settings->filePath()).stringValue(SettingKey::SafetyCommandPolicy), u"allowlist"_s)
        << "saved to settings.ini";
    EXPECT_TRUE(group->isVisibleTo(&page));
    // Prefilled with the first entries: commands that only read or run tests.
    auto *list = editor<QPlainTextEdit>(&page, SettingKey::SafetyAllowedCommands);
    ASSERT_TRUE(list);
    const QStringList prefilled = SettingField::entriesOf(list->toPlainText());
    EXPECT_TRUE(prefilled.contains(u"git status *"_s) && prefilled.contains(u"pytest *"_s))
        << prefilled.join(u", "_s).toStdString();
    EXPECT_EQ(prefilled, settings->listValue(SettingKey::SafetyAllowedCommands));
    EXPECT_TRUE(page.findChild<QLabel *>(u"allowCount"_s)->text().endsWith(u"(the first entries)"_s));

    // The checker runs the allow list now.
    EXPECT_EQ(verdictShown(page, u"git status --short"_s).first(),
              u"Run for you: every part of it is on your allow list, and nothing bans it."_s);
    const QStringList unlisted = verdictShown(page, u"npm run build && make deploy"_s);
    EXPECT_EQ(unlisted.first(), u"Waits for you: not all of it is on your allow list."_s);
    EXPECT_TRUE(unlisted.value(1).startsWith(u"Why: "_s) && unlisted.value(1).contains(u"npm run build"_s))
        << unlisted.join(u" | "_s).toStdString();
    EXPECT_TRUE(unlisted.value(2).startsWith(u"Read as: "_s)) << unlisted.join(u" | "_s).toStdString();
    wholePage(page, u"page-safety-allowlist"_s);

    // Edited: a good entry is added and saved, a bad one refused as typed while the rest stand.
    typeInto(list, prefilled.join(u'\n') + u"\nnpm run *\nrm -rf build; ls"_s);
    EXPECT_FALSE(page.allowList()->commit());
    EXPECT_TRUE(
        page.allowList()->errorText().startsWith(u"Not saved: 'rm -rf build; ls' must be one command"_s))
        << page.allowList()->errorText().toStdString();
    EXPECT_EQ(settings->listValue(SettingKey::SafetyAllowedCommands),
              prefilled + QStringList { u"npm run *"_s });
    EXPECT_EQ(page.verdictFor(u"npm run build"_s).kind, BanVerdict::Kind::Allowed);
    EXPECT_EQ(page.verdictFor(u"make deploy"_s).kind, BanVerdict::Kind::NotAllowlisted);

    // Restore Defaults asks, then puts the first entries back.
    auto *restore = page.findChild<QPushButton *>(u"allowRestore"_s);
    clickAndAnswer(restore, u"Cancel"_s);
    EXPECT_TRUE(settings->isSet(SettingKey::SafetyAllowedCommands));
    const QString asked = clickAndAnswer(restore, u"Restore Defaults"_s);
    EXPECT_TRUE(asked.contains(u"first entries"_s)) << asked.toStdString();
    EXPECT_FALSE(settings->isSet(SettingKey::SafetyAllowedCommands));
    EXPECT_EQ(SettingField::entriesOf(list->toPlainText()), prefilled);

    // Back to rules, from settings.ini as well as from the window.
    settings->setValue(SettingKey::SafetyCommandPolicy, u"rules"_s);
    EXPECT_TRUE(rules->isChecked());
    EXPECT_FALSE(group->isVisibleTo(&page));
    EXPECT_EQ(page.verdictFor(u"make deploy"_s).kind, BanVerdict::Kind::Allowed);
}

// The engine judges by the patterns that survive a bad line: the fixture panel's harmless
// "npm test -- parser" is run by auto-accept until the user's pattern "npm test" is saved — next
// to a pattern that is refused — after which it is blocked with that pattern.
TEST_F(SafetyPageTest, TheEngineBansByTheGoodPatternsBesideARefusedOne)
{
    HeadlessChromium browser;
    LocalWebServer site;
    ASSERT_TRUE(autoAcceptOnFixtures(browser, site));
    SafetyPage page(settings.get(), engine->autoAccept());
    page.show();
    typeInto(editor<QPlainTextEdit>(&page, SettingKey::SafetyBannedCommands), u"/npm(/\nnpm test"_s);
    EXPECT_FALSE(page.banList()->commit());
    ASSERT_EQ(settings->listValue(SettingKey::SafetyBannedCommands), QStringList { u"npm test"_s });

    ASSERT_TRUE(startEngineOn(browser));
    ASSERT_FALSE(openPage(site.url(u"/autoaccept/panel.html"_s)).isEmpty());
    ASSERT_TRUE(waitUntil([&] { return engine->autoAccept()->recentBlocked().size() == 2; }))
        << engine->autoAccept()->recentBlocked().size();
    QStringList patterns;
    for (const AutoAcceptController::BlockedCommand &b : engine->autoAccept()->recentBlocked())
        patterns.append(b.pattern);
    patterns.sort();
    EXPECT_EQ(patterns, (QStringList { u"npm test"_s, u"recursive-delete"_s }));
    auto *table = page.findChild<QTableWidget *>(u"recentBlockedTable"_s);
    ASSERT_EQ(table->rowCount(), 2);
    engine->stop();
    browser.stop();
}

// "Would this be blocked?" and the page script give one verdict: every command of the shared
// corpus (tests/fixtures/ban-corpus.json) goes through the window's checker and through
// banCheck.verdict in real Chromium, with the same patterns and policy, in both modes.
TEST_F(SafetyPageTest, TheCheckerGivesThePageScriptsVerdictOnTheWholeCorpus)
{
    HeadlessChromium browser;
    ASSERT_TRUE(startBrowser(browser));
    LocalWebServer site;
    ASSERT_TRUE(serveFixtures(site));
    CdpEndpoint endpoint;
    endpoint.setAddress(u"127.0.0.1"_s, browser.port());
    endpoint.start();
    ASSERT_TRUE(waitUntil([&] { return endpoint.isConnected(); })) << endpoint.lastError().toStdString();
    const CdpResult created = browserCall(endpoint, u"Target.createTarget"_s,
                                          { { u"url"_s, site.url(u"/basic.html"_s).toString() } });
    ASSERT_TRUE(created.ok()) << created.error.toString().toStdString();
    CdpSession *tab = nullptr;
    ASSERT_TRUE(waitUntil([&] {
        return (tab = endpoint.sessionForTarget(created.result.value(u"targetId").toString())) != nullptr;
    }));
    // Loaded before the app's world is made in it (a navigation would take the world away).
    ASSERT_TRUE(waitUntil([&] {
        return evaluate(tab, u"document.readyState === 'complete' && location.pathname"_s).toString()
            == u"/basic.html"_s;
    }));
    PayloadHub hub(&endpoint);
    PayloadInjector *injector = hub.ensureScript(tab, u"none"_s);
    injector->addScript(AutoAcceptController::banCheckScript());
    ASSERT_TRUE(waitUntil([&] { return injector->isReady(); }));

    const QJsonArray corpus = banCorpus();
    ASSERT_GE(corpus.size(), 140) << "tests/fixtures/ban-corpus.json is missing or short";
    QJsonArray commands;
    for (const QJsonValue &c : corpus)
        commands.append(c.toObject().value(u"command"_s));
    SafetyPage page(settings.get(), engine->autoAccept());
    settings->setValue(SettingKey::SafetyBannedCommands,
                       QStringList { u"npm publish"_s, u"/git\\s+push\\s+--force/i"_s, u"curl"_s });
    for (const QString &mode : { u"rules"_s, u"allowlist"_s }) {
        settings->setValue(SettingKey::SafetyCommandPolicy, mode);
        // The policy as auto-accept hands it to the page (AutoAcceptController::configFor).
        const CommandPolicy policy = SafetySettings::policy(settings.get());
        const QJsonObject policyJson {
            { u"mode"_s, policy.mode == CommandPolicy::Mode::Allowlist ? u"allowlist"_s : u"rules"_s },
            { u"allowed"_s, QJsonArray::fromStringList(policy.allowed) },
            { u"interpreters"_s, QJsonArray::fromStringList(policy.interpreters) },
        };
        const QJsonArray entries
            = QJsonArray::fromStringList(settings->listValue(SettingKey::SafetyBannedCommands));
        const QString expression
            = u"(() => { const c = %1, e = %2, p = %3; return c.map((x) => globalThis.__mpa.banCheck.verdict(x, e, p)); })()"_s
                  .arg(QString::fromUtf8(QJsonDocument(commands).toJson(QJsonDocument::Compact)),
                       QString::fromUtf8(QJsonDocument(entries).toJson(QJsonDocument::Compact)),
                       QString::fromUtf8(QJsonDocument(policyJson).toJson(QJsonDocument::Compact)));
        std::optional<QJsonValue> answer;
        CdpError error;
        QObject context;
        injector->evaluate(expression, &context, [&](const QJsonValue &value, const CdpError &failed) {
            answer = value;
            error = failed;
        });
        ASSERT_TRUE(waitUntil([&] { return answer.has_value(); })) << "the page's ban check did not answer";
        ASSERT_TRUE(answer->isArray()) << error.toString().toStdString();
        const QJsonArray pageVerdicts = answer->toArray();
        ASSERT_EQ(pageVerdicts.size(), corpus.size());
        QHash<QString, int> kinds;
        for (qsizetype i = 0; i < corpus.size(); ++i) {
            const QString command = commands.at(i).toString();
            const BanVerdict window = page.verdictFor(command);
            const QJsonObject inPage = pageVerdicts.at(i).toObject();
            EXPECT_EQ(window.name(), inPage.value(u"verdict"_s).toString())
                << mode.toStdString() << ": " << command.toStdString();
            EXPECT_EQ(window.rule, inPage.value(u"rule"_s).toString()) << command.toStdString();
            EXPECT_EQ(window.reason, inPage.value(u"reason"_s).toString()) << command.toStdString();
            if (inPage.contains(u"parsed"_s)) {
                EXPECT_EQ(window.parsed, inPage.value(u"parsed"_s).toString()) << command.toStdString();
            }
            ++kinds[window.name()];
        }
        // Each kind comes up, so a checker that answers one thing everywhere fails.
        EXPECT_GE(kinds.value(u"banned"_s), 60) << mode.toStdString();
        EXPECT_GE(kinds.value(u"unverifiable"_s), 10) << mode.toStdString();
        EXPECT_GE(kinds.value(mode == u"rules"_s ? u"allowed"_s : u"not-allowlisted"_s), 20)
            << mode.toStdString();
    }
}

// A blocked command is shown as the page had it — its capitals, its double space, its && — in
// every place that shows it: the Safety page's table, the notification, the tray menu, the log
// and getStats' recentBlocked (tests/fixtures/autoaccept/exact-command.html).
TEST_F(SafetyPageTest, ABlockedCommandIsShownExactlyAsThePageHadIt)
{
    HeadlessChromium browser;
    LocalWebServer site;
    ASSERT_TRUE(autoAcceptOnFixtures(browser, site));
    makeWindowAndTray();
    Notifier notifier(settings.get(), engine->clock());
    QList<Notifier::Notification> shown;
    QObject::connect(&notifier, &Notifier::notified, &notifier,
                     [&](const Notifier::Notification &n) { shown.append(n); });
    notifier.watch(engine.get());
    Logging::buffer()->clear();

    ASSERT_TRUE(startEngineOn(browser));
    ASSERT_FALSE(openPage(site.url(u"/autoaccept/exact-command.html"_s)).isEmpty());
    ASSERT_TRUE(waitUntil([&] { return !engine->autoAccept()->recentBlocked().isEmpty(); }));
    const QString exact = u"sync && dd if=/dev/zero of=/dev/sda bs=1M  status=progress"_s;
    EXPECT_EQ(engine->autoAccept()->recentBlocked().first().command, exact);

    auto *table = window->page<SafetyPage>()->findChild<QTableWidget *>(u"recentBlockedTable"_s);
    ASSERT_TRUE(table);
    ASSERT_EQ(table->rowCount(), 1);
    EXPECT_EQ(table->item(0, 2)->text(), exact);
    EXPECT_EQ(table->item(0, 3)->text(), u"dd-device"_s);
    window->showPage(MainWindow::Page::Safety);
    window->resize(1000, 760);
    window->show();
    wholePage(*window->page<SafetyPage>(), u"page-safety-blocked-exact"_s);
    EXPECT_EQ(table->item(0, 2)->toolTip(),
              u"<pre>sync &amp;&amp; dd if=/dev/zero of=/dev/sda bs=1M  status=progress</pre>"_s)
        << "shown as it is, never read as markup";

    const auto notification = std::find_if(shown.begin(), shown.end(), [](const Notifier::Notification &n) {
        return n.kind == Notifier::Kind::CommandBlocked;
    });
    ASSERT_NE(notification, shown.end());
    EXPECT_EQ(notification->message, u"Not run in Exact command fixture: "_s + exact);

    Q_EMIT tray->menu()->aboutToShow();
    // The first 39 characters and an ellipsis; & doubled so the menu shows it rather than
    // taking it for a shortcut mark.
    EXPECT_TRUE(
        action(u"lastBlockedAction"_s)
            ->text()
            .startsWith(
                u"Last blocked: sync &&&& dd if=/dev/zero of=/dev/sda bs=… (Exact command fixture, "_s))
        << action(u"lastBlockedAction"_s)->text().toStdString();

    const QJsonArray recent = engine->autoAccept()->toJson().value(u"recentBlocked"_s).toArray();
    ASSERT_FALSE(recent.isEmpty());
    EXPECT_EQ(recent.first().toObject().value(u"command"_s).toString(), exact);
    bool logged = false;
    for (const LogEntry &entry : Logging::buffer()->tail(200))
        logged = logged || entry.message.contains(u"\""_s + exact + u"\""_s);
    EXPECT_TRUE(logged) << "the log quotes the command as it is";
    engine->stop();
    browser.stop();
}

// Recently blocked shows every row whole: the table is as high as its rows (the page scrolls, the
// table does not), and a long page title stays on one line (elided), not wrapped into a tall row.
// The agent panel of exact-command.html grows by more steps, as a real panel does while an agent
// works; each command is one the checker blocks (asserted first), so each becomes a row.
TEST_F(SafetyPageTest, RecentlyBlockedShowsEveryRowWholeAndOnOneLine)
{
    HeadlessChromium browser;
    LocalWebServer site;
    ASSERT_TRUE(autoAcceptOnFixtures(browser, site));
    SafetyPage page(settings.get(), engine->autoAccept());
    const QStringList commands {
        u"rm -rf /home"_s, u"dd if=/dev/urandom of=/dev/nvme0n1"_s, u"rm -rf ~/"_s,
        u"rm -rf /etc"_s,  u"dd if=/dev/zero of=/dev/sdb bs=4M"_s,  u"rm -rf --no-preserve-root /"_s
    };
    for (const QString &command : commands)
        ASSERT_EQ(page.verdictFor(command).kind, BanVerdict::Kind::Banned) << command.toStdString();
    ASSERT_TRUE(startEngineOn(browser));
    const QString target = openPage(site.url(u"/autoaccept/exact-command.html"_s));
    ASSERT_FALSE(target.isEmpty());
    ASSERT_TRUE(waitUntil([&] { return !engine->autoAccept()->recentBlocked().isEmpty(); }));
    CdpSession *tab = engine->endpoint()->sessionForTarget(target);
    ASSERT_TRUE(tab);
    QString error;
    evaluate(
        tab,
        u"document.title = 'A very long window title of the IDE, as a workspace with a deep path gives: "
        "~/projects/customer-portal/services/billing — Antigravity'; "
        "for (const [i, c] of %1.entries()) { "
        "  const step = document.createElement('div'); step.className = 'step'; "
        "  const pre = document.createElement('pre'); pre.className = 'terminal'; "
        "  const code = document.createElement('code'); code.textContent = c; pre.append(code); "
        "  const actions = document.createElement('div'); actions.className = 'actions'; "
        "  const run = document.createElement('button'); run.id = 'run-more-' + i; run.textContent = 'Run'; "
        "  actions.append(run); step.append(pre, actions); "
        "  document.querySelector('[data-steps]').append(step); } true"_s.arg(QString::fromUtf8(
            QJsonDocument(QJsonArray::fromStringList(commands)).toJson(QJsonDocument::Compact))),
        &error);
    ASSERT_TRUE(error.isEmpty()) << error.toStdString();
    ASSERT_TRUE(waitUntil([&] { return engine->autoAccept()->recentBlocked().size() >= 5; }, 20s))
        << engine->autoAccept()->recentBlocked().size();

    page.resize(800, 600);
    page.show();
    auto *table = page.findChild<QTableWidget *>(u"recentBlockedTable"_s);
    ASSERT_TRUE(table);
    const int rows = table->rowCount();
    ASSERT_GE(rows, 5);
    const int oneLine = table->fontMetrics().height();
    for (int row = 0; row < rows; ++row)
        EXPECT_LT(table->rowHeight(row), 2 * oneLine) << "row " << row << " wraps onto a second line";
    // Every row whole inside the table's viewport: nothing to scroll to, the last row not cut.
    const QRect last = table->visualRect(table->model()->index(rows - 1, 0));
    EXPECT_LE(last.bottom(), table->viewport()->height()) << "the last row is cut";
    EXPECT_EQ(table->verticalScrollBar()->maximum(), 0) << "the table scrolls inside the page";
    // And no empty block under the rows either.
    EXPECT_LE(table->viewport()->height() - (last.bottom() + 1), 2);
    auto *content = page.findChild<QWidget *>(u"pageContent"_s);
    ASSERT_TRUE(content);
    content->resize(content->width(), qMax(content->height(), content->sizeHint().height()));
    screenshot(content, u"page-safety-recently-blocked"_s);
    engine->stop();
    browser.stop();
}

} // namespace
