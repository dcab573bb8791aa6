// The Models page: Fetch Models and Test against the scripted OpenAI-compatible server (a real
// socket), the key saved in the keychain (an in-memory one: the OS keychain is a boundary, tested
// for real in SecretStoreTest) and never shown, and a machine without a keychain.
#include "pages/ModelsPage.h"

#include "FakeSecretStore.h"
#include "ScriptedLlmServer.h"
#include "UiTest.h"
#include "Wait.h"
#include "Widgets.h"
#include "pages/SecretsEditor.h"
#include "settings/Settings.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

class ModelsPageTest : public UiTest
{
protected:
    void SetUp() override
    {
        UiTest::SetUp();
        qunsetenv("MPA_LLM_API_KEY");
        settings->setValue(SettingKey::LlmProvider, u"custom"_s);
        settings->setValue(SettingKey::LlmBaseUrl, model.baseUrl().toString());
        settings->setValue(SettingKey::LlmModel, u"qwen2.5-7b"_s);
        secrets = new FakeSecretStore(engine.get());
        engine->setSecretStore(secrets);
    }

    ScriptedLlmServer model;
    FakeSecretStore *secrets = nullptr;
};

} // namespace

// Issue 34 item 25: the page's number boxes line up (one width, not each its own largest
// value's), and on a wide window the page uses the width, as History and Logs do, instead of
// stopping at ~1040 px.
TEST_F(ModelsPageTest, NumberBoxesShareOneWidthAndTheGroupsUseAWideWindow)
{
    ModelsPage page(
        settings.get(), [this] { return engine->secrets(); }, engine->clock());
    page.resize(1240, 900);
    page.show();
    QCoreApplication::processEvents();
    const QList<QAbstractSpinBox *> spins = page.findChildren<QAbstractSpinBox *>();
    ASSERT_GE(spins.size(), 4);
    for (const QAbstractSpinBox *spin : spins)
        EXPECT_EQ(spin->width(), spins.first()->width()) << spin->objectName().toStdString();
    auto *scroll = page.findChild<QScrollArea *>();
    auto *content = page.findChild<QWidget *>(u"pageContent"_s);
    ASSERT_TRUE(scroll && content);
    EXPECT_EQ(content->width(), scroll->viewport()->width()) << "no empty third on the right";
    EXPECT_GT(content->width(), 1100);
    screenshot(&page, u"page-models-wide"_s);
}

TEST_F(ModelsPageTest, FetchesTheModelsTestsTheServiceAndKeepsTheKeyInTheKeychain)
{
    model.setModels({ u"qwen2.5-7b"_s, u"llama-3.1-8b"_s });
    model.setResponder([](const QJsonObject &) { return ScriptedLlmServer::text(u"OK"_s); });
    ModelsPage page(
        settings.get(), [this] { return engine->secrets(); }, engine->clock());
    page.resize(760, 1100);
    page.show();

    page.fetchButton()->click();
    ASSERT_TRUE(waitUntil([&] { return page.modelBox()->count() == 2; }));
    EXPECT_EQ(page.modelBox()->currentText(), u"qwen2.5-7b"_s) << "the chosen model stays";

    typeInto(page.keyEdit(), u"sk-local-0123456789abcdef"_s);
    page.saveKeyButton()->click();
    ASSERT_TRUE(waitUntil([&] { return page.keyStatus()->text().contains(u"is in the keychain"_s); }))
        << page.keyStatus()->text().toStdString();
    EXPECT_EQ(secrets->stored().value(u"llm/custom"_s), u"sk-local-0123456789abcdef"_s);
    EXPECT_TRUE(page.keyEdit()->text().isEmpty()) << "the key stays on screen";
    EXPECT_FALSE(page.keyStatus()->text().contains(u"0123456789ab"_s))
        << "more than the last characters shown";

    page.testButton()->click();
    ASSERT_TRUE(waitUntil([&] { return page.testResult()->text().startsWith(u"OK: qwen2.5-7b answered"_s); }))
        << page.testResult()->text().toStdString();
    EXPECT_EQ(model.authorizations().last(), QByteArray("Bearer sk-local-0123456789abcdef"));
    screenshot(&page, u"models"_s);

    model.enqueue(ScriptedLlmServer::error(401, u"Incorrect API key provided"_s));
    page.testButton()->click();
    ASSERT_TRUE(waitUntil([&] { return page.testResult()->text().contains(u"refused"_s); }))
        << page.testResult()->text().toStdString();
}

