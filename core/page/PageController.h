#pragma once
// The browser toolkit in one tab: a snapshot of the page as lines with refs (payload/snapshot.js,
// spliced together across out-of-process frames) and trusted actions on those refs, as a
// person would act: scroll into view, find the clickable point, check nothing covers it, then
// Input.dispatchMouseEvent / dispatchKeyEvent / insertText.
//
// Refs: `e3` names an element of the tab's main document tree (same-origin frames included);
// `f1e3` one inside out-of-process frame 1. A ref whose element is gone, or that comes from an
// earlier document, is refused ("stale ref …"), never resolved to something else.
//
// Every action's answer carries its effects: a navigation and the new URL, tabs it opened, and
// JavaScript dialogs (handled by the dialog policy) with their message.

#include "ConsoleLog.h"
#include "FrameRouter.h"
#include "NetworkLog.h"
#include "PageEffects.h"
#include "PageEmulation.h"
#include "PageTrace.h"
#include "SnapshotAssembler.h"
#include "cdp/CdpInput.h"
#include "common/CommandResult.h"
#include "page/PayloadInjector.h"

#include <QDeadlineTimer>
#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QObject>
#include <QPointF>
#include <QPointer>
#include <QSizeF>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace mpa {

class CdpEndpoint;
class PayloadHub;

class PageController : public QObject
{
    Q_OBJECT
public:
    // Each action answers once with a CommandResult: its data, or a failure with a sentence
    // saying why — Conflict, as errors about the page's state are conflicts, not bad input.
    static constexpr ErrorKind kFailureKind = ErrorKind::Conflict;

    static constexpr const char *kModule = "snapshot";
    // `type`: the most characters one command types, and how long it may take at most; it
    // stops at its deadline and says how much it typed.
    static constexpr int kMaxTypeChars = 5000;
    // The requests the `network` command keeps per tab (ConsoleLog keeps its own 1,000).
    static constexpr int kMaxNetworkEntries = 1000;
    // fill_form: at most this many fields in one call.
    static constexpr int kMaxFormFields = 100;
    static constexpr std::chrono::milliseconds kMaxTypeTime { 20000 };
    // `type`'s pause between keys, at most (the LLM Browser Agent extension's `delay`).
    static constexpr std::chrono::milliseconds kMaxTypeDelay { 1000 };
    // `eval`: how long a script may take (its promise to settle) by default and at most.
    static constexpr std::chrono::milliseconds kEvalTime { 10000 };
    static constexpr std::chrono::milliseconds kMaxEvalTime { 60000 };
    static PayloadScript payloadScript();

    using SnapshotOptions = mpa::SnapshotOptions;

    struct WaitOptions
    {
        QString ref;
        QString text;
        QString url; // the whole address, `*` for any characters
        bool navigation = false;
        bool hidden = false; // wait for the ref or text to go away
        int ms = 0;
        int timeoutMs = 5000;
    };

    // The next ref number each document (FrameTarget key) may use. Shared by the controllers of
    // one browser, so that a controller made again for a tab (after a reconnect) never hands out
    // a number an agent still holds from before.
    using RefMarks = std::shared_ptr<QHash<QString, int>>;

    // `find`: a locator kind (role, text, label, placeholder, testid, alt, title), the value it
    // must have, and optionally the accessible name the element must have too.
    struct FindOptions
    {
        QString locator;
        QString value;
        std::optional<QString> name;
        bool exact = false;
    };

    // One end of a drag: an element (its ref) or a point of the viewport (CSS pixels).
    struct Spot
    {
        QString ref;
        QPointF point;
    };

    PageController(CdpSession *page, CdpEndpoint *endpoint, PayloadHub *hub, QObject *parent = nullptr,
                   RefMarks refMarks = {});
    ~PageController() override;

