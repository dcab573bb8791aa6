#include "pages/AutoAcceptPage.h"

#include "QtPrinters.h"
#include "UiTest.h"

#include <QCheckBox>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSpinBox>

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
    AutoAcceptPage page(engine.get());
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
    AutoAcceptPage page(engine.get());
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
    AutoAcceptPage page(engine.get());
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

TEST_F(AutoAcceptPageTest, PerPagePauseAndProfilesWaitForTheEngine)
{
    AutoAcceptPage page(engine.get());
    EXPECT_TRUE(page.findChild<QLabel *>(u"pending:perTargetPause"_s));
    EXPECT_TRUE(page.findChild<QLabel *>(u"pending:profiles"_s));
}

} // namespace
