#pragma once
// The debug API's actions (DESIGN.md "Debug API"), registered in the host's CommandDispatcher
// with scope DebugApi. Each works against the live subsystems the host (the engine) hands out.

#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace mpa {

class CommandDispatcher;
class ActionHost;

class DebugActions
{
public:
    // Registers every action against `host` (and its dispatcher).
    static void install(ActionHost *host);

    // The sections of getFullState and the action each comes from (documented in README).
    static QList<QPair<QString, QString>> fullStateSections();
};

} // namespace mpa
