#include "pages/QueuePage.h"

#include "QtPrinters.h"
#include "UiTest.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

class QueuePageTest : public UiTest
{
};

TEST_F(QueuePageTest, EveryScheduleSettingLoadsAndSaves)
{
    settings->setValue(SettingKey::ScheduleMode, u"daily"_s);
    settings->setValue(SettingKey::ScheduleValue, u"09:30"_s);
    settings->setValue(SettingKey::ScheduleSilenceTimeoutS, 45);
    settings->setValue(SettingKey::QuotaAutoContinue, true);
    QueuePage page(engine.get());
    page.show();

    auto *mode = editor<QComboBox>(&page, SettingKey::ScheduleMode);
    ASSERT_TRUE(mode);
    EXPECT_EQ(mode->currentText(), u"Daily at a time"_s);
    auto *value = editor<QLineEdit>(&page, SettingKey::ScheduleValue);
    ASSERT_TRUE(value);
    EXPECT_EQ(value->text(), u"09:30"_s);
    EXPECT_EQ(editor<QSpinBox>(&page, SettingKey::ScheduleSilenceTimeoutS)->value(), 45);
    EXPECT_TRUE(editor<QCheckBox>(&page, SettingKey::QuotaAutoContinue)->isChecked());
    EXPECT_TRUE(editor<QCheckBox>(&page, SettingKey::QuotaResumeQueue)->isChecked());
    EXPECT_FALSE(editor<QCheckBox>(&page, SettingKey::ScheduleEnabled)->isChecked());
    EXPECT_TRUE(editor<QPlainTextEdit>(&page, SettingKey::ScheduleCheckPromptText)
                    ->toPlainText()
                    .startsWith(u"Make sure that the previous task"_s));
    EXPECT_TRUE(editor<QPlainTextEdit>(&page, SettingKey::SchedulePrompt));
    EXPECT_TRUE(editor<QLineEdit>(&page, SettingKey::ScheduleTargetConversation));

    editor<QCheckBox>(&page, SettingKey::ScheduleEnabled)->click();
    EXPECT_TRUE(settings->boolValue(SettingKey::ScheduleEnabled));
    mode->setCurrentIndex(mode->findData(u"queue"_s));
    EXPECT_EQ(settings->stringValue(SettingKey::ScheduleMode), u"queue"_s);
    auto *queueMode = editor<QComboBox>(&page, SettingKey::ScheduleQueueMode);
    queueMode->setCurrentIndex(queueMode->findData(u"loop"_s));
    EXPECT_EQ(settings->stringValue(SettingKey::ScheduleQueueMode), u"loop"_s);
    editor<QCheckBox>(&page, SettingKey::ScheduleCheckPromptEnabled)->click();
    EXPECT_TRUE(settings->boolValue(SettingKey::ScheduleCheckPromptEnabled));
    auto *conversation = editor<QLineEdit>(&page, SettingKey::ScheduleTargetConversation);
    typeInto(conversation, u"Refactor the parser"_s);
    pressEnter(conversation);
    EXPECT_EQ(settings->stringValue(SettingKey::ScheduleTargetConversation), u"Refactor the parser"_s);
    auto *prompt = editor<QPlainTextEdit>(&page, SettingKey::SchedulePrompt);
    typeInto(prompt, u"Status report\nplease"_s);
    ASSERT_TRUE(field(&page, SettingKey::SchedulePrompt)->commit());
    EXPECT_EQ(settings->stringValue(SettingKey::SchedulePrompt), u"Status report\nplease"_s);
}

TEST_F(QueuePageTest, ABadTimeIsRefusedAndTheHintFitsTheMode)
{
    settings->setValue(SettingKey::ScheduleMode, u"daily"_s);
    QueuePage page(engine.get());
    page.show();
    auto *value = editor<QLineEdit>(&page, SettingKey::ScheduleValue);
    SettingField *valueField = field(&page, SettingKey::ScheduleValue);
    EXPECT_EQ(valueField->note(), u"Daily mode needs a time of day, such as 09:00."_s) << "30 is minutes";

    typeInto(value, u"25:99"_s);
    pressEnter(value);
    EXPECT_TRUE(
        field(&page, SettingKey::ScheduleValue)->errorText().contains(u"neither a number of minutes"_s));
    EXPECT_EQ(settings->stringValue(SettingKey::ScheduleValue), u"30"_s);
    typeInto(value, u"2000"_s);
    pressEnter(value);
    EXPECT_TRUE(field(&page, SettingKey::ScheduleValue)->errorText().contains(u"1 to 1440"_s));
    typeInto(value, u"07:15"_s);
    pressEnter(value);
    EXPECT_EQ(settings->stringValue(SettingKey::ScheduleValue), u"07:15"_s);
    EXPECT_EQ(valueField->note(), u"Time of day (HH:MM)."_s);
}

TEST_F(QueuePageTest, TheQueueAndItsControlsWaitForTheScheduler)
{
    QueuePage page(engine.get());
    for (const QString &name : { u"queueStart"_s, u"queuePause"_s, u"queueSkip"_s, u"queueStop"_s,
                                 u"queueAdd"_s, u"queueRemove"_s }) {
        auto *button = page.findChild<QPushButton *>(name);
        ASSERT_TRUE(button) << name.toStdString();
        EXPECT_FALSE(button->isEnabled());
        EXPECT_FALSE(button->toolTip().isEmpty());
    }
    auto *list = page.findChild<QListWidget *>(u"queueList"_s);
    ASSERT_TRUE(list);
    EXPECT_EQ(list->dragDropMode(), QAbstractItemView::InternalMove);
    EXPECT_EQ(list->count(), 0) << "no made-up prompts";
    for (const QString &name :
         { u"pending:queueState"_s, u"pending:queueList"_s, u"pending:conversations"_s })
        EXPECT_TRUE(page.findChild<QLabel *>(name)) << name.toStdString();
}

} // namespace
