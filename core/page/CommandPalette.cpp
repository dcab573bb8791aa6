#include "CommandPalette.h"

#include "cdp/CdpInput.h"
#include "cdp/CdpSession.h"
#include "common/Clock.h"
#include "common/ClockTimer.h"
#include "logging/LogCategories.h"

#include <QRegularExpression>
#include <QSet>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

// The pages a palette job runs on now (one job per page).
QSet<QString> &busyPages()
{
    static QSet<QString> pages;
    return pages;
}

// Whether the page shows a workbench, and the palette's state: {workbench, open, value, userAgent,
// dialog: the text of a modal dialog the workbench shows, which holds every key}.
const QString kState = uR"js((() => {
  const w = document.querySelector('.quick-input-widget');
  const input = w && w.querySelector('.quick-input-box input');
  return {
    workbench: !!document.querySelector('.monaco-workbench'),
    open: !!w && getComputedStyle(w).display !== 'none',
    value: input ? input.value : null,
    userAgent: navigator.userAgent,
    dialog: (() => {
      const d = document.querySelector('.monaco-dialog-box');
      return d ? (d.querySelector('.dialog-message-text') || d).textContent.trim().slice(0, 160) : '';
    })(),
  };
})())js"_s;

// The entries the palette shows, in order: {value, total, rows: [{index, label, keybinding,
// separator, focused}]}; null when the palette is closed. `separator` is the group title a row
// starts (e.g. "similar commands"), empty inside a group.
const QString kEntries = uR"js((() => {
  const w = document.querySelector('.quick-input-widget');
  if (!w || getComputedStyle(w).display === 'none') return null;
  const input = w.querySelector('.quick-input-box input');
  const rows = [...w.querySelectorAll('.quick-input-list .monaco-list-row')]
    .sort((a, b) => Number(a.dataset.index) - Number(b.dataset.index));
  return {
    value: input ? input.value : '',
    total: rows.length ? Number(rows[0].getAttribute('aria-setsize')) || rows.length : 0,
    rows: rows.map((r) => {
      const sep = r.querySelector('.quick-input-list-separator');
      const name = r.querySelector('.label-name');
      const keys = r.querySelector('.monaco-keybinding');
      return {
        index: Number(r.dataset.index),
        label: name ? name.textContent.trim() : '',
        keybinding: keys ? keys.getAttribute('aria-label') || '' : '',
        separator: sep && getComputedStyle(sep).display !== 'none' ? sep.textContent.trim() : '',
        focused: r.classList.contains('focused'),
      };
    }),
  };
})())js"_s;

// Takes the keyboard focus out of a hidden quick input: the workbench closes its palette when
// something else takes the focus but may leave the focus in the hidden input, where F1 does not
// reach the workbench's key bindings.
const QString kLeaveHiddenInput = uR"js((() => {
  const a = document.activeElement;
  const w = a && a.closest ? a.closest('.quick-input-widget') : null;
  if (w && getComputedStyle(w).display === 'none') a.blur();
  return true;
})())js"_s;

// Selects the palette's text, so what is typed next replaces it.
const QString kSelectInput = uR"js((() => {
  const input = document.querySelector('.quick-input-widget .quick-input-box input');
  if (!input) return false;
  input.focus();
  input.select();
  return true;
})())js"_s;

QString normalised(const QString &label)
{
    return label.simplified().toCaseFolded();
}

// A modal dialog of the workbench holds every key: the person answers it first.
CommandResult dialogRefusal(const QString &dialog)
{
    return CommandResult::failure(
        u"the IDE shows a dialog (\u201c%1\u201d): answer it in the IDE first; nothing was run"_s.arg(dialog),
        ErrorKind::Conflict);
}

QJsonObject entryJson(const QJsonObject &row)
{
    return { { u"label"_s, row.value(u"label"_s) }, { u"keybinding"_s, row.value(u"keybinding"_s) } };
}

} // namespace

