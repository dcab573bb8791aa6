#pragma once
// The secrets a job may type without its brain ever seeing them (browser-use's sensitive_data):
// the task names one as <secret:name>, the brain writes that placeholder into fill or type, and
// the executor puts the value in at the action — only on the site the secret is bound to (the
// setting's "name@site"), and judged by the gate as credentials. Every text that comes back from
// the page (results, errors, the page itself) has the values turned back into placeholders before
// anyone records or reads it. Values come from the keychain (SecretStore, key secret/<name>).

#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

#include <optional>

namespace mpa {

class JobSecrets
{
public:
    struct Secret
    {
        QString name;
        QString site; // example.com: the page's site must be this one or under it
        QString value;
    };

    // The placeholders a text holds, by name, in order, each once.
    static QStringList namesIn(const QString &text);
    static QString placeholder(const QString &name) { return QStringLiteral("<secret:") + name + u'>'; }

    void add(Secret secret);
    bool isEmpty() const { return m_secrets.isEmpty(); }
    const Secret *find(const QString &name) const;
    // The names a command's params use (in any text value).
    QStringList usedIn(const QJsonObject &params) const;
    // Why `tool` may not type the secrets it uses on `pageUrl`, or empty when it may.
    QString refusal(const QString &tool, const QJsonObject &params, const QString &pageUrl) const;
    // `params` with every placeholder replaced by its value (for the toolkit only).
    QJsonObject filledIn(const QJsonObject &params) const;
    // The ways a value may come back: as typed, and as a form's query in an address carries it.
    static QStringList formsOf(const QString &value);
    // `text` with every value, in each of its forms, turned back into its placeholder.
    QString hidden(QString text) const;
    QJsonValue hidden(const QJsonValue &value) const;

private:
    QList<Secret> m_secrets;
    QList<QPair<QString, QString>> m_forms; // each form of each value → its placeholder, longest first
};

} // namespace mpa
