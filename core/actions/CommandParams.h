#pragma once
// Typed reading of a command's params for the handlers, with errors that name the parameter.

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace mpa {

// Typed access to a command's params with errors that name the parameter:
//   CommandParams p(params);
//   const QString ref = p.requiredString(u"ref"_s);
//   const int timeout = p.integer(u"timeoutMs"_s, 5000, 0, 60000);
//   if (!p.ok()) return reply(CommandResult::failure(p.error()));
class CommandParams
{
public:
    explicit CommandParams(const QJsonObject &params)
        : m_params(params)
    {
    }

    bool ok() const { return m_error.isEmpty(); }
    QString error() const { return m_error; }
    bool has(const QString &name) const { return m_params.contains(name); }
    const QJsonObject &raw() const { return m_params; }

    QString requiredString(const QString &name);
    QString string(const QString &name, const QString &fallback = {});
    int integer(const QString &name, int fallback, int minimum, int maximum);
    double number(const QString &name, double fallback, double minimum, double maximum);
    bool boolean(const QString &name, bool fallback);
    QStringList stringList(const QString &name);
    QJsonObject object(const QString &name);
    // One of `choices` (the first is the default when absent).
    QString choice(const QString &name, const QStringList &choices);

private:
    void fail(const QString &message);
    // The value of `name` when it is given and of the kind `isKind` checks; a value of another
    // kind fails ("params.<name> must be <kind>"). Missing or null: nullopt, and no failure.
    std::optional<QJsonValue> given(const QString &name, bool (QJsonValue::*isKind)() const,
                                    const QString &kind);

    QJsonObject m_params;
    QString m_error;
};

} // namespace mpa
