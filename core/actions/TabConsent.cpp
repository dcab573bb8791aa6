#include "TabConsent.h"

#include "TabRegistry.h"
#include "common/Clock.h"
#include "common/ClockTimer.h"
#include "logging/LogCategories.h"
#include "settings/Settings.h"

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

// Whether a list of sites (a setting's lines) names `site` (lower-case), however the line is spaced
// or cased.
bool listHas(const QStringList &sites, const QString &site)
{
    return !site.isEmpty() && std::any_of(sites.cbegin(), sites.cend(), [&site](const QString &entry) {
        return entry.trimmed().toLower() == site;
    });
}

} // namespace

struct TabConsent::Pending
{
    Request request;
    QList<CommandReply> waiting; // every caller's request for this tab while the question is open
    ClockTimer *timer = nullptr;
    bool finished = false;
};

QString TabConsent::Request::agentName() const
{
    return caller.displayName();
}

TabConsent::TabConsent(Settings *settings, Clock *clock, QObject *parent)
    : QObject(parent)
    , m_settings(settings)
    , m_clock(clock)
{
}

TabConsent::~TabConsent()
{
    // Nobody answers after us: the waiting commands are refused, not left hanging.
    const auto pending = std::exchange(m_pending, {});
    for (const std::shared_ptr<Pending> &p : pending) {
        p->finished = true;
        for (const CommandReply &done : std::as_const(p->waiting))
            done(CommandResult::failure(tr("the app is shutting down"), ErrorKind::Refused));
    }
}

void TabConsent::setAsker(QObject *owner, Asker asker)
{
    m_askerOwner = owner;
    m_asker = std::move(asker);
}

bool TabConsent::canAsk() const
{
    return m_askerOwner && m_asker;
}

QString TabConsent::siteOf(const QUrl &url)
{
    return url.host().toLower();
}

bool TabConsent::isSiteAllowed(const QString &site) const
{
    return listHas(m_settings->listValue(SettingKey::ToolkitAllowedSites), site);
}

bool TabConsent::allowsWithoutAsking(const QUrl &url) const
{
    const QString policy = m_settings->stringValue(SettingKey::ToolkitUserTabs);
    return policy == u"allow"_s || (policy != u"deny"_s && isSiteAllowed(siteOf(url)));
}

bool TabConsent::revokeSite(const QString &site)
{
    QStringList sites = m_settings->listValue(SettingKey::ToolkitAllowedSites);
    const qsizetype removed = sites.removeIf(
        [&site](const QString &entry) { return entry.trimmed().toLower() == site.toLower(); });
    if (removed == 0)
        return false;
    m_settings->setValue(SettingKey::ToolkitAllowedSites, sites);
    qCInfo(lcServer).noquote() << "agents: the grant for" << site << "was revoked";
    return true;
}

void TabConsent::request(const Request &request, CommandReply done)
{
    const QString policy = m_settings->stringValue(SettingKey::ToolkitUserTabs);
    const QString site = request.site();
    const QString named
        = site.isEmpty() ? u"“%1”"_s.arg(request.title) : u"“%1” (%2)"_s.arg(request.title, site);
    if (policy == u"deny"_s) {
        return done(CommandResult::failure(
            tr("the tab %1 is the user's, and agents may not use the user's tabs (toolkit/userTabs "
               "is deny): open a tab of your own with open {\"url\": …}")
                .arg(named),
            ErrorKind::Refused));
    }
    if (policy == u"allow"_s || isSiteAllowed(site)) {
        Q_EMIT settled(request, true, policy == u"allow"_s ? u"toolkit/userTabs=allow"_s : u"site allowed"_s);
        return done(CommandResult::success());
    }
    if (!canAsk()) {
        return done(CommandResult::failure(
            tr("the tab %1 is the user's, and no one is at the desktop to allow it: the user can set "
               "toolkit/userTabs=allow, or add %2 to toolkit/allowedSites. Meanwhile open a page of "
               "your own with open {\"url\": …}")
                .arg(named, site.isEmpty() ? tr("its site") : site),
            ErrorKind::Refused));
    }
    ask(request, std::move(done), named);
}

bool TabConsent::isDataSiteAllowed(const CommandCaller &caller, const QString &site) const
{
    return listHas(m_settings->listValue(SettingKey::ToolkitDataSites), site)
        || m_dataOnce.value(TabRegistry::keyOf(caller)).contains(site);
}

void TabConsent::forgetCaller(const CommandCaller &caller)
{
    m_dataOnce.remove(TabRegistry::keyOf(caller));
}

