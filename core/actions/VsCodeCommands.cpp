#include "VsCodeCommands.h"

#include "CommandDispatcher.h"
#include "ParamsSchema.h"
#include "cdp/CdpEndpoint.h"
#include "cdp/CdpInput.h"
#include "cdp/CdpSession.h"
#include "common/ClockTimer.h"
#include "logging/LogCategories.h"

#include <QJsonArray>
#include <QPointer>
#include <QRegularExpression>

#include <memory>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;

namespace mpa {

namespace {

using Scope = CommandDispatcher::Scope;

// The workbench's own markup (VS Code's quick input: src/vs/platform/quickinput/browser), the
// same in every product of the family and in code-server.
const QString kIsWorkbench = u"!!document.querySelector('.monaco-workbench')"_s;

// Closes a quick input left open (Escape would be sent otherwise) and puts the focus in the
// workbench, as a click into it would. Answers whether a quick input was open.
const QString kFocusWorkbench = uR"((() => {
  const widget = document.querySelector('.quick-input-widget');
  const open = !!(widget && widget.style.display !== 'none' && widget.getClientRects().length);
  if (!open) {
    const target = document.querySelector('.monaco-workbench .part.editor') || document.querySelector('.monaco-workbench');
    if (!target.contains(document.activeElement)) document.querySelector('.monaco-workbench').focus();
  }
  return open;
})())"_s;

// The palette is open: its box has the focus and shows the ">" of commands mode.
const QString kPaletteState = uR"((() => {
  const widget = document.querySelector('.quick-input-widget');
  const box = widget && widget.querySelector('input');
  const open = !!(widget && box && widget.style.display !== 'none' && widget.getClientRects().length);
  return { open, focused: open && document.activeElement === box, value: open ? box.value : '' };
})())"_s;

// The entries the palette shows now, in order, and whether it is still filtering.
const QString kPaletteRows = uR"((() => {
  const widget = document.querySelector('.quick-input-widget');
  const box = widget && widget.querySelector('input');
  const rows = [...document.querySelectorAll('.quick-input-widget .quick-input-list .monaco-list-row')]
    .filter((r) => r.getClientRects().length)
    .sort((a, b) => Number(a.dataset.index || 0) - Number(b.dataset.index || 0));
  return {
    value: box ? box.value : '',
    busy: !!document.querySelector('.quick-input-widget .quick-input-progress .progress-bit:not([style*="display: none"])'),
    rows: rows.map((r) => ({
      index: Number(r.dataset.index || 0),
      label: ((r.querySelector('.label-name') || r).textContent || '').trim(),
      focused: r.classList.contains('focused'),
    })),
  };
})())"_s;

// Words of palette titles whose effect could destroy work or run something (VS Code's own titles:
// "Delete", "Git: Discard All Changes", "Git: Drop Stash", "Reset Location", "Revert File",
// "Clear Console History", "Uninstall Extension", "Tasks: Run Task", "Terminal: Run Active File",
// "Terminal: Kill the Active Terminal Instance"). A whole-word match, not a verdict on the command.
const QStringList kDestructiveWords { u"delete"_s,  u"remove"_s,   u"reset"_s,    u"discard"_s,  u"revert"_s,
                                      u"clear"_s,   u"uninstall"_s, u"drop"_s,    u"erase"_s,    u"purge"_s,
                                      u"kill"_s,    u"run task"_s, u"run build task"_s, u"run test task"_s,
                                      u"terminal: run"_s, u"run active file"_s, u"run selected text"_s };

// One palette interaction on one page: open, type, read, pick, close. Answers once (also when
// the page goes away under it) and deletes itself.
class PaletteJob : public QObject
{
public:
    enum class Mode { Execute, List };

    PaletteJob(CdpSession *page, Clock *clock, Mode mode, QString typed, CommandReply reply)
        : QObject(page)
        , m_page(page)
        , m_clock(clock)
        , m_mode(mode)
        , m_typed(std::move(typed))
        , m_reply(std::move(reply))
        , m_poll(new ClockTimer(clock, this))
    {
        connect(m_poll, &ClockTimer::timeout, this, [this] {
            if (m_attempt)
                m_attempt();
        });
    }

    ~PaletteJob() override
    {
        if (m_reply)
            m_reply(CommandResult::failure(u"the IDE's page went away during the command"_s, 503));
    }

