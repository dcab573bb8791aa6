// The toolkit's context, cookies and storage verbs on real headless Chromium: an agent's
// isolated context keeps its cookies apart from the user's and goes with the agent; the
// user's cookies (an HttpOnly sign-in) are refused without consent and given site by site,
// never by tab rights alone; a state saved in one agent's context signs another in, with its
// localStorage and sessionStorage; bad names, missing and corrupt states are said plainly.
#include "EngineChromiumTest.h"
#include "HeadlessChromium.h"
#include "QtPrinters.h"
#include "SiteRoutes.h"
#include "TestEnvironment.h"
#include "Wait.h"
#include "actions/CommandDispatcher.h"
#include "actions/TabConsent.h"
#include "actions/ToolkitCommands.h"
#include "cdp/CdpEndpoint.h"
#include "cdp/CdpSession.h"
#include "engine/Engine.h"
#include "settings/Settings.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

using namespace toolkitcallers;

class ToolkitSiteDataTest : public ToolkitAgentTest
{
protected:
    ToolkitSiteDataTest()
        : ToolkitAgentTest(kAgent)
    {
    }

    void SetUp() override
    {
        EngineChromiumTest::SetUp();
        // The sign-in: an HttpOnly session cookie no page script can read.
        site().addRoute(u"/data/login"_s,
                        htmlPage("<!doctype html><title>Signed in</title><p>Welcome back",
                                 { { "Set-Cookie", "sid=s3cr3t-sid-4711; HttpOnly; Path=/" } }));
        // A page that keeps a preference in localStorage and a step in sessionStorage (seeded
        // with ?seed) and shows both.
        site().addRoute(
            u"/data/page.html"_s,
            htmlPage("<!doctype html><title>Prefs</title><p id=out></p><script>"
                     "if (location.search.includes('seed')) { localStorage.setItem('theme', 'dark');"
                     " sessionStorage.setItem('step', 'two'); }"
                     "document.getElementById('out').textContent = 'theme=' + localStorage.getItem('theme')"
                     " + ' step=' + sessionStorage.getItem('step') + ' cookie=' + document.cookie;"
                     "</script>"));
        ASSERT_TRUE(startEngineOnBrowser());
        ASSERT_TRUE(connectOwnEndpoint());
    }

    QString url(const QString &path) const { return fixtureUrl(path).toString(); }

    // The cookie of that name in a cookies get answer (empty when there is none).
    static QJsonObject cookieNamed(const QJsonObject &answer, const QString &name)
    {
        for (const QJsonValue &value : answer.value(u"cookies"_s).toArray()) {
            if (value.toObject().value(u"name"_s).toString() == name)
                return value.toObject();
        }
        return {};
    }

    // What the prefs page shows in the caller's tab.
    QString pageText(const CommandCaller &caller)
    {
        return ok(u"snapshot"_s, {}, caller).value(u"snapshot"_s).toString();
    }

    // The window's prompt: answers every site-data question with `answer`, recording it.
    void answerWith(TabConsent::Answer answer)
    {
        nextAnswer = answer;
        engine->toolkit()->consent()->setAsker(
            &desktop,
            [this](const TabConsent::Request &request, std::function<void(TabConsent::Answer)> reply) {
                asked.append(request);
                reply(nextAnswer);
            });
    }

    QObject desktop;
    QList<TabConsent::Request> asked;
    TabConsent::Answer nextAnswer = TabConsent::Answer::Deny;
};

