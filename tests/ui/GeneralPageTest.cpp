#include "pages/GeneralPage.h"

#include "ExtensionImportDialog.h"
#include "QtPrinters.h"
#include "UiTest.h"
#include "platform/DesktopEntry.h"

#include <QCheckBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QPushButton>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

class GeneralPageTest : public UiTest
{
protected:
    QString autostartFile() const
    {
        return xdgConfigHome + u"/autostart/org.mpagent.MultiPurposeAgent.desktop"_s;
    }
};

TEST_F(GeneralPageTest, StartAtLoginWritesTheAutostartEntryAndReadsItBack)
{
    GeneralPage page(settings.get(), engine->paths(),
                     [this](QWidget *parent) { ExtensionImportDialog::offer(engine.get(), parent); });
    page.show();
    auto *startAtLogin = page.findChild<QCheckBox *>(u"startAtLogin"_s);
    ASSERT_TRUE(startAtLogin);
    EXPECT_FALSE(startAtLogin->isChecked());

    startAtLogin->click();
    ASSERT_TRUE(QFile::exists(autostartFile()));
    const auto entry = DesktopEntry::load(autostartFile());
    ASSERT_TRUE(entry);
    const QString exec = entry->value(u"Desktop Entry"_s, u"Exec"_s);
    EXPECT_TRUE(exec.contains(u"--config-dir"_s)) << "this instance's config dir: " << exec.toStdString();
    EXPECT_TRUE(page.findChild<QLabel *>(u"autostartInfo"_s)->text().contains(u"Started at login"_s));

    // Removed behind the app's back (the desktop's own settings): the box follows the OS.
    QFile::remove(autostartFile());
    page.hide();
    page.show();
    EXPECT_FALSE(startAtLogin->isChecked());

    startAtLogin->click();
    startAtLogin->click();
    EXPECT_FALSE(QFile::exists(autostartFile()));
}

TEST_F(GeneralPageTest, ResetAllAsksAndThenResetsEverySetting)
{
    settings->setValue(SettingKey::CdpPort, 9222);
    settings->setValue(SettingKey::AutoAcceptEnabled, true);
    GeneralPage page(settings.get(), engine->paths(),
                     [this](QWidget *parent) { ExtensionImportDialog::offer(engine.get(), parent); });
    page.show();
    auto *reset = page.findChild<QPushButton *>(u"resetAll"_s);
    ASSERT_TRUE(reset);

    clickAndAnswer(reset, u"Cancel"_s);
    EXPECT_EQ(settings->intValue(SettingKey::CdpPort), 9222);

    const QString asked = clickAndAnswer(reset, u"Reset All Settings"_s);
    EXPECT_TRUE(asked.contains(u"cannot be undone"_s)) << asked.toStdString();
    EXPECT_EQ(settings->intValue(SettingKey::CdpPort), 9004);
    EXPECT_FALSE(settings->boolValue(SettingKey::AutoAcceptEnabled));
    EXPECT_FALSE(settings->isSet(SettingKey::CdpPort));
    // The old settings are kept next to settings.ini (the debug API's resetAllSettings does the same).
    const QStringList backups
        = QDir(configDir()).entryList({ u"settings-before-reset-*.ini"_s }, QDir::Files);
    ASSERT_EQ(backups.size(), 1) << QDir(configDir()).entryList().join(u' ').toStdString();
    EXPECT_EQ(Settings(QDir(configDir()).filePath(backups.first())).intValue(SettingKey::CdpPort), 9222);
}

TEST_F(GeneralPageTest, NotificationsAndFoldersAreShown)
{
    GeneralPage page(settings.get(), engine->paths(),
                     [this](QWidget *parent) { ExtensionImportDialog::offer(engine.get(), parent); });
    auto *notifications = editor<QCheckBox>(&page, SettingKey::UiNotifications);
    ASSERT_TRUE(notifications);
    EXPECT_TRUE(notifications->isChecked());
    notifications->click();
    EXPECT_FALSE(settings->boolValue(SettingKey::UiNotifications));
    EXPECT_EQ(page.findChild<QLabel *>(u"configDirPath"_s)->text(), QDir::toNativeSeparators(configDir()));
    EXPECT_TRUE(page.findChild<QLabel *>(u"logDirPath"_s)->text().endsWith(u"logs"_s));
}

} // namespace