bool CommandPalette::looksLikeId(const QString &command)
{
    static const QRegularExpression id(u"^[A-Za-z_$][\\w$-]*(\\.[\\w$-]+)+$"_s);
    return id.match(command).hasMatch();
}

CommandPalette::CommandPalette(CdpSession *page, Clock *clock, Goal goal, const QString &text,
                               CommandReply reply)
    : QObject(page)
    , m_page(page)
    , m_clock(clock)
    , m_goal(goal)
    , m_text(text)
    , m_reply(std::move(reply))
{
}

CommandPalette::~CommandPalette()
{
    // The page went away under the job (its parent): the caller still gets an answer.
    if (!m_done) {
        m_done = true;
        busyPages().remove(m_target);
        m_reply(CommandResult::failure(u"the page went away while its command palette was in use"_s,
                                       ErrorKind::NotFound));
    }
}

void CommandPalette::list(CdpSession *page, Clock *clock, const QString &filter, CommandReply reply)
{
    (new CommandPalette(page, clock, Goal::List, filter, std::move(reply)))->start();
}

void CommandPalette::run(CdpSession *page, Clock *clock, const QString &command, CommandReply reply)
{
    (new CommandPalette(page, clock, Goal::Run, command, std::move(reply)))->start();
}

void CommandPalette::probe(CdpSession *page, QObject *context, const std::function<void(bool)> &done)
{
    page->evaluate(
        kState, context,
        [done](const QJsonValue &value, const CdpError &error) {
            done(!error.isError() && value.toObject().value(u"workbench"_s).toBool());
        },
        std::chrono::seconds(3));
}

void CommandPalette::start()
{
    if (busyPages().contains(m_page->targetId())) {
        m_done = true;
        m_reply(CommandResult::failure(
            u"the command palette of this page is in use by another request; try again when it is done"_s,
            ErrorKind::Conflict));
        deleteLater();
        return;
    }
    m_target = m_page->targetId();
    busyPages().insert(m_target);
    m_page->evaluate(
        kState, this,
        [this](const QJsonValue &value, const CdpError &error) {
            const QJsonObject state = value.toObject();
            if (error.isError())
                return finish(CommandResult::failure(u"the page did not answer: "_s + error.toString(),
                                                     ErrorKind::Upstream));
            if (!state.value(u"workbench"_s).toBool())
                return finish(CommandResult::failure(u"this page is not a VS Code-family workbench (no "
                                                     u"command palette): give the IDE's window "
                                                     "as targetId (getCDPConnections lists them)"_s,
                                                     ErrorKind::Conflict));
            if (const QString dialog = state.value(u"dialog"_s).toString(); !dialog.isEmpty())
                return finish(dialogRefusal(dialog));
            m_mac = CdpInput::primaryModifier(state.value(u"userAgent"_s).toString()) == CdpInput::Meta;
            if (!state.value(u"open"_s).toBool())
                return openPalette(false);
            // A quick input is already open (the user's, or a left-over): close it first.
            key(u"Escape"_s, [this](bool ok) {
                if (!ok)
                    return finish(
                        CommandResult::failure(u"the page refused a key press"_s, ErrorKind::Upstream));
                openPalette(false);
            });
        },
        kStepTime);
}

