#include "pages/QuotaPage.h"

#include "QtPrinters.h"
#include "UiTest.h"

#include <QCheckBox>
#include <QLabel>
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
    QuotaPage page(engine.get());
    auto *enabled = editor<QCheckBox>(&page, SettingKey::QuotaEnabled);
    ASSERT_TRUE(enabled);
    EXPECT_TRUE(enabled->isChecked());
    auto *interval = editor<QSpinBox>(&page, SettingKey::QuotaPollIntervalS);
    ASSERT_TRUE(interval);
    EXPECT_EQ(interval->value(), 120);
    EXPECT_EQ(interval->minimum(), 30);
    EXPECT_EQ(interval->maximum(), 600);
    enabled->click();
    EXPECT_FALSE(settings->boolValue(SettingKey::QuotaEnabled));
    interval->setValue(300);
    EXPECT_EQ(settings->intValue(SettingKey::QuotaPollIntervalS), 300);
}

TEST_F(QuotaPageTest, ModelsWaitForTheQuotaWatcher)
{
    QuotaPage page(engine.get());
    EXPECT_TRUE(page.findChild<QLabel *>(u"pending:quota"_s));
    auto *refresh = page.findChild<QPushButton *>(u"quotaRefresh"_s);
    ASSERT_TRUE(refresh);
    EXPECT_FALSE(refresh->isEnabled());
    EXPECT_EQ(page.findChild<QLabel *>(u"quotaLastPoll"_s)->text(), u"Last checked: never"_s);
}

} // namespace