TEST_F(ToolkitSiteDataTest, AnIsolatedContextKeepsItsCookiesApartAndGoesWithTheAgent)
{
    // The user is signed in, in the browser's own profile.
    ok(u"open"_s, { { u"url"_s, url(u"data/login"_s) }, { u"newTab"_s, true } }, kUser);
    ASSERT_FALSE(cookieNamed(ok(u"cookies"_s, {}, kUser), u"sid"_s).isEmpty());

    const QJsonObject made = ok(u"context"_s, { { u"action"_s, u"new"_s } });
    const QString context = made.value(u"context"_s).toString();
    ASSERT_FALSE(context.isEmpty());
    EXPECT_TRUE(made.value(u"created"_s).toBool());
    // Asked again, the same one.
    EXPECT_EQ(ok(u"context"_s, { { u"action"_s, u"new"_s } }).value(u"context"_s).toString(), context);

    // Its tab opens in the context: the user's sign-in is not there, and nothing is asked.
    const QString tab = ok(u"open"_s, { { u"url"_s, url(u"data/page.html"_s) } }).value(u"tab"_s).toString();
    ASSERT_FALSE(tab.isEmpty());
    CdpSession *session = engine->endpoint()->sessionForTarget(tab);
    ASSERT_TRUE(session);
    EXPECT_EQ(session->targetInfo().browserContextId, context);
    const QJsonObject none = ok(u"cookies"_s);
    EXPECT_EQ(none.value(u"count"_s).toInt(), 0) << QJsonDocument(none).toJson().toStdString();
    EXPECT_TRUE(asked.isEmpty());

    // Its own sign-in and its own cookie stay in the context.
    ok(u"open"_s, { { u"url"_s, url(u"data/login"_s) } });
    const QJsonObject mine = ok(u"cookies"_s);
    const QJsonObject sid = cookieNamed(mine, u"sid"_s);
    EXPECT_TRUE(sid.value(u"httpOnly"_s).toBool()) << QJsonDocument(mine).toJson().toStdString();
    ok(u"cookies"_s,
       { { u"action"_s, u"set"_s },
         { u"cookies"_s,
           QJsonArray { QJsonObject { { u"name"_s, u"lang"_s }, { u"value"_s, u"de"_s } } } } });
    EXPECT_EQ(cookieNamed(ok(u"cookies"_s), u"lang"_s).value(u"value"_s).toString(), u"de"_s);
    const QJsonObject users = ok(u"cookies"_s, {}, kUser); // the user's tab, the user's jar
    EXPECT_TRUE(cookieNamed(users, u"lang"_s).isEmpty()) << QJsonDocument(users).toJson().toStdString();
    EXPECT_FALSE(cookieNamed(users, u"sid"_s).isEmpty()) << "the user is still signed in";

    // clear empties its jar only.
    EXPECT_EQ(ok(u"cookies"_s, { { u"action"_s, u"clear"_s } }).value(u"cleared"_s).toInt(), 2);
    EXPECT_EQ(ok(u"cookies"_s).value(u"count"_s).toInt(), 0);
    EXPECT_FALSE(cookieNamed(ok(u"cookies"_s, {}, kUser), u"sid"_s).isEmpty());

    // A cookie for another site is refused.
    const CommandResult foreign
        = run(u"cookies"_s,
              { { u"action"_s, u"set"_s },
                { u"cookies"_s,
                  QJsonArray { QJsonObject {
                      { u"name"_s, u"x"_s }, { u"value"_s, u"1"_s }, { u"domain"_s, u"evil.test"_s } } } } });
    EXPECT_FALSE(foreign.ok);
    EXPECT_EQ(foreign.kind, ErrorKind::BadInput);
    EXPECT_TRUE(foreign.error.contains(u"evil.test"_s)) << foreign.error.toStdString();

    // The agent goes: its context goes with its tab.
    engine->toolkit()->releaseCaller(kAgent);
    EXPECT_TRUE(waitUntil([&] { return engine->endpoint()->sessionForTarget(tab) == nullptr; }, 10s));
    const CommandResult closed = run(u"context"_s, { { u"action"_s, u"close"_s } });
    EXPECT_EQ(closed.kind, ErrorKind::Conflict) << closed.error.toStdString();
}

