// TabConsent: whether an agent may use a tab it did not open, as toolkit/userTabs and
// toolkit/allowedSites say, with a scripted asker standing in for the desktop prompt and a
// FakeClock for the 60 s the prompt waits.
#include "actions/TabConsent.h"

#include "ConsentRequests.h"
#include "FakeClock.h"
#include "settings/Settings.h"

#include <QDir>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <optional>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

class TabConsentTest : public ::testing::Test
{
protected:
    static TabConsent::Request gmail(const QString &clientId = u"ws-1"_s) { return gmailRequest(clientId); }

    // The answer to one request: nullopt while it waits, "" when granted, else the refusal.
    std::shared_ptr<std::optional<QString>> ask(const TabConsent::Request &request)
    {
        auto result = std::make_shared<std::optional<QString>>();
        consent.request(request, [result](const CommandResult &answer) {
            EXPECT_EQ(answer.kind, answer.ok ? ErrorKind::None : ErrorKind::Refused)
                << "a refusal is Refused";
            *result = answer.ok ? QString() : answer.error;
        });
        return result;
    }

    // The desktop prompt: remembers each question and how to answer it.
    void installAsker()
    {
        consent.setAsker(
            &askerOwner,
            [this](const TabConsent::Request &request, std::function<void(TabConsent::Answer)> answer) {
                questions.append(request);
                answers.append(std::move(answer));
            });
    }

    QTemporaryDir dir;
    Settings settings { QDir(dir.path()).filePath(u"settings.ini"_s) };
    FakeClock clock { QDateTime(QDate(2026, 11, 25), QTime(12, 0), QTimeZone::utc()) };
    TabConsent consent { &settings, &clock };
    QObject askerOwner;
    QList<TabConsent::Request> questions;
    QList<std::function<void(TabConsent::Answer)>> answers;
};

TEST_F(TabConsentTest, TheSiteIsTheHostInLowerCase)
{
    EXPECT_EQ(gmail().site(), u"mail.google.com"_s);
    EXPECT_EQ(TabConsent::siteOf(QUrl(u"about:blank"_s)), QString());
    EXPECT_EQ(gmail().agentName(), u"Claude Desktop"_s);
    TabConsent::Request unnamed = gmail();
    unnamed.caller.name.clear();
    EXPECT_EQ(unnamed.agentName(), u"an agent (agent-ws ws-1)"_s);
}

TEST_F(TabConsentTest, AllowAndDenyNeedNoQuestion)
{
    installAsker();
    ASSERT_TRUE(settings.setValue(SettingKey::ToolkitUserTabs, u"allow"_s));
    EXPECT_EQ(ask(gmail())->value_or(u"waiting"_s), QString());
    ASSERT_TRUE(settings.setValue(SettingKey::ToolkitUserTabs, u"deny"_s));
    const auto denied = ask(gmail());
    ASSERT_TRUE(denied->has_value());
    EXPECT_TRUE(denied->value().contains(u"toolkit/userTabs is deny"_s)) << denied->value().toStdString();
    EXPECT_TRUE(questions.isEmpty());
}

TEST_F(TabConsentTest, WithNobodyToAskItRefusesAndSaysHowToAllow)
{
    EXPECT_EQ(settings.stringValue(SettingKey::ToolkitUserTabs), u"ask"_s) << "ask is the default";
    EXPECT_FALSE(consent.canAsk());
    const auto refused = ask(gmail());
    ASSERT_TRUE(refused->has_value());
    EXPECT_EQ(
        refused->value(),
        u"the tab “Gmail — Inbox” (mail.google.com) is the user's, and no one is at the desktop to allow "
        "it: the user can set toolkit/userTabs=allow, or add mail.google.com to toolkit/allowedSites. "
        "Meanwhile open a page of your own with open {\"url\": …}"_s);
    // The asker's owner gone is nobody to ask either.
    {
        QObject owner;
        consent.setAsker(&owner, [](const TabConsent::Request &, std::function<void(TabConsent::Answer)>) {});
        EXPECT_TRUE(consent.canAsk());
    }
    EXPECT_FALSE(consent.canAsk());
}

