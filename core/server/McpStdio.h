#pragma once
// MCP's stdio transport: lines from standard input arrive as `lineReceived` on the event loop
// (a reader thread blocks on stdin so the loop never does), lines written go to standard
// output, which carries nothing else — logs go to stderr. `closed` fires when stdin ends (the
// client went away). A line longer than the limit is never held whole: once it passes the
// limit its bytes are counted and dropped, and `lineTooLong` tells how long it was.

#include <QByteArray>
#include <QObject>

#include <functional>
#include <iosfwd>

namespace mpa {

class McpStdio : public QObject
{
    Q_OBJECT
public:
    // The default longest line (MCP's message limit).
    static constexpr qint64 kDefaultMaxLineBytes = 16 * 1024 * 1024;

    explicit McpStdio(QObject *parent = nullptr);
    ~McpStdio() override;

    void setMaxLineBytes(qint64 bytes) { m_maxLineBytes = bytes; }

    // Starts reading stdin (once).
    void start();
    // Writes `line` and a newline to stdout and flushes.
    void writeLine(const QByteArray &line);

    // Reads `in` to its end, a line at a time (without the newline and a trailing CR): `line`
    // for each line up to `maxLineBytes`, `tooLong` with the length of each longer one. Returns
    // the most bytes it held at once (a line and one read chunk at most). Public for tests.
    static qint64 readLines(std::istream &in, qint64 maxLineBytes, const std::function<void(QByteArray)> &line,
                            const std::function<void(qint64)> &tooLong);

Q_SIGNALS:
    void lineReceived(const QByteArray &line);
    // A line of `bytes` bytes (over `limit`) arrived and was dropped while it was read.
    void lineTooLong(qint64 bytes, qint64 limit);
    void closed();

private:
    bool m_started = false;
    qint64 m_maxLineBytes = kDefaultMaxLineBytes;
};

} // namespace mpa
