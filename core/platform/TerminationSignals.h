#pragma once
// Turns SIGINT/SIGTERM/SIGHUP (Ctrl+C on Windows consoles) into a Qt signal delivered in the
// event loop, so the app can shut down cleanly and print its summary.

#include <QObject>

namespace mpa {

class TerminationSignals : public QObject
{
    Q_OBJECT
public:
    explicit TerminationSignals(QObject *parent = nullptr);
    ~TerminationSignals() override;

Q_SIGNALS:
    void terminationRequested(const QString &signalName);

private:
    struct Private;
    Private *d;
};

} // namespace mpa
