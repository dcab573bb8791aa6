#pragma once
// The debug API's actions (DESIGN.md "Debug API"), registered in the engine's CommandDispatcher
// with scope DebugApi. Each works against the live engine and its settings, or answers 503
// "not available yet" naming the part of the app it needs. A part that lands later (auto-accept
// statistics, the scheduler's queue, the chat surface, quota) registers its real handler under
// the same name with CommandDispatcher::add(); the placeholders here never replace an action
// that is already registered, so the order of registration does not matter.

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

    // Registers `name` to answer 503 "NAME is not available yet: this build does not have
    // MISSING" unless it is registered already.
    static void addPlaceholder(CommandDispatcher *commands, const QString &name, const QString &description,
                               const QString &missing);

    // The actions that answer 503 until their part registers them.
    static QStringList placeholderNames();

    // The sections of getFullState and the action each comes from (documented in README).
    static QList<QPair<QString, QString>> fullStateSections();
};

} // namespace mpa
