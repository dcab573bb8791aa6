#include "TextPattern.h"

using namespace Qt::StringLiterals;

namespace mpa {

TextPattern::TextPattern(const QString &source)
    : m_source(source)
{
    static const QRegularExpression regexForm(u"^/(.+)/([a-z]*)$"_s,
                                              QRegularExpression::DotMatchesEverythingOption);
    const QString trimmed = source.trimmed();
    if (trimmed.isEmpty()) {
        m_error = u"the pattern is empty"_s;
        return;
    }
    const auto match = regexForm.match(trimmed);
    if (!match.hasMatch()) {
        m_needle = normalize(trimmed);
        return;
    }
    m_isRegex = true;
    QRegularExpression::PatternOptions options = QRegularExpression::NoPatternOption;
    for (QChar flag : match.captured(2)) {
        switch (flag.unicode()) {
        case 'i':
            options |= QRegularExpression::CaseInsensitiveOption;
            break;
        case 'm':
            options |= QRegularExpression::MultilineOption;
            break;
        case 's':
            options |= QRegularExpression::DotMatchesEverythingOption;
            break;
        case 'u':
            options |= QRegularExpression::UseUnicodePropertiesOption;
            break;
        case 'g':
        case 'y':
            break;
        default:
            m_error = u"unknown regular expression flag '%1'"_s.arg(flag);
            return;
        }
    }
    m_regex = QRegularExpression(match.captured(1), options);
    if (!m_regex.isValid())
        m_error = m_regex.errorString();
}

bool TextPattern::matches(const QString &text) const
{
    if (!isValid())
        return false;
    if (m_isRegex)
        return m_regex.match(text).hasMatch();
    return normalize(text).contains(m_needle);
}

QString TextPattern::normalize(const QString &text)
{
    return text.simplified().toLower();
}

} // namespace mpa
