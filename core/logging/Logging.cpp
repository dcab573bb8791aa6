#include "Logging.h"

#include "LogCategories.h"
#include "LogFile.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QLoggingCategory>
#include <QMutex>
#include <QPointer>
#include <QThread>

#include <cstdio>
#include <memory>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

struct LoggingState
{
    QMutex mutex;
    Logging::Options options;
    QPointer<LogBuffer> buffer;
    std::unique_ptr<LogFile> file;
    QStringList secrets;
    QtMessageHandler previous = nullptr;
    bool installed = false;
};

LoggingState &state()
{
    static LoggingState s;
    return s;
}

thread_local bool t_inHandler = false;

// Puts one line in the ring buffer (on its thread) and, when asked, on stderr.
void show(LoggingState &s, const LogEntry &entry, const QString &line, bool echo)
{
    if (echo) {
        const QByteArray bytes = line.toLocal8Bit() + '\n';
        std::fwrite(bytes.constData(), 1, std::size_t(bytes.size()), stderr);
        std::fflush(stderr);
    }
    if (LogBuffer *buffer = s.buffer.data()) {
        if (QThread::currentThread() == buffer->thread())
            buffer->append(entry);
        else
            QMetaObject::invokeMethod(
                buffer, [buffer, entry] { buffer->append(entry); }, Qt::QueuedConnection);
    }
}

// The log file's own warnings (a link moved aside), written after the line that caused them:
// the file cannot log through the handler that is writing to it.
QList<LogEntry> fileNotices(LoggingState &s)
{
    QList<LogEntry> entries;
    if (!s.file)
        return entries;
    for (const QString &notice : s.file->takeNotices()) {
        LogEntry entry;
        entry.msecsSinceEpoch = QDateTime::currentMSecsSinceEpoch();
        entry.level = QtWarningMsg;
        entry.category = QString::fromLatin1(lcApp().categoryName());
        entry.message = notice;
        s.file->write(entry.format());
        entries.append(entry);
    }
    return entries;
}

void messageHandler(QtMsgType type, const QMessageLogContext &context, const QString &text)
{
    if (t_inHandler)
        return; // a message raised while handling a message: drop it rather than recurse
    t_inHandler = true;

    LogEntry entry;
    entry.msecsSinceEpoch = QDateTime::currentMSecsSinceEpoch();
    entry.level = type;
    entry.category = QString::fromLatin1(context.category ? context.category : "default");
    entry.message = Logging::redact(text);
    const QString line = entry.format();

    LoggingState &s = state();
    bool echo = false;
    QList<LogEntry> notices;
    {
        QMutexLocker lock(&s.mutex);
        echo = s.options.echoToStderr || type == QtFatalMsg;
        if (s.file) {
            s.file->write(line);
            notices = fileNotices(s);
        }
    }
    for (const LogEntry &notice : std::as_const(notices))
        show(s, notice, notice.format(), echo);
    show(s, entry, line, echo);
    t_inHandler = false;
    if (type == QtFatalMsg)
        std::abort();
}

} // namespace

void Logging::install(const Options &options)
{
    LoggingState &s = state();
    {
        QMutexLocker lock(&s.mutex);
        s.options = options;
        s.file.reset();
        if (!options.logDir.isEmpty()) {
            // LogFile makes the folder, after moving aside a link out of its place.
            s.file = std::make_unique<LogFile>(QDir(options.logDir).filePath(u"multi-purpose-agent.log"_s));
        }
    }
    if (!s.buffer)
        s.buffer = new LogBuffer(options.bufferCapacity, QCoreApplication::instance());
    if (!s.installed) {
        s.previous = qInstallMessageHandler(messageHandler);
        s.installed = true;
    }
    QList<LogEntry> notices;
    {
        QMutexLocker lock(&s.mutex);
        notices = fileNotices(s);
    }
    for (const LogEntry &notice : std::as_const(notices))
        show(s, notice, notice.format(), options.echoToStderr);
    if (options.verbose)
        QLoggingCategory::setFilterRules(u"mpa.*.debug=true"_s);
}

void Logging::uninstall()
{
    LoggingState &s = state();
    if (s.installed) {
        qInstallMessageHandler(s.previous);
        s.installed = false;
    }
    QMutexLocker lock(&s.mutex);
    s.file.reset();
}

Logging::Cleared Logging::clear()
{
    LoggingState &s = state();
    Cleared cleared;
    QList<LogEntry> notices;
    {
        QMutexLocker lock(&s.mutex);
        if (s.file) {
            cleared.bytes = s.file->clear(&cleared.files);
            notices = fileNotices(s);
        }
    }
    if (LogBuffer *buffer = s.buffer.data()) {
        cleared.lines = buffer->rowCount();
        buffer->clear();
    }
    // After the buffer was emptied: what was moved aside instead of emptied stays said.
    for (const LogEntry &notice : std::as_const(notices))
        show(s, notice, notice.format(), s.options.echoToStderr);
    return cleared;
}

LogBuffer *Logging::buffer()
{
    return state().buffer.data();
}

QString Logging::logFilePath()
{
    LoggingState &s = state();
    QMutexLocker lock(&s.mutex);
    return s.file ? s.file->path() : QString();
}

void Logging::addSecret(const QString &secret)
{
    if (secret.size() < 6)
        return; // too short to mask without mangling ordinary words
    LoggingState &s = state();
    QMutexLocker lock(&s.mutex);
    if (!s.secrets.contains(secret))
        s.secrets.append(secret);
}

void Logging::removeSecret(const QString &secret)
{
    LoggingState &s = state();
    QMutexLocker lock(&s.mutex);
    s.secrets.removeAll(secret);
}

QString Logging::redact(QString text)
{
    LoggingState &s = state();
    QMutexLocker lock(&s.mutex);
    for (const QString &secret : std::as_const(s.secrets))
        text.replace(secret, u"«redacted»"_s);
    return text;
}

} // namespace mpa
