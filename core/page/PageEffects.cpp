#include "PageEffects.h"

#include "cdp/CdpSession.h"
#include "logging/LogCategories.h"

#include <QTimer>

using namespace Qt::StringLiterals;

namespace mpa {

PageEffects::PageEffects(CdpSession *page, QObject *parent)
    : QObject(parent)
    , m_page(page)
    , m_targetId(page->targetId())
    , m_url(page->targetInfo().url)
{
    connect(page, &CdpSession::eventReceived, this, &PageEffects::onEvent);
}

PageEffects::Mark PageEffects::mark() const
{
    Mark now = m_seen;
    now.dialogs = m_droppedDialogs + m_dialogs.size();
    now.newTabs = m_newTabs.size();
    return now;
}

QJsonObject PageEffects::since(const Mark &start) const
{
    QJsonObject effects;
    if (m_seen.navigations > start.navigations) {
        effects.insert(u"navigated"_s, true);
        effects.insert(u"url"_s, m_url);
    }
    if (m_newTabs.size() > start.newTabs) {
        QJsonArray tabs;
        for (qsizetype i = start.newTabs; i < m_newTabs.size(); ++i)
            tabs.append(m_newTabs.at(i));
        effects.insert(u"newTabs"_s, tabs);
    }
    if (m_droppedDialogs + m_dialogs.size() > start.dialogs) {
        QJsonArray dialogs;
        for (qsizetype i = std::max<qsizetype>(0, start.dialogs - m_droppedDialogs); i < m_dialogs.size();
             ++i)
            dialogs.append(m_dialogs.at(i));
        effects.insert(u"dialogs"_s, dialogs);
    }
    return effects;
}

bool PageEffects::settled(const Mark &start) const
{
    // A navigation that commits, or ends without a new document (a download, a 204), settles it.
    const bool navigationPending = m_seen.navigationRequests > start.navigationRequests
        && m_seen.navigations == start.navigations && m_seen.loadStops == start.loadStops;
    const bool tabPending = m_seen.windowOpens > start.windowOpens
        && m_newTabs.size() - start.newTabs < m_seen.windowOpens - start.windowOpens;
    return !navigationPending && !tabPending;
}

void PageEffects::afterAction(const Mark &start, int timeoutMs, std::function<void(const QJsonObject &)> then)
{
    if (!m_page)
        return then(since(start));
    m_page->send(u"Runtime.evaluate"_s, { { u"expression"_s, u"0"_s } }, this,
                 [this, start, timeoutMs, then = std::move(then)](const CdpResult &) {
                     waitUntil([this, start] { return settled(start); }, timeoutMs,
                               [this, start, then](bool) { then(since(start)); });
                 });
}

void PageEffects::waitForLoad(const Mark &start, bool sameDocument, QDeadlineTimer deadline,
                              std::function<void(bool loaded)> then)
{
    if (m_seen.navigations > start.navigations && (sameDocument || m_seen.contentLoads > start.contentLoads))
        return then(true);
    if (!m_page || deadline.hasExpired())
        return then(false);
    m_page->send(
        u"Runtime.evaluate"_s,
        { { u"expression"_s, u"[document.readyState, location.href]"_s }, { u"returnByValue"_s, true } },
        this, [this, start, sameDocument, deadline, then = std::move(then)](const CdpResult &result) {
            const QJsonArray state = result.result.value(u"result").toObject().value(u"value").toArray();
            const QString readyState = state.at(0).toString();
            const QString href = state.at(1).toString();
            if (result.ok() && readyState != u"loading"_s && !href.isEmpty() && href != u"about:blank"_s
                && (href != m_url || m_seen.navigations > start.navigations || sameDocument)) {
                noteDocumentAt(href, start);
                const QPointer<PageEffects> self(this);
                then(true);
                if (self)
                    recheckWaits();
                return;
            }
            QTimer::singleShot(50, this, [this, start, sameDocument, deadline, then] {
                waitForLoad(start, sameDocument, deadline, then);
            });
        });
}

void PageEffects::waitUntil(std::function<bool()> condition, int timeoutMs, std::function<void(bool)> then)
{
    if (condition())
        return then(true);
    auto wait = std::make_shared<Wait>(Wait { std::move(condition), std::move(then), new QTimer(this) });
    m_waits.push_back(wait);
    wait->timeout->setSingleShot(true);
    connect(wait->timeout, &QTimer::timeout, this, [this, wait] {
        std::erase(m_waits, wait);
        wait->timeout->deleteLater();
        wait->then(wait->condition());
    });
    wait->timeout->start(timeoutMs);
}

void PageEffects::recheckWaits()
{
    // A copy: an answer may start new waits (or close the tab's controller, and this with it).
    const auto waits = m_waits;
    const QPointer<PageEffects> self(this);
    for (const auto &wait : waits) {
        if (!self)
            return;
        if (std::find(m_waits.begin(), m_waits.end(), wait) == m_waits.end() || !wait->condition())
            continue;
        std::erase(m_waits, wait);
        wait->timeout->stop();
        wait->timeout->deleteLater();
        wait->then(true);
    }
}

void PageEffects::noteNewTab(CdpSession *tab)
{
    for (const QJsonValue &seen : std::as_const(m_newTabs)) {
        if (seen.toObject().value(u"tab").toString() == tab->targetId())
            return;
    }
    m_newTabs.append(QJsonObject { { u"tab"_s, tab->targetId() },
                                   { u"url"_s, tab->targetInfo().url },
                                   { u"title"_s, tab->targetInfo().title } });
    recheckWaits();
}

void PageEffects::noteDocumentAt(const QString &href, const Mark &start)
{
    if (m_seen.navigations == start.navigations)
        ++m_seen.navigations;
    m_url = href;
}

void PageEffects::answerNextDialog(bool accept, const QString &text)
{
    m_nextAnswer = NextAnswer { accept, text };
}

QJsonObject PageEffects::heldDialog() const
{
    return m_held >= 0 && m_held < m_dialogs.size() ? m_dialogs.at(m_held).toObject() : QJsonObject();
}

void PageEffects::answerDialog(bool accept, const QString &text,
                               std::function<void(const QJsonObject &, const QString &)> done)
{
    if (m_held < 0 || !m_page)
        return done({}, tr("no dialog is open on this tab"));
    const qsizetype index = m_held;
    QJsonObject params { { u"accept"_s, accept } };
    const bool prompt = m_dialogs.at(index).toObject().value(u"type").toString() == u"prompt"_s;
    if (prompt && accept)
        params.insert(u"promptText"_s, text);
    m_page->send(
        u"Page.handleJavaScriptDialog"_s, params, this,
        [this, index, accept, prompt, text, done = std::move(done)](const CdpResult &result) {
            if (result.error.isError())
                return done({}, tr("the browser did not take the answer: %1").arg(result.error.message));
            // Page.javascriptDialogClosed may have come first and noted it already.
            if (m_held == index)
                settleHeld(accept ? u"accepted"_s : u"dismissed"_s, prompt && accept ? text : QString());
            done(index < m_dialogs.size() ? m_dialogs.at(index).toObject() : QJsonObject(), {});
        });
}

void PageEffects::settleHeld(const QString &action, const QString &text)
{
    if (m_held < 0 || m_held >= m_dialogs.size())
        return;
    QJsonObject entry = m_dialogs.at(m_held).toObject();
    entry.insert(u"action"_s, action);
    if (!text.isNull() && entry.value(u"type").toString() == u"prompt"_s)
        entry.insert(u"text"_s, text);
    m_dialogs.replace(m_held, entry);
    m_held = -1;
}

void PageEffects::onEvent(const QString &method, const QJsonObject &params)
{
    note(method, params);
    recheckWaits();
}

void PageEffects::note(const QString &method, const QJsonObject &params)
{
    if (method == u"Page.javascriptDialogOpening"_s) {
        const QString type = params.value(u"type").toString();
        const QString message = params.value(u"message").toString();
        QJsonObject entry { { u"type"_s, type }, { u"message"_s, message } };
        if (type == u"prompt"_s)
            entry.insert(u"defaultPrompt"_s, params.value(u"defaultPrompt").toString());
        if (m_dialogs.size() >= kMaxDialogs) {
            // The held one, if any, is never the oldest of a hundred: only answered ones go.
            m_dialogs.removeFirst();
            ++m_droppedDialogs;
            if (m_held >= 0)
                --m_held;
        }
        if (!m_nextAnswer && m_dialogPolicy == DialogPolicy::Hold) {
            entry.insert(u"action"_s, u"pending"_s);
            m_dialogs.append(entry);
            m_held = m_dialogs.size() - 1;
            qCInfo(lcPage).noquote() << u"%1 dialog on %2 held open for the agent: %3"_s.arg(type, m_url,
                                                                                             message);
            Q_EMIT dialogHeld(entry);
            return;
        }
        const bool accept = m_nextAnswer ? m_nextAnswer->accept : m_dialogPolicy == DialogPolicy::Accept;
        const QString text = m_nextAnswer ? m_nextAnswer->text : params.value(u"defaultPrompt").toString();
        m_nextAnswer.reset();
        if (m_page)
            m_page->send(u"Page.handleJavaScriptDialog"_s,
                         { { u"accept"_s, accept }, { u"promptText"_s, text } });
        entry.insert(u"action"_s, accept ? u"accepted"_s : u"dismissed"_s);
        if (type == u"prompt"_s && accept)
            entry.insert(u"text"_s, text);
        m_dialogs.append(entry);
        qCInfo(lcPage).noquote() << u"%1 dialog on %2 %3: %4"_s.arg(
            type, m_url, accept ? u"accepted"_s : u"dismissed"_s, message);
        return;
    }
    if (method == u"Page.javascriptDialogClosed"_s) {
        // Closed by other means than answerDialog() (the user, a navigation): no longer held.
        if (m_held >= 0)
            settleHeld(params.value(u"result").toBool() ? u"accepted"_s : u"dismissed"_s,
                       params.value(u"result").toBool() && params.contains(u"userInput"_s)
                           ? params.value(u"userInput").toString()
                           : QString());
        return;
    }
    if (method == u"Page.frameNavigated"_s) {
        const QJsonObject frame = params.value(u"frame").toObject();
        if (!frame.value(u"parentId").toString().isEmpty())
            return;
        m_url = frame.value(u"url").toString();
        ++m_seen.navigations;
        return;
    }
    if (method == u"Page.navigatedWithinDocument"_s) {
        if (params.value(u"frameId").toString() != m_targetId)
            return;
        m_url = params.value(u"url").toString();
        ++m_seen.navigations;
        return;
    }
    if (method == u"Page.frameRequestedNavigation"_s) {
        if (params.value(u"frameId").toString() == m_targetId
            && params.value(u"disposition").toString() == u"currentTab"_s)
            ++m_seen.navigationRequests;
        return;
    }
    if (method == u"Page.frameStoppedLoading"_s) {
        if (params.value(u"frameId").toString() == m_targetId)
            ++m_seen.loadStops;
        return;
    }
    if (method == u"Page.domContentEventFired"_s) {
        ++m_seen.contentLoads;
        return;
    }
    if (method == u"Page.windowOpen"_s) {
        ++m_seen.windowOpens;
    }
}

} // namespace mpa
