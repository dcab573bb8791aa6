#include "PageController.h"

#include "FileInput.h"
#include "PageEffects.h"
#include "SnapshotAssembler.h"
#include "cdp/CdpEndpoint.h"
#include "cdp/CdpInput.h"
#include "common/Refuse.h"
#include "logging/LogCategories.h"
#include "page/Payload.h"
#include "page/PayloadHub.h"

#include <QLineF>
#include <QRegularExpression>
#include <QTimer>
#include <QUrl>

#include <algorithm>
#include <optional>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

constexpr int kSettleMs = 5000; // how long an action waits for a navigation or tab it set off
constexpr int kLoadMs = 15000; // how long open/back/forward/reload wait for the new document
// After type's deadline, how long the batch in flight may still take before type answers anyway.
constexpr std::chrono::milliseconds kTypeGrace { 2000 };

QString errorText(const CdpError &error)
{
    if (error.kind == CdpError::Kind::Script)
        return error.message;
    return error.toString();
}

} // namespace

PayloadScript PageController::payloadScript()
{
    return { QString::fromLatin1(kModule), Payload::source(u"snapshot.js"_s) };
}

PageController::PageController(CdpSession *page, CdpEndpoint *endpoint, PayloadHub *hub, QObject *parent,
                               RefMarks refMarks)
    : QObject(parent)
    , m_page(page)
    , m_targetId(page->targetId())
    , m_hub(hub)
    , m_nextRef(refMarks ? std::move(refMarks) : std::make_shared<QHash<QString, int>>())
    , m_effects(new PageEffects(page, this))
    , m_frames(page)
    , m_snapshots(new SnapshotAssembler(
          endpoint, &m_frames, m_nextRef,
          [this](const FrameTarget &target, const QString &function, const QJsonObject &args,
                 const SnapshotAssembler::Result &done) { payload(target, function, args, done); },
          this))
    , m_console(new ConsoleLog(page, this))
    , m_trace(new PageTrace(page, this))
    , m_network(new NetworkLog(page, this, NetworkLog::Scope::All, kMaxNetworkEntries))
{
    // An action that opened a dialog held for the agent would wait for it (the page stops until it
    // is answered): it answers now, with the dialog as its effect.
    connect(m_effects, &PageEffects::dialogHeld, this, [this](const QJsonObject &dialog) {
        const auto pending = std::exchange(m_pending, {});
        for (const std::weak_ptr<CommandReply> &weak : pending) {
            if (const std::shared_ptr<CommandReply> slot = weak.lock(); slot && *slot) {
                const CommandReply done = std::exchange(*slot, {});
                done(CommandResult::success(QJsonObject {
                    { u"dialogs"_s, QJsonArray { dialog } },
                    { u"dialogOpen"_s, true },
                    { u"note"_s,
                      tr("a %1 dialog is open and waits for your answer: dialog {action: accept|dismiss}")
                          .arg(dialog.value(u"type").toString()) } }));
            }
        }
    });
    // Installs the module now (and with it Page.enable, so dialogs and navigations are seen).
    m_hub->ensureScript(page, QString::fromLatin1(kModule));
    m_console->start();
    m_network->start();
}

PageController::~PageController()
{
    for (const std::weak_ptr<CommandReply> &weak : m_pending) {
        if (const std::shared_ptr<CommandReply> slot = weak.lock(); slot && *slot) {
            const CommandReply done = std::exchange(*slot, {});
            done(CommandResult::failure(tr("the tab was closed before the action finished"), kFailureKind));
        }
    }
}

QString PageController::title() const
{
    return m_page ? m_page->targetInfo().title : QString();
}

QString PageController::url() const
{
    return m_page ? m_page->targetInfo().url : m_effects->url();
}

bool PageController::parseRef(const QString &ref, int *frame, QString *local)
{
    static const QRegularExpression pattern(u"^(?:f(\\d{1,6}))?(e\\d{1,9})$"_s);
    const QRegularExpressionMatch m = pattern.match(ref);
    if (!m.hasMatch())
        return false;
    if (frame)
        *frame = m.captured(1).isEmpty() ? 0 : m.captured(1).toInt();
    if (local)
        *local = m.captured(2);
    return true;
}

QString PageController::staleRef(const QString &ref, const QString &why)
{
    return tr("Element not found: %1 — stale ref %1: %2").arg(ref, why);
}

PageController::Result PageController::track(CommandReply reply)
{
    std::erase_if(m_pending, [](const std::weak_ptr<CommandReply> &w) { return w.expired(); });
    auto slot = std::make_shared<CommandReply>(std::move(reply));
    m_pending.push_back(slot);
    return [slot](const QJsonObject &data, const QString &error) {
        if (!*slot)
            return;
        const CommandReply once = std::exchange(*slot, {});
        once(error.isEmpty() ? CommandResult::success(data) : CommandResult::failure(error, kFailureKind));
    };
}

void PageController::sendToPage(const QString &method, const QJsonObject &params, const CdpCallback &callback,
                                int attempt)
{
    if (!m_page)
        return callback({ {}, CdpError::transport(method, tr("the tab was closed")) });
    m_page->send(method, params, this, [this, method, params, callback, attempt](const CdpResult &result) {
        // Between a page leaving the back-forward cache (or a renderer swap) and
        // its session following it, page commands are refused for a moment.
        if (!result.ok() && attempt < 40
            && result.error.message.contains(u"Not attached to an active page"_s)) {
            QTimer::singleShot(50, this, [this, method, params, callback, attempt] {
                sendToPage(method, params, callback, attempt + 1);
            });
            return;
        }
        callback(result);
    });
}

// ---- effects ------------------------------------------------------------------------------

void PageController::finish(const Mark &start, QJsonObject data, const Result &done)
{
    if (!m_page)
        return done({}, tr("the tab was closed"));
    m_effects->afterAction(
        start, kSettleMs, [this, start, data = std::move(data), done](const QJsonObject &effects) {
            QJsonObject out = data;
            for (auto it = effects.begin(); it != effects.end(); ++it)
                out.insert(it.key(), it.value());
            if (!effects.value(u"navigated").toBool())
                return done(out, {});
            // The action led to another page: answer once that page's document is there to be read
            // (parsed), as navigate and back do, so the next snapshot never sees half a page.
            m_effects->waitForLoad(start, false, QDeadlineTimer(kLoadMs), [this, out, done](bool) mutable {
                out.insert(u"url"_s, m_effects->url());
                done(out, {});
            });
        });
}

void PageController::noteNewTab(CdpSession *tab)
{
    m_effects->noteNewTab(tab);
}

// ---- payload calls ------------------------------------------------------------------------

PageController::FrameTarget PageController::frameTarget(int frame) const
{
    return m_frames.target(frame);
}

void PageController::payload(const FrameTarget &target, const QString &function, const QJsonObject &args,
                             const Result &done, int attempt)
{
    CdpSession *session = target.session;
    if (!session || !session->isAttached())
        return done({}, tr("the page or frame is gone"));
    PayloadInjector *injector = m_hub->ensureScript(session, QString::fromLatin1(kModule));
    const QString expression
        = u"(globalThis.__mpa && globalThis.__mpa.snapshot) ? %1 : { notReady: true }"_s.arg(
            PayloadInjector::moduleCall(QString::fromLatin1(kModule), function, args));
    injector->evaluate(
        expression, this,
        [this, target, function, args, done, attempt](const QJsonValue &value, const CdpError &error) {
            if (error.isError()) {
                // A document on its way out: try again in the new one.
                if (attempt < 20 && error.kind == CdpError::Kind::Protocol && target.session) {
                    QTimer::singleShot(50, this,
                                       [=, this] { payload(target, function, args, done, attempt + 1); });
                    return;
                }
                return done({}, errorText(error));
            }
            const QJsonObject result = value.toObject();
            if (result.value(u"notReady").toBool()) {
                if (attempt >= 40 || !target.session)
                    return done({}, tr("the toolkit's script did not start in the page"));
                QTimer::singleShot(50, this,
                                   [=, this] { payload(target, function, args, done, attempt + 1); });
                return;
            }
            if (result.contains(u"error"_s))
                return done(result, result.value(u"error").toString());
            done(result, {});
        },
        target.frameId,
        target.frameId.isEmpty() ? std::chrono::milliseconds(10000) : std::chrono::milliseconds(3000));
}