    void start()
    {
        evaluate(kFocusWorkbench, [this](const QJsonValue &wasOpen) {
            const QList<CdpInput::Command> open
                = CdpInput::chord(u"%1+Shift+P"_s.arg(primaryIsMeta() ? u"Meta"_s : u"Control"_s));
            QList<CdpInput::Command> keys;
            if (wasOpen.toBool())
                keys += CdpInput::press(*CdpInput::key(u"Escape"_s));
            keys += open;
            input(keys, [this] { waitForPalette(); });
        });
    }

private:
    bool primaryIsMeta() const { return CdpInput::primaryModifier(m_page->browserUserAgent()) == CdpInput::Meta; }

    void finish(const CommandResult &result)
    {
        if (!m_reply)
            return;
        const CommandReply reply = std::exchange(m_reply, nullptr);
        reply(result);
        deleteLater();
    }

    // Escape (the palette closes, nothing runs), then `result`.
    void closeAndFinish(const CommandResult &result)
    {
        input(CdpInput::press(*CdpInput::key(u"Escape"_s)), [this, result] { finish(result); });
    }

    void evaluate(const QString &expression, std::function<void(const QJsonValue &)> next)
    {
        m_page->evaluate(expression, this, [this, next](const QJsonValue &value, const CdpError &error) {
            if (error.isError())
                return finish(CommandResult::failure(u"the IDE's page did not answer: "_s + error.message, 502));
            next(value);
        }, 10s);
    }

    void input(const QList<CdpInput::Command> &commands, std::function<void()> next)
    {
        CdpInput::send(m_page, commands, this, [this, next](const CdpError &error) {
            if (error.isError())
                return finish(CommandResult::failure(u"the keys did not reach the IDE's page: "_s + error.message, 502));
            next();
        });
    }

    // Asks `check` every 100 ms until it says done (true) or `patience` is over (`onTimeout`).
    void poll(const QString &expression, std::function<bool(const QJsonValue &)> check,
              std::chrono::milliseconds patience, std::function<void()> onTimeout)
    {
        const qint64 deadline = m_clock->nowMs() + patience.count();
        m_attempt = [this, expression, check, deadline, onTimeout] {
            evaluate(expression, [this, check, deadline, onTimeout](const QJsonValue &value) {
                if (check(value))
                    return;
                if (m_clock->nowMs() >= deadline)
                    return onTimeout();
                m_poll->start(100ms);
            });
        };
        m_attempt();
    }

    void waitForPalette()
    {
        poll(
            kPaletteState,
            [this](const QJsonValue &state) {
                const QJsonObject s = state.toObject();
                if (!s.value(u"focused"_s).toBool() || !s.value(u"value"_s).toString().startsWith(u'>'))
                    return false;
                // After the ">" the palette filters by what is typed.
                input({ CdpInput::insertText(m_typed) }, [this] { waitForRows(); });
                return true;
            },
            5s,
            [this] {
                finish(CommandResult::failure(
                    u"the command palette did not open (%1 was pressed in the workbench)"_s.arg(
                        primaryIsMeta() ? u"Cmd+Shift+P"_s : u"Ctrl+Shift+P"_s),
                    504));
            });
    }

    void waitForRows()
    {
        auto previous = std::make_shared<QJsonArray>();
        auto steady = std::make_shared<int>(0);
        poll(
            kPaletteRows,
            [this, previous, steady](const QJsonValue &value) {
                const QJsonObject state = value.toObject();
                if (state.value(u"value"_s).toString() != u'>' + m_typed)
                    return false;
                const QJsonArray rows = state.value(u"rows"_s).toArray();
                // Filtering is done when the list is the same two looks in a row and not busy.
                *steady = rows == *previous && !state.value(u"busy"_s).toBool() ? *steady + 1 : 0;
                *previous = rows;
                if (*steady < 2)
                    return false;
                choose(rows);
                return true;
            },
            5s,
            [this, previous] {
                if (previous->isEmpty())
                    return closeAndFinish(CommandResult::failure(
                        u"the command palette showed nothing for '%1'"_s.arg(m_typed), 404));
                choose(*previous);
            });
    }