TEST_F(TabConsentTest, AllowOnceGrantsThisRequestOnly)
{
    installAsker();
    const auto first = ask(gmail());
    ASSERT_EQ(questions.size(), 1);
    EXPECT_EQ(questions.at(0).title, u"Gmail — Inbox"_s);
    EXPECT_FALSE(first->has_value()) << "the command waits for the user";
    answers.at(0)(TabConsent::Answer::AllowOnce);
    EXPECT_EQ(first->value_or(u"waiting"_s), QString());
    EXPECT_TRUE(settings.listValue(SettingKey::ToolkitAllowedSites).isEmpty());
    // The next request is a new question.
    ask(gmail(u"ws-2"_s));
    EXPECT_EQ(questions.size(), 2);
}

TEST_F(TabConsentTest, DenyRefusesEveryoneWaitingForTheSameQuestion)
{
    installAsker();
    const auto first = ask(gmail());
    const auto second = ask(gmail()); // the same agent and tab: one question, two waiting
    ASSERT_EQ(questions.size(), 1);
    answers.at(0)(TabConsent::Answer::Deny);
    ASSERT_TRUE(first->has_value() && second->has_value());
    EXPECT_EQ(first->value(), u"the user refused Claude Desktop the tab “Gmail — Inbox”"_s);
    EXPECT_EQ(second->value(), first->value());
    answers.at(0)(TabConsent::Answer::AllowOnce); // a late second answer changes nothing
    EXPECT_EQ(first->value(), u"the user refused Claude Desktop the tab “Gmail — Inbox”"_s);
}

TEST_F(TabConsentTest, AllowForTheSiteIsRememberedUntilRevoked)
{
    installAsker();
    const auto first = ask(gmail());
    answers.at(0)(TabConsent::Answer::AllowSite);
    EXPECT_EQ(first->value_or(u"waiting"_s), QString());
    EXPECT_EQ(settings.listValue(SettingKey::ToolkitAllowedSites), QStringList { u"mail.google.com"_s });
    // Another agent on the same site: no question.
    EXPECT_EQ(ask(gmail(u"ws-9"_s))->value_or(u"waiting"_s), QString());
    EXPECT_EQ(questions.size(), 1);

    EXPECT_TRUE(consent.revokeSite(u"Mail.Google.com"_s));
    EXPECT_FALSE(consent.revokeSite(u"mail.google.com"_s));
    EXPECT_TRUE(settings.listValue(SettingKey::ToolkitAllowedSites).isEmpty());
    ask(gmail(u"ws-9"_s));
    EXPECT_EQ(questions.size(), 2) << "asked again once revoked";
}

TEST_F(TabConsentTest, AnUnansweredQuestionIsRefusedAfterItsPatience)
{
    installAsker();
    QStringList withdrawn;
    QObject::connect(&consent, &TabConsent::withdrawn, &consent,
                     [&](const QString &targetId, const CommandCaller &) { withdrawn.append(targetId); });
    const auto waiting = ask(gmail());
    clock.advance(59s);
    EXPECT_FALSE(waiting->has_value());
    clock.advance(1s);
    ASSERT_TRUE(waiting->has_value());
    EXPECT_EQ(
        waiting->value(),
        u"the user did not answer within 60 s whether Claude Desktop may use the tab “Gmail — Inbox”"_s);
    EXPECT_EQ(withdrawn, QStringList { u"T1"_s });
    answers.at(0)(TabConsent::Answer::AllowOnce); // too late
    EXPECT_EQ(consent.pendingCount(), 0);
}

TEST_F(TabConsentTest, SitesMustBeHostNames)
{
    QString error;
    EXPECT_FALSE(
        settings.setValue(SettingKey::ToolkitAllowedSites, QStringList { u"https://a.com/x"_s }, &error));
    EXPECT_TRUE(error.contains(u"is not a site"_s)) << error.toStdString();
    EXPECT_TRUE(
        settings.setValue(SettingKey::ToolkitAllowedSites, QStringList { u"a.com"_s, u"127.0.0.1"_s }));
}

} // namespace