void PageController::callRef(const QString &ref, const QString &op, QJsonObject args, const Result &done)
{
    int frame = 0;
    QString local;
    if (!parseRef(ref, &frame, &local))
        return done({}, tr("“%1” is not a ref (refs look like e3, or f1e3 inside a frame)").arg(ref));
    const FrameTarget target = frameTarget(frame);
    if (!target.session) {
        return done({},
                    staleRef(ref, tr("the frame is gone (or from a previous page); take a new snapshot")));
    }
    args.insert(u"op"_s, op);
    args.insert(u"ref"_s, local);
    if (frame)
        args.insert(u"prefix"_s, u"f%1"_s.arg(frame));
    payload(target, u"call"_s, args, done);
}

// ---- snapshot -----------------------------------------------------------------------------

void PageController::snapshot(const SnapshotOptions &options, CommandReply reply)
{
    const Result done = track(std::move(reply));
    if (!options.scope.isEmpty()) {
        int frame = 0;
        if (parseRef(options.scope, &frame) && frame != 0) {
            // A scope inside a frame: snapshot that frame's document from the element.
            QString local;
            parseRef(options.scope, &frame, &local);
            const FrameTarget target = frameTarget(frame);
            if (!target.session)
                return done({}, staleRef(options.scope, tr("the frame is gone; take a new snapshot")));
            SnapshotOptions inner = options;
            inner.scope = local;
            m_snapshots->assemble(target, u"f%1"_s.arg(frame), options.maxElements, options.maxChars, inner,
                                  [this, done](const QJsonObject &r, const QString &error) {
                                      if (!error.isEmpty())
                                          return done({}, error);
                                      QJsonObject out = r;
                                      out.insert(u"url"_s, url());
                                      out.insert(u"title"_s, title());
                                      done(out, {});
                                  });
            return;
        }
    }
    m_snapshots->assemble({ m_page, {} }, {}, options.maxElements, options.maxChars, options,
                          [this, done](const QJsonObject &r, const QString &error) {
                              if (!error.isEmpty())
                                  return done({}, error);
                              QJsonObject out = r;
                              out.insert(u"tab"_s, m_targetId);
                              done(out, {});
                          });
}

// ---- points and input ---------------------------------------------------------------------

void PageController::pointOf(const QString &ref, const QString &op, const Point &done)
{
    int frame = 0;
    if (!parseRef(ref, &frame))
        return done({}, tr("“%1” is not a ref (refs look like e3, or f1e3 inside a frame)").arg(ref));
    if (!m_frames.knows(frame)) {
        return done({},
                    staleRef(ref, tr("the frame is gone (or from a previous page); take a new snapshot")));
    }
    revealFrame(frame, [this, ref, op, frame, done](const QString &revealError) {
        if (!revealError.isEmpty())
            return done({}, revealError);
        callRef(ref, op, {}, [this, frame, done](const QJsonObject &r, const QString &error) {
            if (!error.isEmpty())
                return done({}, error);
            toTopFrame(frame, QPointF(r.value(u"x").toDouble(), r.value(u"y").toDouble()), done);
        });
    });
}

void PageController::revealFrame(int frame, const Sent &done)
{
    if (frame == 0)
        return done({});
    const std::optional<FrameRouter::Route> route = m_frames.routeOf(frame);
    if (!route)
        return done(tr("the frame is gone; take a new snapshot"));
    const QString owner = route->ownerRef;
    int parentFrame = 0;
    parseRef(owner, &parentFrame);
    // From the top down: the outer frame first.
    revealFrame(parentFrame, [this, owner, done](const QString &error) {
        if (!error.isEmpty())
            return done(error);
        callRef(owner, u"reveal"_s, {},
                [done](const QJsonObject &, const QString &revealError) { done(revealError); });
    });
}

void PageController::toTopFrame(int frame, QPointF point, const Point &done)
{
    if (frame == 0)
        return done(point, {});
    const std::optional<FrameRouter::Route> route = m_frames.routeOf(frame);
    if (!route)
        return done({}, tr("the frame is gone; take a new snapshot"));
    const QString owner = route->ownerRef;
    int parentFrame = 0;
    parseRef(owner, &parentFrame);
    // One call: the iframe's content origin, and whether the iframe is what is at the point.
    callRef(owner, u"frameHit"_s, { { u"x"_s, point.x() }, { u"y"_s, point.y() } },
            [this, parentFrame, done](const QJsonObject &r, const QString &error) {
                if (!error.isEmpty())
                    return done({}, error);
                toTopFrame(parentFrame, QPointF(r.value(u"x").toDouble(), r.value(u"y").toDouble()), done);
            });
}

void PageController::sendInput(const QList<CdpInput::Command> &commands, Sent done)
{
    if (!m_page)
        return done(tr("the tab was closed"));
    if (!m_inputGuard) {
        CdpInput::send(m_page, commands, this, [done = std::move(done)](const CdpError &error) {
            done(error.isError() ? errorText(error) : QString());
        });
        return;
    }
    const InputGuard guard = m_inputGuard;
    const QPointer<PageController> self(this);
    guard(true, [self, guard, commands, done] {
        if (!self || !self->m_page)
            return done(tr("the tab was closed"));
        CdpInput::send(self->m_page, commands, self, [guard, done](const CdpError &error) {
            guard(false, {});
            done(error.isError() ? errorText(error) : QString());
        });
    });
}

void PageController::mouse(QPointF point, int clickCount, const QString &button, Sent done)
{
    sendInput(CdpInput::click(point, clickCount, button), std::move(done));
}

bool PageController::checkKeys(const QString &keys, QString *error)
{
    if (keys.trimmed().isEmpty())
        return refuse(error, tr("no key given (e.g. Enter, Tab, Control+A, Shift+Tab)"));
    const QStringList parts = CdpInput::chordParts(keys);
    for (qsizetype i = 0; i < parts.size(); ++i) {
        const std::optional<CdpInput::Key> k = CdpInput::key(parts.at(i));
        if (!k)
            return refuse(error,
                          tr("unknown key “%1” in “%2” (use names like Enter, Tab, Escape, ArrowDown, F5, "
                             "a single character, and Control/Shift/Alt/Meta joined with +)")
                              .arg(parts.at(i), keys));
        if (i + 1 < parts.size() && !k->modifier)
            return refuse(
                error,
                tr("“%1” in “%2” is not a modifier (only Control, Shift, Alt and Meta come before +)")
                    .arg(parts.at(i), keys));
    }
    return true;
}

void PageController::keys(const QString &chord, Sent done)
{
    sendInput(CdpInput::chord(chord), std::move(done));
}

void PageController::typeText(const QString &text, Sent done)
{
    sendInput(CdpInput::typeText(text), std::move(done));
}

void PageController::insertText(const QString &text, Sent done)
{
    sendInput({ CdpInput::insertText(text) }, std::move(done));
}

// ---- actions ------------------------------------------------------------------------------

void PageController::click(const QString &ref, int clickCount, const QString &button, CommandReply reply)
{
    const Result done = track(std::move(reply));
    const Mark start = m_effects->mark();
    pointOf(ref, u"point"_s, [this, start, clickCount, button, done](QPointF point, const QString &error) {
        if (!error.isEmpty())
            return done({}, error);
        mouse(point, clickCount, button, [this, start, point, done](const QString &inputError) {
            if (!inputError.isEmpty())
                return done({}, inputError);
            finish(start, { { u"x"_s, qRound(point.x()) }, { u"y"_s, qRound(point.y()) } }, done);
        });
    });
}

void PageController::hover(const QString &ref, CommandReply reply)
{
    const Result done = track(std::move(reply));
    const Mark start = m_effects->mark();
    pointOf(ref, u"hover"_s, [this, start, done](QPointF point, const QString &error) {
        if (!error.isEmpty())
            return done({}, error);
        sendInput({ CdpInput::mouseMove(point) }, [this, start, done](const QString &inputError) {
            if (!inputError.isEmpty())
                return done({}, inputError);
            finish(start, {}, done);
        });
    });
}

