#pragma once
// What a tab wrote to its console, read through CDP (no page patching): console.* calls
// (Runtime.consoleAPICalled), uncaught exceptions (Runtime.exceptionThrown) and the browser's own
// messages about the page (Log.entryAdded: failed loads, violations, CSP), each with its level
// and source location, numbered in order; the last kMaxEntries kept. The toolkit's `console`
// command reads it. It records from the moment it starts (the first command an agent sends to
// the tab); the browser's own messages from before are replayed by Log.enable.

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>

namespace mpa {

class CdpSession;

struct ConsoleEntry
{
    qint64 sequence = 0; // 1, 2, … in the order they came
    QString level; // debug, info, warning, error
    QString kind; // the console method (log, warn, error, …), "exception", or the browser's source
    QString text;
    QString url; // where it came from (empty when the browser did not say)
    int line = -1; // 1-based, -1: unknown
    int column = -1;
    double time = 0; // ms since the epoch

    // url, line and column from what CDP calls a location (0-based lineNumber/columnNumber): a
    // call frame, exception details or a log entry.
    void readSource(const QJsonObject &location);
    QJsonObject toJson() const;
    // "[error] Uncaught Error: boom @ http://…/app.js:12:5"
    QString lineText() const;
};

class ConsoleLog : public QObject
{
    Q_OBJECT
public:
    static constexpr int kMaxEntries = 1000;
    static constexpr int kMaxTextChars = 4000; // one message's text, cut after this

    explicit ConsoleLog(CdpSession *session, QObject *parent = nullptr);

    // Runtime.enable (often already on) and Log.enable.
    void start();

    // The levels from the least to the most severe; a level names itself and everything above.
    static const QStringList &levels();

    // The number of the newest entry so far (a mark to read "since").
    qint64 mark() const { return m_sequence; }
    // The mark when the tab's current document began (its main frame navigated): what `console`
    // reads by default, as Playwright MCP and chrome-devtools-mcp list the current page's only.
    qint64 documentMark() const { return m_documentMark; }
    // The entries after `mark` at `minLevel` or above (empty: all), the newest `limit`, oldest first.
    QList<ConsoleEntry> since(qint64 mark, const QString &minLevel = {}, int limit = 100) const;
    // How many entries were dropped from the front since the log started (the ring is full).
    qint64 dropped() const { return m_dropped; }

    // A console call's arguments as the console shows them: format specifiers (%s %d %i %f %o %O
    // %c) filled in, objects by their preview or description.
    static QString formatArguments(const QJsonArray &args);

private:
    void onEvent(const QString &method, const QJsonObject &params);
    void add(ConsoleEntry entry);

    QPointer<CdpSession> m_session;
    QList<ConsoleEntry> m_entries;
    qint64 m_sequence = 0;
    qint64 m_dropped = 0;
    qint64 m_documentMark = 0;
};

} // namespace mpa
