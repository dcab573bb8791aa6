#pragma once
// A user-written pattern: plain text matched as a case-insensitive substring (whitespace
// collapsed), or `/regex/flags` (flags i, m, s, u; g and y accepted and ignored). Used by the
// ban list and the target filter.

#include <QRegularExpression>
#include <QString>

namespace mpa {

class TextPattern
{
public:
    TextPattern() = default;
    explicit TextPattern(const QString &source);

    QString source() const { return m_source; }
    bool isRegex() const { return m_isRegex; }
    bool isValid() const { return m_error.isEmpty(); }
    QString errorString() const { return m_error; }

    // True when the pattern occurs in `text`.
    bool matches(const QString &text) const;

    // Lower case with runs of whitespace folded to one space and trimmed.
    static QString normalize(const QString &text);

private:
    QString m_source;
    QString m_needle; // normalized substring
    QRegularExpression m_regex;
    bool m_isRegex = false;
    QString m_error;
};

} // namespace mpa
