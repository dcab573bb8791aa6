#include "EngineStatus.h"

#include "Engine.h"
#include "cdp/CdpEndpoint.h"

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

} // namespace mpa
