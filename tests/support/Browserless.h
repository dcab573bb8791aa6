#pragma once
// A real remote browser service for tests: Browserless (npm @browserless.io/browserless,
// installed by scripts/test into the cache, see mpa_install_browserless in scripts/lib/common.sh;
// its folder in MPA_BROWSERLESS) on 127.0.0.1 with a token, launching Debian's chromium: one
// fresh browser per WebSocket connection, as the hosted service does. Stopped with the object.
// SSPL-licensed: a test tool only, never shipped or linked.

#include <QProcess>
#include <QString>
#include <QUrl>

namespace mpa::test {

class Browserless
{
public:
    Browserless();
    ~Browserless();

    // Why the service cannot run here (not installed, no node), or empty: tests GTEST_SKIP with it.
    static QString unavailableReason();

    // Starts it (on a free port the first time, on the same port after stop()) and waits until
    // /json/version answers; false with error() when it cannot.
    bool start(const QString &token);
    void stop();
    quint16 port() const { return m_port; }
    // ws://127.0.0.1:PORT?token=… (with another token when given)
    QUrl webSocketUrl(const QString &token = {}) const;
    QString error() const { return m_error; }
    QString output() const { return m_output; }

private:
    QProcess m_process;
    quint16 m_port = 0;
    QString m_token;
    QString m_error;
    QString m_output;
};

} // namespace mpa::test

// Skipped, saying why, where Browserless could not be installed; in CI (CI set) that fails.
#define SKIP_WITHOUT_BROWSERLESS()                                                                           \
    do {                                                                                                     \
        const QString reason = Browserless::unavailableReason();                                             \
        if (!reason.isEmpty() && qEnvironmentVariableIsSet("CI"))                                            \
            FAIL() << reason.toStdString();                                                                  \
        if (!reason.isEmpty())                                                                               \
            GTEST_SKIP() << reason.toStdString();                                                            \
    } while (false)
