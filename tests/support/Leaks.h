#pragma once
// What a masking test looks for in text a model or a chat received: parts of the values the
// page showed. Shared by BridgeTest and TaskRunTest (tests/fixtures/agent/billing.html).

#include <QRegularExpression>
#include <QString>
#include <QStringList>

namespace mpa::test {

// The numbers of tests/fixtures/agent/billing.html.
inline const QStringList kBillingNumbers { QStringLiteral("4539 1488 0343 6467"),
                                           QStringLiteral("5555 5555 5555 4444"),
                                           QStringLiteral("DE89 3704 0044 0532 0130 00"),
                                           QStringLiteral("+44 20 7946 0958") };

// `text` without Chromium's random tab ids (32 hex digits), which can hold "4111" or "DE89" by
// chance.
inline QString withoutTabIds(QString text)
{
    static const QRegularExpression id(QStringLiteral("\\b[0-9A-F]{32}\\b"));
    return text.remove(id);
}

// The 4-digit windows of the numbers `values` found in `text`'s digit runs (spaces and dashes
// between digits taken out): what reached the reader of part of a card, IBAN or phone number.
inline QStringList leakedDigits(const QString &text, const QStringList &values)
{
    static const QRegularExpression run(QStringLiteral("\\d(?:[\\s\\-]*\\d)*"));
    static const QRegularExpression separators(QStringLiteral("[\\s\\-]"));
    static const QRegularExpression nonDigits(QStringLiteral("\\D"));
    QString runs;
    for (auto it = run.globalMatch(text); it.hasNext();)
        runs += it.next().captured().remove(separators) + u'|';
    QStringList leaked;
    for (QString value : values) {
        value.remove(nonDigits);
        for (qsizetype i = 0; i + 4 <= value.size(); ++i) {
            if (runs.contains(value.mid(i, 4)))
                leaked.append(value.mid(i, 4));
        }
    }
    return leaked;
}

} // namespace mpa::test