void CommandPalette::openPalette(bool secondTry)
{
    // F1 opens the palette in every VS Code-family IDE on every system; Ctrl+Shift+P (Cmd on a
    // Mac) is the other default binding, tried when F1 was rebound.
    const auto then = [this, secondTry](bool ok) {
        if (!ok)
            return finish(CommandResult::failure(u"the page refused a key press"_s, ErrorKind::Upstream));
        poll(
            kState,
            [](const QJsonValue &value) {
                const QJsonObject state = value.toObject();
                return state.value(u"open"_s).toBool() && state.value(u"value"_s).toString().startsWith(u'>');
            },
            [this, secondTry](const QJsonValue &last, bool met) {
                if (met) {
                    m_opened = true;
                    return typeCommand();
                }
                if (const QString dialog = last.toObject().value(u"dialog"_s).toString(); !dialog.isEmpty())
                    return finish(dialogRefusal(dialog));
                if (!secondTry)
                    return openPalette(true);
                finish(CommandResult::failure(
                    u"the command palette did not open (F1 and %1 were pressed): is the IDE's window busy "
                    "with a dialog?"_s.arg(m_mac ? u"Cmd+Shift+P"_s : u"Ctrl+Shift+P"_s),
                    ErrorKind::Unavailable));
            });
    };
    if (!secondTry) {
        m_page->evaluate(
            kLeaveHiddenInput, this,
            [this, then](const QJsonValue &, const CdpError &error) {
                if (error.isError())
                    return finish(CommandResult::failure(u"the page did not answer: "_s + error.toString(),
                                                         ErrorKind::Upstream));
                key(u"F1"_s, then);
            },
            kStepTime);
        return;
    }
    key(m_mac ? u"Meta+Shift+P"_s : u"Control+Shift+P"_s, then);
}

void CommandPalette::typeCommand()
{
    m_page->evaluate(
        kSelectInput, this,
        [this](const QJsonValue &selected, const CdpError &error) {
            if (error.isError() || !selected.toBool())
                return finish(CommandResult::failure(u"the command palette's input could not be focused"_s,
                                                     ErrorKind::Upstream));
            CdpInput::send(m_page, { CdpInput::insertText(u">"_s + m_text) }, this,
                           [this](const CdpError &typed) {
                               if (typed.isError())
                                   return finish(CommandResult::failure(
                                       u"typing into the command palette failed: "_s + typed.toString(),
                                       ErrorKind::Upstream));
                               readEntries({}, 0);
                           });
        },
        kStepTime);
    m_stepDeadlineMs = m_clock->nowMs() + kStepTime.count();
}

void CommandPalette::readEntries(const QJsonArray &previous, int stableReads)
{
    // The list follows the typed text a moment later (the first time the palette opens it is
    // empty for a while as the commands load): it is read until it answers the text typed and
    // three reads 150 ms apart agree — six for an empty list, before "none" is believed.
    m_page->evaluate(
        kEntries, this,
        [this, previous, stableReads](const QJsonValue &value, const CdpError &error) {
            if (error.isError())
                return finish(CommandResult::failure(u"the page did not answer: "_s + error.toString(),
                                                     ErrorKind::Upstream));
            const QJsonObject state = value.toObject();
            if (value.isNull() || value.isUndefined()) {
                // The palette closes when the workbench takes the focus elsewhere (a window
                // still restoring its editors does): nothing was run, so it is opened again.
                if (++m_reopened <= 2)
                    return openPalette(false);
                return finish(
                    CommandResult::failure(u"the command palette kept closing before its entries were "
                                           "read (did something take the focus, or press Escape?)"_s,
                                           ErrorKind::Conflict));
            }
            const QJsonArray rows = state.value(u"rows"_s).toArray();
            const bool current = state.value(u"value"_s).toString() == u">"_s + m_text;
            const bool same = current && rows == previous;
            if (same && stableReads >= (rows.isEmpty() ? 5 : 2)) {
                if (m_goal == Goal::List) {
                    QJsonArray entries;
                    for (const QJsonValue &row : rows) {
                        if (entries.size() < kMaxEntries)
                            entries.append(entryJson(row.toObject()));
                    }
                    finish(CommandResult::success(QJsonObject {
                        { u"filter"_s, m_text },
                        { u"entries"_s, entries },
                        { u"count"_s, entries.size() },
                        { u"total"_s, state.value(u"total"_s) },
                    }));
                    return;
                }
                return pick(rows);
            }
            if (m_clock->nowMs() > m_stepDeadlineMs)
                return finish(CommandResult::failure(
                    u"the command palette did not settle on its entries within %1 ms"_s.arg(
                        kStepTime.count()),
                    ErrorKind::Timeout));
            ClockTimer::singleShot(
                m_clock, std::chrono::milliseconds(150), this,
                [this, rows, stableReads, same] { readEntries(rows, same ? stableReads + 1 : 0); });
        },
        kStepTime);
}

