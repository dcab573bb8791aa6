#include "McpStdio.h"

#include <QCoreApplication>
#include <QPointer>
#include <QSocketNotifier>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

#include <cstdio>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

namespace mpa {

McpStdio::McpStdio(QObject *parent)
    : QObject(parent)
{
}

McpStdio::~McpStdio()
{
    // What the client has not read yet still goes (a reader that stopped costs 2 s at most).
    if (!m_failed && unsentBytes() > 0)
        flush(std::chrono::seconds(2));
    if (m_savedFlags != -1)
        ::fcntl(m_outputFd, F_SETFL, m_savedFlags);
}

qint64 McpStdio::readLines(std::istream &in, qint64 maxLineBytes, const std::function<void(QByteArray)> &line,
                           const std::function<void(qint64, QByteArray)> &tooLong)
{
    constexpr std::streamsize kChunk = std::streamsize(64) * 1024;
    std::vector<char> chunk(size_t(kChunk) + 1);
    QByteArray current;
    QByteArray start; // of a line over the limit
    bool dropping = false;
    qint64 length = 0; // of the current line, also when its bytes were dropped
    qint64 mostHeld = 0;
    const auto finishLine = [&] {
        if (length > maxLineBytes) {
            tooLong(length, start);
        } else {
            if (current.endsWith('\r'))
                current.chop(1);
            line(current);
        }
        current = QByteArray();
        start = QByteArray();
        dropping = false;
        length = 0;
    };
    for (;;) {
        in.getline(chunk.data(), kChunk + 1);
        const std::streamsize extracted = in.gcount();
        if (in.bad())
            break;
        const bool ended = !in.fail(); // the newline was read
        const bool atEnd = in.eof();
        const qint64 stored = ended && !atEnd ? extracted - 1 : extracted;
        length += stored;
        if (length <= maxLineBytes) {
            current.append(chunk.data(), qsizetype(stored));
            mostHeld = qMax<qint64>(mostHeld, current.size() + kChunk);
        } else if (!dropping) {
            // Over the limit: only its start and its length are kept from now on.
            dropping = true;
            if (current.size() < kKeptStartBytes)
                current.append(chunk.data(),
                               qMin<qsizetype>(qsizetype(stored), kKeptStartBytes - current.size()));
            start = current.left(kKeptStartBytes);
            current = QByteArray();
        }
        if (atEnd) {
            if (length > 0)
                finishLine();
            break;
        }
        if (ended) {
            finishLine();
            continue;
        }
        in.clear(); // the chunk was full; the line goes on
    }
    return mostHeld;
}

void McpStdio::start()
{
    if (m_started)
        return;
    m_started = true;
    // Detached: a read blocked on stdin cannot be interrupted portably; the thread ends at EOF
    // or with the process. Lines are handed over through the application object, so a
    // McpStdio deleted meanwhile is simply not called.
    QPointer<McpStdio> guard(this);
    QCoreApplication *app = QCoreApplication::instance();
    const qint64 limit = m_maxLineBytes;
    std::thread([guard, app, limit] {
        readLines(
            std::cin, limit,
            [guard, app](const QByteArray &bytes) {
                QMetaObject::invokeMethod(
                    app,
                    [guard, bytes] {
                        if (guard)
                            Q_EMIT guard->lineReceived(bytes);
                    },
                    Qt::QueuedConnection);
            },
            [guard, app, limit](qint64 bytes, const QByteArray &start) {
                QMetaObject::invokeMethod(
                    app,
                    [guard, bytes, limit, start] {
                        if (guard)
                            Q_EMIT guard->lineTooLong(bytes, limit, start);
                    },
                    Qt::QueuedConnection);
            });
        QMetaObject::invokeMethod(
            app,
            [guard] {
                if (guard)
                    Q_EMIT guard->closed();
            },
            Qt::QueuedConnection);
    }).detach();
}

void McpStdio::prepareOutput()
{
    if (m_writable)
        return;
    const int flags = ::fcntl(m_outputFd, F_GETFL);
    if (flags != -1 && !(flags & O_NONBLOCK) && ::fcntl(m_outputFd, F_SETFL, flags | O_NONBLOCK) == 0)
        m_savedFlags = flags;
    m_writable = new QSocketNotifier(m_outputFd, QSocketNotifier::Write, this);
    m_writable->setEnabled(false);
    connect(m_writable, &QSocketNotifier::activated, this, [this] { writeSome(); });
}

bool McpStdio::writeSome()
{
    while (unsentBytes() > 0) {
        const ssize_t written
            = ::write(m_outputFd, m_unsent.constData() + m_unsentOffset, size_t(unsentBytes()));
        if (written > 0) {
            m_unsentOffset += written;
            continue;
        }
        if (written < 0 && errno == EINTR)
            continue;
        if (written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            break; // the pipe is full: the rest when the reader has read
        const QString reason = u"cannot write to standard output (%1); %2 bytes of replies are lost"_s
                                   .arg(QString::fromLocal8Bit(std::strerror(errno)))
                                   .arg(unsentBytes());
        m_failed = true;
        m_unsent.clear();
        m_unsentOffset = 0;
        m_writable->setEnabled(false);
        Q_EMIT outputFailed(reason);
        return false;
    }
    if (unsentBytes() == 0) {
        m_unsent.clear();
        m_unsentOffset = 0;
    } else if (m_unsentOffset > qint64(1024) * 1024) {
        m_unsent.remove(0, m_unsentOffset); // what went is not kept
        m_unsentOffset = 0;
    }
    m_writable->setEnabled(unsentBytes() > 0);
    return true;
}

void McpStdio::writeLine(const QByteArray &line)
{
    if (m_failed)
        return;
    prepareOutput();
    m_unsent.append(line);
    m_unsent.append('\n');
    if (!writeSome())
        return;
    if (unsentBytes() > m_maxUnsentBytes) {
        const QString reason = u"the client does not read its replies: %1 bytes unsent, over the limit of %2 "
                               "bytes; giving up on it"_s.arg(unsentBytes())
                                   .arg(m_maxUnsentBytes);
        m_failed = true;
        m_unsent.clear();
        m_unsentOffset = 0;
        m_writable->setEnabled(false);
        Q_EMIT outputFailed(reason);
    }
}

bool McpStdio::flush(std::chrono::milliseconds timeout)
{
    if (m_failed || !m_writable)
        return unsentBytes() == 0;
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (unsentBytes() > 0 && writeSome()) {
        if (unsentBytes() == 0)
            break;
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0)
            break;
        pollfd writable { m_outputFd, POLLOUT, 0 };
        ::poll(&writable, 1, int(left.count()));
    }
    return unsentBytes() == 0;
}

} // namespace mpa