void PageController::focus(const QString &ref, CommandReply reply)
{
    const Result done = track(std::move(reply));
    callRef(ref, u"focus"_s, {}, [done](const QJsonObject &, const QString &error) {
        done(error.isEmpty() ? QJsonObject { { u"focused"_s, true } } : QJsonObject(), error);
    });
}

void PageController::fill(const QString &ref, const QString &value, CommandReply reply)
{
    const Result done = track(std::move(reply));
    const Mark start = m_effects->mark();
    callRef(
        ref, u"editStart"_s, { { u"selectAll"_s, true } },
        [this, ref, value, start, done](const QJsonObject &r, const QString &error) {
            if (!error.isEmpty())
                return done({}, error);
            const auto verify = [this, ref, value, start, done](const QString &inputError) {
                if (!inputError.isEmpty())
                    return done({}, inputError);
                callRef(ref, u"value"_s, {},
                        [this, ref, value, start, done](const QJsonObject &now, const QString &readError) {
                            if (!readError.isEmpty())
                                return done({}, readError);
                            const QString got = now.value(u"value").toString();
                            if (got != value) {
                                return done({},
                                            tr("after filling, the field holds “%1” instead of “%2” (it "
                                               "may reject or reformat that value)")
                                                .arg(got, value));
                            }
                            finish(start, { { u"value"_s, got } }, done);
                        });
            };
            if (r.value(u"picked").toBool()) {
                return callRef(ref, u"setPicked"_s, { { u"value"_s, value } },
                               [verify](const QJsonObject &, const QString &setError) { verify(setError); });
            }
            if (!value.isEmpty())
                return insertText(value, verify);
            if (r.value(u"empty").toBool())
                return verify({});
            keys(u"Delete"_s, verify);
        });
}

struct PageController::Typing
{
    QStringList characters; // one entry per character as the user sees it
    qsizetype typed = 0; // answered by the browser
    QDeadlineTimer deadline;
    std::chrono::milliseconds delay { 0 }; // between keys; one key per batch when set
    std::function<void(qsizetype typed, const QString &error)> done; // emptied once called

    void finish(const QString &error)
    {
        if (done)
            std::exchange(done, {})(typed, error);
    }
};

void PageController::typePaced(const std::shared_ptr<Typing> &typing)
{
    // Small batches, each sent once the one before is answered: the browser never has more
    // than a batch queued, so stopping at the deadline really stops the typing.
    const qsizetype perBatch = typing->delay.count() > 0 ? 1 : 40;
    if (!typing->done)
        return; // answered already (the page stopped answering)
    if (typing->typed >= typing->characters.size() || typing->deadline.hasExpired())
        return typing->finish({});
    const qsizetype count = qMin(perBatch, typing->characters.size() - typing->typed);
    const QString batch = typing->characters.mid(typing->typed, count).join(QString());
    const QPointer<PageController> self(this);
    typeText(batch, [self, typing, count](const QString &error) {
        if (!self)
            return typing->finish(tr("the tab was closed"));
        if (!error.isEmpty())
            return typing->finish(error);
        typing->typed += count;
        if (typing->delay.count() > 0 && typing->typed < typing->characters.size()) {
            // The pause between two keys, as a person (or the extension's `delay`) types.
            QTimer::singleShot(typing->delay, self, [self, typing] { self->typePaced(typing); });
            return;
        }
        self->typePaced(typing);
    });
}

void PageController::type(const QString &ref, const QString &text, CommandReply reply,
                          std::chrono::milliseconds timeout, std::chrono::milliseconds delay)
{
    const Result done = track(std::move(reply));
    const Mark start = m_effects->mark();
    QStringList characters;
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text.at(i).isHighSurrogate() && i + 1 < text.size() && text.at(i + 1).isLowSurrogate()) {
            characters.append(text.mid(i, 2));
            ++i;
        } else {
            characters.append(text.at(i));
        }
    }
    if (characters.size() > kMaxTypeChars)
        return done({},
                    tr("the text has %1 characters; type takes at most %2 (use fill for longer text)")
                        .arg(characters.size())
                        .arg(kMaxTypeChars));
    if (delay.count() > 0 && (characters.size() - 1) * delay > timeout) {
        return done({},
                    tr("typing %1 characters %2 ms apart takes %3 s, longer than the limit of %4 s: "
                       "type less at a time, or with a shorter delay")
                        .arg(characters.size())
                        .arg(delay.count())
                        .arg(double((characters.size() - 1) * delay.count()) / 1000.0)
                        .arg(double(timeout.count()) / 1000.0));
    }
    const auto typing = [this, ref, characters, start, done, timeout, delay] {
        auto state = std::make_shared<Typing>();
        state->characters = characters;
        state->delay = delay;
        state->deadline = QDeadlineTimer(timeout);
        const qsizetype total = characters.size();
        state->done = [this, ref, start, done, total, timeout](qsizetype typed, const QString &error) {
            if (typed < total) {
                const QString why = error.isEmpty()
                    ? tr("typing stopped at its time limit of %1 s").arg(double(timeout.count()) / 1000.0)
                    : error;
                return done({}, tr("%1 after typing %2 of %3 characters").arg(why).arg(typed).arg(total));
            }
            const QJsonObject counted { { u"typed"_s, typed } };
            if (ref.isEmpty())
                return finish(start, counted, done);
            callRef(ref, u"value"_s, {},
                    [this, start, done, counted](const QJsonObject &now, const QString &) {
                        QJsonObject data = counted;
                        data.insert(u"value"_s, now.value(u"value").toString());
                        finish(start, data, done);
                    });
        };
        // A page that stops answering in the middle of a batch does not stretch the deadline
        // by the browser's command timeout.
        QTimer::singleShot(timeout + kTypeGrace, this,
                           [state] { state->finish(tr("the page stopped answering key events")); });
        typePaced(state);
    };
    if (ref.isEmpty())
        return typing();
    callRef(ref, u"editStart"_s, { { u"selectAll"_s, false } },
            [typing, done](const QJsonObject &, const QString &error) {
                if (!error.isEmpty())
                    return done({}, error);
                typing();
            });
}

void PageController::press(const QString &ref, const QString &chord, CommandReply reply)
{
    const Result done = track(std::move(reply));
    const Mark start = m_effects->mark();
    const auto pressing = [this, chord, start, done] {
        keys(chord, [this, start, done](const QString &error) {
            if (!error.isEmpty())
                return done({}, error);
            finish(start, {}, done);
        });
    };
    if (ref.isEmpty())
        return pressing();
    callRef(ref, u"focus"_s, {}, [pressing, done](const QJsonObject &, const QString &error) {
        if (!error.isEmpty())
            return done({}, error);
        pressing();
    });
}

void PageController::setChecked(const QString &ref, bool checked, CommandReply reply)
{
    const Result done = track(std::move(reply));
    const Mark start = m_effects->mark();
    callRef(
        ref, u"checkState"_s, {},
        [this, ref, checked, start, done](const QJsonObject &r, const QString &error) {
            if (!error.isEmpty())
                return done({}, error);
            if (r.value(u"checked").toBool() == checked)
                return done({ { u"checked"_s, checked }, { u"changed"_s, false } }, {});
            if (!checked && r.value(u"role").toString() == u"radio"_s)
                return done({}, tr("a radio button cannot be unchecked: check another one of its group"));
            pointOf(
                ref, u"point"_s, [this, ref, checked, start, done](QPointF point, const QString &pointError) {
                    if (!pointError.isEmpty())
                        return done({}, pointError);
                    mouse(point, 1, u"left"_s, [this, ref, checked, start, done](const QString &inputError) {
                        if (!inputError.isEmpty())
                            return done({}, inputError);
                        callRef(
                            ref, u"checkState"_s, {},
                            [this, checked, start, done](const QJsonObject &now, const QString &readError) {
                                if (!readError.isEmpty())
                                    return done({}, readError);
                                if (now.value(u"checked").toBool() != checked) {
                                    return done({},
                                                checked ? tr("the click did not check it (the page kept it "
                                                             "unchecked)")
                                                        : tr("the click did not uncheck it (the page kept it "
                                                             "checked)"));
                                }
                                finish(start, { { u"checked"_s, checked }, { u"changed"_s, true } }, done);
                            });
                    });
                });
        });
}

