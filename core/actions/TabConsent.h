#pragma once
// May an agent use a tab it did not open (the user's own)? The user decides, as
// toolkit/userTabs says: `allow`, `deny`, or `ask` — a desktop prompt "Allow once · Allow for
// this site · Deny" that the window registers (setAsker). Sites allowed for good are kept in
// toolkit/allowedSites. Without anyone to ask (headless, `mcp` alone) `ask` refuses, saying how
// to allow it. An unanswered prompt is refused after patience() (60 s).
//
// Granting is this class's only job; the tab then belongs to the agent like one it opened
// (TabRegistry), until it disconnects.
//
// A site's data (its cookies, also the HttpOnly sign-in ones no page script can read, and its
// local and session storage: `cookies`, `storage`) is asked for on its own, site by site: a tab
// the agent may use is not yet its sign-in. toolkit/userTabs=deny refuses it too, `allow` does
// not grant it; sites allowed for good are kept in toolkit/dataSites, "Allow once" lasts until
// the agent disconnects (forgetCaller).

#include "actions/CommandDispatcher.h"

#include <QHash>
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
    // What is asked for: a tab of the user's, or a site's cookies and storage.
    enum class Subject { Tab, SiteData };
    struct Request
    {
        CommandCaller caller;
        QString targetId; // Tab: the tab asked for
        QString title; // Tab: its title; SiteData: the site
        QUrl url; // the tab's address, or the site's (https://<site>/)
        Subject subject = Subject::Tab;

        // What one question is about: a second request with the same key waits for its answer.
        QString key() const { return subject == Subject::Tab ? targetId : QStringLiteral("site:") + site(); }

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

    // Answers success when the tab may be used, else a failure (Refused) saying why not, a
    // sentence for the agent.
    void request(const Request &request, CommandReply done);
    // Answers success when the agent may read and change `site`'s cookies and storage (allowed
    // for good in toolkit/dataSites, or once for this agent), else asks the user as request()
    // does; a failure (Refused) says why not and how the user can allow it.
    void requestSiteData(const CommandCaller &caller, const QString &site, CommandReply done);
    bool isDataSiteAllowed(const CommandCaller &caller, const QString &site) const;
    // The agent disconnected: its "Allow once" grants for site data end.
    void forgetCaller(const CommandCaller &caller);
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
    // A question was withdrawn before the user answered (timed out): close its prompt. `key` is
    // the request's key().
    void withdrawn(const QString &key, const mpa::CommandCaller &caller);

private:
    struct Pending;
    void finish(const std::shared_ptr<Pending> &pending, Answer answer, const QString &refusal);
    // Puts the question to the user (one per agent and key()); `done` gets the answer.
    void ask(const Request &request, CommandReply done, const QString &named);

    Settings *m_settings;
    Clock *m_clock;
    QPointer<QObject> m_askerOwner;
    Asker m_asker;
    std::chrono::milliseconds m_patience { 60'000 };
    QList<std::shared_ptr<Pending>> m_pending;
    QHash<QString, QStringList> m_dataOnce; // an agent's key → the sites allowed once
};

} // namespace mpa
