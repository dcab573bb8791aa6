// The desktop prompt for an agent asking to use the user's tab: TabConsentPrompter registered
// as the engine's asker, its dialog answered by clicking its buttons, and closed when the
// question times out (the FakeClock stands in for the 60 s).
#include "ConsentRequests.h"
#include "FakeClock.h"
#include "TabConsentPrompter.h"
#include "UiTest.h"
#include "Wait.h"
#include "actions/TabConsent.h"

#include <QLabel>
#include <QPushButton>

#include <optional>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

class TabConsentDialogTest : public UiTest
{
protected:
    static TabConsent::Request request(const QString &client = u"ws-1"_s) { return gmailRequest(client); }

    std::shared_ptr<std::optional<QString>> ask(TabConsent &consent, const TabConsent::Request &r)
    {
        auto result = std::make_shared<std::optional<QString>>();
        consent.request(
            r, [result](const CommandResult &answer) { *result = answer.ok ? QString() : answer.error; });
        return result;
    }

    FakeClock clock { QDateTime(QDate(2026, 11, 25), QTime(12, 0), QTimeZone::utc()) };
};

TEST_F(TabConsentDialogTest, TheUserAnswersWithTheDialogsButtons)
{
    TabConsent consent(settings.get(), &clock);
    TabConsentPrompter prompter(&consent, [] { return nullptr; });
    ASSERT_TRUE(consent.canAsk());

    const auto first = ask(consent, request());
    ASSERT_EQ(prompter.openDialogs().size(), 1);
    TabConsentDialog *dialog = prompter.openDialogs().at(0);
    EXPECT_TRUE(dialog->isVisible());
    const QString question = dialog->findChild<QLabel *>(u"consentQuestion"_s)->text();
    EXPECT_TRUE(question.contains(u"<b>Claude Desktop</b> wants to use the tab <b>Gmail — Inbox</b> "
                                  "(mail.google.com)"_s))
        << question.toStdString();
    EXPECT_EQ(dialog->allowSiteButton()->text(), u"Allow for mail.google.com"_s);
    EXPECT_TRUE(dialog->denyButton()->isDefault());
    screenshot(dialog, u"tab-consent-dialog"_s);
    dialog->allowSiteButton()->click();
    EXPECT_EQ(first->value_or(u"waiting"_s), QString());
    EXPECT_EQ(settings->listValue(SettingKey::ToolkitAllowedSites), QStringList { u"mail.google.com"_s });
    EXPECT_TRUE(waitUntil([&] { return prompter.openDialogs().isEmpty(); }));

    // A tab without a site (about:blank) cannot be allowed for good; Deny refuses.
    TabConsent::Request blank = request(u"ws-2"_s);
    blank.url = QUrl(u"about:blank"_s);
    blank.title = u"about:blank"_s;
    const auto second = ask(consent, blank);
    ASSERT_EQ(prompter.openDialogs().size(), 1);
    EXPECT_FALSE(prompter.openDialogs().at(0)->allowSiteButton()->isEnabled());
    prompter.openDialogs().at(0)->denyButton()->click();
    ASSERT_TRUE(second->has_value());
    EXPECT_TRUE(second->value().contains(u"the user refused"_s));

    // Closing the window is Deny too.
    const auto third = ask(consent, blank);
    ASSERT_EQ(prompter.openDialogs().size(), 1);
    prompter.openDialogs().at(0)->close();
    ASSERT_TRUE(third->has_value());
    EXPECT_TRUE(third->value().contains(u"the user refused"_s));
}

TEST_F(TabConsentDialogTest, AnUnansweredDialogClosesWhenTheQuestionTimesOut)
{
    TabConsent consent(settings.get(), &clock);
    TabConsentPrompter prompter(&consent, [] { return nullptr; });
    TabConsent::Request other = request();
    other.url = QUrl(u"https://example.org/form"_s);
    const auto waiting = ask(consent, other);
    ASSERT_EQ(prompter.openDialogs().size(), 1);
    clock.advance(60s);
    ASSERT_TRUE(waiting->has_value());
    EXPECT_TRUE(waiting->value().contains(u"did not answer within 60 s"_s));
    EXPECT_TRUE(waitUntil([&] { return prompter.openDialogs().isEmpty(); }));
    EXPECT_TRUE(settings->listValue(SettingKey::ToolkitAllowedSites).isEmpty());
}

} // namespace

namespace {

// A site's cookies and storage are asked for on their own, in words that say it is the sign-in;
// "Allow for" goes to toolkit/dataSites, never toolkit/allowedSites, and a timed-out question
// closes its own dialog only.
TEST_F(TabConsentDialogTest, ASitesSignInIsAskedForInItsOwnWords)
{
    TabConsent consent(settings.get(), &clock);
    TabConsentPrompter prompter(&consent, [] { return nullptr; });
    auto result = std::make_shared<std::optional<QString>>();
    const CommandCaller agent { u"agent-ws"_s, u"ws-1"_s, u"Claude Desktop"_s };
    consent.requestSiteData(agent, u"github.com"_s, [result](const CommandResult &answer) {
        *result = answer.ok ? QString() : answer.error;
    });
    ASSERT_EQ(prompter.openDialogs().size(), 1);
    TabConsentDialog *dialog = prompter.openDialogs().at(0);
    EXPECT_EQ(dialog->windowTitle(), u"An agent asks for your sign-in"_s);
    const QString question = dialog->findChild<QLabel *>(u"consentQuestion"_s)->text();
    EXPECT_TRUE(
        question.contains(u"wants to read and change the cookies and stored data of <b>github.com</b>"_s))
        << question.toStdString();
    EXPECT_EQ(dialog->allowSiteButton()->text(), u"Allow for github.com"_s);
    EXPECT_TRUE(dialog->denyButton()->isDefault());
    screenshot(dialog, u"site-data-consent-dialog"_s);
    // A tab question of the same agent meanwhile is a dialog of its own.
    const auto tab = ask(consent, request());
    ASSERT_EQ(prompter.openDialogs().size(), 2);
    dialog->allowSiteButton()->click();
    EXPECT_EQ(result->value_or(u"waiting"_s), QString());
    EXPECT_EQ(settings->listValue(SettingKey::ToolkitDataSites), QStringList { u"github.com"_s });
    EXPECT_TRUE(settings->listValue(SettingKey::ToolkitAllowedSites).isEmpty());
    EXPECT_TRUE(waitUntil([&] { return prompter.openDialogs().size() == 1; }));
    EXPECT_FALSE(tab->has_value()); // still asked
    clock.advance(60s);
    ASSERT_TRUE(tab->has_value());
    EXPECT_TRUE(waitUntil([&] { return prompter.openDialogs().isEmpty(); }));
}

} // namespace
