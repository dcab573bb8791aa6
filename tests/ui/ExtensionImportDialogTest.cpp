// The import of the VS Code extension's settings, from the General page and on the first start:
// real settings.json files (tests/fixtures/extension-settings, keys from the extension's
// package.json) in the IDEs' places under this test's XDG_CONFIG_HOME.

#include "ExtensionImportDialog.h"

#include "QtPrinters.h"
#include "UiTest.h"
#include "pages/GeneralPage.h"
#include "scheduler/Scheduler.h"

#include <QDir>
#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

class ExtensionImportDialogTest : public UiTest
{
protected:
    void place(const QString &ideFolder, const QString &fixture)
    {
        const QString folder = xdgConfigHome + u'/' + ideFolder + u"/User"_s;
        ASSERT_TRUE(QDir().mkpath(folder));
        QFile file(folder + u"/settings.json"_s);
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        file.write(readFixture(u"extension-settings/"_s + fixture));
    }

    static int rowOf(const QTableWidget *table, const QString &title)
    {
        for (int r = 0; r < table->rowCount(); ++r) {
            if (table->item(r, 0)->text() == title)
                return r;
        }
        return -1;
    }

    QStringList queueTexts() const
    {
        QStringList texts;
        for (const QueueItem &item : engine->scheduler()->queue().items)
            texts.append(item.text);
        return texts;
    }
};

TEST_F(ExtensionImportDialogTest, ShowsEveryValueBeforeImportingAndImportsOnlyWhatIsTicked)
{
    place(u"Code"_s, u"vscode-full.json"_s);
    place(u"Windsurf"_s, u"windsurf-malformed.json"_s);
    settings->setValue(SettingKey::CdpPort, 9555);
    ASSERT_TRUE(engine->scheduler()->setQueue({ u"Mine"_s }));

    GeneralPage page(settings.get(), engine->paths(),
                     [this](QWidget *parent) { ExtensionImportDialog::offer(engine.get(), parent); });
    page.show();
    page.findChild<QPushButton *>(u"importExtension"_s)->click();
    auto *dialog = page.findChild<ExtensionImportDialog *>();
    ASSERT_TRUE(dialog);
    ASSERT_TRUE(dialog->isVisible());
    EXPECT_EQ(settings->intValue(SettingKey::CdpPort), 9555) << "nothing is written before Import";

    // The broken file is named with the reason.
    const QString skipped = dialog->findChild<QLabel *>(u"skippedFiles"_s)->text();
    EXPECT_TRUE(skipped.contains(u"Windsurf/User/settings.json"_s)) << skipped.toStdString();
    EXPECT_TRUE(skipped.contains(u"line 3, column 6"_s)) << skipped.toStdString();

    QTableWidget *table = dialog->table();
    ASSERT_EQ(table->rowCount(), 15) << "14 settings and the prompts";
    const int port = rowOf(table, u"Debugging port"_s);
    ASSERT_GE(port, 0);
    EXPECT_EQ(table->item(port, 1)->text(), u"9555"_s);
    EXPECT_EQ(table->item(port, 2)->text(), u"9333"_s);
    EXPECT_EQ(table->item(port, 3)->text(), u"Replaces the value you set"_s);
    EXPECT_EQ(table->item(port, 0)->checkState(), Qt::Checked);
    const int quota = rowOf(table, u"Watch the quota"_s);
    EXPECT_EQ(table->item(quota, 3)->text(), u"Same as ours"_s);
    EXPECT_FALSE(table->item(quota, 0)->flags() & Qt::ItemIsUserCheckable);
    const int prompts = rowOf(table, u"Prompt queue"_s);
    EXPECT_EQ(table->item(prompts, 1)->text(), u"1 prompt"_s);
    EXPECT_EQ(table->item(prompts, 3)->text(), u"Adds 2 to the end of the queue"_s);
    const QString summary = dialog->findChild<QLabel *>(u"importSummary"_s)->text();
    EXPECT_TRUE(summary.contains(u"1 of them replace"_s)) << summary.toStdString();
    screenshot(dialog, u"extension-import-dialog"_s);

    // Opening the debug API is left to the user's own tick; and the user unticks the port.
    const int debug = rowOf(table, u"Debug API"_s);
    EXPECT_EQ(table->item(debug, 0)->checkState(), Qt::Unchecked);
    EXPECT_EQ(table->item(debug, 3)->text(), u"Tick to import: it turns the debug API on"_s);
    table->item(port, 0)->setCheckState(Qt::Unchecked);
    const QString after = dialog->findChild<QLabel *>(u"importSummary"_s)->text();
    EXPECT_TRUE(after.startsWith(u"12 settings"_s)) << after.toStdString();
    dialog->importButton()->click();
    EXPECT_EQ(dialog->result(), QDialog::Accepted) << dialog->resultText().toStdString();
    EXPECT_EQ(settings->intValue(SettingKey::CdpPort), 9555) << "unticked: yours stays";
    EXPECT_EQ(settings->intValue(SettingKey::ScheduleSilenceTimeoutS), 90);
    EXPECT_EQ(settings->stringValue(SettingKey::ScheduleMode), u"queue"_s);
    EXPECT_FALSE(settings->boolValue(SettingKey::QuotaResumeQueue));
    EXPECT_FALSE(settings->boolValue(SettingKey::DebugEnabled)) << "not ticked, not imported";
    EXPECT_EQ(queueTexts(),
              QStringList({ u"Mine"_s, u"Implement the login page"_s, u"Write tests for the login page"_s }));
}

