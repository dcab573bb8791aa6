#include "SecretsEditor.h"

#include "Widgets.h"
#include "common/KnownSentences.h"
#include "common/SecretEntry.h"
#include "settings/SecretStore.h"
#include "settings/Settings.h"

#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPointer>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace mpa {

SecretsEditor::SecretsEditor(Settings *settings, std::function<SecretStore *()> store, QWidget *parent)
    : QWidget(parent)
    , m_settings(settings)
    , m_store(std::move(store))
    , m_list(new QListWidget(this))
    , m_name(new QLineEdit(this))
    , m_site(new QLineEdit(this))
    , m_value(new QLineEdit(this))
    , m_save(Widgets::button(tr("Save Secret"), u"secretSave"_s, this))
    , m_remove(Widgets::button(tr("Remove"), u"secretRemove"_s, this))
    , m_status(Widgets::wrappingLabel(u"secretStatus"_s, this))
{
    m_status->setTextFormat(Qt::PlainText); // "<secret:name>" is not a tag
    m_list->setObjectName(u"secretList"_s);
    m_list->setMaximumHeight(110);
    m_name->setObjectName(u"secretName"_s);
    m_name->setPlaceholderText(tr("password"));
    m_site->setObjectName(u"secretSite"_s);
    m_site->setPlaceholderText(tr("example.com"));
    m_value->setObjectName(u"secretValue"_s);
    m_value->setEchoMode(QLineEdit::Password);
    m_value->setPlaceholderText(tr("Kept in the keychain, never shown again"));
    for (QWidget *control : { static_cast<QWidget *>(m_list), static_cast<QWidget *>(m_name),
                              static_cast<QWidget *>(m_site), static_cast<QWidget *>(m_value),
                              static_cast<QWidget *>(m_save), static_cast<QWidget *>(m_remove) })
        Widgets::markPersonOnly(control);

    auto *form = new QFormLayout;
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(tr("Name:"), m_name);
    form->addRow(tr("Site:"), m_site);
    form->addRow(tr("Value:"), Widgets::rowWidget(m_value, { m_save }, this));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(Widgets::rowWidget(m_list, { m_remove }, this));
    layout->addLayout(form);
    layout->addWidget(m_status);

    connect(m_save, &QPushButton::clicked, this, &SecretsEditor::save);
    connect(m_remove, &QPushButton::clicked, this, &SecretsEditor::removeSelected);
    connect(m_list, &QListWidget::itemSelectionChanged, this,
            [this] { m_remove->setEnabled(!m_list->selectedItems().isEmpty()); });
    connect(m_settings, &Settings::changed, this, [this](SettingKey key) {
        if (key == SettingKey::AgentSecrets)
            refresh();
    });
    refresh();
}

void SecretsEditor::refresh()
{
    m_list->clear();
    for (const QString &entry : m_settings->listValue(SettingKey::AgentSecrets)) {
        const std::optional<SecretEntry> parsed = SecretEntry::parse(entry);
        if (!parsed)
            continue;
        auto *item
            = new QListWidgetItem(tr("<secret:%1> — typed on %2").arg(parsed->name, parsed->site), m_list);
        item->setData(Qt::UserRole, parsed->name);
    }
    m_remove->setEnabled(false);
    SecretStore *store = m_store();
    const bool available = store && store->isAvailable();
    m_save->setEnabled(available);
    if (!available)
        m_status->setText(tr("The keychain is not available%1: secrets cannot be kept.")
                              .arg(store ? u" ("_s + store->unavailableReason() + u')' : QString()));
    else if (m_list->count() == 0)
        m_status->setText(tr("A task uses a secret as <secret:name>; the model never sees its value."));
}

QStringList SecretsEditor::entriesWithout(const QString &name) const
{
    QStringList entries;
    for (const QString &entry : m_settings->listValue(SettingKey::AgentSecrets)) {
        const std::optional<SecretEntry> parsed = SecretEntry::parse(entry);
        if (!parsed || parsed->name != name)
            entries.append(entry);
    }
    return entries;
}

void SecretsEditor::save()
{
    QString error;
    const std::optional<SecretEntry> entry
        = SecretEntry::parse(m_name->text().trimmed() + u'@' + m_site->text().trimmed(), &error);
    if (!entry) {
        m_status->setText(knownSentence(error).translated());
        return;
    }
    const QString value = m_value->text();
    if (value.isEmpty()) {
        m_status->setText(tr("Type the secret's value first."));
        return;
    }
    SecretStore *store = m_store();
    if (!store)
        return;
    m_value->clear();
    const QPointer<SecretsEditor> self(this);
    const SecretEntry saved = *entry;
    store->write(SecretEntry::keychainKey(saved.name), value, [self, saved](const CommandResult &written) {
        if (!self)
            return;
        if (!written.ok) {
            self->m_status->setText(
                tr("The keychain refused the secret: %1").arg(knownSentence(written.error).translated()));
            return;
        }
        QStringList entries = self->entriesWithout(saved.name);
        entries.append(saved.name + u'@' + saved.site);
        QString error;
        if (!self->m_settings->setValue(SettingKey::AgentSecrets, entries, &error)) {
            self->m_status->setText(error);
            return;
        }
        self->m_name->clear();
        self->m_site->clear();
        self->m_status->setText(
            tr("<secret:%1> is kept in the keychain and typed on %2 only.").arg(saved.name, saved.site));
    });
}

void SecretsEditor::removeSelected()
{
    const QList<QListWidgetItem *> selected = m_list->selectedItems();
    SecretStore *store = m_store();
    if (selected.isEmpty() || !store)
        return;
    const QString name = selected.first()->data(Qt::UserRole).toString();
    QString error;
    if (!m_settings->setValue(SettingKey::AgentSecrets, entriesWithout(name), &error)) {
        m_status->setText(error);
        return;
    }
    const QPointer<SecretsEditor> self(this);
    store->remove(SecretEntry::keychainKey(name), [self, name](const CommandResult &removed) {
        if (!self)
            return;
        self->m_status->setText(removed.ok ? tr("<secret:%1> is removed, from the keychain too.").arg(name)
                                           : tr("<secret:%1> is removed from the list; the keychain "
                                                "kept its value: %2")
                                                 .arg(name, knownSentence(removed.error).translated()));
    });
}

} // namespace mpa
