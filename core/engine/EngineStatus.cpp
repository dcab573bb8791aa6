#include "EngineStatus.h"

#include "Engine.h"
#include "cdp/CdpEndpoint.h"
#include "cdp/CdpSession.h"

#include <QCoreApplication>

namespace mpa {

namespace {

constexpr auto kContext = "mpa::EngineStatus";

} // namespace

QString engineStatusLine(const Engine &engine, StatusWords words)
{
    const auto text = [words](const char *source) {
        return words == StatusWords::Translated ? QCoreApplication::translate(kContext, source)
                                                : QString::fromUtf8(source);
    };
    if (!engine.isRunning())
        return text(QT_TRANSLATE_NOOP("mpa::EngineStatus", "Stopped"));
    const CdpEndpoint *endpoint = engine.endpoint();
    QString line;
    const QList<CdpSource *> sources = endpoint->sources();
    if (sources.size() > 1 && endpoint->isConnected()) {
        const auto connected = std::count_if(sources.begin(), sources.end(),
                                             [](const CdpSource *source) { return source->isConnected(); });
        line = text(QT_TRANSLATE_NOOP("mpa::EngineStatus", "Connected to %1 of %2 endpoints · %3 pages"))
                   .arg(connected)
                   .arg(sources.size())
                   .arg(engine.attachedPages());
        if (engine.isPaused())
            line = text(QT_TRANSLATE_NOOP("mpa::EngineStatus", "%1 · paused")).arg(line);
        return line;
    }
    switch (endpoint->state()) {
    case CdpEndpoint::State::Stopped:
        line = text(QT_TRANSLATE_NOOP("mpa::EngineStatus", "Stopped"));
        break;
    case CdpEndpoint::State::Connecting:
        line = text(QT_TRANSLATE_NOOP("mpa::EngineStatus", "Connecting to %1…")).arg(endpoint->address());
        break;
    case CdpEndpoint::State::Retrying:
        line = text(QT_TRANSLATE_NOOP("mpa::EngineStatus", "Waiting for a browser at %1"))
                   .arg(endpoint->address());
        break;
    case CdpEndpoint::State::Connected:
        line = engine.attachedPages() == 1
            ? text(QT_TRANSLATE_NOOP("mpa::EngineStatus", "Connected to %1 · 1 page"))
                  .arg(endpoint->address())
            : text(QT_TRANSLATE_NOOP("mpa::EngineStatus", "Connected to %1 · %2 pages"))
                  .arg(endpoint->address())
                  .arg(engine.attachedPages());
        break;
    }
    if (engine.isPaused())
        line = text(QT_TRANSLATE_NOOP("mpa::EngineStatus", "%1 · paused")).arg(line);
    return line;
}

QStringList endpointStatusLines(const Engine &engine, StatusWords words)
{
    const auto text = [words](const char *source) {
        return words == StatusWords::Translated ? QCoreApplication::translate(kContext, source)
                                                : QString::fromUtf8(source);
    };
    const CdpEndpoint *endpoint = engine.endpoint();
    const QList<CdpSource *> sources = endpoint->sources();
    QStringList lines;
    if (sources.size() < 2)
        return lines;
    const QList<CdpSession *> pages = endpoint->pageSessions();
    for (const CdpSource *source : sources) {
        const auto count = std::count_if(pages.begin(), pages.end(), [source](const CdpSession *page) {
            return page->parent() == source;
        });
        QString state;
        if (!source->duplicateOf().isEmpty()) {
            state = text(QT_TRANSLATE_NOOP("mpa::EngineStatus", "the same browser as %1"))
                        .arg(source->duplicateOf());
        } else {
            switch (source->state()) {
            case CdpSource::State::Connected:
                state = count == 1
                    ? text(QT_TRANSLATE_NOOP("mpa::EngineStatus", "connected · 1 page"))
                    : text(QT_TRANSLATE_NOOP("mpa::EngineStatus", "connected · %1 pages")).arg(qint64(count));
                break;
            case CdpSource::State::Connecting:
                state = text(QT_TRANSLATE_NOOP("mpa::EngineStatus", "connecting…"));
                break;
            case CdpSource::State::Retrying:
                state = text(QT_TRANSLATE_NOOP("mpa::EngineStatus", "waiting for the browser"));
                break;
            case CdpSource::State::Stopped:
                state = source->refusedForGood()
                    ? text(QT_TRANSLATE_NOOP("mpa::EngineStatus", "refused: %1")).arg(source->lastError())
                    : text(QT_TRANSLATE_NOOP("mpa::EngineStatus", "stopped"));
                break;
            }
        }
        lines.append(text(QT_TRANSLATE_NOOP("mpa::EngineStatus", "%1: %2")).arg(source->address(), state));
    }
    return lines;
}

} // namespace mpa
