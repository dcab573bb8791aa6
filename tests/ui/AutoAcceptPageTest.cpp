#include "pages/AutoAcceptPage.h"

#include "HeadlessChromium.h"
#include "Notifier.h"
#include "QtPrinters.h"
#include "UiTest.h"
#include "Wait.h"
#include "autoaccept/AutoAcceptController.h"
#include "common/LocalWebServer.h"
#include "pages/DashboardPage.h"
#include "pages/SafetyPage.h"

#include <QCheckBox>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QSpinBox>
#include <QTableWidget>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

class AutoAcceptPageTest : public UiTest
{
};

TEST_F(AutoAcceptPageTest, ValuesLoadFromTheSettingsAndEditsSave)
{
    settings->setValue(SettingKey::AutoAcceptEnabled, true);
    settings->setValue(SettingKey::AutoAcceptPollIntervalMs, 600);
    settings->setValue(SettingKey::AutoAcceptAcceptWords, QStringList { u"accept"_s, u"run"_s });
    AutoAcceptPage page(engine->autoAccept(), models()->stats(), settings.get(), engine->paths().configDir);
    page.show();
    auto *enabled = page.findChild<QCheckBox *>(u"autoAcceptEnabled"_s);
    ASSERT_TRUE(enabled);
    EXPECT_TRUE(enabled->isChecked());
    auto *poll = editor<QSpinBox>(&page, SettingKey::AutoAcceptPollIntervalMs);
    ASSERT_TRUE(poll);
    EXPECT_EQ(poll->value(), 600);
    EXPECT_EQ(poll->suffix(), u" ms"_s);
    auto *accept = editor<QPlainTextEdit>(&page, SettingKey::AutoAcceptAcceptWords);
    ASSERT_TRUE(accept);
    EXPECT_EQ(accept->toPlainText(), u"accept\nrun"_s);
    ASSERT_TRUE(editor<QSpinBox>(&page, SettingKey::AutoAcceptUserIdleMs));
    auto *reject = editor<QPlainTextEdit>(&page, SettingKey::AutoAcceptRejectWords);
    ASSERT_TRUE(reject);
    EXPECT_TRUE(reject->toPlainText().contains(u"ask every time"_s));

    enabled->click();
    EXPECT_FALSE(settings->boolValue(SettingKey::AutoAcceptEnabled));
    poll->setValue(250);
    EXPECT_EQ(settings->intValue(SettingKey::AutoAcceptPollIntervalMs), 250);
    typeInto(accept, u"accept\nrun\nContinue"_s);
    ASSERT_TRUE(field(&page, SettingKey::AutoAcceptAcceptWords)->commit());
    EXPECT_EQ(settings->listValue(SettingKey::AutoAcceptAcceptWords),
              (QStringList { u"accept"_s, u"run"_s, u"Continue"_s }));
}

TEST_F(AutoAcceptPageTest, SpinBoxesKeepToTheAllowedRange)
{
    AutoAcceptPage page(engine->autoAccept(), models()->stats(), settings.get(), engine->paths().configDir);
    auto *poll = editor<QSpinBox>(&page, SettingKey::AutoAcceptPollIntervalMs);
    poll->setValue(50); // below 200: the box holds the minimum, never an invalid value
    EXPECT_EQ(poll->value(), 200);
    EXPECT_EQ(settings->intValue(SettingKey::AutoAcceptPollIntervalMs), 200);
}

TEST_F(AutoAcceptPageTest, ACommandLineSwitchIsShownAndTheUsersChoiceWins)
{
    Engine::Overrides overrides;
    overrides.autoAccept = true;
    engine->setOverrides(overrides);
    AutoAcceptPage page(engine->autoAccept(), models()->stats(), settings.get(), engine->paths().configDir);
    page.show();
    auto *enabled = page.findChild<QCheckBox *>(u"autoAcceptEnabled"_s);
    EXPECT_TRUE(enabled->isChecked());
    auto *note = page.findChild<QLabel *>(u"autoAcceptOverride"_s);
    ASSERT_TRUE(note);
    EXPECT_TRUE(note->isVisible());
    EXPECT_TRUE(note->text().contains(u"--auto-accept"_s));
    enabled->click();
    EXPECT_FALSE(enabled->isChecked());
    EXPECT_FALSE(engine->overrides().autoAccept.has_value());
    EXPECT_FALSE(note->isVisible());
}

