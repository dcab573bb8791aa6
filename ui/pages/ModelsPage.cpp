#include "ModelsPage.h"

#include "ErrorStyle.h"
#include "SecretsEditor.h"
#include "Widgets.h"
#include "agent/LlmClient.h"
#include "agent/LlmProviders.h"
#include "common/KnownSentences.h"
#include "settings/SecretStore.h"
#include "settings/Settings.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPointer>
#include <QPushButton>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {
// A provider's name as the window shows it: core's English, with the words around the product
// names in the user's language ("Ollama (dieser Rechner)").
QString providerName(const LlmProvider &provider)
{
    static const std::pair<const char *, const char *> kNames[] = {
        { "custom", QT_TRANSLATE_NOOP("mpa::ModelsPage", "Any OpenAI-compatible service") },
        { "ollama", QT_TRANSLATE_NOOP("mpa::ModelsPage", "Ollama (this machine)") },
        { "lmstudio", QT_TRANSLATE_NOOP("mpa::ModelsPage", "LM Studio (this machine)") },
    };
    for (const auto &[id, name] : kNames) {
        if (provider.id == QLatin1StringView(id))
            return QCoreApplication::translate("mpa::ModelsPage", name);
    }
    return provider.displayName;
}
} // namespace

ModelsPage::ModelsPage(Settings *appSettings, std::function<SecretStore *()> secretStore, Clock *clock,
                       QWidget *parent)
    : SettingsPage(appSettings, tr("Models"),
                   tr("The language model the task agent thinks with: any OpenAI-compatible service, on the "
                      "internet or on this machine. Keys are kept in your system's keychain."),
                   parent)
    , m_store(std::move(secretStore))
    , m_clock(clock)
{
    QFormLayout *model = addFormGroup(tr("Model"));
    m_modelForm = model;
    QList<std::pair<QString, QString>> providers;
    for (const LlmProvider &p : LlmProviders::all())
        providers.append({ p.id, providerName(p) });
    SettingField *providerField = addField(model, tr("Provider:"), SettingKey::LlmProvider,
                                           SettingField::Options().withChoices(providers));
    SettingField *baseField = addField(model, tr("Address:"), SettingKey::LlmBaseUrl);
    m_baseHint = hint(QString(), this);
    m_baseHint->setObjectName(u"modelBaseHint"_s);
    model->addRow(m_baseHint);
    auto *modelRow = new QHBoxLayout;
    m_model = new QComboBox(this);
    m_model->setObjectName(u"modelName"_s);
    m_model->setEditable(true);
    // Room for a model name, yet it leaves the row to "Fetch Models" in a longer language at 800×600.
    m_model->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_model->setMinimumContentsLength(24);
    m_model->setCurrentText(settings()->stringValue(SettingKey::LlmModel));
    modelRow->addWidget(m_model, 1);
    m_fetch = Widgets::button(tr("Fetch Models"), u"modelFetch"_s, this,
                              tr("Asks the service which models it offers (GET /models)"));
    modelRow->addWidget(m_fetch);
    model->addRow(tr("Model:"), modelRow);
    m_fetchResult = hint(QString(), this);
    m_fetchResult->setObjectName(u"modelFetchResult"_s);
    m_fetchResult->hide(); // until there is something to say
    model->addRow(m_fetchResult);
    addField(model, tr("Temperature:"), SettingKey::LlmTemperature);
    addField(model, tr("Time limit per answer:"), SettingKey::LlmTimeoutS,
             SettingField::Options().withSuffix(tr(" s")));
    addField(model, tr("Retries:"), SettingKey::LlmMaxRetries);
    m_scopeRow = addField(model, tr("GigaChat scope:"), SettingKey::LlmGigaChatScope);

    QFormLayout *key = addFormGroup(tr("API key"));
    m_keyStatus = Widgets::wrappingLabel(u"keyStatus"_s, this);
    key->addRow(m_keyStatus);
    m_key = new QLineEdit(this);
    m_key->setObjectName(u"keyEdit"_s);
    m_key->setEchoMode(QLineEdit::Password);
    m_key->setPlaceholderText(tr("Paste the key here"));
    // Remove sits by the key, the two ways of keeping one under it: three buttons in one row
    // make the page scroll sideways at 800×600 in German.
    auto *keyRow = new QHBoxLayout;
    keyRow->addWidget(m_key, 1);
    m_removeKey = Widgets::button(tr("Remove"), u"keyRemove"_s, this);
    keyRow->addWidget(m_removeKey);
    key->addRow(tr("Key:"), keyRow);
    auto *keyButtons = new QHBoxLayout;
    keyButtons->addStretch(1);
    m_sessionKey = Widgets::button(tr("Use for This Session Only"), u"keySession"_s, this,
                                   tr("Kept in memory until the app quits; never written anywhere"));
    m_saveKey = Widgets::button(tr("Save in Keychain"), u"keySave"_s, this);
    keyButtons->addWidget(m_sessionKey);
    keyButtons->addWidget(m_saveKey);
    key->addRow(keyButtons);
    m_testResult = Widgets::wrappingLabel(u"modelTestResult"_s, this);
    m_test = Widgets::button(tr("Test"), u"modelTest"_s, this,
                             tr("Sends one tiny request to the model and says what happened"));
    key->addRow(Widgets::rowWidget(m_testResult, { m_test }, this));

    QFormLayout *runs = addFormGroup(tr("Task runs"));
    addField(runs, tr("Mode:"), SettingKey::AgentMode,
             SettingField::Options().withChoices(
                 { { u"careful"_s, tr("Careful: ask me before anything risky") },
                   { u"autonomous"_s, tr("Autonomous: ask only at the floor below") } }));
    addField(runs, tr("Autonomous runs still ask about:"), SettingKey::AgentAskFloor,
             SettingField::Options().withChoices(
                 { { u"payment-credentials"_s, tr("Payments and sign-ins") },
                   { u"none"_s, tr("Nothing — the agent may pay and sign in without asking") } }));
    runs->addRow(
        hint(tr("“Nothing” lets an autonomous run spend money and type passwords on its own. Careful "
                "runs always ask."),
             this));
    addField(runs, tr("At most:"), SettingKey::AgentMaxSteps,
             SettingField::Options().withSuffix(tr(" steps")));
    addField(runs, tr("Review progress every:"), SettingKey::AgentReflectEvery,
             SettingField::Options().withSuffix(tr(" steps")));
    addField(runs, QString(), SettingKey::AgentReflectWithModel,
             SettingField::Options().withText(tr("Let the model rate its progress too")));
    runs->addRow(hint(tr("The review counts the steps that failed, repeated or changed nothing. With "
                         "the model's rating, each review costs one more request."),
                      this));
    addField(runs, QString(), SettingKey::AgentShowActions,
             SettingField::Options().withText(
                 tr("Outline each element for a moment before the agent acts on it")));
    addField(runs, tr("Screenshots to the model:"), SettingKey::AgentVision,
             SettingField::Options().withChoices({ { u"auto"_s, tr("When the model takes images") },
                                                   { u"on"_s, tr("Always") },
                                                   { u"off"_s, tr("Never") } }));
    addField(runs, tr("Page text per step:"), SettingKey::AgentSnapshotChars,
             SettingField::Options().withSuffix(tr(" characters")));
    addField(runs, tr("Steps shown in full:"), SettingKey::AgentHistorySteps);
    addField(runs, tr("Keep finished runs:"), SettingKey::AgentKeepRunsDays,
             SettingField::Options().withSuffix(tr(" days")));

    QFormLayout *secrets = addFormGroup(tr("Secrets for tasks"));
    QLabel *secretsHint = hint(tr("Passwords and codes a task may type without the model seeing them: the "
                                  "task says <secret:name>, and the run types the value on its site only, "
                                  "after asking you as it asks about any sign-in."),
                               this);
    secretsHint->setTextFormat(Qt::PlainText); // "<secret:name>" is not a tag
    secrets->addRow(secretsHint);
    m_secrets = new SecretsEditor(settings(), m_store, this);
    secrets->addRow(m_secrets);

    connect(m_model, &QComboBox::currentTextChanged, this, [this](const QString &text) {
        QString error;
        if (text.trimmed() != settings()->stringValue(SettingKey::LlmModel))
            settings()->setValue(SettingKey::LlmModel, text.trimmed(), &error);
    });
    connect(m_fetch, &QPushButton::clicked, this, &ModelsPage::fetchModels);
    connect(m_test, &QPushButton::clicked, this, &ModelsPage::test);
    connect(m_saveKey, &QPushButton::clicked, this, [this] { saveKey(false); });
    connect(m_sessionKey, &QPushButton::clicked, this, [this] { saveKey(true); });
    connect(m_removeKey, &QPushButton::clicked, this, &ModelsPage::removeKey);
    connect(settings(), &Settings::changed, this, [this](SettingKey changed) {
        // A verdict on one service or model says nothing about another: it goes when they change.
        if (changed == SettingKey::LlmProvider || changed == SettingKey::LlmBaseUrl
            || changed == SettingKey::LlmModel) {
            ++m_testedConfig;
            ErrorStyle::setOk(m_testResult, false);
            m_testResult->clear();
        }
        if (changed == SettingKey::LlmProvider || changed == SettingKey::LlmBaseUrl) {
            m_fetchResult->clear();
            m_fetchResult->hide();
        }
        if (changed == SettingKey::LlmProvider) {
            refreshProviderFields();
            refreshKey();
        } else if (changed == SettingKey::LlmBaseUrl) {
            refreshProviderFields();
        }
    });
    Q_UNUSED(providerField)
    Q_UNUSED(baseField)
    body()->addStretch(1);
    refreshProviderFields();
}

