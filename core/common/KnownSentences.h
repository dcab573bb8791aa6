#pragma once
// The English sentences core writes as plain text (a CommandResult's error, the keychain's
// reason, a ban pattern's problem, the regular expression engine's message) that the window
// shows: knownSentence() finds one here by its wording, with its values, and translates it
// under kKnownSentencesContext. Plain text because it also goes to the debug API, MCP, an LLM or
// the log, which stay English; the window translates it where it shows it. A sentence not here
// is shown as it is, so a changed wording falls back to English, never to a wrong translation.

#include "UserText.h"

#include <QList>

class QRegularExpression;

namespace mpa {

inline constexpr char kKnownSentencesContext[] = "mpa::KnownSentences";

// The source texts (with %1…%9 for their values), as QT_TRANSLATE_NOOP marks them for lupdate.
const QList<const char *> &knownSentences();

// `english`, a sentence core wrote as plain text, as a UserText: translated() gives it in the
// window's language when it is one of knownSentences() (the one with most words of its own when
// several match), each of its values looked up the same way; else it is shown as it is.
// english() gives back `english` as it came.
UserText knownSentence(const QString &english);

// `english`, clauses core joined with "; " (what a step did: "navigated to …; a dialog: …"), in
// the window's language: each clause as knownSentence() says it, the separator kept.
QString knownClauses(const QString &english);

// Why `regex` is not valid, in the engine's English (QRegularExpression::errorString() is in the
// language of Qt's own installed catalogue), for the API and the log; the window translates it
// with knownSentence().
QString englishRegexError(const QRegularExpression &regex);

} // namespace mpa
