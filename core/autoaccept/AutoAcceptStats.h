#pragma once
// Auto-accept's running totals: cumulative, per ISO week and per day, and its last reaction
// times (button seen → click verified), kept in
// <config-dir>/autoaccept-stats.json (written atomically, a moment after each change and on
// destruction) so they survive restarts.

#include "common/JsonStore.h"

#include <QDate>
#include <QJsonObject>
#include <QList>
#include <QMap>

namespace mpa {

struct AutoAcceptCounts
{
    qint64 clicks = 0;
    qint64 blocked = 0;
    qint64 failedVerifications = 0;
    qint64 fileEdits = 0;
    qint64 terminalCommands = 0;
    // Runs of the app in which auto-accept clicked at least once (counted at the first click).
    qint64 sessions = 0;

    // A person who clicks the button themselves notices it, switches to the IDE, finds and
    // clicks it: about this many seconds a click. Time saved is an estimate from it.
    static constexpr qint64 kSecondsSavedPerClick = 5;
    qint64 secondsSaved() const { return clicks * kSecondsSavedPerClick; }

    AutoAcceptCounts &operator+=(const AutoAcceptCounts &other);
    bool isZero() const { return *this == AutoAcceptCounts {}; }
    bool operator==(const AutoAcceptCounts &other) const = default;

    QJsonObject toJson() const;
    // Reads the fields above from a JSON object (missing ones are 0).
    static AutoAcceptCounts fromJson(const QJsonObject &json);
    // What grew from `before` to `now` (a field that shrank counts 0: a new document).
    static AutoAcceptCounts growth(const AutoAcceptCounts &before, const AutoAcceptCounts &now);
};

class AutoAcceptStats : public JsonStore
{
    Q_OBJECT
public:
    explicit AutoAcceptStats(const QString &configDir, QObject *parent = nullptr);
    ~AutoAcceptStats() override;

    static QString fileName() { return QStringLiteral("autoaccept-stats.json"); }

    void add(const AutoAcceptCounts &counts, QDate day = QDate::currentDate());
    AutoAcceptCounts cumulative() const { return m_cumulative; }
    AutoAcceptCounts week(QDate day = QDate::currentDate()) const { return m_weeks.value(weekKey(day)); }
    // One day's totals (the app's local calendar day), for the last kDaysKept days.
    AutoAcceptCounts day(QDate day = QDate::currentDate()) const { return m_days.value(dayKey(day)); }
    // Day key ("2026-11-26") → totals, oldest first.
    const QMap<QString, AutoAcceptCounts> &days() const { return m_days; }
    // Week key ("2026-W48") → totals, oldest first; the last kWeeksKept weeks.
    const QMap<QString, AutoAcceptCounts> &weeks() const { return m_weeks; }
    // weeks() as JSON: week key → counts.
    QJsonObject weeksJson() const;
    QDateTime since() const { return m_since; }

    // How long a click took, from the button appearing to the click being verified, in ms. Only
    // the last kReactionsKept are kept; a value that is not a plausible time is ignored.
    void addReaction(double ms);
    // Oldest first.
    const QList<double> &reactionsMs() const { return m_reactionsMs; }

    void reset();

    static QString weekKey(QDate day);
    static QString dayKey(QDate day);
    static constexpr int kWeeksKept = 12;
    static constexpr int kDaysKept = 56;
    static constexpr int kReactionsKept = 500;
    // Longer than any verified click can take (the payload verifies within 500 ms of clicking).
    static constexpr double kLongestReactionMs = 10 * 60 * 1000;

protected:
    QJsonObject toJson() const override;

private:
    void load();

    AutoAcceptCounts m_cumulative;
    QMap<QString, AutoAcceptCounts> m_weeks;
    QMap<QString, AutoAcceptCounts> m_days;
    QList<double> m_reactionsMs;
    QDateTime m_since;
};

} // namespace mpa