TEST_F(ToolkitSiteDataTest, TheUsersCookiesAreGivenSiteBySiteNeverByTabRightsAlone)
{
    // A tab of the agent's own, in the browser's own profile: the cookies it gets are the user's.
    ok(u"open"_s, { { u"url"_s, url(u"data/login"_s) }, { u"newTab"_s, true } });
    settings->setValue(SettingKey::ToolkitUserTabs, u"allow"_s);
    settings->setValue(SettingKey::ToolkitAllowedSites, QStringList { u"127.0.0.1"_s });
    const CommandResult alone = run(u"cookies"_s);
    EXPECT_EQ(alone.kind, ErrorKind::Refused);
    EXPECT_TRUE(alone.error.contains(u"toolkit/dataSites"_s)) << alone.error.toStdString();
    EXPECT_FALSE(alone.error.contains(u"s3cr3t"_s));
    EXPECT_EQ(run(u"storage"_s, { { u"action"_s, u"save"_s }, { u"name"_s, u"grab"_s } }).kind,
              ErrorKind::Refused);
    EXPECT_FALSE(QFileInfo::exists(paths.dataDir + u"/storage-states/grab.json"_s));

    // The user allows it once: asked about the site and its data, then given until the agent goes.
    answerWith(TabConsent::Answer::AllowOnce);
    const QJsonObject given = ok(u"cookies"_s);
    EXPECT_EQ(cookieNamed(given, u"sid"_s).value(u"value"_s).toString(), u"s3cr3t-sid-4711"_s);
    ASSERT_EQ(asked.size(), 1);
    EXPECT_EQ(asked.at(0).subject, TabConsent::Subject::SiteData);
    EXPECT_EQ(asked.at(0).site(), u"127.0.0.1"_s);
    ok(u"cookies"_s);
    EXPECT_EQ(asked.size(), 1);
    EXPECT_TRUE(settings->listValue(SettingKey::ToolkitDataSites).isEmpty());

    // Another agent is asked for itself; refused, it gets nothing.
    nextAnswer = TabConsent::Answer::Deny;
    ok(u"open"_s, { { u"url"_s, url(u"data/page.html"_s) }, { u"newTab"_s, true } }, kOtherAgent);
    const CommandResult refused = run(u"cookies"_s, {}, kOtherAgent);
    EXPECT_EQ(refused.kind, ErrorKind::Refused);
    EXPECT_TRUE(refused.error.contains(u"refused"_s)) << refused.error.toStdString();
    EXPECT_EQ(asked.size(), 2);

    // Once the agent goes, its "once" is over.
    engine->toolkit()->releaseCaller(kAgent);
    ok(u"open"_s, { { u"url"_s, url(u"data/page.html"_s) }, { u"newTab"_s, true } });
    EXPECT_EQ(run(u"cookies"_s).kind, ErrorKind::Refused);

    // Allowed for the site for good: no question, for any agent.
    settings->setValue(SettingKey::ToolkitDataSites, QStringList { u"127.0.0.1"_s });
    const qsizetype before = asked.size();
    EXPECT_FALSE(cookieNamed(ok(u"cookies"_s, {}, kOtherAgent), u"sid"_s).isEmpty());
    EXPECT_EQ(asked.size(), before);

    // userTabs=deny refuses site data too.
    settings->setValue(SettingKey::ToolkitUserTabs, u"deny"_s);
    EXPECT_EQ(run(u"cookies"_s, {}, kOtherAgent).kind, ErrorKind::Refused);
}