    void choose(const QJsonArray &rows)
    {
        QStringList labels;
        for (const QJsonValue &row : rows)
            labels.append(row.toObject().value(u"label"_s).toString());
        if (m_mode == Mode::List) {
            return closeAndFinish(CommandResult::success(QJsonObject {
                { u"filter"_s, m_typed },
                { u"commands"_s, QJsonArray::fromStringList(labels) },
                { u"count"_s, labels.size() },
                { u"note"_s, u"the palette's entries for the filter, as it shows them (the first ones of a long list)"_s },
            }));
        }
        // The entry that is exactly the command: its title, or — for an id, which the palette
        // matches but does not show — the one entry the id leaves.
        int chosen = -1;
        for (int i = 0; i < labels.size(); ++i) {
            if (labels.at(i).compare(m_typed, Qt::CaseInsensitive) == 0) {
                chosen = i;
                break;
            }
        }
        static const QRegularExpression commandId(u"^[A-Za-z0-9_-]+(\\.[A-Za-z0-9_-]+)+$"_s);
        if (chosen < 0 && labels.size() == 1 && commandId.match(m_typed).hasMatch())
            chosen = 0;
        if (chosen < 0) {
            return closeAndFinish(CommandResult::failure(
                labels.isEmpty()
                    ? u"no command palette entry is '%1'; nothing was run"_s.arg(m_typed)
                    : u"no command palette entry is exactly '%1' (it shows: %2); give the whole title or the "
                      "command's id; nothing was run"_s.arg(m_typed, labels.mid(0, 8).join(u" | "_s)),
                404));
        }
        const QString label = labels.at(chosen);
        if (VsCodeCommands::isDestructive(label) || VsCodeCommands::isDestructive(m_typed)) {
            qCInfo(lcServer).noquote() << u"executeVSCodeCommand: refused '%1', which could destroy work"_s.arg(label);
            return closeAndFinish(CommandResult::failure(
                u"'%1' could destroy work (it deletes, resets, discards or runs something): run it from the "
                "command palette yourself; nothing was run"_s.arg(label),
                403));
        }
        // The first entry is the palette's active one: down to ours, then Enter.
        const int index = rows.at(chosen).toObject().value(u"index"_s).toInt(chosen);
        QList<CdpInput::Command> keys;
        for (int i = 0; i < index; ++i)
            keys += CdpInput::press(*CdpInput::key(u"ArrowDown"_s));
        keys += CdpInput::press(*CdpInput::key(u"Enter"_s));
        input(keys, [this, label] { waitForClose(label); });
    }

    void waitForClose(const QString &label)
    {
        poll(
            kPaletteState,
            [this, label](const QJsonValue &value) {
                const QJsonObject state = value.toObject();
                // Closed; or open again as a picker of the command's own (Go to File… opens Quick
                // Open): either way the palette took the command.
                const bool open = state.value(u"open"_s).toBool();
                const QString shown = state.value(u"value"_s).toString();
                if (open && shown.startsWith(u'>'))
                    return false;
                qCInfo(lcServer).noquote() << u"executeVSCodeCommand: ran '%1' from the command palette"_s.arg(label);
                QJsonObject result {
                    { u"command"_s, m_typed },
                    { u"title"_s, label },
                    { u"executed"_s, true },
                    { u"page"_s, m_page->targetInfo().title },
                };
                if (open)
                    result.insert(u"picker"_s, u"the command opened a picker of its own; it waits for the user"_s);
                finish(CommandResult::success(result));
                return true;
            },
            5s,
            [this, label] {
                closeAndFinish(CommandResult::failure(
                    u"the command palette stayed open after '%1' was chosen; it may be asking for more (closed "
                    "with Escape)"_s.arg(label),
                    502));
            });
    }

    QPointer<CdpSession> m_page;
    Clock *m_clock;
    Mode m_mode;
    QString m_typed;
    CommandReply m_reply;
    ClockTimer *m_poll;
    std::function<void()> m_attempt; // the current poll's next look
};

// Finds the page to work on: `tab` when given (it must be a workbench), else the first attached
// page that is one; a look at each in turn.
class WorkbenchSearch
{
public:
    using Done = std::function<void(CdpSession *page, const CommandResult &refusal)>;

