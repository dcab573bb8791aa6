#pragma once
// The VS Code extension's executeVSCodeCommand and listChatCommands, done the way a person does
// them in an IDE of the VS Code family (Antigravity, Cursor, VS Code, Windsurf): through the
// workbench's command palette on the IDE's page. Focus the workbench, open the palette with its
// own shortcut for the browser's OS (Ctrl+Shift+P, Cmd+Shift+P on macOS), type the command's
// title or id, pick the entry that is exactly it, Enter, and check that the palette closed. A
// page that is not a VS Code workbench is refused with the reason. An entry whose effect could
// be destructive (it deletes, resets, discards, reverts, uninstalls or runs a task) is the
// person's to run from the palette: the API refuses it, as it refuses widening auto-accept.

#include <QString>

namespace mpa {

class CdpEndpoint;
class Clock;
class CommandDispatcher;

class VsCodeCommands
{
public:
    // Registers executeVSCodeCommand {command, tab?} and listChatCommands {filter?, tab?}.
    static void install(CommandDispatcher *commands, CdpEndpoint *endpoint, Clock *clock);

    // Whether a palette entry's title names something that could destroy work ("Delete File",
    // "Git: Discard All Changes", "Tasks: Run Task", "Reset …"); the word list is in the .cpp.
    static bool isDestructive(const QString &title);
};

} // namespace mpa