TEST_F(ToolkitSiteDataTest, AStateSavedInOneContextSignsInAnotherWithItsStorage)
{
    ok(u"context"_s, { { u"action"_s, u"new"_s } });
    ok(u"open"_s, { { u"url"_s, url(u"data/login"_s) } });
    ok(u"open"_s, { { u"url"_s, url(u"data/page.html?seed"_s) } });
    EXPECT_TRUE(pageText(kAgent).contains(u"theme=dark step=two"_s)) << pageText(kAgent).toStdString();

    const QJsonObject saved = ok(u"storage"_s, { { u"action"_s, u"save"_s }, { u"name"_s, u"shop"_s } });
    EXPECT_TRUE(saved.value(u"isolated"_s).toBool());
    EXPECT_EQ(saved.value(u"cookies"_s).toInt(), 1);
    const QString path = saved.value(u"path"_s).toString();
    EXPECT_EQ(path, paths.dataDir + u"/storage-states/shop.json"_s);
    EXPECT_EQ(QFileInfo(path).permissions() & (QFile::ReadGroup | QFile::ReadOther | QFile::WriteOther),
              QFile::Permissions());
    EXPECT_EQ(QFileInfo(QFileInfo(path).absolutePath()).permissions() & (QFile::ReadOther | QFile::ExeOther),
              QFile::Permissions());
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    EXPECT_TRUE(bytes.contains("s3cr3t-sid-4711") && bytes.contains("\"theme\"") && bytes.contains("\"two\""))
        << bytes.toStdString();
    EXPECT_TRUE(asked.isEmpty());
    const QJsonArray states = ok(u"storage"_s, { { u"action"_s, u"list"_s } }).value(u"states"_s).toArray();
    ASSERT_EQ(states.size(), 1);
    EXPECT_EQ(states.at(0).toObject().value(u"name"_s).toString(), u"shop"_s);

    // The first agent goes; a second one in a fresh context starts signed out, loads the state
    // into its tab of the same site, and is signed in with the same preference.
    engine->toolkit()->releaseCaller(kAgent);
    ok(u"context"_s, { { u"action"_s, u"new"_s } }, kOtherAgent);
    ok(u"open"_s, { { u"url"_s, url(u"data/page.html"_s) } }, kOtherAgent);
    EXPECT_TRUE(pageText(kOtherAgent).contains(u"theme=null step=null"_s))
        << pageText(kOtherAgent).toStdString();
    const QJsonObject loaded
        = ok(u"storage"_s, { { u"action"_s, u"load"_s }, { u"name"_s, u"shop"_s } }, kOtherAgent);
    EXPECT_EQ(loaded.value(u"cookies"_s).toInt(), 1);
    EXPECT_EQ(loaded.value(u"origins"_s).toArray().size(), 1) << QJsonDocument(loaded).toJson().toStdString();
    EXPECT_FALSE(cookieNamed(ok(u"cookies"_s, {}, kOtherAgent), u"sid"_s).isEmpty());
    ok(u"reload"_s, {}, kOtherAgent);
    EXPECT_TRUE(pageText(kOtherAgent).contains(u"theme=dark step=two"_s))
        << pageText(kOtherAgent).toStdString();
    EXPECT_TRUE(asked.isEmpty());

    // Into the user's own profile the same state would plant a sign-in: nobody to ask, refused.
    const CommandResult planted = run(u"storage"_s, { { u"action"_s, u"load"_s }, { u"name"_s, u"shop"_s } },
                                      { u"agent-ws"_s, u"agent-3"_s });
    EXPECT_EQ(planted.kind, ErrorKind::Refused) << planted.error.toStdString();

    // Bad input, said plainly.
    EXPECT_EQ(run(u"storage"_s, { { u"action"_s, u"save"_s }, { u"name"_s, u"../x"_s } }, kOtherAgent).kind,
              ErrorKind::BadInput);
    const CommandResult missing
        = run(u"storage"_s, { { u"action"_s, u"load"_s }, { u"name"_s, u"nope"_s } }, kOtherAgent);
    EXPECT_EQ(missing.kind, ErrorKind::NotFound);
    EXPECT_TRUE(missing.error.contains(u"shop"_s)) << missing.error.toStdString();
    QFile corrupt(paths.dataDir + u"/storage-states/broken.json"_s);
    ASSERT_TRUE(corrupt.open(QIODevice::WriteOnly));
    corrupt.write("{ not json");
    corrupt.close();
    const CommandResult broken
        = run(u"storage"_s, { { u"action"_s, u"load"_s }, { u"name"_s, u"broken"_s } }, kOtherAgent);
    EXPECT_EQ(broken.kind, ErrorKind::Unusable);
    EXPECT_TRUE(broken.error.contains(u"broken.json"_s)) << broken.error.toStdString();
}

} // namespace
