#pragma once
// The debug API's actions (DESIGN.md "Debug API"), registered in the engine's CommandDispatcher
// with scope DebugApi. Each works against the live engine and its settings.

#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace mpa {

class CommandDispatcher;
class Engine;

class DebugActions
{
public:
    // Registers every action against `engine` (and its dispatcher).
    static void install(Engine *engine);

    // The sections of getFullState and the action each comes from (documented in README).
    static QList<QPair<QString, QString>> fullStateSections();
};

} // namespace mpa
