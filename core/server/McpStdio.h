#pragma once
// MCP's stdio transport: lines from standard input arrive as `lineReceived` on the event loop
// (a reader thread blocks on stdin so the loop never does), lines written go to standard
// output, which carries nothing else — logs go to stderr. `closed` fires when stdin ends (the
// client went away).

#include <QByteArray>
#include <QObject>

namespace mpa {

class McpStdio : public QObject
{
    Q_OBJECT
public:
    explicit McpStdio(QObject *parent = nullptr);
    ~McpStdio() override;

    // Starts reading stdin (once).
    void start();
    // Writes `line` and a newline to stdout and flushes.
    void writeLine(const QByteArray &line);

Q_SIGNALS:
    void lineReceived(const QByteArray &line);
    void closed();

private:
    bool m_started = false;
};

} // namespace mpa
