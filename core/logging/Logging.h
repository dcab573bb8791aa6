#pragma once
// Installs the process-wide message handler: every qCDebug/qCInfo/qCWarning line goes to the
// ring buffer, the rotating log file and (headless, or when asked) stderr. Registered secrets
// are masked in every line, so a token that reaches a log message by mistake stays hidden.

#include "LogBuffer.h"

#include <QString>
#include <QStringList>

namespace mpa {

class LogFile;

class Logging
{
public:
    struct Options
    {
        QString logDir; // empty: no log file
        bool echoToStderr = false;
        int bufferCapacity = 5000;
        bool verbose = false; // mpa.*.debug on
    };

    static void install(const Options &options);
    static void uninstall();

    struct Cleared
    {
        int lines = 0; // taken out of the in-memory log
        qint64 bytes = 0; // taken out of the log file and its rolled copies
        QStringList files; // the files emptied or removed
    };
    // Empties the in-memory log and the log file (with its rolled copies). Call it on the
    // buffer's thread.
    static Cleared clear();

    static LogBuffer *buffer(); // null before install()
    static QString logFilePath(); // empty without a log file
    static void addSecret(const QString &secret);
    static void removeSecret(const QString &secret);
    static QString redact(QString text);
};

} // namespace mpa