void TabConsent::requestSiteData(const CommandCaller &caller, const QString &site, CommandReply done)
{
    if (site.isEmpty())
        return done(CommandResult::failure(tr("this page belongs to no site (an about:, data: or file: "
                                              "address): it has no cookies or storage to give"),
                                           ErrorKind::BadInput));
    if (m_settings->stringValue(SettingKey::ToolkitUserTabs) == u"deny"_s) {
        return done(CommandResult::failure(
            tr("%1's cookies and storage are the user's, and agents may not use the user's things "
               "(toolkit/userTabs is deny): make an isolated context of your own with context "
               "{\"action\": \"new\"}")
                .arg(site),
            ErrorKind::Refused));
    }
    if (isDataSiteAllowed(caller, site))
        return done(CommandResult::success());
    if (!canAsk()) {
        return done(CommandResult::failure(
            tr("%1's cookies and storage are the user's (its sign-ins), and no one is at the desktop to "
               "allow it: the user can add %1 to toolkit/dataSites. Meanwhile use an isolated context of "
               "your own: context {\"action\": \"new\"}")
                .arg(site),
            ErrorKind::Refused));
    }
    Request request;
    request.caller = caller;
    request.subject = Subject::SiteData;
    request.title = site;
    request.url = QUrl(u"https://"_s + site + u'/');
    ask(request, std::move(done), site);
}

void TabConsent::ask(const Request &request, CommandReply done, const QString &named)
{
    const bool tab = request.subject == Subject::Tab;
    // One question per agent and tab (or site): a second request waits for the same answer.
    for (const std::shared_ptr<Pending> &p : std::as_const(m_pending)) {
        if (p->request.key() == request.key() && p->request.caller.channel == request.caller.channel
            && p->request.caller.clientId == request.caller.clientId) {
            p->waiting.append(std::move(done));
            return;
        }
    }
    auto pending = std::make_shared<Pending>();
    pending->request = request;
    pending->waiting.append(std::move(done));
    pending->timer = new ClockTimer(m_clock, this);
    const std::weak_ptr<Pending> weak = pending;
    connect(pending->timer, &ClockTimer::timeout, this, [this, weak] {
        if (const auto p = weak.lock()) {
            const QString refusal = p->request.subject == Subject::Tab
                ? tr("the user did not answer within %1 s whether %2 may use the tab “%3”")
                : tr("the user did not answer within %1 s whether %2 may use the cookies and storage of %3");
            finish(p, Answer::Deny,
                   refusal.arg(m_patience.count() / 1000).arg(p->request.agentName(), p->request.title));
            Q_EMIT withdrawn(p->request.key(), p->request.caller);
        }
    });
    pending->timer->start(m_patience);
    m_pending.append(pending);
    qCInfo(lcServer).noquote()
        << (tab ? u"agents: asking the user whether %1 may use the tab %2"_s
                : u"agents: asking the user whether %1 may use the cookies and storage of %2"_s)
               .arg(request.agentName(), named);
    Q_EMIT asked(request);
    m_asker(request, [this, weak](Answer answer) {
        if (const auto p = weak.lock())
            finish(p, answer,
                   (p->request.subject == Subject::Tab
                        ? tr("the user refused %1 the tab “%2”")
                        : tr("the user refused %1 the cookies and storage of %2"))
                       .arg(p->request.agentName(), p->request.title));
    });
}

void TabConsent::finish(const std::shared_ptr<Pending> &pending, Answer answer, const QString &refusal)
{
    if (pending->finished)
        return;
    pending->finished = true;
    m_pending.removeAll(pending);
    pending->timer->stop();
    pending->timer->deleteLater();
    const Request &request = pending->request;
    const bool granted = answer != Answer::Deny;
    const SettingKey list
        = request.subject == Subject::Tab ? SettingKey::ToolkitAllowedSites : SettingKey::ToolkitDataSites;
    if (answer == Answer::AllowSite && !request.site().isEmpty()
        && !listHas(m_settings->listValue(list), request.site())) {
        QStringList sites = m_settings->listValue(list);
        sites.append(request.site());
        m_settings->setValue(list, sites);
    }
    if (answer == Answer::AllowOnce && request.subject == Subject::SiteData)
        m_dataOnce[TabRegistry::keyOf(request.caller)].append(request.site());
    const QString how = answer == Answer::AllowSite ? u"allowed for the site"_s
        : answer == Answer::AllowOnce               ? u"allowed once"_s
                                                    : refusal;
    qCInfo(lcServer).noquote() << (request.subject == Subject::Tab ? u"agents: %1 → tab “%2”: %3"_s
                                                                   : u"agents: %1 → data of %2: %3"_s)
                                      .arg(request.agentName(), request.title, how);
    Q_EMIT settled(request, granted, how);
    const CommandResult result
        = granted ? CommandResult::success() : CommandResult::failure(refusal, ErrorKind::Refused);
    for (const CommandReply &done : std::as_const(pending->waiting))
        done(result);
}

} // namespace mpa