    CdpSession *session() const { return m_page; }
    QString targetId() const { return m_targetId; }
    QString title() const;
    QString url() const;
    void setDialogPolicy(PageEffects::DialogPolicy policy) { m_effects->setDialogPolicy(policy); }
    // A dialog held open for the agent ({type, message, defaultPrompt}); empty when none. While one
    // is, the page runs no script: the toolkit refuses what would wait on it.
    QJsonObject heldDialog() const { return m_effects->heldDialog(); }
    // `dialog`: answers the held dialog (accept with a prompt's `text`, or dismiss); with `next`,
    // sets the answer of the next dialog instead. `list`: the tab's dialogs.
    void answerDialog(bool accept, const QString &text, bool next, CommandReply reply);
    QJsonArray dialogs() const { return m_effects->dialogs(); }
    // The agent let the tab go: a dialog held for it is dismissed (no one else would answer it).
    void dismissHeldDialog();

    // True when `ref` has the form of a ref (e3, f1e3); splits it.
    static bool parseRef(const QString &ref, int *frame = nullptr, QString *local = nullptr);
    // The error for a ref that names nothing (any more): "Element not found: e3 — stale ref e3:
    // `why`", the extension's words first.
    static QString staleRef(const QString &ref, const QString &why);

    void snapshot(const SnapshotOptions &options, CommandReply reply);
    void click(const QString &ref, int clickCount, const QString &button, CommandReply reply);
    void hover(const QString &ref, CommandReply reply);
    void focus(const QString &ref, CommandReply reply);
    void fill(const QString &ref, const QString &value, CommandReply reply);
    // Types at the caret's end of `ref` (or into whatever has the focus when `ref` is empty).
    // Types in small batches, each once the one before is answered, and stops once `timeout`
    // is over: the answer says how many characters were typed (`typed`, `of`).
    // With `delay`, one key at a time that far apart (the whole must fit in `timeout`).
    void type(const QString &ref, const QString &text, CommandReply reply,
              std::chrono::milliseconds timeout = kMaxTypeTime,
              std::chrono::milliseconds delay = std::chrono::milliseconds::zero());
    void press(const QString &ref, const QString &chord, CommandReply reply);
    void setChecked(const QString &ref, bool checked, CommandReply reply);
    void select(const QString &ref, const QStringList &values, CommandReply reply);
    // x/y in pixels, or in pages when `pages` (90% of the viewport or the element's box).
    void scroll(const QString &ref, double x, double y, bool pages, CommandReply reply);
    // `name`: the attribute's (what = attribute) or the CSS selector whose matches are counted
    // (what = count).
    void get(const QString &what, const QString &ref, const QString &name, int maxChars, CommandReply reply);
    void is(const QString &what, const QString &ref, CommandReply reply);
    void navigate(const QUrl &url, CommandReply reply);
    void history(int delta, CommandReply reply);
    void reload(CommandReply reply);
    void wait(const WaitOptions &options, CommandReply reply);
    void screenshot(const QString &ref, bool fullPage, CommandReply reply);
    // The viewport as a JPEG (`quality`) of at most `maxSide` pixels on its longest side (the CSS
    // viewport × the device-pixel ratio, scaled down to fit), for a model that looks at the page:
    // {mimeType, data (base64), viewport {width, height} (CSS), dpr, scroll {x, y}, scale}.
    void captureView(int maxSide, int quality, CommandReply reply);
    // The element at `document` (CSS pixels of the top document, as it is scrolled now): {facts,
    // viewport {x, y}}, or {unresolved: why, viewport} (a frame of another origin, nothing there);
    // an error when the point is out of the view.
    void elementAt(QPointF document, CommandReply reply);
    // An expression (awaited when it is a promise) or a function body (`return …`, run as an async
    // function's); its value as JSON. A script still running or unsettled after `timeout` is
    // answered as such.
    void evaluate(const QString &script, CommandReply reply, std::chrono::milliseconds timeout = kEvalTime);
    // The first element the locator names: {ref, line, role, name, count}, or "not found" with the
    // closest names the page has.
    void find(const FindOptions &options, CommandReply reply);
    // Scrolls the element into the middle of the view (its frames too) when it is not in view.
    void scrollIntoView(const QString &ref, CommandReply reply);
    // Trusted mouse input at a point of the viewport: move, down, up, click (of `button`) or
    // wheel (by `delta`); the buttons held stay held between commands (a drawing stroke). A
    // point outside the viewport is refused.
    void mouseAt(const QString &action, QPointF point, const QString &button, QPointF delta,
                 CommandReply reply);
    // Presses on `from`, moves to `to` and releases, with real mouse events; an HTML5 drag the
    // page starts is carried to `to` and dropped (Input.dragIntercepted / dispatchDragEvent).
    void drag(const Spot &from, const Spot &to, CommandReply reply);