TEST_F(ExtensionImportDialogTest, WrongTypesAreShownAsNotImported)
{
    place(u"Cursor"_s, u"cursor-wrong-types.json"_s);
    auto *dialog = ExtensionImportDialog::offer(engine.get(), nullptr);
    ASSERT_TRUE(dialog);
    QTableWidget *table = dialog->table();
    const int silence = rowOf(table, u"Silent for (s)"_s);
    ASSERT_GE(silence, 0);
    EXPECT_EQ(table->item(silence, 3)->text(),
              u"Not imported: expected a whole number, found the string \"60\""_s);
    EXPECT_FALSE(table->item(silence, 0)->flags() & Qt::ItemIsUserCheckable);
    const int prompts = rowOf(table, u"Prompt queue"_s);
    EXPECT_TRUE(table->item(prompts, 3)->text().startsWith(u"Not imported: prompt 2"_s));
    screenshot(dialog, u"extension-import-wrong-types"_s);
    dialog->importButton()->click();
    EXPECT_TRUE(settings->boolValue(SettingKey::QuotaResumeQueue)) << "untouched";
    EXPECT_EQ(settings->intValue(SettingKey::ScheduleSilenceTimeoutS), 30);
    delete dialog;
}

TEST_F(ExtensionImportDialogTest, TheFirstStartOffersItOnce)
{
    EXPECT_FALSE(ExtensionImportDialog::offerOnFirstStart(engine.get(), nullptr)) << "nothing there";
    EXPECT_TRUE(settings->boolValue(SettingKey::UiExtensionImportOffered)) << "looked once, found nothing";

    settings->setValue(SettingKey::UiExtensionImportOffered, false);
    place(u"Antigravity"_s, u"antigravity-some.json"_s);
    ExtensionImportDialog *dialog = ExtensionImportDialog::offerOnFirstStart(engine.get(), nullptr);
    ASSERT_TRUE(dialog);
    dialog->reject();
    EXPECT_EQ(settings->intValue(SettingKey::CdpPort), 9004) << "Not Now imports nothing";
    EXPECT_FALSE(ExtensionImportDialog::offerOnFirstStart(engine.get(), nullptr)) << "not offered again";
}

TEST_F(ExtensionImportDialogTest, NothingFoundSaysWhereItLooked)
{
    GeneralPage page(settings.get(), engine->paths(),
                     [this](QWidget *parent) { ExtensionImportDialog::offer(engine.get(), parent); });
    const QString said = clickAndAnswer(page.findChild<QPushButton *>(u"importExtension"_s), u"OK"_s);
    EXPECT_TRUE(said.contains(u"No settings"_s)) << said.toStdString();
    EXPECT_TRUE(said.contains(QDir::toNativeSeparators(xdgConfigHome + u"/Code/User/settings.json"_s)))
        << said.toStdString();
}

} // namespace
