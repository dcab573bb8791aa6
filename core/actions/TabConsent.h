#pragma once
// May an agent use a tab it did not open (the user's own)? The user decides, as
// toolkit/userTabs says: `allow`, `deny`, or `ask` — a desktop prompt "Allow once · Allow for
// this site · Deny" that the window registers (setAsker). Sites allowed for good are kept in
// toolkit/allowedSites. Without anyone to ask (headless, `mcp` alone) `ask` refuses, saying how
// to allow it. An unanswered prompt is refused after patience() (60 s).
//
// Granting is this class's only job; the tab then belongs to the agent like one it opened
// (TabRegistry), until it disconnects.

#include "actions/CommandDispatcher.h"

#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QUrl>

#include <chrono>
#include <functional>
#include <memory>

namespace mpa {

class Clock;
class ClockTimer;
class Settings;

class TabConsent : public QObject
{
    Q_OBJECT
public:
    enum class Answer { AllowOnce, AllowSite, Deny };
    struct Request
    {
        CommandCaller caller;
        QString targetId;
        QString title;
        QUrl url;

        QString agentName() const; // the caller's own name, or its channel and connection
        QString site() const { return siteOf(url); } // empty for about:, data:, file: …
    };
    // Asks the user and calls `answer` once; withdrawn() tells it when the question is no
    // longer wanted (nobody answered in time).
    using Asker = std::function<void(const Request &request, std::function<void(Answer)> answer)>;

    TabConsent(Settings *settings, Clock *clock, QObject *parent = nullptr);
    ~TabConsent() override;

    // The desktop prompt; it stays registered while `owner` lives.
    void setAsker(QObject *owner, Asker asker);
    bool canAsk() const;
    std::chrono::milliseconds patience() const { return m_patience; }
    void setPatience(std::chrono::milliseconds patience) { m_patience = patience; }

    // Answers success when the tab may be used, else a failure (403) saying why not, a
    // sentence for the agent.
    void request(const Request &request, CommandReply done);
    // Questions waiting for the user.
    int pendingCount() const { return int(m_pending.size()); }

    // The site a grant is remembered for: the URL's host, lower-case (empty when it has none).
    static QString siteOf(const QUrl &url);
    bool isSiteAllowed(const QString &site) const;
    // Whether request() grants a tab at `url` without asking anyone (toolkit/userTabs=allow, or
    // its site is allowed for good).
    bool allowsWithoutAsking(const QUrl &url) const;
    // Takes a site off toolkit/allowedSites; false when it was not there.
    bool revokeSite(const QString &site);

Q_SIGNALS:
    // A question went to the user / was settled (granted or not), for the window and the log.
    void asked(const mpa::TabConsent::Request &request);
    void settled(const mpa::TabConsent::Request &request, bool granted, const QString &how);
    // A question was withdrawn before the user answered (timed out): close its prompt.
    void withdrawn(const QString &targetId, const mpa::CommandCaller &caller);

private:
    struct Pending;
    void finish(const std::shared_ptr<Pending> &pending, Answer answer, const QString &refusal);

    Settings *m_settings;
    Clock *m_clock;
    QPointer<QObject> m_askerOwner;
    Asker m_asker;
    std::chrono::milliseconds m_patience { 60'000 };
    QList<std::shared_ptr<Pending>> m_pending;
};

} // namespace mpa
