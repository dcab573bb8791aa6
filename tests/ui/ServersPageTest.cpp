#include "pages/ServersPage.h"

#include "QtPrinters.h"
#include "TokenBox.h"
#include "UiTest.h"
#include "server/TokenFile.h"

#include <QCheckBox>
#include <QClipboard>
#include <QDir>
#include <QFile>
#include <QGuiApplication>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

class ServersPageTest : public UiTest
{
protected:
    QString tokenPath(const QString &name) const { return QDir(configDir()).filePath(name); }
};

TEST_F(ServersPageTest, ServerSettingsLoadSaveAndSayTheyNeedARestart)
{
    settings->setValue(SettingKey::DebugPort, 50000);
    ServersPage page(engine.get());
    auto *debugOn = editor<QCheckBox>(&page, SettingKey::DebugEnabled);
    ASSERT_TRUE(debugOn);
    EXPECT_FALSE(debugOn->isChecked());
    EXPECT_EQ(editor<QSpinBox>(&page, SettingKey::DebugPort)->value(), 50000);
    EXPECT_EQ(editor<QSpinBox>(&page, SettingKey::AgentServerPort)->value(), 8080);
    EXPECT_TRUE(field(&page, SettingKey::DebugPort)->findChild<QLabel *>(u"restartNote"_s));
    EXPECT_TRUE(field(&page, SettingKey::AgentServerPort)->findChild<QLabel *>(u"restartNote"_s));
    EXPECT_FALSE(field(&page, SettingKey::DebugAllowEvaluate)->note().isEmpty()) << "the risk is spelled out";

    debugOn->click();
    EXPECT_TRUE(settings->boolValue(SettingKey::DebugEnabled));
    editor<QCheckBox>(&page, SettingKey::AgentServerEnabled)->click();
    EXPECT_TRUE(settings->boolValue(SettingKey::AgentServerEnabled));
    editor<QSpinBox>(&page, SettingKey::AgentServerPort)->setValue(8181);
    EXPECT_EQ(settings->intValue(SettingKey::AgentServerPort), 8181);
}

TEST_F(ServersPageTest, ATokenIsCreatedShownCopiedAndRegenerated)
{
    ServersPage page(engine.get());
    page.show();
    TokenBox *box = page.debugToken();
    ASSERT_TRUE(box);
    EXPECT_EQ(box->path(), tokenPath(u"debug-token"_s));
    EXPECT_EQ(page.agentToken()->path(), tokenPath(u"agent-token"_s));
    auto *text = box->findChild<QLineEdit *>(u"tokenField"_s);
    auto *create = box->findChild<QPushButton *>(u"tokenRegenerate"_s);
    EXPECT_TRUE(text->text().isEmpty());
    EXPECT_EQ(create->text(), u"Create"_s);
    EXPECT_FALSE(box->findChild<QPushButton *>(u"tokenCopy"_s)->isEnabled());

    create->click(); // no question for a first token
    const QString first = TokenFile(tokenPath(u"debug-token"_s)).read();
    ASSERT_EQ(first.size(), 43);
    EXPECT_EQ(QFile::permissions(tokenPath(u"debug-token"_s)) & 0x0077, 0) << "readable by the owner only";
    EXPECT_EQ(text->text(), first);
    EXPECT_EQ(text->echoMode(), QLineEdit::Password) << "hidden until asked";
    box->findChild<QPushButton *>(u"tokenReveal"_s)->click();
    EXPECT_EQ(text->echoMode(), QLineEdit::Normal);
    box->findChild<QPushButton *>(u"tokenCopy"_s)->click();
    EXPECT_EQ(QGuiApplication::clipboard()->text(), first);

    answerNextDialog(u"Cancel"_s);
    box->findChild<QPushButton *>(u"tokenRegenerate"_s)->click();
    EXPECT_EQ(TokenFile(tokenPath(u"debug-token"_s)).read(), first);
    QString asked;
    answerNextDialog(u"Yes"_s, &asked);
    box->findChild<QPushButton *>(u"tokenRegenerate"_s)->click();
    EXPECT_TRUE(asked.contains(u"refused"_s)) << asked.toStdString();
    const QString second = TokenFile(tokenPath(u"debug-token"_s)).read();
    EXPECT_NE(second, first);
    EXPECT_EQ(text->text(), second);
    EXPECT_TRUE(TokenFile(tokenPath(u"agent-token"_s)).read().isEmpty()) << "each server has its own";
}

TEST_F(ServersPageTest, AnExistingTokenIsShownAndNeverWrittenToTheSettings)
{
    const QString token = TokenFile(tokenPath(u"agent-token"_s)).ensure();
    ServersPage page(engine.get());
    EXPECT_EQ(page.agentToken()->findChild<QLineEdit *>(u"tokenField"_s)->text(), token);
    QFile ini(settings->filePath());
    if (ini.open(QIODevice::ReadOnly)) {
        EXPECT_FALSE(QString::fromUtf8(ini.readAll()).contains(token));
    }
    EXPECT_EQ(page.findChild<QLabel *>(u"debugServerState"_s)->text(), u"Not running"_s);
    EXPECT_TRUE(page.findChild<QLabel *>(u"pending:agentServerState"_s));
}

} // namespace