void ModelsPage::showEvent(QShowEvent *event)
{
    SettingsPage::showEvent(event);
    refreshKey();
    m_secrets->refresh();
}

QString ModelsPage::provider() const
{
    return settings()->stringValue(SettingKey::LlmProvider);
}

void ModelsPage::refreshProviderFields()
{
    const std::optional<LlmProvider> preset = LlmProviders::find(provider());
    const QString address = preset && !preset->baseUrl.isEmpty() ? preset->baseUrl.toString() : QString();
    if (provider() == u"custom"_s)
        m_baseHint->setText(tr("Any OpenAI-compatible address, e.g. http://127.0.0.1:8000/v1"));
    else
        m_baseHint->setText(
            tr("Empty: %1's own address (%2)").arg(preset ? providerName(*preset) : provider(), address));
    if (m_scopeRow)
        m_modelForm->setRowVisible(m_scopeRow, provider() == u"gigachat"_s);
    m_key->setEnabled(!preset || preset->needsKey || provider() == u"custom"_s);
}

void ModelsPage::refreshKey()
{
    SecretStore *store = m_store();
    const std::optional<LlmProvider> preset = LlmProviders::find(provider());
    const QString name = provider() == u"custom"_s ? tr("this service")
        : preset                                   ? providerName(*preset)
                                                   : provider();
    if (qEnvironmentVariableIsSet("MPA_LLM_API_KEY")) {
        m_keyStatus->setText(tr("This process uses the key in MPA_LLM_API_KEY (it wins over the keychain)."));
        return;
    }
    if (preset && !preset->needsKey) {
        m_keyStatus->setText(tr("%1 runs on this machine and needs no key.").arg(name));
        return;
    }
    if (!store)
        return;
    m_keyStatus->setText(tr("Reading the keychain…"));
    const QPointer<ModelsPage> self(this);
    const QPointer<SecretStore> asked(store);
    store->read(SecretStore::llmKeyName(provider()), [self, asked, name](const CommandResult &read) {
        if (!self || !asked)
            return;
        const QString secret = read.data.toString();
        const bool available = asked->isAvailable();
        self->m_saveKey->setEnabled(available);
        if (!available) {
            self->m_keyStatus->setText(
                tr("The keychain is not available (%1). A key entered here can be used for "
                   "this session only; it is never written to a file.")
                    .arg(knownSentence(asked->unavailableReason()).translated()));
        } else if (!read.ok) {
            self->m_keyStatus->setText(
                tr("The keychain did not answer: %1").arg(knownSentence(read.error).translated()));
        } else if (secret.isEmpty()) {
            self->m_keyStatus->setText(tr("No key for %1 yet.").arg(name));
        } else {
            self->m_keyStatus->setText(
                tr("A key for %1 is in the keychain (…%2).").arg(name, secret.right(4)));
        }
    });
}

