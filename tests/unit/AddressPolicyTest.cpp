// AddressPolicy: which addresses the toolkit's open and tab new load, on real files in a temp
// folder. The rules are README's ("Browser toolkit": toolkit/allowFileUrls — "may agents open
// file: addresses (your files); the app's own config, data and log folders are never opened, by
// anyone"; the debug API's callers may use every tab). The attacks tried on the protected folder
// are the usual ways around a path prefix check: `..` segments, a symlink from outside into it,
// a sibling folder whose name starts with the protected one's, and a file that does not exist yet.
#include "actions/AddressPolicy.h"

#include "settings/Settings.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QUrl>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;

namespace {

class AddressPolicyTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        ASSERT_TRUE(dir.isValid());
        const QDir root(dir.path());
        ASSERT_TRUE(root.mkpath(u"config"_s));
        ASSERT_TRUE(root.mkpath(u"config-other"_s));
        ASSERT_TRUE(root.mkpath(u"home"_s));
        write(u"config/token"_s);
        write(u"config-other/page.html"_s);
        write(u"home/page.html"_s);
        ASSERT_TRUE(QFile::link(path(u"config"_s), path(u"home/link-to-config"_s)));
        policy.setProtectedFolders({ path(u"config"_s) });
    }

    QString path(const QString &relative) const { return QDir(dir.path()).filePath(relative); }
    void write(const QString &relative) const
    {
        QFile file(path(relative));
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        file.write("<p>hi</p>");
    }
    CommandResult check(const CommandCaller &caller, const QString &address) const
    {
        return policy.check(caller, QUrl(address, QUrl::StrictMode), address);
    }
    static QString fileUrl(const QString &localPath) { return QUrl::fromLocalFile(localPath).toString(); }

    QTemporaryDir dir;
    Settings settings { QDir(dir.path()).filePath(u"settings.ini"_s) };
    AddressPolicy policy { &settings };
    const CommandCaller agent { u"agent-ws"_s, u"1"_s };
    const CommandCaller debugApi { u"debug-api"_s, u"1"_s };
};

TEST_F(AddressPolicyTest, WebAndAboutAddressesAreOpenToEveryone)
{
    for (const QString &address :
         { u"https://example.org/"_s, u"http://127.0.0.1:8080/x?y=1"_s, u"about:blank"_s }) {
        EXPECT_TRUE(check(agent, address).ok) << address.toStdString();
        EXPECT_TRUE(check(debugApi, address).ok) << address.toStdString();
    }
}

TEST_F(AddressPolicyTest, OtherSchemesAreRefusedNamingTheAddress)
{
    for (const QString &address : { u"javascript:alert(1)"_s, u"data:text/html,<b>x</b>"_s,
                                    u"chrome://settings"_s, u"ftp://example.org/"_s, u"example.org"_s }) {
        const CommandResult refused = check(debugApi, address);
        EXPECT_FALSE(refused.ok) << address.toStdString();
        EXPECT_EQ(refused.kind, ErrorKind::BadInput);
        EXPECT_EQ(refused.error, u"params.url “%1” is not an http(s), file or about: address"_s.arg(address));
    }
}

TEST_F(AddressPolicyTest, FileAddressesAreOffForAgentsUntilTheUserAllowsThem)
{
    const QString page = fileUrl(path(u"home/page.html"_s));
    const CommandResult off = check(agent, page);
    EXPECT_FALSE(off.ok);
    EXPECT_EQ(off.kind, ErrorKind::Refused);
    EXPECT_TRUE(off.error.contains(u"toolkit/allowFileUrls"_s)) << off.error.toStdString();
    // The debug API's callers are not agents: the setting does not hold them back.
    EXPECT_TRUE(check(debugApi, page).ok);

    ASSERT_TRUE(settings.setValue(SettingKey::ToolkitAllowFileUrls, true));
    EXPECT_TRUE(check(agent, page).ok);
    EXPECT_TRUE(check(agent, fileUrl(path(u"config-other/page.html"_s))).ok)
        << "a sibling whose name starts with the protected folder's is not inside it";
}

TEST_F(AddressPolicyTest, TheAppsOwnFoldersAreNeverOpenedByAnyone)
{
    ASSERT_TRUE(settings.setValue(SettingKey::ToolkitAllowFileUrls, true));
    const QStringList inside {
        fileUrl(path(u"config"_s)),
        fileUrl(path(u"config/token"_s)),
        fileUrl(path(u"config/not-written-yet.json"_s)),
        fileUrl(path(u"home/link-to-config/token"_s)),
        u"file://"_s + dir.path() + u"/home/../config/token"_s,
    };
    for (const QString &address : inside) {
        for (const CommandCaller &caller : { agent, debugApi }) {
            const CommandResult refused = check(caller, address);
            EXPECT_FALSE(refused.ok) << address.toStdString() << " by " << caller.channel.toStdString();
            EXPECT_EQ(refused.kind, ErrorKind::Refused);
            EXPECT_EQ(refused.error,
                      u"%1 is in the app's own folder (%2), which holds its tokens: it is never "
                      "opened in a page"_s.arg(address, path(u"config"_s)));
        }
    }
}

} // namespace
