// "Send Prompt Now": Send (not OK) as the default, Ctrl+Enter sends, Tab moves the focus, and
// with no IDE to send to, Send is off and the dialog says why — before the user writes anything.
#include "SendPromptDialog.h"

#include "HeadlessChromium.h"
#include "MainWindow.h"
#include "QtPrinters.h"
#include "TrayController.h"
#include "UiTest.h"
#include "Wait.h"

#include <QAction>
#include <QLabel>
#include <QMenu>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

class SendPromptDialogTest : public UiTest
{
};

TEST_F(SendPromptDialogTest, WithNoIdeSendIsOffAndTheDialogSaysWhy)
{
    engine->start();
    MainWindow window(engine.get());
    TrayController tray(engine.get(), &window);
    tray.menu()->findChild<QAction *>(u"sendNowAction"_s)->trigger();
    auto *dialog = window.findChild<SendPromptDialog *>(u"sendPromptDialog"_s);
    ASSERT_NE(dialog, nullptr);
    EXPECT_TRUE(dialog->isVisible());
    EXPECT_EQ(dialog->sendButton()->text(), u"Send"_s);
    EXPECT_FALSE(dialog->sendButton()->isEnabled());
    EXPECT_TRUE(dialog->reasonLabel()->isVisibleTo(dialog));
    EXPECT_TRUE(dialog->reasonLabel()->text().contains(u"No IDE is connected"_s));
    dialog->editor()->setPlainText(u"Run the tests"_s);
    EXPECT_FALSE(dialog->sendButton()->isEnabled()) << "nowhere to send it";
    screenshot(dialog, u"send-prompt-no-ide"_s);
    dialog->close();
}

TEST_F(SendPromptDialogTest, CtrlEnterSendsAndTabMovesTheFocus)
{
    SendPromptDialog dialog(engine.get(), nullptr, [] { return QString(); });
    QSignalSpy sent(&dialog, &SendPromptDialog::sendRequested);
    dialog.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&dialog));
    dialog.editor()->setFocus();
    EXPECT_FALSE(dialog.sendButton()->isEnabled()) << "nothing written yet";
    QTest::keyClicks(dialog.editor(), u"Fix the parser"_s);
    EXPECT_TRUE(dialog.sendButton()->isEnabled());
    EXPECT_FALSE(dialog.reasonLabel()->isVisibleTo(&dialog));
    // Tab leaves the box; it types no tab.
    QTest::keyClick(dialog.editor(), Qt::Key_Tab);
    EXPECT_EQ(dialog.editor()->toPlainText(), u"Fix the parser"_s);
    EXPECT_FALSE(dialog.editor()->hasFocus());
    dialog.editor()->setFocus();
    QTest::keyClick(dialog.editor(), Qt::Key_Return, Qt::ControlModifier);
    ASSERT_EQ(sent.count(), 1);
    EXPECT_EQ(sent.first().first().toString(), u"Fix the parser"_s);
    // Open while it goes out, the text read-only; closed once it went.
    EXPECT_TRUE(dialog.isVisible());
    EXPECT_TRUE(dialog.isSending());
    EXPECT_TRUE(dialog.editor()->isReadOnly());
    EXPECT_FALSE(dialog.sendButton()->isEnabled());
    EXPECT_EQ(dialog.reasonLabel()->text(), u"Sending…"_s);
    dialog.finishSend(true);
    EXPECT_FALSE(dialog.isVisible());
}

TEST_F(SendPromptDialogTest, ASendThatFailsLaterKeepsTheTextToSendAgain)
{
    // A real browser whose only page has no chat: the send goes out, then fails.
    HeadlessChromium browser;
    ASSERT_TRUE(startBrowser(browser));
    ASSERT_TRUE(startEngineOn(browser));
    MainWindow window(engine.get());
    TrayController tray(engine.get(), &window);
    tray.menu()->findChild<QAction *>(u"sendNowAction"_s)->trigger();
    auto *dialog = window.findChild<SendPromptDialog *>(u"sendPromptDialog"_s);
    ASSERT_NE(dialog, nullptr);
    const QString typed = u"Run the tests\nand fix what fails"_s;
    dialog->editor()->setPlainText(typed);
    ASSERT_TRUE(waitUntil([&] { return dialog->sendButton()->isEnabled(); }))
        << dialog->reasonLabel()->text().toStdString();
    dialog->sendButton()->click();
    ASSERT_TRUE(waitUntil([&] { return !dialog->isSending(); }, 40s));
    EXPECT_TRUE(dialog->isVisible());
    EXPECT_EQ(dialog->editor()->toPlainText(), typed) << "the typed text is kept";
    EXPECT_FALSE(dialog->editor()->isReadOnly());
    const QString said = dialog->reasonLabel()->text();
    EXPECT_TRUE(said.startsWith(u"Not sent: "_s)) << said.toStdString();
    EXPECT_TRUE(said.contains(u"Your text is still here"_s)) << said.toStdString();
    EXPECT_TRUE(dialog->sendButton()->isEnabled()) << "Send tries again";
    screenshot(dialog, u"send-prompt-failed"_s);
    dialog->close();
    engine->stop();
    browser.stop();
}

} // namespace