// "Sending a tiny request…" is no error (nor a success), and a verdict goes when the provider,
// address or model it was about is changed.
TEST_F(ModelsPageTest, ATestResultIsClearedWhenTheServiceChangesAndWaitingIsNotRed)
{
    model.setResponder([](const QJsonObject &) { return ScriptedLlmServer::text(u"OK"_s); });
    ModelsPage page(
        settings.get(), [this] { return engine->secrets(); }, engine->clock());
    page.resize(760, 1100);
    page.show();
    const QColor normal = page.palette().color(QPalette::WindowText);

    model.enqueue(ScriptedLlmServer::error(401, u"Incorrect API key provided"_s));
    page.testButton()->click();
    EXPECT_EQ(page.testResult()->text(), u"Sending a tiny request…"_s);
    EXPECT_FALSE(page.testResult()->property("error").toBool());
    EXPECT_EQ(page.testResult()->palette().color(QPalette::WindowText), normal);
    ASSERT_TRUE(waitUntil([&] { return page.testResult()->property("error").toBool(); }))
        << page.testResult()->text().toStdString();
    // Core's clause shown alone is a sentence, as the page's own lines are.
    const QString refused = page.testResult()->text();
    EXPECT_TRUE(refused.startsWith(u"The API key was refused"_s)) << refused.toStdString();
    EXPECT_TRUE(refused.endsWith(u'.')) << refused.toStdString();

    // Asked again after a failure: the waiting line is not in the failure's red.
    page.testButton()->click();
    EXPECT_EQ(page.testResult()->text(), u"Sending a tiny request…"_s);
    EXPECT_FALSE(page.testResult()->property("error").toBool());
    EXPECT_EQ(page.testResult()->palette().color(QPalette::WindowText), normal);
    ASSERT_TRUE(waitUntil([&] { return page.testResult()->text().startsWith(u"OK:"_s); }))
        << page.testResult()->text().toStdString();

    settings->setValue(SettingKey::LlmProvider, u"ollama"_s);
    EXPECT_TRUE(page.testResult()->text().isEmpty()) << page.testResult()->text().toStdString();
    EXPECT_EQ(page.testResult()->palette().color(QPalette::WindowText), normal);

    // An answer that arrives after the switch is about the old service: not shown.
    settings->setValue(SettingKey::LlmProvider, u"custom"_s);
    settings->setValue(SettingKey::LlmBaseUrl, model.baseUrl().toString());
    page.testButton()->click();
    settings->setValue(SettingKey::LlmModel, u"llama-3.1-8b"_s);
    ASSERT_TRUE(waitUntil([&] { return page.testButton()->isEnabled(); }));
    EXPECT_TRUE(page.testResult()->text().isEmpty()) << page.testResult()->text().toStdString();
}

// A test verdict of several lines is shown whole beside Test (the row was one line high).
TEST_F(ModelsPageTest, ALongTestVerdictIsShownWhole)
{
    model.enqueue(ScriptedLlmServer::error(
        401,
        u"Incorrect API key provided: sk-loc************cdef. You can find your API key at "
        "https://platform.example.com/account/api-keys, and check the organisation it belongs to."_s));
    ModelsPage page(
        settings.get(), [this] { return engine->secrets(); }, engine->clock());
    page.resize(800, 600);
    page.show();
    page.testButton()->click();
    QLabel *result = page.testResult();
    ASSERT_TRUE(waitUntil([&] { return result->property("error").toBool(); }))
        << result->text().toStdString();
    ASSERT_GE(result->heightForWidth(result->width()), 2 * result->fontMetrics().lineSpacing())
        << "the verdict fits one line: no test of wrapping: " << result->text().toStdString();
    EXPECT_TRUE(waitUntil([&] { return result->height() >= result->heightForWidth(result->width()); }))
        << "the label is " << result->height() << " px high, its text needs "
        << result->heightForWidth(result->width()) << " px";
    screenshot(&page, u"models-long-verdict"_s);
}

