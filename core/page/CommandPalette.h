#pragma once
// A VS Code-family workbench's command palette (VS Code, Cursor, Windsurf, Antigravity,
// code-server), driven as a person would: trusted key presses and typing over CDP, never the
// workbench's own JavaScript (keys and text through CdpInput, the app's one input stack). It opens the
// palette (F1, else Ctrl/Cmd+Shift+P), types a command's title or id, reads the entries the workbench offers
// and either lists them or runs the one entry that is exactly the command asked for (its title, or the id the
// workbench matched itself — never one of its "similar commands"), then checks that the palette closed.
//
// One palette job at a time per page: a second one is refused while the first runs, so two
// callers never type into each other's palette.

#include "common/CommandResult.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QString>

#include <chrono>
#include <functional>

namespace mpa {

class CdpSession;
class Clock;

class CommandPalette : public QObject
{
    Q_OBJECT
public:
    // How long the palette may take to open, to offer its entries and to close.
    static constexpr std::chrono::milliseconds kStepTime { 5000 };
    // At most this many entries in a list (the palette shows what fits its view).
    static constexpr int kMaxEntries = 50;

    // Whether `command` is a command id (workbench.action.files.save) rather than a title.
    static bool looksLikeId(const QString &command);

    // Lists the palette's entries for `filter` ({entries: [{label, keybinding}], count, shown}).
    static void list(CdpSession *page, Clock *clock, const QString &filter, CommandReply reply);
    // Runs `command` (a title or an id) through the palette ({command, label, keybinding}).
    static void run(CdpSession *page, Clock *clock, const QString &command, CommandReply reply);

    // Whether `page` shows a VS Code-family workbench; `done(true)` when it does.
    static void probe(CdpSession *page, QObject *context, const std::function<void(bool workbench)> &done);

private:
    enum class Goal { List, Run };
    CommandPalette(CdpSession *page, Clock *clock, Goal goal, const QString &text, CommandReply reply);
    ~CommandPalette() override;

    void start();
    void openPalette(bool secondTry);
    void typeCommand();
    void readEntries(const QJsonArray &previous, int stableReads);
    void pick(const QJsonArray &rows);
    void moveTo(int index, int pressed);
    void confirm();
    void waitClosed();
    void finish(const CommandResult &result);
    // Polls `check` (a page expression) every 100 ms until `until(value)` or the step time ends.
    void poll(const QString &check, std::function<bool(const QJsonValue &)> until,
              std::function<void(const QJsonValue &last, bool met)> then);
    void pollOnce();
    // Presses `chord` (CdpInput's names: "Escape", "Control+Shift+P") on the page.
    void key(const QString &chord, const std::function<void(bool ok)> &then);

    QPointer<CdpSession> m_page;
    Clock *m_clock;
    Goal m_goal;
    QString m_text;
    CommandReply m_reply;
    QString m_target;
    qint64 m_stepDeadlineMs = 0;
    bool m_opened = false;
    int m_reopened = 0;
    int m_rechosen = 0;
    int m_moves = 0;
    QString m_pollCheck;
    std::function<bool(const QJsonValue &)> m_pollUntil;
    std::function<void(const QJsonValue &, bool)> m_pollThen;
    bool m_mac = false;
    QJsonObject m_chosen;
    bool m_done = false;
};

} // namespace mpa
