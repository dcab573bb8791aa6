#include "McpStdio.h"

#include <QCoreApplication>
#include <QPointer>

#include <cstdio>
#include <iostream>
#include <string>
#include <thread>

namespace mpa {

McpStdio::McpStdio(QObject *parent)
    : QObject(parent)
{
}

McpStdio::~McpStdio() = default;

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
    std::thread([guard, app] {
        std::string line;
        while (std::getline(std::cin, line)) {
            if (!line.empty() && line.back() == '\r')
                line.pop_back();
            QByteArray bytes(line.data(), qsizetype(line.size()));
            QMetaObject::invokeMethod(
                app,
                [guard, bytes] {
                    if (guard)
                        Q_EMIT guard->lineReceived(bytes);
                },
                Qt::QueuedConnection);
        }
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