TEST_F(ModelsPageTest, WithoutAKeychainTheKeyIsForThisSessionOnly)
{
    secrets->setUnavailable(u"no Secret Service on the session bus"_s);
    ModelsPage page(
        settings.get(), [this] { return engine->secrets(); }, engine->clock());
    page.resize(760, 1100);
    page.show();
    ASSERT_TRUE(waitUntil([&] { return page.keyStatus()->text().contains(u"not available"_s); }))
        << page.keyStatus()->text().toStdString();
    EXPECT_TRUE(page.keyStatus()->text().contains(u"no Secret Service"_s));
    EXPECT_FALSE(page.saveKeyButton()->isEnabled());
    typeInto(page.keyEdit(), u"sk-session-only"_s);
    page.sessionKeyButton()->click();
    EXPECT_TRUE(secrets->stored().isEmpty());
    EXPECT_EQ(secrets->sessionSecret(u"llm/custom"_s), u"sk-session-only"_s);
    EXPECT_TRUE(page.keyStatus()->text().contains(u"this session only"_s));
    screenshot(&page, u"models-no-keychain"_s);
}

// Secrets: a name, a site and a value typed on the page; the value goes to the keychain only
// (secret/<name>), the settings file holds name@site, a bad site is refused in words, saving a
// name again rebinds it, Remove takes it from both; every control is the person's alone.
TEST_F(ModelsPageTest, ASecretIsKeptInTheKeychainAndItsNameAndSiteInTheSettings)
{
    ModelsPage page(
        settings.get(), [this] { return engine->secrets(); }, engine->clock());
    page.resize(760, 1500);
    page.show();
    SecretsEditor *editor = page.secretsEditor();
    ASSERT_TRUE(editor);
    for (QWidget *control : std::initializer_list<QWidget *> { editor->saveButton(), editor->removeButton(),
                                                               editor->valueEdit(), editor->siteEdit() })
        EXPECT_TRUE(control->property(Widgets::kPersonOnly).toBool()) << control->objectName().toStdString();
    EXPECT_EQ(editor->valueEdit()->echoMode(), QLineEdit::Password);

    typeInto(editor->nameEdit(), u"password"_s);
    typeInto(editor->siteEdit(), u"https://login.example.com/"_s);
    typeInto(editor->valueEdit(), u"correct horse battery staple"_s);
    editor->saveButton()->click();
    EXPECT_TRUE(editor->status()->text().contains(u"the site is a host name such as example.com"_s))
        << editor->status()->text().toStdString();
    EXPECT_TRUE(secrets->stored().isEmpty());

    editor->siteEdit()->clear();
    typeInto(editor->siteEdit(), u"login.example.com"_s);
    editor->saveButton()->click();
    ASSERT_TRUE(waitUntil([&] { return editor->list()->count() == 1; }));
    EXPECT_EQ(secrets->stored().value(u"secret/password"_s), u"correct horse battery staple"_s);
    EXPECT_EQ(settings->listValue(SettingKey::AgentSecrets), QStringList { u"password@login.example.com"_s });
    EXPECT_TRUE(editor->valueEdit()->text().isEmpty()) << "the value stays on screen";
    EXPECT_EQ(editor->list()->item(0)->text(), u"<secret:password> — typed on login.example.com"_s);
    EXPECT_EQ(editor->status()->text(),
              u"<secret:password> is kept in the keychain and typed on login.example.com only."_s);
    QFile file(settings->filePath());
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    EXPECT_FALSE(file.readAll().contains("battery")) << "the value reached settings.ini";
    screenshot(&page, u"models-secrets"_s);

    // The same name again: one entry, bound to the new site.
    typeInto(editor->nameEdit(), u"password"_s);
    typeInto(editor->siteEdit(), u"example.org"_s);
    typeInto(editor->valueEdit(), u"Tr0ub4dor&3"_s);
    editor->saveButton()->click();
    ASSERT_TRUE(waitUntil([&] { return secrets->stored().value(u"secret/password"_s) == u"Tr0ub4dor&3"_s; }));
    ASSERT_TRUE(waitUntil([&] {
        return editor->list()->count() == 1 && editor->list()->item(0)->text().endsWith(u"example.org"_s);
    }));
    EXPECT_EQ(settings->listValue(SettingKey::AgentSecrets), QStringList { u"password@example.org"_s });

    editor->list()->setCurrentRow(0);
    ASSERT_TRUE(editor->removeButton()->isEnabled());
    editor->removeButton()->click();
    ASSERT_TRUE(waitUntil([&] { return !secrets->stored().contains(u"secret/password"_s); }));
    EXPECT_TRUE(settings->listValue(SettingKey::AgentSecrets).isEmpty());
    EXPECT_EQ(editor->list()->count(), 0);
}
