#pragma once
// MCP's stdio transport: lines from standard input arrive as `lineReceived` on the event loop
// (a reader thread blocks on stdin so the loop never does), lines written go to standard
// output, which carries nothing else — logs go to stderr. `closed` fires when stdin ends (the
// client went away). A line longer than the limit is never held whole: once it passes the
// limit its bytes are counted and dropped, and `lineTooLong` tells how long it was and how it
// began (its first kKeptStartBytes, so the reply can carry the request's id).
// Writes never block the event loop: standard output is made non-blocking and what the client
// has not read yet waits in a buffer of at most kMaxUnsentBytes (past it, or when the pipe
// fails, `outputFailed` says why and what is unsent is dropped; the mcp command then exits).

#include <QByteArray>
#include <QObject>
#include <QString>

#include <chrono>
#include <functional>
#include <iosfwd>

class QSocketNotifier;

namespace mpa {

class McpStdio : public QObject
{
    Q_OBJECT
public:
    // The default longest line (MCP's message limit).
    static constexpr qint64 kDefaultMaxLineBytes = qint64(16) * 1024 * 1024;
    // Replies a client may leave unread before it is given up on (as an agent's WebSocket).
    static constexpr qint64 kMaxUnsentBytes = qint64(16) * 1024 * 1024;
    // What is kept of a line over the limit: enough for the "id" at its start.
    static constexpr qsizetype kKeptStartBytes = 256;

    explicit McpStdio(QObject *parent = nullptr);
    ~McpStdio() override;

    void setMaxLineBytes(qint64 bytes) { m_maxLineBytes = bytes; }
    // Where lines are written (standard output unless a test says otherwise); made non-blocking
    // on the first write, its flags given back when this object goes.
    void setOutput(int fd) { m_outputFd = fd; }
    void setMaxUnsentBytes(qint64 bytes) { m_maxUnsentBytes = bytes; }
    // Bytes written but not yet taken by the reader.
    qint64 unsentBytes() const { return m_unsent.size() - m_unsentOffset; }
    // Writes out what is unsent, waiting at most `timeout` for the reader; true when all went.
    bool flush(std::chrono::milliseconds timeout);

    // Starts reading stdin (once).
    void start();
    // Writes `line` and a newline to the output: at once as far as the pipe takes it, the rest
    // when the reader reads. Never blocks.
    void writeLine(const QByteArray &line);

    // Reads `in` to its end, a line at a time (without the newline and a trailing CR): `line`
    // for each line up to `maxLineBytes`, `tooLong` with the length and the first
    // kKeptStartBytes of each longer one. Returns the most bytes it held at once (a line and one
    // read chunk at most). Public for tests.
    static qint64 readLines(std::istream &in, qint64 maxLineBytes,
                            const std::function<void(QByteArray)> &line,
                            const std::function<void(qint64, QByteArray)> &tooLong);

Q_SIGNALS:
    void lineReceived(const QByteArray &line);
    // A line of `bytes` bytes (over `limit`) arrived and was dropped while it was read; `start`
    // is how it began.
    void lineTooLong(qint64 bytes, qint64 limit, const QByteArray &start);
    void closed();
    // Output is given up: the reader left more than the limit unread, or the pipe failed.
    void outputFailed(const QString &reason);

private:
    void prepareOutput();
    // Writes what the pipe takes now; false (after outputFailed) when it failed.
    bool writeSome();

    bool m_started = false;
    qint64 m_maxLineBytes = kDefaultMaxLineBytes;
    qint64 m_maxUnsentBytes = kMaxUnsentBytes;
    int m_outputFd = 1;
    int m_savedFlags = -1; // the output's flags before it was made non-blocking
    bool m_failed = false;
    QByteArray m_unsent;
    qsizetype m_unsentOffset = 0; // of m_unsent, already written
    QSocketNotifier *m_writable = nullptr;
};

} // namespace mpa