void CommandPalette::pick(const QJsonArray &rows)
{
    // The entries that are the command: by title, every entry with exactly that title; by id,
    // the first group the palette shows when a group title ("similar commands") follows it —
    // the workbench puts the command whose id is typed there, alone, and its similar commands
    // after the title. A list of similar commands alone has no title: the id is not known.
    QList<QJsonObject> matches;
    QStringList shown;
    if (looksLikeId(m_text)) {
        QList<QJsonObject> first;
        bool titled = false;
        for (const QJsonValue &value : rows) {
            const QJsonObject row = value.toObject();
            if (row.value(u"index"_s).toInt() > 0 && !row.value(u"separator"_s).toString().isEmpty()) {
                titled = true;
                break;
            }
            first.append(row);
        }
        if (titled)
            matches = first;
    } else {
        for (const QJsonValue &value : rows) {
            const QJsonObject row = value.toObject();
            if (normalised(row.value(u"label"_s).toString()) == normalised(m_text))
                matches.append(row);
        }
    }
    for (const QJsonValue &value : rows) {
        if (shown.size() < 5)
            shown.append(u"'"_s + value.toObject().value(u"label"_s).toString() + u"'"_s);
    }
    if (matches.isEmpty())
        return finish(CommandResult::failure(u"no command in the palette is '%1'%2"_s.arg(
                                                 m_text,
                                                 shown.isEmpty() ? u" (it offers none for it)"_s
                                                                 : u"; it offers "_s + shown.join(u", "_s)
                                                         + u" (give one title exactly, or a command id)"_s),
                                             ErrorKind::NotFound));
    if (matches.size() > 1) {
        QStringList labels;
        for (const QJsonObject &row : std::as_const(matches))
            labels.append(u"'"_s + row.value(u"label"_s).toString() + u"'"_s);
        return finish(CommandResult::failure(
            u"'%1' is more than one entry of the palette (%2): give the exact title of one"_s.arg(
                m_text, labels.join(u", "_s)),
            ErrorKind::Conflict));
    }
    m_chosen = matches.first();
    moveTo(m_chosen.value(u"index"_s).toInt(), 0);
}

void CommandPalette::moveTo(int index, int pressed)
{
    // From the entry in focus (not always the first: the palette may keep the last one run) to
    // the chosen one, one arrow key at a time.
    if (pressed == 0) {
        m_page->evaluate(
            kEntries, this,
            [this, index](const QJsonValue &value, const CdpError &error) {
                if (error.isError())
                    return finish(CommandResult::failure(u"the page did not answer: "_s + error.toString(),
                                                         ErrorKind::Upstream));
                int focused = 0;
                for (const QJsonValue &row : value.toObject().value(u"rows"_s).toArray()) {
                    if (row.toObject().value(u"focused"_s).toBool())
                        focused = row.toObject().value(u"index"_s).toInt();
                }
                m_moves = index - focused;
                moveTo(index, 1);
            },
            kStepTime);
        return;
    }
    if (m_moves != 0) {
        const bool down = m_moves > 0;
        m_moves += down ? -1 : 1;
        return key(down ? u"ArrowDown"_s : u"ArrowUp"_s, [this, index, pressed](bool ok) {
            if (!ok)
                return finish(CommandResult::failure(u"the page refused a key press"_s, ErrorKind::Upstream));
            moveTo(index, pressed + 1);
        });
    }
    confirm();
}