void PageController::upload(const QString &ref, const QStringList &paths, CommandReply reply)
{
    const Result done = track(std::move(reply));
    const Mark start = m_effects->mark();
    callRef(ref, u"fileTarget"_s, {},
            [this, ref, paths, start, done](const QJsonObject &r, const QString &error) {
                if (!error.isEmpty())
                    return done({}, error);
                if (paths.size() > 1 && !r.value(u"multiple").toBool())
                    return done({},
                                tr("the file input takes one file (it has no multiple attribute), not %1")
                                    .arg(paths.size()));
                int frame = 0;
                QString local;
                parseRef(ref, &frame, &local);
                const FrameTarget target = frameTarget(frame);
                PayloadInjector *injector = target.session
                    ? m_hub->ensureScript(target.session, QString::fromLatin1(kModule))
                    : nullptr;
                const int world = injector ? injector->worldOf(target.frameId) : 0;
                if (!world)
                    return done({}, staleRef(ref, tr("its document is gone; take a new snapshot")));
                QJsonObject args { { u"ref"_s, local } };
                if (frame)
                    args.insert(u"prefix"_s, u"f%1"_s.arg(frame));
                setFileInputFiles(
                    target.session, world,
                    PayloadInjector::moduleCall(QString::fromLatin1(kModule), u"elementOf"_s, args), paths,
                    this, [this, ref, start, done](bool found, const CdpError &error) {
                        if (!found)
                            return done({}, staleRef(ref, tr("the element is gone; take a new snapshot")));
                        if (error.isError())
                            return done({},
                                        tr("the browser did not take the files: %1").arg(errorText(error)));
                        callRef(ref, u"fileNames"_s, {},
                                [this, start, done](const QJsonObject &now, const QString &readError) {
                                    if (!readError.isEmpty())
                                        return done({}, readError);
                                    finish(start,
                                           { { u"files"_s, now.value(u"names") },
                                             { u"sizes"_s, now.value(u"sizes") } },
                                           done);
                                });
                    });
            });
}

void PageController::emulate(const EmulateOptions &options, CommandReply reply)
{
    const Result done = track(std::move(reply));
    // Marked before the answer: a call that failed half-way may still have set something.
    EmulateOptions sets = options;
    sets.reset = false;
    if (!sets.empty())
        m_emulated = true;
    else if (options.reset)
        m_emulated = false;
    PageEmulation::apply(m_page, options,
                         [done](const QJsonObject &now, const QString &error) { done(now, error); });
}

void PageController::answerDialog(bool accept, const QString &text, bool next, CommandReply reply)
{
    if (next) {
        m_effects->answerNextDialog(accept, text);
        QJsonObject armed { { u"next"_s, accept ? u"accept"_s : u"dismiss"_s } };
        if (accept && !text.isNull())
            armed.insert(u"text"_s, text);
        return reply(CommandResult::success(armed));
    }
    if (m_effects->heldDialog().isEmpty())
        return reply(CommandResult::failure(
            tr("no dialog is open on this tab: dialogs are held for you only with toolkit/dialogs = agent "
               "(else "
               "they are answered at once and listed in each action's effects); to answer the next one "
               "yourself, give next: true"),
            kFailureKind));
    const Result done = track(std::move(reply));
    m_effects->answerDialog(accept, text, [done](const QJsonObject &dialog, const QString &error) {
        done(QJsonObject { { u"dialog"_s, dialog } }, error);
    });
}

void PageController::dismissHeldDialog()
{
    if (m_effects->heldDialog().isEmpty())
        return;
    m_effects->answerDialog(false, {}, [targetId = m_targetId](const QJsonObject &, const QString &error) {
        if (!error.isEmpty())
            qCWarning(lcPage).noquote()
                << u"Could not dismiss the dialog left open on tab %1: %2"_s.arg(targetId, error);
    });
}

void PageController::resetEmulation()
{
    if (!m_emulated || !m_page)
        return;
    m_emulated = false;
    EmulateOptions clear;
    clear.reset = true;
    PageEmulation::apply(m_page, clear,
                         [targetId = m_page->targetId()](const QJsonObject &, const QString &error) {
                             if (!error.isEmpty())
                                 qCWarning(lcPage).noquote()
                                     << u"Could not clear the emulation of tab %1: %2"_s.arg(targetId, error);
                         });
}

void PageController::printPdf(bool landscape,
                              const std::function<void(const QByteArray &pdf, const QString &error)> &done)
{
    // Through track(), so a tab that closes first still answers.
    const Result answer = track([done](const CommandResult &result) {
        if (!result.ok)
            return done({}, result.error);
        done(QByteArray::fromBase64(result.data.toObject().value(u"data").toString().toLatin1()), {});
    });
    sendToPage(
        u"Page.printToPDF"_s,
        { { u"printBackground"_s, true }, { u"landscape"_s, landscape }, { u"preferCSSPageSize"_s, true } },
        [answer](const CdpResult &result) {
            if (result.error.isError())
                return answer({},
                              tr("the browser could not print the page: %1").arg(errorText(result.error)));
            answer({ { u"data"_s, result.result.value(u"data") } }, {});
        });
}

int PageController::rememberSnapshot(const QString &text, const QString &url, const QString &options)
{
    m_seenSnapshots.append({ ++m_lastSnapshotId, text, url, options });
    while (m_seenSnapshots.size() > kKeptSnapshots)
        m_seenSnapshots.removeFirst();
    return m_lastSnapshotId;
}

std::optional<PageController::SeenSnapshot> PageController::seenSnapshot(int id) const
{
    for (const SeenSnapshot &seen : m_seenSnapshots) {
        if (seen.id == id)
            return seen;
    }
    return std::nullopt;
}

struct PageController::FormFilling
{
    QList<FormField> fields;
    qsizetype next = 0;
    QJsonArray filled;
    Mark start;
    Result done;
};

void PageController::fillForm(const QList<FormField> &fields, CommandReply reply)
{
    auto filling = std::make_shared<FormFilling>();
    filling->fields = fields;
    filling->done = track(std::move(reply));
    filling->start = m_effects->mark();
    fillNextField(filling);
}

void PageController::fillNextField(const std::shared_ptr<FormFilling> &filling)
{
    if (filling->next >= filling->fields.size())
        return finish(filling->start, { { u"fields"_s, filling->filled } }, filling->done);
    const qsizetype index = filling->next++;
    const FormField field = filling->fields.at(index);
    // A field that fails stops the form: the answer names it and what was filled before it.
    const auto failed = [filling, index, field](const QString &error) {
        const QString before = index == 0 ? tr("nothing was filled")
            : index == 1                  ? tr("field 0 was filled")
                                          : tr("fields 0–%1 were filled").arg(index - 1);
        filling->done({}, tr("fields[%1] (%2): %3; %4").arg(index).arg(field.ref, error, before));
    };
    const QPointer<PageController> self(this);
    const auto next = [self, filling, failed, field](const QString &kind) {
        return [self, filling, failed, field, kind](const CommandResult &result) {
            if (!self)
                return;
            if (!result.ok)
                return failed(result.error);
            QJsonObject data = result.data.toObject();
            data.remove(u"effects"_s);
            data.insert(u"ref"_s, field.ref);
            data.insert(u"kind"_s, kind);
            filling->filled.append(data);
            self->fillNextField(filling);
        };
    };
    callRef(
        field.ref, u"fieldKind"_s, {},
        [this, field, failed, next](const QJsonObject &r, const QString &error) {
            if (!error.isEmpty())
                return failed(error);
            const QString kind = r.value(u"kind").toString();
            const QJsonValue value = field.value;
            if (kind == u"check"_s) {
                const QString text = value.toString().toLower();
                if (!value.isBool() && text != u"true"_s && text != u"false"_s)
                    return failed(
                        tr("it is a %1: its value is true or false").arg(r.value(u"role").toString()));
                return setChecked(field.ref, value.isBool() ? value.toBool() : text == u"true"_s, next(kind));
            }
            if (kind == u"select"_s) {
                QStringList values;
                if (value.isArray()) {
                    for (const QJsonValue &one : value.toArray())
                        values.append(one.toVariant().toString());
                } else if (value.isString() || value.isDouble()) {
                    values.append(value.toVariant().toString());
                } else {
                    return failed(tr("it is a select: its value is an option's value or label, or an array "
                                     "of them"));
                }
                return select(field.ref, values, next(kind));
            }
            if (!value.isString() && !value.isDouble())
                return failed(tr("it is a text field: its value is a string"));
            fill(field.ref, value.toVariant().toString(), next(kind));
        });
}

