// The binding of one form field to one setting: load, validate inline, save at once, follow
// outside changes, say when a restart is needed.
#include "SettingField.h"

#include "QtPrinters.h"
#include "UiTest.h"
#include "Wait.h"
#include "common/Refuse.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QSpinBox>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

class SettingFieldTest : public UiTest
{
};

QLabel *errorLabel(SettingField &field)
{
    return field.findChild<QLabel *>(u"fieldError"_s);
}

TEST_F(SettingFieldTest, ALineEditLoadsRefusesBadInputInlineAndSavesGoodInput)
{
    settings->setValue(SettingKey::CdpHost, u"10.0.0.2"_s);
    SettingField field(settings.get(), SettingKey::CdpHost);
    field.show();
    auto *edit = qobject_cast<QLineEdit *>(field.editor());
    ASSERT_TRUE(edit);
    EXPECT_EQ(edit->text(), u"10.0.0.2"_s);

    typeInto(edit, u"not a host!"_s);
    EXPECT_FALSE(field.errorText().isEmpty()) << "checked while typing";
    EXPECT_TRUE(errorLabel(field)->isVisible());
    EXPECT_TRUE(field.errorText().contains(u"neither an IP address nor a host name"_s))
        << field.errorText().toStdString();
    EXPECT_FALSE(field.errorText().startsWith(u"cdp/host"_s)) << "the key name is not repeated next to it";
    pressEnter(edit);
    EXPECT_EQ(settings->stringValue(SettingKey::CdpHost), u"10.0.0.2"_s) << "never saved";
    EXPECT_EQ(edit->text(), u"not a host!"_s) << "the user's input stays for fixing";

    QSignalSpy committed(&field, &SettingField::committed);
    typeInto(edit, u"localhost"_s);
    EXPECT_TRUE(field.errorText().isEmpty());
    EXPECT_FALSE(errorLabel(field)->isVisible());
    pressEnter(edit);
    EXPECT_EQ(committed.count(), 1);
    EXPECT_EQ(settings->stringValue(SettingKey::CdpHost), u"localhost"_s);
}

TEST_F(SettingFieldTest, TypingSavesByItselfOncePaused)
{
    SettingField field(settings.get(), SettingKey::SchedulePrompt);
    field.show();
    auto *edit = qobject_cast<QLineEdit *>(field.editor());
    ASSERT_TRUE(edit);
    typeInto(edit, u"Carry on"_s);
    EXPECT_TRUE(waitForSignal(&field, &SettingField::committed));
    EXPECT_EQ(settings->stringValue(SettingKey::SchedulePrompt), u"Carry on"_s);
}

TEST_F(SettingFieldTest, ASpinBoxTakesTheRangeFromTheSpecAndSaves)
{
    SettingField field(settings.get(), SettingKey::AutoAcceptPollIntervalMs,
                       SettingField::Options().withSuffix(u" ms"_s));
    auto *spin = qobject_cast<QSpinBox *>(field.editor());
    ASSERT_TRUE(spin);
    EXPECT_EQ(spin->minimum(), 200);
    EXPECT_EQ(spin->maximum(), 3000);
    EXPECT_EQ(spin->value(), 1000);
    spin->setValue(450);
    EXPECT_EQ(settings->intValue(SettingKey::AutoAcceptPollIntervalMs), 450);
    // A value from elsewhere (debug API, another field) shows up.
    settings->setValue(SettingKey::AutoAcceptPollIntervalMs, 2500);
    EXPECT_EQ(spin->value(), 2500);
}

TEST_F(SettingFieldTest, ACheckBoxAndAComboBoxSaveAtOnce)
{
    SettingField check(settings.get(), SettingKey::ScheduleEnabled,
                       SettingField::Options().withText(u"Send"_s));
    auto *box = qobject_cast<QCheckBox *>(check.editor());
    ASSERT_TRUE(box);
    EXPECT_EQ(box->text(), u"Send"_s);
    EXPECT_FALSE(box->isChecked());
    box->click();
    EXPECT_TRUE(settings->boolValue(SettingKey::ScheduleEnabled));

    SettingField choice(
        settings.get(), SettingKey::ScheduleMode,
        SettingField::Options().withChoices(
            { { u"interval"_s, u"Every"_s }, { u"daily"_s, u"Daily"_s }, { u"queue"_s, u"Queue"_s } }));
    auto *combo = qobject_cast<QComboBox *>(choice.editor());
    ASSERT_TRUE(combo);
    EXPECT_EQ(combo->currentText(), u"Every"_s);
    combo->setCurrentIndex(2);
    EXPECT_EQ(settings->stringValue(SettingKey::ScheduleMode), u"queue"_s);
    settings->reset(SettingKey::ScheduleMode);
    EXPECT_EQ(combo->currentText(), u"Every"_s);
}

