// API keys in the real keychain: QtKeychain over the Secret Service of a private session bus
// with an unlocked gnome-keyring, as scripts/test runs it (a desktop has the same). Store, read,
// replace, delete; MPA_LLM_API_KEY wins for one process; a session-only key is never written.
#include "QtPrinters.h"
#include "ScopedEnv.h"
#include "Wait.h"
#include "settings/KeychainSecretStore.h"

#include <gtest/gtest.h>

#include <optional>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

class SecretStoreTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        // A keychain test that skips itself passes a bare ctest silently: without a session bus
        // it fails, unless MPA_SKIP_KEYCHAIN says why it may not run here.
        if (qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS")) {
            const QString why = qEnvironmentVariable("MPA_SKIP_KEYCHAIN");
            if (!why.trimmed().isEmpty() && why != u"0"_s)
                GTEST_SKIP() << "MPA_SKIP_KEYCHAIN: " << why.toStdString();
            FAIL() << "no session bus, so no keychain to test: run under scripts/test (dbus-run-session with "
                      "an unlocked gnome-keyring), or set MPA_SKIP_KEYCHAIN to the reason it cannot run here";
        }
        ASSERT_TRUE(store.isAvailable())
            << "the keychain does not answer: " << store.unavailableReason().toStdString();
    }

    QString read(const QString &key)
    {
        std::optional<QString> secret;
        QString error;
        store.read(key, [&](const CommandResult &r) {
            secret = r.data.toString();
            error = r.error;
        });
        EXPECT_TRUE(waitUntil([&] { return secret.has_value(); }));
        EXPECT_TRUE(error.isEmpty()) << error.toStdString();
        return secret.value_or(u"(no answer)"_s);
    }

    QString write(const QString &key, const QString &secret)
    {
        std::optional<QString> error;
        store.write(key, secret, [&](const CommandResult &r) { error = r.ok ? QString() : r.error; });
        EXPECT_TRUE(waitUntil([&] { return error.has_value(); }));
        return error.value_or(u"(no answer)"_s);
    }

    QString remove(const QString &key)
    {
        std::optional<QString> error;
        store.remove(key, [&](const CommandResult &r) { error = r.ok ? QString() : r.error; });
        EXPECT_TRUE(waitUntil([&] { return error.has_value(); }));
        return error.value_or(u"(no answer)"_s);
    }

    KeychainSecretStore store;
};

} // namespace

TEST_F(SecretStoreTest, StoresReadsReplacesAndDeletesAKey)
{
    const QString key = SecretStore::llmKeyName(u"groq"_s);
    remove(key);
    EXPECT_EQ(read(key), QString()) << "nothing stored yet";
    EXPECT_EQ(write(key, u"gsk_first_0123456789"_s), QString());
    EXPECT_EQ(read(key), u"gsk_first_0123456789"_s);
    EXPECT_EQ(write(key, u"gsk_second_9876543210"_s), QString());
    EXPECT_EQ(read(key), u"gsk_second_9876543210"_s);
    // Another store object (the next start of the app) reads the same entry.
    KeychainSecretStore later;
    std::optional<QString> again;
    later.read(key, [&](const CommandResult &r) { again = r.data.toString(); });
    ASSERT_TRUE(waitUntil([&] { return again.has_value(); }));
    EXPECT_EQ(*again, u"gsk_second_9876543210"_s);
    EXPECT_EQ(remove(key), QString());
    EXPECT_EQ(read(key), QString());
    EXPECT_EQ(remove(key), QString()) << "deleting what is not there is not an error";
}

TEST_F(SecretStoreTest, TheEnvironmentWinsForOneProcessAndASessionKeyIsNeverStored)
{
    const QString key = SecretStore::llmKeyName(u"openai"_s);
    remove(key);
    store.setSessionSecret(key, u"sk-session-only-key-123"_s);
    EXPECT_EQ(read(key), u"sk-session-only-key-123"_s);
    KeychainSecretStore other;
    std::optional<QString> stored;
    other.read(key, [&](const CommandResult &r) { stored = r.data.toString(); });
    ASSERT_TRUE(waitUntil([&] { return stored.has_value(); }));
    EXPECT_EQ(*stored, QString()) << "the session key reached the keychain";

    std::optional<QString> chosen;
    {
        ScopedEnv env("MPA_LLM_API_KEY", u"sk-from-the-environment"_s);
        readApiKey(&store, u"openai"_s, [&](const CommandResult &r) { chosen = r.data.toString(); });
    }
    ASSERT_TRUE(waitUntil([&] { return chosen.has_value(); }));
    EXPECT_EQ(*chosen, u"sk-from-the-environment"_s);
    chosen.reset();
    readApiKey(&store, u"openai"_s, [&](const CommandResult &r) { chosen = r.data.toString(); });
    ASSERT_TRUE(waitUntil([&] { return chosen.has_value(); }));
    EXPECT_EQ(*chosen, u"sk-session-only-key-123"_s);
    store.setSessionSecret(key, QString());
}
