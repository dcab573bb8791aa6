#include "pages/QuotaPage.h"

#include "MainWindow.h"
#include "QtPrinters.h"
#include "ScriptedQuotaProvider.h"
#include "TrayController.h"
#include "UiTest.h"
#include "Wait.h"
#include "engine/Engine.h"
#include "pages/DashboardPage.h"
#include "quota/QuotaMonitor.h"
#include "quota/QuotaProvider.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

class QuotaPageTest : public UiTest
{
};

TEST_F(QuotaPageTest, WatchingSettingsLoadAndSave)
{
    settings->setValue(SettingKey::QuotaPollIntervalS, 120);
    QuotaPage page(engine->quota(), engine->quotaHistory(), models()->stats(), settings.get());
    auto *enabled = editor<QCheckBox>(&page, SettingKey::QuotaEnabled);
    auto *interval = editor<QSpinBox>(&page, SettingKey::QuotaPollIntervalS);
    ASSERT_TRUE(enabled && interval);
    EXPECT_TRUE(enabled->isChecked());
    EXPECT_EQ(interval->value(), 120);
    EXPECT_EQ(interval->minimum(), 30);
    EXPECT_EQ(interval->maximum(), 600);
    enabled->click();
    EXPECT_FALSE(settings->boolValue(SettingKey::QuotaEnabled));
    interval->setValue(300);
    EXPECT_EQ(settings->intValue(SettingKey::QuotaPollIntervalS), 300);
}

TEST_F(QuotaPageTest, WithoutAReadingItSaysSo)
{
    QuotaPage page(engine->quota(), engine->quotaHistory(), models()->stats(), settings.get());
    auto *refresh = page.findChild<QPushButton *>(u"quotaRefresh"_s);
    ASSERT_TRUE(refresh);
    EXPECT_FALSE(refresh->isEnabled()) << "the engine is not running";
    EXPECT_EQ(page.findChild<QLabel *>(u"quotaLastPoll"_s)->text(), u"Last checked: never"_s);
    EXPECT_TRUE(page.findChild<QLabel *>(u"quotaEmpty"_s));
}

// A user of another IDE has no Antigravity: the check, on by default, says so calmly where the
// bars would be, not as an error (issue 34 item 25).
TEST_F(QuotaPageTest, NoAntigravityRunningIsNoError)
{
    auto *provider = new ScriptedQuotaProvider;
    provider->setParent(engine.get());
    provider->next.ok = false;
    provider->next.ideAbsent = true;
    provider->next.error = u"Antigravity is not running, so its quota cannot be read."_s;
    engine->quota()->setProvider(provider);
    engine->quota()->start();
    QuotaPage page(engine->quota(), engine->quotaHistory(), models()->stats(), settings.get());
    ASSERT_TRUE(waitUntil([&] { return engine->quota()->snapshot().ideAbsent; }));
    page.show();
    auto *problem = page.findChild<QLabel *>(u"quotaProblem"_s);
    ASSERT_TRUE(problem);
    EXPECT_TRUE(problem->isHidden()) << problem->text().toStdString();
    auto *empty = page.findChild<QLabel *>(u"quotaEmpty"_s);
    ASSERT_TRUE(empty);
    EXPECT_EQ(empty->text(),
              u"No Antigravity is running. The quota is Antigravity's: it shows here while "
              "Antigravity runs; other IDEs have none to read."_s);
}

