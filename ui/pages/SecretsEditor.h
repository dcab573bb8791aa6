#pragma once
// The Models page's secrets: values a task may type without the model seeing them. A task says
// <secret:name>; the run types the value only on the secret's site, asking first as it asks
// about a sign-in. The list shows names and sites (agent/secrets); values go to the keychain
// (secret/<name>) and are never shown again. Every control is the person's alone.

#include <QWidget>

#include <functional>

class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;

namespace mpa {

class SecretStore;
class Settings;

class SecretsEditor : public QWidget
{
    Q_OBJECT
public:
    // `store`: the keychain as the app has it now (tests replace it).
    SecretsEditor(Settings *settings, std::function<SecretStore *()> store, QWidget *parent = nullptr);

    QListWidget *list() const { return m_list; }
    QLineEdit *nameEdit() const { return m_name; }
    QLineEdit *siteEdit() const { return m_site; }
    QLineEdit *valueEdit() const { return m_value; }
    QPushButton *saveButton() const { return m_save; }
    QPushButton *removeButton() const { return m_remove; }
    QLabel *status() const { return m_status; }
    // The list and whether the keychain can keep secrets, as they are now.
    void refresh();

private:
    void save();
    void removeSelected();
    // agent/secrets without the entry named `name`.
    QStringList entriesWithout(const QString &name) const;

    Settings *m_settings;
    std::function<SecretStore *()> m_store;
    QListWidget *m_list;
    QLineEdit *m_name;
    QLineEdit *m_site;
    QLineEdit *m_value;
    QPushButton *m_save;
    QPushButton *m_remove;
    QLabel *m_status;
};

} // namespace mpa