void ModelsPage::saveKey(bool sessionOnly)
{
    const QString secret = m_key->text().trimmed();
    if (secret.isEmpty()) {
        m_keyStatus->setText(tr("Paste a key first."));
        return;
    }
    SecretStore *store = m_store();
    if (!store)
        return;
    const QString keyName = SecretStore::llmKeyName(provider());
    m_key->clear();
    if (sessionOnly) {
        store->setSessionSecret(keyName, secret);
        m_keyStatus->setText(tr("The key is kept for this session only (until the app quits)."));
        return;
    }
    store->write(keyName, secret, keychainAnswer(tr("The keychain refused the key: %1")));
}

void ModelsPage::removeKey()
{
    SecretStore *store = m_store();
    if (!store)
        return;
    const QString keyName = SecretStore::llmKeyName(provider());
    store->setSessionSecret(keyName, QString());
    store->remove(keyName, keychainAnswer(tr("The key could not be removed: %1")));
}

std::function<void(const CommandResult &answer)> ModelsPage::keychainAnswer(const QString &failure)
{
    return [self = QPointer<ModelsPage>(this), failure](const CommandResult &answer) {
        if (!self)
            return;
        if (!answer.ok)
            self->m_keyStatus->setText(failure.arg(knownSentence(answer.error).translated()));
        else
            self->refreshKey();
    };
}

