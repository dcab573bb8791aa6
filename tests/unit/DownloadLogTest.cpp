// The downloads verb's pure parts: how a download's address is shown (credentials masked), the
// folder name an agent's files go to, and which agents a tab's download belongs to.
#include "actions/DownloadLog.h"

#include "QtPrinters.h"
#include "actions/AgentFolder.h"
#include "actions/TabRegistry.h"

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;

TEST(DownloadLogTest, AddressesAreShownWithTheirCredentialsMasked)
{
    const QString shown = DownloadLog::maskedUrl(
        u"https://ada:hunter2@files.example.com/get/report.pdf?token=s3cr3t-1&v=2&X-Amz-Signature=abc123&page=4"_s);
    EXPECT_FALSE(shown.contains(u"hunter2"_s) || shown.contains(u"ada"_s)) << shown.toStdString();
    EXPECT_FALSE(shown.contains(u"s3cr3t"_s)) << shown.toStdString();
    EXPECT_FALSE(shown.contains(u"abc123"_s)) << shown.toStdString();
    EXPECT_TRUE(shown.contains(u"files.example.com/get/report.pdf"_s)) << shown.toStdString();
    EXPECT_TRUE(shown.contains(u"v=2"_s) && shown.contains(u"page=4"_s)) << shown.toStdString();
    EXPECT_TRUE(shown.contains(u"token=masked"_s)) << shown.toStdString();
    // An address with nothing secret in it is shown as it is (an IP address is masked as the
    // network verb masks it: the redactor's rule).
    EXPECT_EQ(DownloadLog::maskedUrl(u"http://files.example.com:8000/a.bin"_s),
              u"http://files.example.com:8000/a.bin"_s);
    EXPECT_EQ(DownloadLog::maskedUrl(u"http://127.0.0.1:8000/a.bin"_s), u"http://[ip]:8000/a.bin"_s);
    // A data: address is the file itself: only its start is kept.
    const QString data = DownloadLog::maskedUrl(u"data:text/plain;base64,"_s + QString(4000, u'A'));
    EXPECT_LE(data.size(), 41);
    EXPECT_TRUE(data.startsWith(u"data:text/plain"_s));
}

TEST(DownloadLogTest, AnAgentsFolderNameCannotLeaveTheDownloadsFolder)
{
    EXPECT_EQ(AgentFolder::nameFor({ u"agent-ws"_s, u"agent-1"_s }), u"agent-ws-agent-1"_s);
    EXPECT_EQ(AgentFolder::nameFor({ u"mcp"_s, u"../../etc"_s }), u"mcp-.._.._etc"_s);
    EXPECT_FALSE(AgentFolder::nameFor({ u"x"_s, u"/"_s }).contains(u'/'));
    EXPECT_LE(AgentFolder::nameFor({ u"mcp"_s, QString(300, u'a') }).size(), 80);
}

TEST(DownloadLogTest, ATabsDownloadBelongsToTheAgentsThatHoldIt)
{
    TabRegistry tabs;
    const CommandCaller one { u"agent-ws"_s, u"1"_s };
    const CommandCaller two { u"mcp"_s, u"stdio"_s };
    tabs.hand(one, u"A"_s);
    tabs.hand(two, u"B"_s);
    tabs.hand({ u"debug-api"_s, {} }, u"A"_s);
    ASSERT_EQ(tabs.holdersOf(u"A"_s).size(), 1);
    EXPECT_EQ(tabs.holdersOf(u"A"_s).at(0).channel, u"agent-ws"_s);
    EXPECT_EQ(tabs.holdersOf(u"A"_s).at(0).clientId, u"1"_s);
    EXPECT_EQ(tabs.holdersOf(u"B"_s).at(0).clientId, u"stdio"_s);
    EXPECT_TRUE(tabs.holdersOf(u"C"_s).isEmpty());
    tabs.release(one);
    EXPECT_TRUE(tabs.holdersOf(u"A"_s).isEmpty());
}
