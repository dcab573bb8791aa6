#pragma once
// Masks personal data and secrets in text before it leaves for a web chat (the bridge) or a
// model (task runs): each finding is replaced by a marker naming its kind ("[email]", "[card]",
// …) and counted. Masking comes before any cut (redactThenClip); where text must be cut first
// (the page script's lines), clip() never leaves part of a value the redactor would mask.
//
// Built-in kinds, each found by a pattern and then checked (the check is what keeps ordinary
// numbers — dates, prices, versions, order ids — in the text):
//   secret  known token prefixes (sk-, sk-proj-, sk_live_, ghp_/gho_/ghu_/ghs_/ghr_, github_pat_,
//           xoxb-/xoxp-…, AKIA/ASIA + 16, AIza + 35, glpat-, npm_, hf_), JWTs (eyJ….….…), the
//           value after a label (api_key=, token:, password=, Bearer …) when it holds a digit,
//           and long high-entropy strings (see kMinEntropyBits in Redactor.cpp);
//   email
//   iban    country code + length from the IBAN registry, mod-97 checksum;
//   card    13–19 digits (spaces or dashes between groups), issuer digit 2–6, Luhn checksum;
//   ssn     AAA-GG-SSSS without the ranges the SSA never issues (000, 666, 9xx; 00; 0000);
//   ip      IPv4 with octets ≤ 255 (4 parts; not after "version"/"build"), IPv6;
//   phone   international (+CC …, 8–15 digits), NANP ((555) 123-4567, 555-123-4567), national
//           with a trunk 0 (UK 020 7946 0958, DE 030 12345678, FR 01 23 45 67 89, AU, NL, IT…),
//           Russian 8 495 123-45-67. Digit runs without separators are not taken for phones.
// User rules (a name and a regular expression) run first and win over the built-in kinds.
// Where findings overlap, the earlier kind in the list above wins.

#include <QHash>
#include <QList>
#include <QRegularExpression>
#include <QString>
#include <QStringView>

#include <vector>

namespace mpa {

// A user rule: a regular expression (Perl syntax, as QRegularExpression reads it) with a name
// that becomes its marker and its count's key.
struct RedactionRule
{
    QString name;
    QString pattern;
};

struct Redaction
{
    QString text;
    // Findings per kind: "email", "phone", "card", "iban", "ssn", "ip", "secret", or a user
    // rule's name. Kinds with no finding are absent.
    QHash<QString, int> counts;
};

class Redactor
{
public:
    Redactor(); // the built-in kinds, no user rules

    // Replaces the user rules when every rule compiles; otherwise false with `error` naming the
    // rule that does not and why (the previous rules then stay in force).
    bool setUserRules(const QList<RedactionRule> &rules, QString *error = nullptr);

    // Each finding replaced by "[kind]" (user rules: "[name]").
    Redaction redact(const QString &text) const;
    // Masks the whole text, then cuts the result to `chars` with clip(): the order every text
    // that leaves for a chat or a model takes, so a cut can never hide a value from the masking.
    Redaction redactThenClip(const QString &text, qsizetype chars) const;

    // `text` cut to at most `chars` characters, the last one "…", failing closed: the word the
    // cut splits goes whole, and so do the words before it that could be part of a maskable value
    // (a word with a digit or an "@", an IBAN-like group of up to four capitals and digits, a
    // word of separators only). "Card on file: 4111 1111 1111 1111" cut inside the number keeps
    // "Card on file:…". The page script's clip (payload/snapshot.js) follows the same rule.
    static QString clip(const QString &text, qsizetype chars);

    // User rules from the settings' entries "name=regular expression" (bridge/redactRules);
    // entries without a name are skipped.
    static QList<RedactionRule> rulesFromEntries(const QStringList &entries);

    // The Luhn checksum over the digits of `digits` (spaces and dashes ignored; anything else,
    // or fewer than 2 digits, is not valid).
    static bool luhnValid(const QString &digits);
    // An IBAN (spaces ignored, any case): a known country's length and the mod-97 checksum.
    static bool ibanValid(const QString &iban);
    // Shannon entropy of the characters of `text`, in bits per character.
    static double shannonEntropy(QStringView text);

    // How a candidate match is checked; public only so the implementation's table can name it.
    using Check = bool (*)(QStringView candidate, QStringView before);
    // Which parts of a rejected candidate are tried again: none, its leading groups (dropping
    // trailing ones), or any run of consecutive groups.
    enum class Retry { None, Prefixes, AnyRun };

private:
    struct Detector
    {
        QString kind;
        QRegularExpression regex;
        int group = 0;
        Check check = nullptr;
        Retry retry = Retry::None;
    };

    std::vector<Detector> m_builtIn;
    std::vector<Detector> m_user;
};

} // namespace mpa