void PageController::select(const QString &ref, const QStringList &values, CommandReply reply)
{
    const Result done = track(std::move(reply));
    const Mark start = m_effects->mark();
    callRef(ref, u"select"_s, { { u"values"_s, QJsonArray::fromStringList(values) } },
            [this, start, done](const QJsonObject &r, const QString &error) {
                if (!error.isEmpty())
                    return done({}, error);
                finish(start,
                       { { u"selected"_s, r.value(u"selected") }, { u"labels"_s, r.value(u"labels") } },
                       done);
            });
}

void PageController::scroll(const QString &ref, double x, double y, bool pages, CommandReply reply)
{
    const Result done = track(std::move(reply));
    const QJsonObject args { { u"x"_s, x }, { u"y"_s, y }, { u"unit"_s, pages ? u"page"_s : u"px"_s } };
    const Result answer = [done](const QJsonObject &r, const QString &error) { done(r, error); };
    if (ref.isEmpty()) {
        QJsonObject call = args;
        call.insert(u"op"_s, u"scroll"_s);
        return payload({ m_page, {} }, u"call"_s, call, answer);
    }
    callRef(ref, u"scroll"_s, args, answer);
}

void PageController::get(const QString &what, const QString &ref, const QString &name, int maxChars,
                         CommandReply reply)
{
    const Result done = track(std::move(reply));
    const Result answer = [done, maxChars](const QJsonObject &r, const QString &error) {
        if (!error.isEmpty())
            return done({}, error);
        QJsonObject data { { u"value"_s, r.value(u"value") } };
        const QJsonValue value = r.value(u"value");
        if (value.isString() && value.toString().size() > maxChars) {
            data.insert(u"value"_s, value.toString().left(maxChars));
            data.insert(u"truncated"_s, true);
            data.insert(u"length"_s, value.toString().size());
        }
        done(data, {});
    };
    const QJsonObject args { { u"what"_s, what }, { u"name"_s, name }, { u"selector"_s, name } };
    if (ref.isEmpty()) {
        QJsonObject call = args;
        call.insert(u"op"_s, u"get"_s);
        return payload({ m_page, {} }, u"call"_s, call, answer);
    }
    callRef(ref, u"get"_s, args, answer);
}

void PageController::is(const QString &what, const QString &ref, CommandReply reply)
{
    const Result done = track(std::move(reply));
    callRef(ref, u"is"_s, { { u"what"_s, what } }, [done](const QJsonObject &r, const QString &error) {
        if (!error.isEmpty())
            return done({}, error);
        done({ { u"value"_s, r.value(u"value").toBool() } }, {});
    });
}

void PageController::navigate(const QUrl &url, CommandReply reply)
{
    const Result done = track(std::move(reply));
    if (!m_page)
        return done({}, tr("the tab was closed"));
    const Mark start = m_effects->mark();
    // Page.enable first (again): a tab just created may not have the Page domain on in its
    // renderer yet, and then its load events would not come.
    sendToPage(u"Page.enable"_s, {}, [this, url, start, done](const CdpResult &) {
        if (!m_page)
            return done({}, tr("the tab was closed"));
        sendToPage(u"Page.navigate"_s, { { u"url"_s, url.toString() } },
                   [this, start, done](const CdpResult &result) {
                       if (!result.ok())
                           return done({}, errorText(result.error));
                       const QString failed = result.result.value(u"errorText").toString();
                       if (!failed.isEmpty())
                           return done({}, tr("the page did not load: %1").arg(failed));
                       const bool sameDocument = !result.result.contains(u"loaderId"_s);
                       m_effects->waitForLoad(start, sameDocument, QDeadlineTimer(kLoadMs),
                                              [this, start, done](bool loaded) {
                                                  QJsonObject data { { u"loaded"_s, loaded } };
                                                  const QJsonObject effects = m_effects->since(start);
                                                  for (auto it = effects.begin(); it != effects.end(); ++it)
                                                      data.insert(it.key(), it.value());
                                                  data.insert(u"navigated"_s, true);
                                                  data.insert(u"url"_s, m_effects->url());
                                                  done(data, {});
                                              });
                   });
    });
}

void PageController::history(int delta, CommandReply reply)
{
    const Result done = track(std::move(reply));
    if (!m_page)
        return done({}, tr("the tab was closed"));
    sendToPage(u"Page.getNavigationHistory"_s, {}, [this, delta, done](const CdpResult &result) {
        if (!result.ok())
            return done({}, errorText(result.error));
        const int index = result.result.value(u"currentIndex").toInt() + delta;
        const QJsonArray entries = result.result.value(u"entries").toArray();
        if (index < 0 || index >= entries.size())
            return done({},
                        delta < 0 ? tr("there is no page to go back to")
                                  : tr("there is no page to go forward to"));
        const Mark start = m_effects->mark();
        sendToPage(
            u"Page.navigateToHistoryEntry"_s, { { u"entryId"_s, entries.at(index).toObject().value(u"id") } },
            [this, start, done](const CdpResult &r) {
                if (!r.ok())
                    return done({}, errorText(r.error));
                // Until the document is there to be read, as after navigate: a commit
                // alone can leave a half-parsed page (seen under load in CI).
                m_effects->waitForLoad(start, false, QDeadlineTimer(kLoadMs), [this, start, done](bool) {
                    QJsonObject data = m_effects->since(start);
                    data.insert(u"navigated"_s, m_effects->seen().navigations > start.navigations);
                    data.insert(u"url"_s, m_effects->url());
                    done(data, {});
                });
            });
    });
}

void PageController::reload(CommandReply reply)
{
    const Result done = track(std::move(reply));
    if (!m_page)
        return done({}, tr("the tab was closed"));
    const Mark start = m_effects->mark();
    sendToPage(u"Page.reload"_s, {}, [this, start, done](const CdpResult &result) {
        if (!result.ok())
            return done({}, errorText(result.error));
        m_effects->waitUntil([this, start] { return m_effects->seen().contentLoads > start.contentLoads; },
                             kLoadMs,
                             [this, start, done](bool loaded) {
                                 QJsonObject data = m_effects->since(start);
                                 data.insert(u"loaded"_s, loaded);
                                 data.insert(u"url"_s, m_effects->url());
                                 done(data, {});
                             });
    });
}