namespace {

class SiteDataConsentTest : public TabConsentTest
{
protected:
    std::shared_ptr<std::optional<QString>> askData(const CommandCaller &caller, const QString &site)
    {
        auto result = std::make_shared<std::optional<QString>>();
        consent.requestSiteData(caller, site, [result](const CommandResult &answer) {
            *result = answer.ok ? QString() : answer.error;
        });
        return result;
    }
    const CommandCaller agent { u"agent-ws"_s, u"ws-1"_s, u"Claude Desktop"_s };
    const CommandCaller other { u"agent-ws"_s, u"ws-2"_s };
};

// Tab rights are not a sign-in: userTabs=allow and allowedSites give no cookies; only dataSites
// or the user's answer do, and "Allow once" ends with the agent.
TEST_F(SiteDataConsentTest, TabRightsGiveNoSignIn)
{
    ASSERT_TRUE(settings.setValue(SettingKey::ToolkitUserTabs, u"allow"_s));
    ASSERT_TRUE(settings.setValue(SettingKey::ToolkitAllowedSites, QStringList { u"github.com"_s }));
    const auto alone = askData(agent, u"github.com"_s);
    ASSERT_TRUE(alone->has_value());
    EXPECT_TRUE(alone->value().contains(u"toolkit/dataSites"_s)) << alone->value().toStdString();

    installAsker();
    const auto once = askData(agent, u"github.com"_s);
    const auto twice = askData(agent, u"github.com"_s); // the same question, one prompt
    ASSERT_EQ(questions.size(), 1);
    EXPECT_EQ(questions.at(0).subject, TabConsent::Subject::SiteData);
    EXPECT_EQ(questions.at(0).site(), u"github.com"_s);
    answers.at(0)(TabConsent::Answer::AllowOnce);
    EXPECT_EQ(once->value_or(u"waiting"_s), QString());
    EXPECT_EQ(twice->value_or(u"waiting"_s), QString());
    EXPECT_TRUE(consent.isDataSiteAllowed(agent, u"github.com"_s));
    EXPECT_FALSE(consent.isDataSiteAllowed(other, u"github.com"_s));
    EXPECT_FALSE(consent.isDataSiteAllowed(agent, u"gitlab.com"_s));
    consent.forgetCaller(agent);
    EXPECT_FALSE(consent.isDataSiteAllowed(agent, u"github.com"_s));
    EXPECT_TRUE(settings.listValue(SettingKey::ToolkitDataSites).isEmpty());

    // Unanswered: refused after the patience, in the data's words.
    const auto late = askData(other, u"github.com"_s);
    clock.advance(60s);
    ASSERT_TRUE(late->has_value());
    EXPECT_TRUE(late->value().contains(u"cookies and storage of github.com"_s))
        << late->value().toStdString();

    // Allowed for the site: kept in dataSites, and no question for anyone after.
    const auto good = askData(other, u"github.com"_s);
    answers.last()(TabConsent::Answer::AllowSite);
    EXPECT_EQ(good->value_or(u"waiting"_s), QString());
    EXPECT_EQ(settings.listValue(SettingKey::ToolkitDataSites), QStringList { u"github.com"_s });
    const qsizetype asked = questions.size();
    EXPECT_EQ(askData(agent, u"github.com"_s)->value_or(u"waiting"_s), QString());
    EXPECT_EQ(questions.size(), asked);

    // userTabs=deny refuses even an allowed site; a page of no site has nothing to give.
    ASSERT_TRUE(settings.setValue(SettingKey::ToolkitUserTabs, u"deny"_s));
    EXPECT_TRUE(askData(agent, u"github.com"_s)->value_or(QString()).contains(u"deny"_s));
    EXPECT_TRUE(askData(agent, QString())->value_or(QString()).contains(u"no site"_s));
}

} // namespace