    // One field of fill_form: its ref and the value it gets (text, an option of a select, or
    // true/false for a checkbox, radio button or switch).
    struct FormField
    {
        QString ref;
        QJsonValue value;
    };
    // Fills the fields in order, each as fill, select or check would, and answers once with what
    // each holds and the effects of them all; stops at the first field that fails, saying which
    // and what was filled before it.
    void fillForm(const QList<FormField> &fields, CommandReply reply);

    // Sets the files of a file input (DOM.setFileInputFiles), as a person picking them in the
    // file chooser; `paths` must be checked by the caller (the allowed folders). Answers the names
    // and sizes the input holds afterwards.
    void upload(const QString &ref, const QStringList &paths, CommandReply reply);
    // resize / emulate (PageEmulation): answers what was applied and the CSS viewport now.
    void emulate(const EmulateOptions &options, CommandReply reply);
    // Clears what emulate() set, if anything (the agent that set it let the tab go): the tab
    // presents itself as it did before, to the user or the next agent.
    void resetEmulation();
    // The page printed as the browser prints it (its print stylesheet, backgrounds on): the PDF's
    // bytes to `done`, or why not.
    void printPdf(bool landscape,
                  const std::function<void(const QByteArray &pdf, const QString &error)> &done);

    // The snapshots an agent took of this tab, the last kKeptSnapshots, for `snapshot {since}`:
    // each with its id (1, 2, … per tab), the document's address and the options it was taken
    // with (a diff compares like with like).
    struct SeenSnapshot
    {
        int id = 0;
        QString text;
        QString url;
        QString options;
    };
    static constexpr int kKeptSnapshots = 4;
    int rememberSnapshot(const QString &text, const QString &url, const QString &options);
    std::optional<SeenSnapshot> seenSnapshot(int id) const;

    // What the tab wrote to its console and what it loaded, since the controller was made
    // (the first command an agent sent to the tab).
    ConsoleLog *consoleLog() const { return m_console; }
    // The tab's performance trace (`trace`).
    PageTrace *trace() const { return m_trace; }
    NetworkLog *networkLog() const { return m_network; }

    // A tab this one opened (link with target=_blank, window.open): reported as an effect.
    void noteNewTab(CdpSession *tab);

    // Whether `keys` is a key chord press() can send ("Control+Shift+A", "Enter"); false with
    // `error` naming the part that is not.
    static bool checkKeys(const QString &keys, QString *error = nullptr);

    // Called around every trusted input the controller sends: guard(true, go) before (go sends
    // it), guard(false, {}) after. A run's mask lets the agent's input through this way while
    // it holds the user's back. Empty: no guard.
    using InputGuard = std::function<void(bool passing, std::function<void()> go)>;
    void setInputGuard(InputGuard guard) { m_inputGuard = std::move(guard); }
    bool hasInputGuard() const { return bool(m_inputGuard); }

private:
    using Result = std::function<void(const QJsonObject &result, const QString &error)>;
    using Point = std::function<void(QPointF point, const QString &error)>;
    using Sent = std::function<void(const QString &error)>;