TEST_F(SettingFieldTest, AListTakesOneEntryPerLineAndMarksBadLines)
{
    SettingField::Options options;
    options.lineCheck = [](const QString &line, QString *error) {
        return !(line.startsWith(u'/') && !line.endsWith(u'/')) || refuse(error, u"bad: "_s + line);
    };
    settings->setValue(SettingKey::SafetyBannedCommands, QStringList { u"rm -rf /"_s, u"rm -rf ~"_s });
    SettingField field(settings.get(), SettingKey::SafetyBannedCommands, options);
    field.show();
    auto *text = qobject_cast<QPlainTextEdit *>(field.editor());
    ASSERT_TRUE(text);
    EXPECT_EQ(text->toPlainText(), u"rm -rf /\nrm -rf ~"_s);

    typeInto(text, u"rm -rf /\n\n  git push --force  \n/unclosed(/"_s);
    EXPECT_TRUE(field.errorText().contains(u"/unclosed(/"_s)) << field.errorText().toStdString();
    EXPECT_FALSE(field.commit());
    EXPECT_EQ(settings->listValue(SettingKey::SafetyBannedCommands).first(), u"rm -rf /"_s);
    EXPECT_EQ(settings->listValue(SettingKey::SafetyBannedCommands).size(), 2) << "unchanged";

    typeInto(text, u"rm -rf /\n\n  git push --force  \n"_s);
    EXPECT_TRUE(field.errorText().isEmpty()) << field.errorText().toStdString();
    EXPECT_TRUE(field.commit());
    EXPECT_EQ(settings->listValue(SettingKey::SafetyBannedCommands),
              (QStringList { u"rm -rf /"_s, u"git push --force"_s }))
        << "blank lines dropped, spaces trimmed";
    EXPECT_EQ(text->toPlainText(), u"rm -rf /\n\n  git push --force  \n"_s) << "the user's layout stays";
}

TEST_F(SettingFieldTest, AKeyThatNeedsARestartSaysSo)
{
    // No setting of the app needs a restart today (each takes effect at once); the note is
    // there for one that will.
    const SettingSpec table[] = {
        { .key = SettingKey::CdpPort,
          .name = "cdp/port",
          .type = SettingSpec::Type::Int,
          .defaultValue = 9004,
          .minimum = 1,
          .maximum = 65535,
          .restartRequired = true },
    };
    Settings restartOnly(QDir(configDir()).filePath(u"restart.ini"_s), table);
    SettingField needsRestart(&restartOnly, SettingKey::CdpPort);
    auto *note = needsRestart.findChild<QLabel *>(u"restartNote"_s);
    ASSERT_TRUE(note);
    EXPECT_EQ(note->text(), u"Takes effect after a restart"_s);
    SettingField live(settings.get(), SettingKey::CdpPort);
    EXPECT_FALSE(live.findChild<QLabel *>(u"restartNote"_s)) << "the engine reconnects at once";
    SettingField debugPort(settings.get(), SettingKey::DebugPort);
    EXPECT_FALSE(debugPort.findChild<QLabel *>(u"restartNote"_s))
        << "the debug API moves to a new port at once";
}

TEST_F(SettingFieldTest, ReloadDropsRefusedInput)
{
    SettingField field(settings.get(), SettingKey::ScheduleValue);
    auto *edit = qobject_cast<QLineEdit *>(field.editor());
    typeInto(edit, u"25:99"_s);
    EXPECT_FALSE(field.errorText().isEmpty());
    field.reload();
    EXPECT_EQ(edit->text(), u"30"_s);
    EXPECT_TRUE(field.errorText().isEmpty());
}

} // namespace