// The pages that show auto-accept at work, on a real browser with a fixture agent panel:
// per-page pause and profiles here, the per-page counts on the dashboard, the blocked command
// on the safety page and as a notification.
TEST_F(AutoAcceptPageTest, LivePagesProfilesCountsAndBlockedCommands)
{
    HeadlessChromium browser;
    LocalWebServer site;
    ASSERT_TRUE(autoAcceptOnFixtures(browser, site));
    Notifier notifier(settings.get(), engine->clock());
    QList<Notifier::Notification> shown;
    QObject::connect(&notifier, &Notifier::notified, &notifier,
                     [&](const Notifier::Notification &n) { shown.append(n); });
    notifier.watch(engine.get());
    AutoAcceptPage page(engine->autoAccept(), models()->stats(), settings.get(), engine->paths().configDir);
    DashboardPage dashboard(models()->stats());
    SafetyPage safety(settings.get(), engine->autoAccept());
    page.resize(640, 900);
    page.show();
    auto *targets = page.findChild<QListWidget *>(u"targetPauseList"_s);
    auto *profiles = page.findChild<QListWidget *>(u"profileList"_s);
    ASSERT_TRUE(targets && profiles);
    EXPECT_EQ(profiles->count(), 5);
    EXPECT_TRUE(profiles->item(0)->text().contains(u"Antigravity (antigravity) — bundled"_s));
    EXPECT_TRUE(page.findChild<QLabel *>(u"profileFolder"_s)->text().contains(u"profiles"_s));
    EXPECT_FALSE(page.findChild<QLabel *>(u"pending:perTargetPause"_s));
    EXPECT_FALSE(page.findChild<QLabel *>(u"pending:profiles"_s));
    EXPECT_TRUE(safety.findChild<QLabel *>(u"recentBlockedEmpty"_s)->isVisibleTo(&safety));

    ASSERT_TRUE(startEngineOn(browser));
    const QString targetId = openPage(site.url(u"/autoaccept/panel.html"_s));
    ASSERT_FALSE(targetId.isEmpty());
    ASSERT_TRUE(waitUntil([&] {
        const AutoAcceptCounts run = engine->autoAccept()->runCounts();
        return run.clicks == 4 && run.blocked == 1;
    }));

    // This page: the fixture page with its profile, ticked; unticking pauses that page only.
    QListWidgetItem *item = nullptr;
    ASSERT_TRUE(waitUntil([&] {
        for (int row = 0; row < targets->count(); ++row) {
            if (targets->item(row)->data(Qt::UserRole).toString() == targetId)
                item = targets->item(row);
        }
        return item && item->text() == u"Auto-accept fixture — Generic agent panel"_s;
    })) << (item ? item->text().toStdString() : "no item");
    EXPECT_EQ(item->checkState(), Qt::Checked);
    item->setCheckState(Qt::Unchecked);
    EXPECT_TRUE(engine->autoAccept()->isTargetPaused(targetId));
    screenshot(&page, u"page-auto-accept-live"_s);

    // The dashboard: the page with its profile and its counts.
    auto *pageStats = dashboard.findChild<QTableWidget *>(u"pageStatsTable"_s);
    ASSERT_TRUE(pageStats);
    int row = -1;
    for (int r = 0; r < pageStats->rowCount(); ++r) {
        if (pageStats->item(r, 0)->text() == u"Auto-accept fixture"_s)
            row = r;
    }
    ASSERT_GE(row, 0);
    EXPECT_EQ(pageStats->item(row, 1)->text(), u"Generic agent panel"_s);
    EXPECT_EQ(pageStats->item(row, 2)->text(), u"4"_s);
    EXPECT_EQ(pageStats->item(row, 3)->text(), u"1"_s);
    EXPECT_EQ(dashboard.findChild<QTableWidget *>(u"statsTable"_s)->item(0, 1)->text(), u"4"_s);
    dashboard.resize(640, 800);
    dashboard.show();
    screenshot(&dashboard, u"page-dashboard-live"_s);

    // The safety page and the notification: the blocked command with its pattern.
    auto *blocked = safety.findChild<QTableWidget *>(u"recentBlockedTable"_s);
    ASSERT_TRUE(blocked);
    ASSERT_EQ(blocked->rowCount(), 1);
    EXPECT_EQ(blocked->item(0, 1)->text(), u"Auto-accept fixture"_s);
    EXPECT_TRUE(blocked->item(0, 2)->text().contains(u"rm -rf / --no-preserve-root"_s));
    EXPECT_EQ(blocked->item(0, 3)->text(), u"recursive-delete"_s);
    EXPECT_FALSE(safety.findChild<QLabel *>(u"recentBlockedEmpty"_s)->isVisibleTo(&safety));
    safety.resize(640, 900);
    safety.show();
    screenshot(&safety, u"page-safety-live"_s);
    const auto notification = std::find_if(shown.begin(), shown.end(), [](const Notifier::Notification &n) {
        return n.kind == Notifier::Kind::CommandBlocked;
    });
    ASSERT_NE(notification, shown.end());
    EXPECT_EQ(notification->message, u"Not run in Auto-accept fixture: rm -rf / --no-preserve-root"_s);

    engine->stop();
    browser.stop();
}

} // namespace