    using Mark = PageEffects::Mark;
    using FrameTarget = FrameRouter::Target;

    // The reply as the actions' internal answer, called at most once, and by the destructor
    // when the tab goes first.
    Result track(CommandReply reply);
    // A command to the tab's page, tried again while the page is between two renderers.
    void sendToPage(const QString &method, const QJsonObject &params, const CdpCallback &callback,
                    int attempt = 0);
    // Waits for what the action set off (a navigation it requested, a tab it opened), then
    // answers with `data` plus the effects since `start`.
    void finish(const Mark &start, QJsonObject data, const Result &done);

    FrameTarget frameTarget(int frame) const;
    // A payload call in one frame's document, retried while the module is still arriving.
    void payload(const FrameTarget &target, const QString &function, const QJsonObject &args,
                 const Result &done, int attempt = 0);
    // A payload `call` for a ref, routed to the ref's frame.
    void callRef(const QString &ref, const QString &op, QJsonObject args, const Result &done);
    // The ref's clickable point in the tab's viewport (scrolled into view, not covered).
    void pointOf(const QString &ref, const QString &op, const Point &done);
    void toTopFrame(int frame, QPointF point, const Point &done);
    // Scrolls the iframes around a frame into view, outermost first.
    void revealFrame(int frame, const Sent &done);

    void mouse(QPointF point, int clickCount, const QString &button, Sent done);
    void keys(const QString &chord, Sent done);
    void typeText(const QString &text, Sent done);
    struct Typing;
    // Types the rest of `typing`'s characters, a batch at a time, until all are typed or its
    // deadline has passed; then calls its `done` once.
    void typePaced(const std::shared_ptr<Typing> &typing);
    void insertText(const QString &text, Sent done);
    void sendInput(const QList<CdpInput::Command> &commands, Sent done);
    // Sends `commands` one after the other, each once the one before was answered.
    void sendInOrder(QList<CdpInput::Command> commands, const Sent &done);
    // The viewport's size in CSS pixels.
    void viewportSize(const std::function<void(QSizeF size, const QString &error)> &done);
    // A drag end's point in the viewport (an element's, scrolled into view), and whether a press
    // there starts an HTML5 drag.
    void spotPoint(const Spot &spot, const QString &op,
                   const std::function<void(QPointF, bool, const QString &)> &done);
    void evaluateAs(const QString &source, bool body, std::chrono::milliseconds timeout, const Mark &start,
                    const Result &done);
    // The value a script gave (a remote object): awaited when it is a promise, then read as JSON.
    void evaluated(const QJsonObject &remote, std::chrono::milliseconds timeout, const Mark &start,
                   const Result &done);
    static QString evaluationError(const CdpError &error);
    void dragPath(QPointF from, QPointF to, bool expectDrag, const Mark &start, const Result &done);
    struct FormFilling;
    void fillNextField(const std::shared_ptr<FormFilling> &filling);

    QPointer<CdpSession> m_page;
    QString m_targetId;
    PayloadHub *m_hub;

    RefMarks m_nextRef; // FrameTarget::key() → the next ref number its documents may use
    InputGuard m_inputGuard;
    PageEffects *m_effects; // navigations, dialogs, new tabs; the event-driven waits
    bool m_emulated = false; // emulate() set something that resetEmulation() must clear
    FrameRouter m_frames; // which document each f<n> of a ref is, and how to reach it
    SnapshotAssembler *m_snapshots; // the tab's snapshot with its frames spliced in
    ConsoleLog *m_console;
    PageTrace *m_trace;
    NetworkLog *m_network;
    QList<SeenSnapshot> m_seenSnapshots;
    int m_lastSnapshotId = 0;

    std::vector<std::weak_ptr<CommandReply>> m_pending;
    int m_buttons = 0; // the mouse buttons `mouse down` holds (CDP bits: left 1, right 2, middle 4)
};

} // namespace mpa