void ModelsPage::withClient(std::function<void(LlmClient *client)> use)
{
    const QPointer<ModelsPage> self(this);
    auto withKey = [self, use](const CommandResult &key) {
        if (!self)
            return;
        if (!self->m_client)
            self->m_client = new LlmClient(self->m_clock, self);
        self->m_client->setConfig(LlmConfig::fromSettings(*self->settings(), key.data.toString()));
        use(self->m_client);
    };
    LlmProviders::readKey(m_store(), provider(), std::move(withKey));
}

void ModelsPage::fetchModels()
{
    m_fetch->setEnabled(false);
    m_fetchResult->show();
    m_fetchResult->setText(tr("Asking…"));
    const QPointer<ModelsPage> self(this);
    withClient([self](LlmClient *client) {
        client->listModels([self](const CommandResult &listed) {
            if (!self)
                return;
            self->m_fetch->setEnabled(true);
            if (!listed.ok) {
                self->m_fetchResult->setText(ErrorStyle::sentence(listed.error));
                return;
            }
            QStringList models;
            for (const QJsonValue &id : listed.data.toArray())
                models.append(id.toString());
            const QString current = self->m_model->currentText();
            self->m_model->blockSignals(true);
            self->m_model->clear();
            self->m_model->addItems(models);
            self->m_model->setCurrentText(current);
            self->m_model->blockSignals(false);
            self->m_fetchResult->setText(tr("%n model(s) offered.", nullptr, int(models.size())));
        });
    });
}

void ModelsPage::test()
{
    m_test->setEnabled(false);
    ErrorStyle::setOk(m_testResult, false); // ordinary text while it waits: neither verdict yet
    m_testResult->setText(tr("Sending a tiny request…"));
    const QPointer<ModelsPage> self(this);
    const int config = m_testedConfig;
    withClient([self, config](LlmClient *client) {
        client->test([self, config](const CommandResult &tested) {
            if (!self)
                return;
            self->m_test->setEnabled(true);
            if (config != self->m_testedConfig)
                return; // about a service or model no longer chosen
            if (tested.ok)
                ErrorStyle::setOk(self->m_testResult);
            else
                ErrorStyle::setError(self->m_testResult);
            // Core's English sentence, in the window's language.
            self->m_testResult->setText(tested.ok ? knownSentence(tested.data.toString()).translated()
                                                  : ErrorStyle::sentence(tested.error));
        });
    });
}

} // namespace mpa