    static void start(CdpEndpoint *endpoint, const QString &tab, Done done)
    {
        auto search = std::make_shared<WorkbenchSearch>();
        search->m_context = endpoint;
        search->m_tab = tab;
        search->m_done = std::move(done);
        for (CdpSession *session : endpoint->pageSessions()) {
            if (tab.isEmpty() || session->targetId() == tab)
                search->m_left.append(session);
        }
        if (search->m_left.isEmpty()) {
            search->m_done(nullptr, CommandResult::failure(tab.isEmpty() ? u"no page of the browser is attached"_s
                                                                        : u"there is no attached page %1"_s.arg(tab),
                                                          tab.isEmpty() ? 503 : 404));
            return;
        }
        next(search);
    }

private:
    static void next(const std::shared_ptr<WorkbenchSearch> &self)
    {
        while (!self->m_left.isEmpty() && !self->m_left.first())
            self->m_left.removeFirst();
        if (self->m_left.isEmpty()) {
            self->m_done(
                nullptr,
                CommandResult::failure(
                    u"%1 not a VS Code workbench (no .monaco-workbench in %2): executeVSCodeCommand and "
                    "listChatCommands run through the command palette of an IDE of the VS Code family "
                    "(Antigravity, Cursor, VS Code, Windsurf)"_s.arg(self->m_tab.isEmpty() ? u"no attached page is"_s
                                                                                          : u"the page is"_s,
                                                                     self->m_titles.join(u", "_s)),
                    409));
            return;
        }
        const QPointer<CdpSession> session = self->m_left.takeFirst();
        self->m_titles.append(u"'%1'"_s.arg(session->targetInfo().title.left(60)));
        session->evaluate(
            kIsWorkbench, self->m_context,
            [self, session](const QJsonValue &value, const CdpError &error) {
                if (!error.isError() && value.toBool() && session)
                    return self->m_done(session, {});
                next(self);
            },
            5s);
    }

    QPointer<QObject> m_context;
    QString m_tab;
    Done m_done;
    QList<QPointer<CdpSession>> m_left;
    QStringList m_titles;
};

void run(CdpEndpoint *endpoint, Clock *clock, PaletteJob::Mode mode, const QString &typed, const QString &tab,
         CommandReply reply)
{
    WorkbenchSearch::start(endpoint, tab, [clock, mode, typed, reply](CdpSession *page, const CommandResult &refusal) {
        if (!page)
            return reply(refusal);
        auto *job = new PaletteJob(page, clock, mode, typed, reply);
        job->start();
    });
}

} // namespace

bool VsCodeCommands::isDestructive(const QString &title)
{
    const QString lower = title.toLower();
    for (const QString &word : kDestructiveWords) {
        // Whole words: "Clear Console" is, "Nuclear" is not.
        const QRegularExpression pattern(u"(^|[^a-z])"_s + QRegularExpression::escape(word) + u"($|[^a-z])"_s);
        if (pattern.match(lower).hasMatch())
            return true;
    }
    return false;
}

void VsCodeCommands::install(CommandDispatcher *commands, CdpEndpoint *endpoint, Clock *clock)
{
    using namespace ParamsSchema;
    const QJsonObject tab = property(u"string"_s, u"the IDE's page (a target id); default: the first VS Code workbench"_s);
    commands->add({ u"executeVSCodeCommand"_s, Scope::DebugApi,
                    u"Runs a command of the IDE (VS Code, Antigravity, Cursor, Windsurf) through its command palette: "
                    "{\"command\": its title or id}. Refused on pages that are not a VS Code workbench, and for "
                    "entries that could destroy work (the person runs those)."_s,
                    object({ { u"command"_s, property(u"string"_s, u"the command's title (View: Toggle Primary Side "
                                                                   "Bar Visibility) or id (workbench.action.toggleSidebarVisibility)"_s) },
                             { u"tab"_s, tab } },
                           { u"command"_s }),
                    [endpoint, clock](const QJsonObject &params, const CommandCaller &, CommandReply reply) {
                        const QString command = params.value(u"command").toString().trimmed();
                        if (command.isEmpty())
                            return reply(CommandResult::failure(u"params.command is empty: give a command's title or id"_s));
                        run(endpoint, clock, PaletteJob::Mode::Execute, command, params.value(u"tab").toString(), reply);
                    } });
    commands->add({ u"listChatCommands"_s, Scope::DebugApi,
                    u"The IDE's command palette entries matching {\"filter\"} (default \"chat\"), as the palette "
                    "lists them."_s,
                    object({ { u"filter"_s, property(u"string"_s, u"what to type after the palette's > (default chat)"_s) },
                             { u"tab"_s, tab } }),
                    [endpoint, clock](const QJsonObject &params, const CommandCaller &, CommandReply reply) {
                        const QString filter = params.value(u"filter").toString(u"chat"_s).trimmed();
                        run(endpoint, clock, PaletteJob::Mode::List, filter, params.value(u"tab").toString(), reply);
                    } });
}

} // namespace mpa
