#include "TextPattern.h"

#include <algorithm>
#include <iterator>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

// The flags a JavaScript-style /source/flags pattern may carry, and what each means here: g and y
// (global, sticky) change nothing for a yes/no match.
struct RegexFlag
{
    char16_t letter;
    QRegularExpression::PatternOption option;
};
constexpr RegexFlag kRegexFlags[] {
    { u'i', QRegularExpression::CaseInsensitiveOption },
    { u'm', QRegularExpression::MultilineOption },
    { u's', QRegularExpression::DotMatchesEverythingOption },
    { u'u', QRegularExpression::UseUnicodePropertiesOption },
    { u'g', QRegularExpression::NoPatternOption },
    { u'y', QRegularExpression::NoPatternOption },
};

} // namespace

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
        const auto known = std::find_if(std::begin(kRegexFlags), std::end(kRegexFlags),
                                        [flag](const RegexFlag &f) { return f.letter == flag; });
        if (known == std::end(kRegexFlags)) {
            m_error = u"unknown regular expression flag '%1'"_s.arg(flag);
            return;
        }
        options |= known->option;
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
