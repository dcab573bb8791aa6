#pragma once
// Models: the LLM the task agent uses — a provider preset (OpenAI, OpenRouter, Groq, GigaChat,
// Ollama, LM Studio) or any OpenAI-compatible address, the model (with Fetch Models), temperature,
// timeout, retries, and a Test that sends one tiny request and says what happened. The API key
// lives in the OS keychain; without one, the page says so and offers a key for this session
// only (never written anywhere). Also the task runs' own settings: mode, steps, reflection,
// the page budget, history kept, what autonomous runs still ask about, and the secrets a task
// may type unseen (SecretsEditor).

#include "SettingsPage.h"
#include "common/CommandResult.h"

#include <functional>

class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QPushButton;

namespace mpa {

class Clock;
class LlmClient;
class SecretStore;
class SecretsEditor;

class ModelsPage : public SettingsPage
{
    Q_OBJECT
public:
    // `secretStore` gives the key store in use (a test may swap it); `clock` times the key checks.
    ModelsPage(Settings *appSettings, std::function<SecretStore *()> secretStore, Clock *clock,
               QWidget *parent = nullptr);

    QLabel *keyStatus() const { return m_keyStatus; }
    QLabel *testResult() const { return m_testResult; }
    QLineEdit *keyEdit() const { return m_key; }
    QComboBox *modelBox() const { return m_model; }
    QPushButton *testButton() const { return m_test; }
    QPushButton *fetchButton() const { return m_fetch; }
    QPushButton *saveKeyButton() const { return m_saveKey; }
    QPushButton *sessionKeyButton() const { return m_sessionKey; }
    SecretsEditor *secretsEditor() const { return m_secrets; }

protected:
    void showEvent(QShowEvent *event) override;

private:
    std::function<SecretStore *()> m_store;
    Clock *m_clock;
    QString provider() const;
    void refreshKey();
    void saveKey(bool sessionOnly);
    void removeKey();
    // What the keychain's answer to a write or remove does: the key's state again, or `failure`
    // with the keychain's error for %1.
    std::function<void(const CommandResult &answer)> keychainAnswer(const QString &failure);
    void fetchModels();
    void test();
    // Runs `use` with a client set up as the page is now (the key read first).
    void withClient(std::function<void(LlmClient *client)> use);
    void refreshProviderFields();

    QComboBox *m_model;
    SecretsEditor *m_secrets = nullptr;
    QPushButton *m_fetch;
    QLabel *m_fetchResult;
    QLabel *m_baseHint;
    QFormLayout *m_modelForm = nullptr;
    QWidget *m_scopeRow = nullptr;
    QLabel *m_keyStatus;
    QLineEdit *m_key;
    QPushButton *m_saveKey;
    QPushButton *m_sessionKey;
    QPushButton *m_removeKey;
    QPushButton *m_test;
    QLabel *m_testResult;
    // Counts the changes of provider, address and model: an answer to a test asked before one
    // is not shown.
    int m_testedConfig = 0;
    LlmClient *m_client = nullptr;
};

} // namespace mpa
