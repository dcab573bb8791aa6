#include "McpStdio.h"

#include <QCoreApplication>
#include <QPointer>

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

McpStdio::~McpStdio() = default;

qint64 McpStdio::readLines(std::istream &in, qint64 maxLineBytes, const std::function<void(QByteArray)> &line,
                           const std::function<void(qint64)> &tooLong)
{
    constexpr std::streamsize kChunk = 64 * 1024;
    std::vector<char> chunk(size_t(kChunk) + 1);
    QByteArray current;
    qint64 length = 0; // of the current line, also when its bytes were dropped
    qint64 mostHeld = 0;
    const auto finishLine = [&] {
        if (length > maxLineBytes) {
            tooLong(length);
        } else {
            if (current.endsWith('\r'))
                current.chop(1);
            line(current);
        }
        current = QByteArray();
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
        } else if (!current.isEmpty()) {
            current = QByteArray(); // over the limit: only its length is kept from now on
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
            [guard, app, limit](qint64 bytes) {
                QMetaObject::invokeMethod(
                    app,
                    [guard, bytes, limit] {
                        if (guard)
                            Q_EMIT guard->lineTooLong(bytes, limit);
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

void McpStdio::writeLine(const QByteArray &line)
{
    std::fwrite(line.constData(), 1, size_t(line.size()), stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
}

} // namespace mpa
