#pragma once
// A sentence core writes for the user, in two forms: english() for the debug API, the log and
// the data files (queue.json, history), which stay English; translated() for the window and the
// tray, through the installed translators. The source text is marked for lupdate where it is
// written (QT_TRANSLATE_NOOP with the context as a literal) and translated only when asked for;
// its %1…%9 take values that are themselves UserText, or plain text (a host, a number, a model
// name) that is the same in every language. The core files that write them are listed in
// ui/CMakeLists.txt (mpa_core_translated_sources) so lupdate reads them.

#include <QByteArray>
#include <QList>
#include <QString>

namespace mpa {

class UserText
{
public:
    UserText() = default;
    // `context` and `source` are the literals of a QT_TRANSLATE_NOOP(context, source).
    UserText(const char *context, const char *source);
    // Text that is not translated: a value (a host, a path, a number) or a sentence written by
    // someone else (the browser's, the IDE's).
    static UserText plain(const QString &text);
    // A sentence read back in English (from queue.json): translated when the catalogue has it
    // under `context` as it stands, that is when it has no values in it; else as it is.
    static UserText fromEnglish(const char *context, const QString &english);

    // Fills the lowest %N left, as QString::arg does.
    UserText arg(const UserText &value) const;
    UserText arg(const QString &value) const { return arg(plain(value)); }
    UserText arg(qlonglong number) const { return arg(QString::number(number)); }
    UserText arg(int number) const { return arg(QString::number(number)); }

    bool isEmpty() const { return m_source.isEmpty() && m_plain.isEmpty(); }
    QString english() const;
    QString translated() const;

    // The parts joined by `separator` (a sign such as "; ", the same in every language).
    static UserText joined(const QList<UserText> &parts, const QString &separator);

    bool operator==(const UserText &other) const = default;

private:
    QString render(bool translate) const;

    QByteArray m_context;
    QByteArray m_source; // empty: plain text, or a join
    QString m_plain; // the plain text, or a join's separator
    QList<UserText> m_args; // %1, %2, …; a join's parts
    bool m_join = false;
};

} // namespace mpa

namespace mpa {

// Fills `why` (when given) with `message`; false, for `return refuse(why, UserText(…));`.
inline bool refuse(UserText *why, const UserText &message)
{
    if (why)
        *why = message;
    return false;
}

} // namespace mpa