void CommandPalette::confirm()
{
    // Enter runs the entry in focus: it must be the chosen one, else nothing is run.
    m_page->evaluate(
        kEntries, this,
        [this](const QJsonValue &value, const CdpError &error) {
            if (error.isError())
                return finish(CommandResult::failure(u"the page did not answer: "_s + error.toString(),
                                                     ErrorKind::Upstream));
            QJsonObject focused;
            for (const QJsonValue &row : value.toObject().value(u"rows"_s).toArray()) {
                if (row.toObject().value(u"focused"_s).toBool())
                    focused = row.toObject();
            }
            if (focused.value(u"index"_s) != m_chosen.value(u"index"_s)
                || focused.value(u"label"_s) != m_chosen.value(u"label"_s)) {
                // The list changed under the arrow keys (late entries, a regrouping): read it
                // and choose again; nothing has been run.
                if (++m_rechosen <= 2) {
                    m_stepDeadlineMs = m_clock->nowMs() + kStepTime.count();
                    return readEntries({}, 0);
                }
                return finish(CommandResult::failure(
                    u"the palette's entries changed while '%1' was being chosen; nothing was run"_s.arg(
                        m_chosen.value(u"label"_s).toString()),
                    ErrorKind::Conflict));
            }
            qCInfo(lcServer).noquote() << u"running the IDE command '%1' through the command palette"_s.arg(
                m_chosen.value(u"label"_s).toString());
            key(u"Enter"_s, [this](bool ok) {
                if (!ok)
                    return finish(
                        CommandResult::failure(u"the page refused a key press"_s, ErrorKind::Upstream));
                waitClosed();
            });
        },
        kStepTime);
}

void CommandPalette::waitClosed()
{
    const QString typed = u">"_s + m_text;
    poll(
        kState,
        [typed](const QJsonValue &value) {
            const QJsonObject state = value.toObject();
            // Closed, or showing another quick input the command opened (Quick Open, a picker).
            return !state.value(u"open"_s).toBool() || state.value(u"value"_s).toString() != typed;
        },
        [this](const QJsonValue &, bool met) {
            if (!met)
                return finish(
                    CommandResult::failure(u"the command palette stayed open after Enter on '%1'"_s.arg(
                                               m_chosen.value(u"label"_s).toString()),
                                           ErrorKind::Timeout));
            finish(CommandResult::success(QJsonObject {
                { u"command"_s, m_text },
                { u"label"_s, m_chosen.value(u"label"_s) },
                { u"keybinding"_s, m_chosen.value(u"keybinding"_s) },
            }));
        });
}

void CommandPalette::finish(const CommandResult &result)
{
    if (m_done)
        return;
    m_done = true;
    busyPages().remove(m_target);
    // A list, or a run that stopped short, leaves nothing behind: the palette it opened is
    // closed again (a run that went through closed it itself).
    if (m_opened && m_page && (m_goal == Goal::List || !result.ok))
        key(u"Escape"_s, [](bool) {});
    const CommandReply reply = m_reply;
    deleteLater();
    reply(result);
}

void CommandPalette::poll(const QString &check, std::function<bool(const QJsonValue &)> until,
                          std::function<void(const QJsonValue &, bool)> then)
{
    m_stepDeadlineMs = m_clock->nowMs() + kStepTime.count();
    m_pollCheck = check;
    m_pollUntil = std::move(until);
    m_pollThen = std::move(then);
    pollOnce();
}

void CommandPalette::pollOnce()
{
    if (!m_page)
        return finish(CommandResult::failure(u"the page went away"_s, ErrorKind::NotFound));
    m_page->evaluate(
        m_pollCheck, this,
        [this](const QJsonValue &value, const CdpError &error) {
            // A copy: what it calls may start the next poll, which replaces the member.
            const auto then = m_pollThen;
            if (!error.isError() && m_pollUntil(value))
                return then(value, true);
            if (m_clock->nowMs() > m_stepDeadlineMs)
                return then(value, false);
            ClockTimer::singleShot(m_clock, std::chrono::milliseconds(100), this, [this] { pollOnce(); });
        },
        kStepTime);
}

void CommandPalette::key(const QString &chord, const std::function<void(bool)> &then)
{
    if (!m_page)
        return then(false);
    // The job may be gone by the time a closing Escape is answered: the page is the context.
    CdpInput::send(m_page, CdpInput::chord(chord), m_page,
                   [then](const CdpError &error) { then(!error.isError()); });
}

} // namespace mpa
