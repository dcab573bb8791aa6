#include "pages/SafetyPage.h"

#include "QtPrinters.h"
#include "UiTest.h"

#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

class SafetyPageTest : public UiTest
{
};

TEST_F(SafetyPageTest, TheBanListLoadsAndABadRegexIsRefusedAsYouType)
{
    SafetyPage page(engine.get());
    page.show();
    auto *list = editor<QPlainTextEdit>(&page, SettingKey::SafetyBannedCommands);
    ASSERT_TRUE(list);
    EXPECT_TRUE(list->toPlainText().isEmpty()) << "no patterns of the user's own by default: the rules apply";
    EXPECT_FALSE(list->placeholderText().isEmpty());
    auto *count = page.findChild<QLabel *>(u"banCount"_s);
    EXPECT_EQ(count->text(), u"No patterns of your own: the built-in rules alone"_s);

    typeInto(list, u"rm -rf /\n/git\\s+push\\s+(--force/i"_s);
    EXPECT_TRUE(page.banList()->errorText().contains(u"/git\\s+push\\s+(--force/i"_s))
        << page.banList()->errorText().toStdString();
    EXPECT_EQ(list->extraSelections().size(), 1) << "the bad line is marked";
    EXPECT_FALSE(page.banList()->commit());
    EXPECT_TRUE(settings->listValue(SettingKey::SafetyBannedCommands).isEmpty());

    typeInto(list, u"rm -rf /\n/git\\s+push\\s+--force/i"_s);
    EXPECT_TRUE(page.banList()->errorText().isEmpty()) << page.banList()->errorText().toStdString();
    EXPECT_TRUE(list->extraSelections().isEmpty());
    EXPECT_TRUE(page.banList()->commit());
    EXPECT_EQ(settings->listValue(SettingKey::SafetyBannedCommands),
              (QStringList { u"rm -rf /"_s, u"/git\\s+push\\s+--force/i"_s }));
    EXPECT_EQ(count->text(), u"2 patterns, 1 of them a regular expression"_s);
}

TEST_F(SafetyPageTest, ResetToDefaultsAsksFirst)
{
    settings->setValue(SettingKey::SafetyBannedCommands, QStringList { u"only this"_s });
    SafetyPage page(engine.get());
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
}

TEST_F(SafetyPageTest, TheTestBoxSaysWhetherACommandWouldBeBlockedAndByWhat)
{
    settings->setValue(SettingKey::SafetyBannedCommands,
                       QStringList { u"rm -rf /"_s, u"/git\\s+push\\s+--force/i"_s });
    SafetyPage page(engine.get());
    auto *input = page.findChild<QLineEdit *>(u"banTestInput"_s);
    auto *verdict = page.findChild<QLabel *>(u"banTestVerdict"_s);
    ASSERT_TRUE(input && verdict);
    EXPECT_TRUE(input->isEnabled());
    // The same verdict the page gives (BanList, held to the shared corpus): a rule first.
    typeInto(input, u"sudo  RM -rf   / --no-preserve-root"_s);
    EXPECT_EQ(verdict->text(),
              u"Blocked: it deletes a root, home or system folder recursively (recursive-delete)."_s);
    typeInto(input, u"rm -fr \"$HOME\""_s);
    EXPECT_TRUE(verdict->text().startsWith(u"Blocked:"_s)) << "a shell spelling of the same";
    typeInto(input, u"git push --force origin main"_s);
    EXPECT_EQ(verdict->text(),
              u"Blocked: it matches your entry /git\\s+push\\s+--force/i (/git\\s+push\\s+--force/i)."_s);
    typeInto(input, u"cat tool.py | python3 -"_s);
    EXPECT_EQ(
        verdict->text(),
        u"Not clicked: it pipes text into python3, which runs it, so what it runs cannot be checked."_s);
    typeInto(input, u"git push origin main"_s);
    EXPECT_EQ(verdict->text(), u"Not blocked: no rule and no entry of the list matches it."_s);
    // The verdict follows the list as it changes.
    settings->setValue(SettingKey::SafetyBannedCommands, QStringList { u"git push"_s });
    EXPECT_EQ(verdict->text(), u"Blocked: it matches your entry git push (git push)."_s);
    EXPECT_FALSE(page.findChild<QLabel *>(u"pending:banTest"_s));
}

} // namespace