void PageController::wait(const WaitOptions &options, CommandReply reply)
{
    const Result done = track(std::move(reply));
    if (options.ms > 0) {
        QTimer::singleShot(options.ms, this, [done, ms = options.ms] {
            done({ { u"waitedMs"_s, ms } }, {});
        });
        return;
    }
    if (!options.url.isEmpty()) {
        // The whole address, `*` standing for any characters.
        const QRegularExpression pattern(
            u"^"_s + QRegularExpression::escape(options.url).replace(u"\\*"_s, u".*"_s) + u"$"_s);
        m_effects->waitUntil([this, pattern] { return pattern.match(m_effects->url()).hasMatch(); },
                             options.timeoutMs,
                             [this, options, done](bool met) {
                                 if (!met) {
                                     return done({},
                                                 tr("the tab's address is still %1, not %2, after %3 ms (url "
                                                    "matches the whole address; * stands for any "
                                                    "characters)")
                                                     .arg(m_effects->url(), options.url)
                                                     .arg(options.timeoutMs));
                                 }
                                 done({ { u"url"_s, m_effects->url() } }, {});
                             });
        return;
    }
    if (options.navigation) {
        const Mark start = m_effects->mark();
        m_effects->waitUntil([this, start] { return m_effects->seen().navigations > start.navigations; },
                             options.timeoutMs,
                             [this, start, options, done](bool navigated) {
                                 if (!navigated)
                                     return done({}, tr("no navigation within %1 ms").arg(options.timeoutMs));
                                 QJsonObject data = m_effects->since(start);
                                 data.insert(u"url"_s, m_effects->url());
                                 done(data, {});
                             });
        return;
    }
    QJsonObject args { { u"timeoutMs"_s, options.timeoutMs },
                       { u"state"_s, options.hidden ? u"hidden"_s : u"visible"_s } };
    FrameTarget target { m_page, {} };
    if (!options.ref.isEmpty()) {
        int frame = 0;
        QString local;
        if (!parseRef(options.ref, &frame, &local))
            return done({}, tr("“%1” is not a ref").arg(options.ref));
        target = frameTarget(frame);
        if (!target.session)
            return done({}, staleRef(options.ref, tr("the frame is gone; take a new snapshot")));
        args.insert(u"ref"_s, local);
        if (frame)
            args.insert(u"prefix"_s, u"f%1"_s.arg(frame));
    } else {
        args.insert(u"text"_s, options.text);
    }
    payload(target, u"waitFor"_s, args, [options, done](const QJsonObject &r, const QString &error) {
        if (!error.isEmpty())
            return done({}, error);
        if (r.value(u"timeout").toBool()) {
            const QString what = options.ref.isEmpty() ? tr("the text “%1”").arg(options.text) : options.ref;
            return done({},
                        options.hidden
                            ? tr("%1 was still there after %2 ms").arg(what).arg(options.timeoutMs)
                            : tr("%1 did not appear within %2 ms").arg(what).arg(options.timeoutMs));
        }
        done({ { u"found"_s, !options.hidden } }, {});
    });
}

void PageController::screenshot(const QString &ref, bool fullPage, CommandReply reply)
{
    const Result done = track(std::move(reply));
    const auto capture = [this, done](const QJsonObject &clip, bool beyond) {
        if (!m_page)
            return done({}, tr("the tab was closed"));
        QJsonObject params { { u"format"_s, u"png"_s } };
        if (!clip.isEmpty()) {
            params.insert(u"clip"_s, clip);
            params.insert(u"captureBeyondViewport"_s, beyond);
        }
        sendToPage(u"Page.captureScreenshot"_s, params, [done, clip](const CdpResult &result) {
            if (!result.ok())
                return done({}, errorText(result.error));
            QJsonObject data { { u"mimeType"_s, u"image/png"_s },
                               { u"data"_s, result.result.value(u"data") } };
            if (!clip.isEmpty()) {
                data.insert(u"width"_s, clip.value(u"width"));
                data.insert(u"height"_s, clip.value(u"height"));
            }
            done(data, {});
        });
    };
    if (!ref.isEmpty()) {
        int frame = 0;
        parseRef(ref, &frame);
        if (frame != 0)
            return done(
                {}, tr("element screenshots inside cross-origin frames are not supported; take the page"));
        callRef(ref, u"rect"_s, { { u"scroll"_s, true } },
                [capture, done](const QJsonObject &r, const QString &error) {
                    if (!error.isEmpty())
                        return done({}, error);
                    if (r.value(u"width").toDouble() < 1 || r.value(u"height").toDouble() < 1)
                        return done({}, tr("the element has no size to capture"));
                    capture({ { u"x"_s, r.value(u"x") },
                              { u"y"_s, r.value(u"y") },
                              { u"width"_s, r.value(u"width") },
                              { u"height"_s, r.value(u"height") },
                              { u"scale"_s, 1 } },
                            false);
                });
        return;
    }
    if (!fullPage)
        return capture({}, false);
    sendToPage(u"Page.getLayoutMetrics"_s, {}, [capture, done](const CdpResult &result) {
        if (!result.ok())
            return done({}, errorText(result.error));
        const QJsonObject size = result.result.value(u"cssContentSize").toObject();
        capture({ { u"x"_s, 0 },
                  { u"y"_s, 0 },
                  { u"width"_s, size.value(u"width") },
                  { u"height"_s, size.value(u"height") },
                  { u"scale"_s, 1 } },
                true);
    });
}

void PageController::captureView(int maxSide, int quality, CommandReply reply)
{
    const Result done = track(std::move(reply));
    if (!m_page)
        return done({}, tr("the tab was closed"));
    // The device-pixel ratio as the page has it (emulated or the screen's), then the visual
    // viewport in CSS pixels, then the capture of that part of the document, scaled to fit.
    // (read in the payload's world, where the page cannot redefine it)
    payload({ m_page, {} }, u"pixelRatio"_s, {},
            [this, maxSide, quality, done](const QJsonObject &ratio, const QString &error) {
                if (!error.isEmpty())
                    return done({}, error);
                const double dpr = std::max(0.25, ratio.value(u"dpr"_s).toDouble(1));
                if (!m_page)
                    return done({}, tr("the tab was closed"));
                sendToPage(
                    u"Page.getLayoutMetrics"_s, {},
                    [this, maxSide, quality, dpr, done](const CdpResult &metrics) {
                        if (!metrics.ok())
                            return done({}, errorText(metrics.error));
                        const QJsonObject view = metrics.result.value(u"cssVisualViewport").toObject();
                        const double width = view.value(u"clientWidth").toDouble();
                        const double height = view.value(u"clientHeight").toDouble();
                        if (width < 1 || height < 1)
                            return done({}, tr("the view has no size to capture"));
                        const double scale = std::min(1.0, maxSide / (std::max(width, height) * dpr));
                        const double x = view.value(u"pageX").toDouble();
                        const double y = view.value(u"pageY").toDouble();
                        const QJsonObject params { { u"format"_s, u"jpeg"_s },
                                                   { u"quality"_s, quality },
                                                   { u"captureBeyondViewport"_s, false },
                                                   { u"clip"_s,
                                                     QJsonObject { { u"x"_s, x },
                                                                   { u"y"_s, y },
                                                                   { u"width"_s, width },
                                                                   { u"height"_s, height },
                                                                   { u"scale"_s, scale } } } };
                        if (!m_page)
                            return done({}, tr("the tab was closed"));
                        sendToPage(
                            u"Page.captureScreenshot"_s, params,
                            [done, width, height, dpr, x, y, scale](const CdpResult &shot) {
                                if (!shot.ok())
                                    return done({}, errorText(shot.error));
                                done({ { u"mimeType"_s, u"image/jpeg"_s },
                                       { u"data"_s, shot.result.value(u"data") },
                                       { u"viewport"_s,
                                         QJsonObject { { u"width"_s, width }, { u"height"_s, height } } },
                                       { u"dpr"_s, dpr },
                                       { u"scroll"_s, QJsonObject { { u"x"_s, x }, { u"y"_s, y } } },
                                       { u"scale"_s, scale } },
                                     {});
                            });
                    });
            });
}

void PageController::elementAt(QPointF document, CommandReply reply)
{
    const Result done = track(std::move(reply));
    if (!m_page)
        return done({}, tr("the tab was closed"));
    payload({ m_page, {} }, u"factsAt"_s, { { u"x"_s, document.x() }, { u"y"_s, document.y() } },
            [done](const QJsonObject &r, const QString &error) {
                if (!error.isEmpty())
                    return done({}, error);
                done(r, {});
            });
}

void PageController::evaluate(const QString &script, CommandReply reply, std::chrono::milliseconds timeout)
{
    const Result done = track(std::move(reply));
    if (!m_page)
        return done({}, tr("the tab was closed"));
    // Stopped waiting at its time limit: a promise that never settles does not hold the answer.
    QTimer::singleShot(timeout, this, [done, timeout] {
        done({},
             tr("the script did not finish within %1 ms (a promise that never settles, or a long "
                "loop): it was given up on")
                 .arg(timeout.count()));
    });
    evaluateAs(script, false, timeout, m_effects->mark(), done);
}

