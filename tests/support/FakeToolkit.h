#pragma once
// The browser toolkit as an agent job sees it (ToolEnvironment), for unit tests: tabs holding
// pages the test describes (snapshot text, the elements the gate asks about), the calls the
// job made in order, answers the test can hold back and release later (a command still
// running), the requests a page made, and the mask as the job showed it.

#include "jobs/ToolEnvironment.h"

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

#include <functional>

namespace mpa::test {

class FakeToolkit
{
public:
    struct Page
    {
        QString url;
        QString title;
        QString snapshot; // the toolkit's snapshot text ("- button \"Pay now\" [ref=e2]")
        QStringList inView; // the refs in view
        QHash<QString, QJsonObject> elements; // ref → what `get {what: element}` answers
    };
    // The Hulu checkout of the gate corpus (tests/fixtures): a discount code field and
    // "Pay now", a submit button of the payment form.
    static Page huluCheckout();
    // The toolkit with one tab, `id`, on `page`, the job's current tab.
    void openOnly(const QString &id, const Page &page)
    {
        tabs = { { id, page } };
        current = id;
    }

    struct Call
    {
        QString type;
        QJsonObject params;
    };

    QHash<QString, Page> tabs; // tab id → its page
    QString current; // the toolkit's current tab for the job
    QStringList held; // types whose answers wait for release()
    // Answers an action (click, fill, …); by default it succeeds with {}.
    std::function<CommandResult(const QString &type, const QJsonObject &params)> onAction;
    QList<NetworkEntry> requests; // the page's requests (NetworkLog::since reads them)
    int pendingRequests = 0; // … still waiting for an answer
    QStringList masks; // "on T1: text", "off T1", in order
    QStringList released; // tabs let go

    ToolEnvironment environment();
    QList<Call> calls() const { return m_calls; }
    int count(const QString &type) const;
    // Answers the calls held so far, in order.
    void release();
    int heldCalls() const { return int(m_held.size()); }

private:
    CommandResult answer(const QString &type, const QJsonObject &params);

    QList<Call> m_calls;
    QList<std::function<void()>> m_held;
    int m_nextTab = 1;
};

} // namespace mpa::test
