#pragma once
// What happens to one tab while the toolkit acts on it: navigations (requested, committed,
// within the document), dialogs (answered as the tab is told: accept, dismiss, or held open for
// the agent to answer), tabs it opens, loads. An action takes a mark() before it starts and reports
// since(mark) when it is done; waitUntil() answers once a condition over these holds, re-checked after each
// page event (not polled) or when the time is up.

#include <QDeadlineTimer>
#include <QJsonArray>
#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QString>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

class QTimer;

namespace mpa {

class CdpSession;

class PageEffects : public QObject
{
    Q_OBJECT
public:
    struct Mark
    {
        int navigations = 0;
        int navigationRequests = 0;
        qsizetype dialogs = 0;
        qsizetype newTabs = 0;
        int windowOpens = 0;
        int contentLoads = 0;
        int loadStops = 0; // the main frame stopped loading
    };

    // Follows `page`'s events (the caller enables the Page domain).
    PageEffects(CdpSession *page, QObject *parent = nullptr);

    // What happens to a JavaScript dialog (alert, confirm, prompt, beforeunload): answered at once,
    // accepted or dismissed, or held open until answerDialog() (toolkit/dialogs = agent).
    enum class DialogPolicy { Accept, Dismiss, Hold };
    void setDialogPolicy(DialogPolicy policy) { m_dialogPolicy = policy; }
    // The next dialog is answered so, whatever the policy (a prompt's text, as Playwright's
    // page.once('dialog')); replaces an earlier one not used yet.
    void answerNextDialog(bool accept, const QString &text);
    // The dialog held open, {type, message, defaultPrompt, action: "pending"}; empty when none.
    QJsonObject heldDialog() const;
    // Answers the dialog held open; `done` with its entry, or the browser's error.
    void answerDialog(bool accept, const QString &text,
                      std::function<void(const QJsonObject &dialog, const QString &error)> done);
    // The tab's dialogs, oldest first (the last kMaxDialogs), each with what was done with it.
    QJsonArray dialogs() const { return m_dialogs; }
    static constexpr qsizetype kMaxDialogs = 100;
    Mark mark() const;
    // {navigated, url} {newTabs: […]} {dialogs: […]}: what happened since `start`.
    QJsonObject since(const Mark &start) const;
    // Nothing the action set off is still on its way: a navigation it requested has committed
    // (or ended without a document), a window it opened has shown up as a tab.
    bool settled(const Mark &start) const;
    const Mark &seen() const { return m_seen; }
    QString url() const { return m_url; }

    // After an action: a round trip through the renderer (events the action raised there come
    // before its answer), then until nothing the action set off is on its way (settled) or
    // `timeoutMs` passed; gives since(start).
    void afterAction(const Mark &start, int timeoutMs, std::function<void(const QJsonObject &effects)> then);
    // After a navigation was sent: until the new document is there to be read (committed and,
    // unless `sameDocument`, its DOM loaded), or false once `deadline` passed. Events can be lost
    // around a renderer swap, so the document's own readyState and address count as well.
    void waitForLoad(const Mark &start, bool sameDocument, QDeadlineTimer deadline,
                     std::function<void(bool loaded)> then);
    // Answers once `condition` holds, or with false when `timeoutMs` passed without it.
    void waitUntil(std::function<bool()> condition, int timeoutMs, std::function<void(bool met)> then);
    // Answers the waits whose condition now holds (after anything that may change them).
    void recheckWaits();

    // A tab this one opened (link with target=_blank, window.open).
    void noteNewTab(CdpSession *tab);
    // The document says it is at `href` (read from it when events may have been lost).
    void noteDocumentAt(const QString &href, const Mark &start);

Q_SIGNALS:
    // A dialog is held open (DialogPolicy::Hold): the page waits for answerDialog().
    void dialogHeld(const QJsonObject &dialog);

private:
    struct Wait
    {
        std::function<bool()> condition;
        std::function<void(bool met)> then;
        QTimer *timeout;
    };

    void onEvent(const QString &method, const QJsonObject &params);
    void note(const QString &method, const QJsonObject &params);
    // The held dialog was answered (`action`: accepted or dismissed; `text`: a prompt's answer).
    void settleHeld(const QString &action, const QString &text);

    QPointer<CdpSession> m_page;
    QString m_targetId;
    DialogPolicy m_dialogPolicy = DialogPolicy::Accept;
    struct NextAnswer
    {
        bool accept = true;
        QString text;
    };
    std::optional<NextAnswer> m_nextAnswer;
    qsizetype m_held = -1; // index in m_dialogs of the dialog held open; -1: none
    qsizetype m_droppedDialogs = 0; // entries dropped from the front of m_dialogs (kMaxDialogs)
    Mark m_seen; // the counts so far (dialogs and newTabs: the arrays' sizes)
    QString m_url;
    QJsonArray m_dialogs;
    QJsonArray m_newTabs;
    std::vector<std::shared_ptr<Wait>> m_waits;
};

} // namespace mpa