void PageController::evaluateAs(const QString &source, bool body, std::chrono::milliseconds timeout,
                                const Mark &start, const Result &done)
{
    if (!m_page)
        return done({}, tr("the tab was closed"));
    // As the console reads it first (an expression or statements; await allowed; `let` may be
    // declared again); a script with a top-level `return` is a function body, run as an async
    // function's, as the LLM Browser Agent extension ran `script`. The parser refuses the
    // return before anything runs, so nothing runs twice.
    const QString expression = body ? u"(async () => {\n%1\n})()"_s.arg(source) : source;
    // As the console, a promise the script ends with is its value: it comes back as an object to
    // await (REPL mode awaits only the script itself), then to read as JSON.
    m_page->send(
        u"Runtime.evaluate"_s,
        { { u"expression"_s, expression },
          { u"returnByValue"_s, body },
          { u"awaitPromise"_s, true },
          { u"userGesture"_s, true },
          { u"replMode"_s, !body },
          { u"objectGroup"_s, u"mpa-eval"_s },
          { u"timeout"_s, double(timeout.count()) } },
        this,
        [this, source, body, timeout, start, done](const CdpResult &result) {
            const CdpError error = CdpSession::errorFromEvaluation(u"Runtime.evaluate"_s, result);
            if (error.isError()) {
                if (!body && error.message.contains(u"Illegal return statement"_s))
                    return evaluateAs(source, true, timeout, start, done);
                return done({}, evaluationError(error));
            }
            evaluated(result.result.value(u"result").toObject(), timeout, start, done);
        },
        timeout + std::chrono::milliseconds(kSettleMs));
}

QString PageController::evaluationError(const CdpError &error)
{
    if (error.kind == CdpError::Kind::Script) // the message, not the stack under it
        return tr("the script threw: %1").arg(error.message.section(u'\n', 0, 0));
    return errorText(error);
}

void PageController::evaluated(const QJsonObject &remote, std::chrono::milliseconds timeout,
                               const Mark &start, const Result &done)
{
    if (!m_page)
        return done({}, tr("the tab was closed"));
    const QString object = remote.value(u"objectId").toString();
    const auto answer = [this, start, done](const QJsonObject &value) {
        sendToPage(u"Runtime.releaseObjectGroup"_s, { { u"objectGroup"_s, u"mpa-eval"_s } },
                   [](const CdpResult &) {});
        // The value as JSON (returnByValue); null, with its type, for what JSON cannot hold.
        QJsonObject data { { u"value"_s,
                             value.contains(u"value"_s) ? value.value(u"value") : QJsonValue() } };
        if (!value.contains(u"value"_s))
            data.insert(u"type"_s, value.value(u"type"));
        finish(start, data, done);
    };
    if (object.isEmpty())
        return answer(remote);
    const bool promise = remote.value(u"subtype").toString() == u"promise"_s;
    const QString method = promise ? u"Runtime.awaitPromise"_s : u"Runtime.callFunctionOn"_s;
    const QJsonObject params = promise
        ? QJsonObject { { u"promiseObjectId"_s, object }, { u"returnByValue"_s, true } }
        : QJsonObject { { u"objectId"_s, object },
                        { u"functionDeclaration"_s, u"function () { return this; }"_s },
                        { u"returnByValue"_s, true } };
    m_page->send(
        method, params, this,
        [method, answer, done](const CdpResult &result) {
            const CdpError error = CdpSession::errorFromEvaluation(method, result);
            if (error.isError())
                return done({}, evaluationError(error));
            answer(result.result.value(u"result").toObject());
        },
        timeout + std::chrono::milliseconds(kSettleMs));
}

// ---- find, scroll into view, mouse, drag --------------------------------------------------

void PageController::find(const FindOptions &options, CommandReply reply)
{
    const Result done = track(std::move(reply));
    const FrameTarget top { m_page, {} };
    QJsonObject args { { u"locator"_s, options.locator },
                       { u"value"_s, options.value },
                       { u"exact"_s, options.exact },
                       { u"base"_s, m_nextRef->value(top.key(), 1) } };
    if (options.name)
        args.insert(u"text"_s, *options.name);
    payload(top, u"find"_s, args, [this, top, done](const QJsonObject &r, const QString &error) {
        // Refs find hands out are counted like a snapshot's: never given twice in this tab.
        if (r.contains(u"next"_s))
            m_nextRef->insert(top.key(), std::max(m_nextRef->value(top.key(), 1), r.value(u"next").toInt()));
        if (!error.isEmpty())
            return done({}, error);
        const QString ref = r.value(u"ref").toString();
        done({ { u"ref"_s, ref },
               { u"line"_s, r.value(u"line") },
               { u"role"_s, r.value(u"role") },
               { u"name"_s, r.value(u"name") },
               { u"count"_s, r.value(u"count") },
               // The extension answered a list of matches: [{ref, nodeId}].
               { u"result"_s, QJsonArray { QJsonObject { { u"ref"_s, ref }, { u"nodeId"_s, ref } } } } },
             {});
    });
}

void PageController::scrollIntoView(const QString &ref, CommandReply reply)
{
    const Result done = track(std::move(reply));
    const Mark start = m_effects->mark();
    int frame = 0;
    if (!parseRef(ref, &frame))
        return done({}, tr("“%1” is not a ref (refs look like e3, or f1e3 inside a frame)").arg(ref));
    if (!m_frames.knows(frame))
        return done({},
                    staleRef(ref, tr("the frame is gone (or from a previous page); take a new snapshot")));
    revealFrame(frame, [this, ref, start, done](const QString &revealError) {
        if (!revealError.isEmpty())
            return done({}, revealError);
        callRef(ref, u"scrollIntoView"_s, {},
                [this, start, done](const QJsonObject &r, const QString &error) {
                    if (!error.isEmpty())
                        return done({}, error);
                    finish(start, r, done);
                });
    });
}

void PageController::sendInOrder(QList<CdpInput::Command> commands, const Sent &done)
{
    // One at a time, each once the one before is answered: the page sees every move of a path
    // (moves sent at once reach it coalesced into one event).
    if (commands.isEmpty())
        return done({});
    const CdpInput::Command first = commands.takeFirst();
    const QPointer<PageController> self(this);
    sendInput({ first }, [self, commands, done](const QString &error) {
        if (!error.isEmpty() || !self)
            return done(self ? error : tr("the tab was closed"));
        self->sendInOrder(commands, done);
    });
}

void PageController::viewportSize(const std::function<void(QSizeF, const QString &)> &done)
{
    sendToPage(u"Page.getLayoutMetrics"_s, {}, [done](const CdpResult &result) {
        if (!result.ok())
            return done({}, errorText(result.error));
        const QJsonObject view = result.result.value(u"cssLayoutViewport").toObject();
        done(QSizeF(view.value(u"clientWidth").toDouble(), view.value(u"clientHeight").toDouble()), {});
    });
}

