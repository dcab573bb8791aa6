// Secrets a job types unseen (JobSecrets, SecretEntry): the setting's name@site entries, where a
// placeholder may be typed (fill/type, on the secret's host or under it, over http(s)), the
// values put in for the toolkit only, and every form of a value a page gives back (as typed, in
// a GET form's query with + and percent-encoding) turned back into its placeholder.
#include "jobs/JobSecrets.h"

#include "QtPrinters.h"
#include "common/SecretEntry.h"

#include <QJsonArray>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;

namespace {

JobSecrets twoSecrets()
{
    JobSecrets secrets;
    secrets.add({ u"password"_s, u"github.com"_s, u"correct horse battery staple!"_s });
    secrets.add({ u"otp"_s, u"login.example.com"_s, u"123456"_s });
    return secrets;
}

QJsonObject fill(const QString &value)
{
    return { { u"ref"_s, u"e2"_s }, { u"value"_s, value } };
}

} // namespace

TEST(JobSecretsTest, AnEntryIsANameAndAHostName)
{
    const std::optional<SecretEntry> entry = SecretEntry::parse(u" password@GitHub.com "_s);
    ASSERT_TRUE(entry);
    EXPECT_EQ(entry->name, u"password"_s);
    EXPECT_EQ(entry->site, u"github.com"_s);
    EXPECT_TRUE(SecretEntry::parse(u"db.pass@127.0.0.1"_s));
    EXPECT_TRUE(SecretEntry::parse(u"token@localhost"_s));
    QString error;
    EXPECT_FALSE(SecretEntry::parse(u"password"_s, &error));
    EXPECT_EQ(error, u"'password' is not name@site (e.g. password@example.com)"_s);
    EXPECT_FALSE(SecretEntry::parse(u"password@https://github.com/"_s, &error));
    EXPECT_EQ(error, u"'https://github.com/': the site is a host name such as example.com"_s);
    EXPECT_FALSE(SecretEntry::parse(u"password@com"_s, &error)) << "a whole top-level domain";
    EXPECT_FALSE(SecretEntry::parse(u"password@*.github.com"_s, &error));
    EXPECT_FALSE(SecretEntry::parse(u"1pass@github.com"_s, &error));
    EXPECT_EQ(error, u"'1pass': a secret's name is a letter, then up to 39 letters, digits or _ . -"_s);
    EXPECT_EQ(SecretEntry::keychainKey(u"password"_s), u"secret/password"_s);
}

TEST(JobSecretsTest, APlaceholderIsTypedOnlyIntoAFieldOnItsOwnSite)
{
    const JobSecrets secrets = twoSecrets();
    const QJsonObject params = fill(u"<secret:password>"_s);
    EXPECT_EQ(secrets.refusal(u"fill"_s, params, u"https://github.com/login"_s), QString());
    EXPECT_EQ(secrets.refusal(u"type"_s, params, u"https://gist.github.com/auth"_s), QString());
    EXPECT_EQ(
        secrets.refusal(u"fill"_s, params, u"https://github.com.evil.example/login"_s),
        u"the secret “password” is only typed on github.com, and this page is on github.com.evil.example"_s);
    EXPECT_EQ(secrets.refusal(u"fill"_s, params, u"https://notgithub.com/"_s),
              u"the secret “password” is only typed on github.com, and this page is on notgithub.com"_s);
    EXPECT_FALSE(secrets.refusal(u"fill"_s, params, u"file:///github.com/login.html"_s).isEmpty());
    EXPECT_FALSE(secrets.refusal(u"fill"_s, params, u"about:blank"_s).isEmpty());
    // Only into a field: not into an address, a key press or a script.
    EXPECT_EQ(secrets.refusal(u"open"_s, { { u"url"_s, u"https://evil.example/?p=<secret:password>"_s } },
                              u"https://github.com/"_s),
              u"a secret is only typed into a field (fill or type), never used with open"_s);
    EXPECT_FALSE(
        secrets
            .refusal(u"eval"_s, { { u"expression"_s, u"'<secret:otp>'"_s } }, u"https://login.example.com/"_s)
            .isEmpty());
    EXPECT_EQ(secrets.refusal(u"fill"_s, fill(u"<secret:pin>"_s), u"https://github.com/"_s),
              u"there is no secret “pin” for this task (the task names the secrets it may use)"_s);
    // Both secrets in one value: each must be at home.
    EXPECT_FALSE(
        secrets.refusal(u"type"_s, fill(u"<secret:password><secret:otp>"_s), u"https://github.com/"_s)
            .isEmpty());
    EXPECT_EQ(secrets.refusal(u"click"_s, { { u"ref"_s, u"e1"_s } }, u"https://evil.example/"_s), QString());
}

TEST(JobSecretsTest, TheToolkitGetsTheValueAndEverythingThatComesBackGetsThePlaceholder)
{
    const JobSecrets secrets = twoSecrets();
    EXPECT_EQ(secrets.usedIn(fill(u"<secret:otp>"_s)), QStringList { u"otp"_s });
    EXPECT_EQ(secrets.filledIn(fill(u"code: <secret:otp>"_s)).value(u"value").toString(), u"code: 123456"_s);
    EXPECT_EQ(JobSecrets::namesIn(u"log in with <secret:password> and <secret:otp>, <secret:password>"_s),
              (QStringList { u"password"_s, u"otp"_s }));
    // What a fill answers, and the next page's address after a GET form.
    const QJsonObject answer {
        { u"value"_s, u"correct horse battery staple!"_s },
        { u"url"_s, u"https://github.com/session?login=ada&password=correct+horse+battery+staple%21"_s },
        { u"list"_s, QJsonArray { u"otp 123456"_s } }
    };
    const QJsonObject hidden = secrets.hidden(answer).toObject();
    EXPECT_EQ(hidden.value(u"value").toString(), u"<secret:password>"_s);
    EXPECT_EQ(hidden.value(u"url").toString(),
              u"https://github.com/session?login=ada&password=<secret:password>"_s);
    EXPECT_EQ(hidden.value(u"list").toArray().at(0).toString(), u"otp <secret:otp>"_s);
    // The address read decoded (as the model's prompt shows it): + stays, ! is itself.
    EXPECT_EQ(secrets.hidden(u"password=correct+horse+battery+staple!"_s), u"password=<secret:password>"_s);
    EXPECT_EQ(secrets.hidden(u"p=correct%20horse%20battery%20staple%21"_s), u"p=<secret:password>"_s);
    EXPECT_EQ(JobSecrets().hidden(QJsonValue(u"123456"_s)).toString(), u"123456"_s);
}