TEST_F(QuotaPageTest, EachModelIsABarWithItsResetAndTheHoldIsShown)
{
    auto *provider = new ScriptedQuotaProvider;
    provider->setParent(engine.get());
    QuotaSnapshot &snapshot = provider->next;
    snapshot.planName = u"Pro"_s;
    snapshot.monthlyPromptCredits = 50000;
    snapshot.availablePromptCredits = 12500;
    snapshot.models = {
        ModelQuota { u"Gemini 3 Pro"_s, 0.8, QDateTime::currentDateTime().addSecs(3600) },
        ModelQuota { u"Claude Sonnet 4.5"_s, 0.0, QDateTime::currentDateTime().addSecs(7200) },
        ModelQuota { u"GPT-OSS"_s, std::nullopt, QDateTime() },
    };
    settings->setValue(SettingKey::QuotaModels, QStringList { u"Claude Sonnet 4.5"_s });
    engine->quota()->setProvider(provider);
    engine->quota()->start();

    QuotaPage page(engine->quota(), engine->quotaHistory(), models()->stats(), settings.get());
    page.resize(760, 640);
    ASSERT_TRUE(waitUntil([&] { return page.findChild<QProgressBar *>(u"quotaBar:Gemini 3 Pro"_s); }))
        << "no bars after a reading";
    EXPECT_EQ(page.findChild<QProgressBar *>(u"quotaBar:Gemini 3 Pro"_s)->value(), 80);
    EXPECT_EQ(page.findChild<QProgressBar *>(u"quotaBar:Claude Sonnet 4.5"_s)->value(), 0);
    EXPECT_FALSE(page.findChild<QProgressBar *>(u"quotaBar:GPT-OSS"_s)->isEnabled()) << "unknown, not empty";
    EXPECT_EQ(page.findChild<QLabel *>(u"quotaModel:Gemini 3 Pro"_s)->text(),
              u"Gemini 3 Pro (not watched)"_s);
    EXPECT_TRUE(page.findChild<QLabel *>(u"quotaPlan"_s)->text().contains(u"Plan: Pro"_s));
    EXPECT_TRUE(page.findChild<QLabel *>(u"quotaLastPoll"_s)->text().startsWith(u"Last checked: "_s));
    // The only watched model is used up: the queue is held, and the page says so.
    EXPECT_TRUE(engine->quota()->isHolding());
    EXPECT_TRUE(page.findChild<QLabel *>(u"quotaProblem"_s)->text().startsWith(u"The prompt queue is held"_s))
        << page.findChild<QLabel *>(u"quotaProblem"_s)->text().toStdString();
    EXPECT_TRUE(page.findChild<QLabel *>(u"quotaProblem"_s)
                    ->text()
                    .startsWith(u"The prompt queue is held because of Claude Sonnet 4.5."_s))
        << "the page names the model the hold is about";
    EXPECT_EQ(page.findChild<QLabel *>(u"quotaModel:Claude Sonnet 4.5"_s)->text(),
              u"Claude Sonnet 4.5 (holds the queue)"_s);
    screenshot(&page, u"quota"_s);

    // "Hold when every watched model is used up" with all models watched: Gemini has quota left,
    // GPT-OSS has none known (unknown is not "used up"), so nothing holds.
    settings->setValue(SettingKey::QuotaModels, QStringList());
    auto *holdWhen = editor<QComboBox>(&page, SettingKey::QuotaHoldWhen);
    ASSERT_TRUE(holdWhen);
    EXPECT_EQ(holdWhen->currentData().toString(), u"any"_s);
    EXPECT_TRUE(engine->quota()->isHolding());
    holdWhen->setCurrentIndex(holdWhen->findData(u"all"_s));
    EXPECT_EQ(settings->stringValue(SettingKey::QuotaHoldWhen), u"all"_s);
    EXPECT_FALSE(engine->quota()->isHolding());
    EXPECT_FALSE(page.findChild<QLabel *>(u"quotaProblem"_s)->isVisibleTo(&page));
    holdWhen->setCurrentIndex(holdWhen->findData(u"any"_s));
    settings->setValue(SettingKey::QuotaModels, QStringList { u"Claude Sonnet 4.5"_s });

    // "Check Now" reads again: the quota came back.
    snapshot.models[1].remainingFraction = 0.5;
    engine->quota()->refreshNow();
    EXPECT_FALSE(engine->quota()->isHolding());
    EXPECT_EQ(page.findChild<QProgressBar *>(u"quotaBar:Claude Sonnet 4.5"_s)->value(), 50);
    engine->quota()->stop();
}

// At a glance, as the extension's status bar showed it (refreshQuotaStatus: the model with the
// lowest remaining percentage); a model without quota information is left out, never "0%".
TEST_F(QuotaPageTest, TheLowestQuotaShowsInTheTrayTooltipAndOnTheDashboard)
{
    auto *provider = new ScriptedQuotaProvider;
    QuotaSnapshot &snapshot = provider->next;
    snapshot.models = {
        ModelQuota { u"Gemini 3 Pro"_s, 0.8, QDateTime() },
        ModelQuota { u"Claude Sonnet 4.5"_s, 0.234, QDateTime() },
        ModelQuota { u"GPT-OSS"_s, std::nullopt, QDateTime() },
    };
    engine->quota()->setProvider(provider);
    MainWindow window(engine.get());
    TrayController tray(engine.get(), &window);
    DashboardPage dashboard(models()->stats());
    EXPECT_FALSE(tray.toolTip().contains(u"Quota:"_s)) << "no reading yet";
    EXPECT_FALSE(dashboard.findChild<QLabel *>(u"dashboardQuota"_s)->isVisibleTo(&dashboard));

    engine->quota()->start();
    EXPECT_TRUE(tray.toolTip().contains(u"Quota: 23% left (Claude Sonnet 4.5)"_s))
        << tray.toolTip().toStdString();
    auto *glance = dashboard.findChild<QLabel *>(u"dashboardQuota"_s);
    EXPECT_EQ(glance->text(), u"Quota: 23% left (Claude Sonnet 4.5)"_s);
    EXPECT_TRUE(glance->isVisibleTo(&dashboard));

    // Used up (hold when any is spent, the default): the hold is what the user needs to know.
    snapshot.models[1].remainingFraction = 0.0;
    engine->quota()->refreshNow();
    EXPECT_TRUE(tray.toolTip().contains(u"Quota used up: Claude Sonnet 4.5 is out of quota"_s))
        << tray.toolTip().toStdString();
    EXPECT_EQ(glance->text(), u"Quota used up: Claude Sonnet 4.5 is out of quota"_s);
    engine->quota()->stop();
}

} // namespace