void PageController::mouseAt(const QString &action, QPointF point, const QString &button, QPointF delta,
                             CommandReply reply)
{
    const Result done = track(std::move(reply));
    const Mark start = m_effects->mark();
    viewportSize([this, action, point, button, delta, start, done](QSizeF view, const QString &error) {
        if (!error.isEmpty())
            return done({}, error);
        if (point.x() < 0 || point.y() < 0 || point.x() >= view.width() || point.y() >= view.height()) {
            return done({},
                        tr("the point (%1, %2) is outside the viewport, which is %3 × %4 CSS pixels from "
                           "(0, 0) at its top left: use a point inside it (scroll to bring the rest in)")
                            .arg(point.x())
                            .arg(point.y())
                            .arg(view.width())
                            .arg(view.height()));
        }
        const int bit = CdpInput::buttonBit(button);
        QList<CdpInput::Command> commands;
        int held = m_buttons;
        if (action == u"move"_s) {
            commands.append(CdpInput::mouseMove(point, held));
        } else if (action == u"down"_s) {
            if (held & bit)
                return done({}, tr("the %1 button is already down: send mouse up first").arg(button));
            held |= bit;
            commands
                = { CdpInput::mouseMove(point, m_buttons), CdpInput::mouseButton(true, point, button, held) };
        } else if (action == u"up"_s) {
            if (!(held & bit))
                return done({}, tr("the %1 button is not down: send mouse down first").arg(button));
            held &= ~bit;
            commands = { CdpInput::mouseMove(point, m_buttons),
                         CdpInput::mouseButton(false, point, button, held) };
        } else if (action == u"click"_s) {
            commands = CdpInput::click(point, 1, button);
        } else { // wheel
            commands = { CdpInput::mouseMove(point, held),
                         CdpInput::mouseWheel(point, delta.x(), delta.y(), held) };
        }
        m_buttons = held;
        QJsonObject data { { u"action"_s, action }, { u"x"_s, point.x() }, { u"y"_s, point.y() } };
        if (action == u"wheel"_s) {
            data.insert(u"deltaX"_s, delta.x());
            data.insert(u"deltaY"_s, delta.y());
        } else if (action != u"move"_s) {
            data.insert(u"button"_s, button);
        }
        sendInput(commands, [this, start, data, done](const QString &inputError) {
            if (!inputError.isEmpty())
                return done({}, inputError);
            finish(start, data, done);
        });
    });
}

void PageController::spotPoint(const Spot &spot, const QString &op,
                               const std::function<void(QPointF, bool, const QString &)> &done)
{
    const auto draggableAt = [this, done](QPointF point) {
        payload({ m_page, {} }, u"at"_s, { { u"x"_s, point.x() }, { u"y"_s, point.y() } },
                [point, done](const QJsonObject &r, const QString &error) {
                    done(point, error.isEmpty() && r.value(u"draggable").toBool(), {});
                });
    };
    if (spot.ref.isEmpty()) {
        return viewportSize([spot, draggableAt, done](QSizeF view, const QString &error) {
            if (!error.isEmpty())
                return done({}, false, error);
            const QPointF p = spot.point;
            if (p.x() < 0 || p.y() < 0 || p.x() >= view.width() || p.y() >= view.height()) {
                return done({}, false,
                            tr("the point (%1, %2) is outside the viewport (%3 × %4 CSS pixels)")
                                .arg(p.x())
                                .arg(p.y())
                                .arg(view.width())
                                .arg(view.height()));
            }
            draggableAt(p);
        });
    }
    pointOf(spot.ref, op, [draggableAt, done](QPointF point, const QString &error) {
        if (!error.isEmpty())
            return done({}, false, error);
        draggableAt(point);
    });
}

void PageController::drag(const Spot &from, const Spot &to, CommandReply reply)
{
    const Result done = track(std::move(reply));
    const Mark start = m_effects->mark();
    if (m_buttons)
        return done({}, tr("a mouse button is still down (mouse down): send mouse up before a drag"));
    // The target first, then the source (each scrolled into view when needed), then the target
    // again: both must be in view together, as a person's drag is.
    spotPoint(to, u"hover"_s, [this, from, to, start, done](QPointF target, bool, const QString &toError) {
        if (!toError.isEmpty())
            return done({}, tr("to: %1").arg(toError));
        spotPoint(from, u"point"_s,
                  [this, to, target, start, done](QPointF source, bool draggable, const QString &fromError) {
                      if (!fromError.isEmpty())
                          return done({}, tr("from: %1").arg(fromError));
                      spotPoint(to, u"hover"_s,
                                [this, source, target, draggable, start, done](QPointF again, bool,
                                                                               const QString &error) {
                                    if (!error.isEmpty())
                                        return done({}, tr("to: %1").arg(error));
                                    if (QLineF(again, target).length() > 1) {
                                        return done({},
                                                    tr("from and to do not fit in the viewport together: "
                                                       "drag in steps (mouse down, scroll, mouse up)"));
                                    }
                                    dragPath(source, again, draggable, start, done);
                                });
                  });
    });
}

void PageController::dragPath(QPointF from, QPointF to, bool expectDrag, const Mark &start,
                              const Result &done)
{
    if (!m_page)
        return done({}, tr("the tab was closed"));
    // As puppeteer drags: drags the page starts are intercepted (Input.dragIntercepted gives
    // their data), then entered, moved over and dropped at the target with that data.
    struct Drag
    {
        std::optional<QJsonObject> data;
        std::function<void()> intercepted; // set while waiting for a drag the page should start
    };
    auto drag = std::make_shared<Drag>();
    const std::weak_ptr<Drag> weakDrag = drag;
    auto listening = std::make_shared<QMetaObject::Connection>();
    *listening = connect(m_page, &CdpSession::eventReceived, this,
                         [drag](const QString &method, const QJsonObject &params) {
                             if (method != u"Input.dragIntercepted"_s)
                                 return;
                             drag->data = params.value(u"data").toObject();
                             if (drag->intercepted)
                                 std::exchange(drag->intercepted, {})();
                         });
    const QPointer<PageController> self(this);
    const auto end = [self, listening, from, to, start, done](const QString &error, bool dropped) {
        QObject::disconnect(*listening);
        if (!self)
            return done({}, tr("the tab was closed"));
        self->sendToPage(u"Input.setInterceptDrags"_s, { { u"enabled"_s, false } }, [](const CdpResult &) {});
        if (!error.isEmpty())
            return done({}, error);
        self->finish(start,
                     { { u"from"_s, QJsonObject { { u"x"_s, from.x() }, { u"y"_s, from.y() } } },
                       { u"to"_s, QJsonObject { { u"x"_s, to.x() }, { u"y"_s, to.y() } } },
                       { u"dropped"_s, dropped } },
                     done);
    };
    // Pressed, then moved to the target in steps with the button held.
    QList<CdpInput::Command> path { CdpInput::mouseMove(from, 0),
                                    CdpInput::mouseButton(true, from, u"left"_s, 1) };
    constexpr int kSteps = 5;
    for (int i = 1; i <= kSteps; ++i)
        path.append(CdpInput::mouseMove(from + (to - from) * (double(i) / kSteps), 1));
    const auto release = [self, to, end](bool dropped) {
        if (!self)
            return end({}, dropped);
        self->sendInput({ CdpInput::mouseButton(false, to, u"left"_s, 0) },
                        [end, dropped](const QString &error) { end(error, dropped); });
    };
    const auto drop = [self, weakDrag, to, release, end] {
        const std::shared_ptr<Drag> drag = weakDrag.lock();
        if (!self || !drag)
            return end(tr("the tab was closed"), false);
        const QJsonObject data = *drag->data;
        self->sendInput({ CdpInput::dragEvent(u"dragEnter"_s, to, data),
                          CdpInput::dragEvent(u"dragOver"_s, to, data),
                          CdpInput::dragEvent(u"drop"_s, to, data) },
                        [release, end](const QString &error) {
                            if (!error.isEmpty())
                                return end(error, false);
                            release(true);
                        });
    };
    sendToPage(u"Input.setInterceptDrags"_s, { { u"enabled"_s, true } },
               [self, path, drag, expectDrag, drop, release, end](const CdpResult &result) {
                   if (!self)
                       return end(tr("the tab was closed"), false);
                   if (!result.ok())
                       return end(errorText(result.error), false);
                   self->sendInOrder(
                       path, [self, drag, expectDrag, drop, release, end](const QString &error) {
                           if (!error.isEmpty())
                               return end(error, false);
                           if (drag->data)
                               return drop();
                           if (!expectDrag)
                               return release(false);
                           // The page's drag may be reported just after the last move is answered.
                           auto *grace = new QTimer(self);
                           grace->setSingleShot(true);
                           drag->intercepted = [grace, drop] {
                               grace->stop();
                               grace->deleteLater();
                               drop();
                           };
                           connect(grace, &QTimer::timeout, self, [grace, drag, release] {
                               grace->deleteLater();
                               drag->intercepted = {};
                               release(false); // the page did not start a drag (its dragstart refused)
                           });
                           grace->start(1000);
                       });
               });
}

} // namespace mpa
