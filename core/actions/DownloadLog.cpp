#include "DownloadLog.h"

#include "AgentFolder.h"
#include "TabRegistry.h"
#include "cdp/CdpConnection.h"
#include "cdp/CdpEndpoint.h"
#include "cdp/CdpSession.h"
#include "common/Clock.h"
#include "common/ClockTimer.h"
#include "common/PrivateFolder.h"
#include "logging/LogCategories.h"
#include "safety/Redactor.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QRegularExpression>
#include <QUrl>
#include <QUrlQuery>

#include <memory>
#include <utility>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

// An address is kept to this many characters (a data: address can be the whole file).
constexpr qsizetype kMaxUrlChars = 500;

QString stateName(DownloadLog::State state)
{
    switch (state) {
    case DownloadLog::State::InProgress:
        return u"inProgress"_s;
    case DownloadLog::State::Completed:
        return u"completed"_s;
    case DownloadLog::State::Canceled:
        break;
    }
    return u"canceled"_s;
}

bool frameTreeHas(const QJsonObject &tree, const QString &frameId)
{
    if (tree.value(u"frame"_s).toObject().value(u"id"_s).toString() == frameId)
        return true;
    for (const QJsonValue &child : tree.value(u"childFrames"_s).toArray()) {
        if (frameTreeHas(child.toObject(), frameId))
            return true;
    }
    return false;
}

} // namespace

QJsonObject DownloadLog::Download::toJson() const
{
    QJsonObject json { { u"id"_s, guid },
                       { u"name"_s, name },
                       { u"url"_s, url },
                       { u"tab"_s, tab },
                       { u"size"_s, size >= 0 ? QJsonValue(size) : QJsonValue() },
                       { u"received"_s, received },
                       { u"state"_s, stateName(state) },
                       { u"started"_s, started.toString(Qt::ISODateWithMs) } };
    if (state == State::Completed)
        json.insert(u"path"_s, path);
    if (!reason.isEmpty())
        json.insert(u"reason"_s, reason);
    return json;
}

DownloadLog::DownloadLog(CdpEndpoint *endpoint, Clock *clock, QObject *parent)
    : QObject(parent)
    , m_endpoint(endpoint)
    , m_clock(clock)
{
}

DownloadLog::~DownloadLog()
{
    for (const Waiter &waiter : std::exchange(m_waiters, {}))
        waiter.reply(CommandResult::failure(tr("the toolkit stopped before a download finished"),
                                            ErrorKind::Unavailable));
}

QString DownloadLog::key(const CommandCaller &caller)
{
    return caller.channel + u'\x1f' + caller.clientId;
}

QString DownloadLog::maskedUrl(const QString &address)
{
    QUrl url(address);
    if (!url.isValid() || url.scheme() == u"data"_s)
        return address.left(qMin<qsizetype>(address.size(), 40)) + (address.size() > 40 ? u"…"_s : QString());
    url.setUserInfo(QString()); // a name and password in the address are never shown
    static const QRegularExpression credential(
        u"token|secret|key|sig|auth|session|pass|code|credential|jwt|ticket|x-amz-|x-goog-"_s,
        QRegularExpression::CaseInsensitiveOption);
    QUrlQuery query(url);
    QList<QPair<QString, QString>> items = query.queryItems();
    for (auto &item : items) {
        if (credential.match(item.first).hasMatch())
            item.second = u"masked"_s;
    }
    query.setQueryItems(items);
    url.setQuery(query);
    if (credential.match(url.fragment()).hasMatch())
        url.setFragment(u"masked"_s);
    // What remains (a token in the path, an e-mail address) goes through the bridge's masking.
    const QString masked = Redactor().redact(url.toString()).text;
    return masked.size() > kMaxUrlChars ? masked.left(kMaxUrlChars) + u'…' : masked;
}

QString DownloadLog::incomingFolder() const
{
    return m_folder + u"/.incoming"_s;
}

bool DownloadLog::capture(QString *why)
{
    CdpConnection *connection = m_endpoint->browserConnection();
    if (connection && connection == m_capturing)
        return true;
    const auto refuse = [why](const QString &reason) {
        if (why)
            *why = reason;
        return false;
    };
    if (m_folder.isEmpty())
        return refuse(tr("this app has no downloads folder"));
    if (!connection) {
        return refuse(m_endpoint->isConnected()
                          ? tr("this browser gives no browser-level connection, which downloads need")
                          : tr("the browser is not connected"));
    }
    if (!makePrivateFolder(m_folder) || !makePrivateFolder(incomingFolder()))
        return refuse(tr("could not make the downloads folder %1").arg(m_folder));
    m_capturing = connection;
    connect(connection, &CdpConnection::eventReceived, this, &DownloadLog::onBrowserEvent,
            Qt::UniqueConnection);
    connection->send(u"Browser.setDownloadBehavior"_s,
                     { { u"behavior"_s, u"allowAndName"_s },
                       { u"downloadPath"_s, QDir(incomingFolder()).absolutePath() },
                       { u"eventsEnabled"_s, true } },
                     {}, this, [this](const CdpResult &result) {
                         if (!result.ok()) {
                             qCWarning(lcServer).noquote()
                                 << u"downloads: the browser would not save "
                                    "downloads for the toolkit: %1"_s.arg(result.error.toString());
                             m_capturing = nullptr;
                         }
                     });
    return true;
}

void DownloadLog::onBrowserEvent(const QString &sessionId, const QString &method, const QJsonObject &params)
{
    if (!sessionId.isEmpty() || sender() != m_capturing.data())
        return;
    if (method == u"Browser.downloadWillBegin"_s)
        began(params);
    else if (method == u"Browser.downloadProgress"_s)
        progressed(params);
}

DownloadLog::Download *DownloadLog::find(const QString &guid)
{
    for (Download &download : m_downloads) {
        if (download.guid == guid)
            return &download;
    }
    return nullptr;
}

void DownloadLog::began(const QJsonObject &params)
{
    Download download;
    download.guid = params.value(u"guid"_s).toString();
    if (download.guid.isEmpty() || find(download.guid))
        return;
    download.name = AgentFolder::safeFileName(params.value(u"suggestedFilename"_s).toString());
    download.url = maskedUrl(params.value(u"url"_s).toString());
    download.started = m_clock->now();
    m_downloads.append(download);
    trim();
    findTab(params.value(u"frameId"_s).toString(),
            [this, guid = download.guid](const QString &tab) { attribute(guid, tab); });
}

void DownloadLog::findTab(const QString &frameId, std::function<void(const QString &tab)> done)
{
    if (CdpSession *session = m_endpoint->sessionForTarget(frameId)) {
        CdpSession *page = session->pageSession();
        return done(page ? page->targetId() : QString());
    }
    // A frame inside a page's process: the page whose frame tree holds it.
    const QList<CdpSession *> pages = m_endpoint->pageSessions();
    if (pages.isEmpty() || frameId.isEmpty())
        return done({});
    struct Search
    {
        int left;
        bool found = false;
        std::function<void(const QString &)> done;
    };
    auto search = std::make_shared<Search>(Search { int(pages.size()), false, std::move(done) });
    for (CdpSession *page : pages) {
        page->send(u"Page.getFrameTree"_s, {}, this,
                   [search, frameId, tab = page->targetId()](const CdpResult &result) {
                       --search->left;
                       if (search->found)
                           return;
                       if (result.ok()
                           && frameTreeHas(result.result.value(u"frameTree"_s).toObject(), frameId)) {
                           search->found = true;
                           return search->done(tab);
                       }
                       if (search->left == 0)
                           search->done({});
                   });
    }
}

void DownloadLog::attribute(const QString &guid, const QString &tab)
{
    Download *download = find(guid);
    if (!download)
        return;
    download->tab = tab;
    const QList<CommandCaller> holders
        = m_ownersOf && !tab.isEmpty() ? m_ownersOf(tab) : QList<CommandCaller>();
    for (const CommandCaller &holder : holders)
        download->holders.append(key(holder));
    download->attributed = true;
    if (holders.isEmpty()) {
        download->folder = m_userFolder.isEmpty() ? m_folder + u"/user"_s : m_userFolder;
        qCInfo(lcServer).noquote() << u"downloads: %1 from a tab no agent holds goes to %2"_s.arg(
            download->name, download->folder);
    } else {
        // The file goes to the first holder's folder; the others see it there.
        download->folder = m_folder + u'/' + AgentFolder::nameFor(holders.constFirst());
        const AgentFolder::Use use = AgentFolder::use(download->folder);
        download->cap = qMax<qint64>(0, m_maxBytes - use.bytes);
        qCInfo(lcServer).noquote() << u"downloads: %1 (%2) began in a tab of %3"_s.arg(
            download->name, download->url, holders.constFirst().displayName());
        if (use.files >= AgentFolder::kMaxFiles) {
            cancel(*download,
                   tr("your downloads folder %1 is full (%2 files; at most %3): clear it first")
                       .arg(download->folder)
                       .arg(use.files)
                       .arg(AgentFolder::kMaxFiles));
        }
    }
    Q_EMIT changed(guid);
    if (download->browserDone)
        settle(*download);
    else
        checkCap(*download);
}

void DownloadLog::progressed(const QJsonObject &params)
{
    Download *download = find(params.value(u"guid"_s).toString());
    if (!download || download->browserDone)
        return;
    const qint64 total = qint64(params.value(u"totalBytes"_s).toDouble(-1));
    download->size = total > 0 ? total : download->size;
    const QString state = params.value(u"state"_s).toString();
    // A cancelled download is reported with nothing received: what had arrived is kept.
    if (state != u"canceled"_s)
        download->received = qint64(params.value(u"receivedBytes"_s).toDouble(0));
    if (state == u"completed"_s || state == u"canceled"_s) {
        download->browserDone = true;
        if (state == u"canceled"_s)
            download->state = State::Canceled;
        if (download->attributed)
            settle(*download);
        return;
    }
    if (download->attributed)
        checkCap(*download);
    Q_EMIT changed(download->guid);
}

void DownloadLog::checkCap(Download &download)
{
    if (download.cap < 0 || !download.reason.isEmpty())
        return;
    if (download.size > download.cap) {
        cancel(download,
               tr("stopped at the download limit: the file is %1 MB and your downloads folder may "
                  "take %2 MB more (at most %3 MB in all)")
                   .arg(AgentFolder::megabytes(download.size), AgentFolder::megabytes(download.cap),
                        AgentFolder::megabytes(m_maxBytes)));
    } else if (download.received > download.cap) {
        cancel(download,
               tr("stopped at the download limit: it grew past the %1 MB your downloads folder may "
                  "still take (at most %2 MB in all)")
                   .arg(AgentFolder::megabytes(download.cap), AgentFolder::megabytes(m_maxBytes)));
    }
}

void DownloadLog::cancel(Download &download, const QString &reason)
{
    download.reason = reason;
    qCInfo(lcServer).noquote() << u"downloads: cancelling %1: %2"_s.arg(download.name, reason);
    if (!m_capturing)
        return;
    m_capturing->send(u"Browser.cancelDownload"_s, { { u"guid"_s, download.guid } }, {}, this,
                      [this, guid = download.guid](const CdpResult &result) {
                          Download *cancelled = find(guid);
                          if (result.ok() || !cancelled || cancelled->browserDone)
                              return;
                          // The browser could not cancel it (it had just finished): its file is removed.
                          qCWarning(lcServer).noquote()
                              << u"downloads: the browser did not cancel %1: %2"_s.arg(
                                     cancelled->name, result.error.toString());
                      });
}

void DownloadLog::settle(Download &download)
{
    const QString partial = incomingFolder() + u'/' + download.guid;
    if (download.state == State::InProgress && download.reason.isEmpty()) {
        QString problem;
        if (!makePrivateFolder(download.folder)) {
            problem = tr("could not make the folder %1").arg(download.folder);
        } else {
            const QString path = AgentFolder::freePath(download.folder, download.name);
            QFile file(partial);
            if (file.rename(path)) {
                download.path = path;
                download.size = QFileInfo(path).size();
                download.received = download.size;
                download.state = State::Completed;
            } else {
                problem = tr("could not move it to %1: %2").arg(path, file.errorString());
            }
        }
        if (!problem.isEmpty()) {
            download.state = State::Canceled;
            download.reason = problem;
        }
    } else {
        // Cancelled (by the app at the limit, by the page or the browser), or finished after the
        // app asked to cancel it: nothing of it is kept.
        download.state = State::Canceled;
        if (download.reason.isEmpty())
            download.reason = tr("the browser cancelled it");
    }
    QFile::remove(partial);
    QFile::remove(partial + u".crdownload"_s);
    finish(download);
}

void DownloadLog::finish(Download &download)
{
    qCInfo(lcServer).noquote() << u"downloads: %1 %2 (%3 bytes)%4"_s.arg(
        download.name, stateName(download.state), QString::number(download.received),
        download.path.isEmpty() ? QString() : u" → "_s + download.path);
    Q_EMIT changed(download.guid);
    answerWaiters();
}

QList<DownloadLog::Download> DownloadLog::of(const CommandCaller &caller, const QString &tab) const
{
    const bool everything = TabRegistry::isUnrestricted(caller);
    const QString mine = key(caller);
    QList<Download> seen;
    for (const Download &download : m_downloads) {
        if ((everything || download.holders.contains(mine)) && (tab.isEmpty() || download.tab == tab))
            seen.append(download);
    }
    return seen;
}

void DownloadLog::answerWaiters()
{
    for (qsizetype i = 0; i < m_waiters.size();) {
        const QString mine = key(m_waiters.at(i).caller);
        const bool everything = TabRegistry::isUnrestricted(m_waiters.at(i).caller);
        Download *ready = nullptr;
        for (Download &download : m_downloads) {
            if (download.finished() && (everything || download.holders.contains(mine))
                && !download.reported.contains(mine)) {
                ready = &download;
                break;
            }
        }
        if (!ready) {
            ++i;
            continue;
        }
        ready->reported.insert(mine);
        const Waiter waiter = m_waiters.takeAt(i);
        qsizetype pending = 0;
        for (const Download &download : of(waiter.caller))
            pending += download.finished() ? 0 : 1;
        waiter.reply(CommandResult::success(
            QJsonObject { { u"download"_s, ready->toJson() }, { u"pending"_s, pending } }));
    }
}

void DownloadLog::wait(const CommandCaller &caller, std::chrono::milliseconds timeout, CommandReply reply)
{
    const quint64 id = m_nextWaiter++;
    m_waiters.append({ id, caller, std::move(reply), timeout });
    answerWaiters();
    ClockTimer::singleShot(m_clock, timeout, this, [this, id] {
        for (qsizetype i = 0; i < m_waiters.size(); ++i) {
            if (m_waiters.at(i).id != id)
                continue;
            const Waiter waiter = m_waiters.takeAt(i);
            QStringList pending;
            for (const Download &download : of(waiter.caller)) {
                if (download.finished())
                    continue;
                pending.append(download.size >= 0
                                   ? tr("%1 (%2 of %3 MB)")
                                         .arg(download.name, AgentFolder::megabytes(download.received),
                                              AgentFolder::megabytes(download.size))
                                   : tr("%1 (%2 MB so far)")
                                         .arg(download.name, AgentFolder::megabytes(download.received)));
            }
            const qint64 ms = waiter.timeout.count();
            waiter.reply(CommandResult::failure(
                pending.isEmpty()
                    ? tr("no download of yours began within %1 ms (waited for a download from your tabs "
                         "to begin and finish; a download starts when your tab gets a file to save, e.g. a "
                         "link with Content-Disposition: attachment)")
                          .arg(ms)
                    : tr("no download of yours finished within %1 ms; still in progress: %2")
                          .arg(ms)
                          .arg(pending.join(u", "_s)),
                ErrorKind::Expired));
            return;
        }
    });
}

QJsonObject DownloadLog::clear(const CommandCaller &caller)
{
    const bool everything = TabRegistry::isUnrestricted(caller);
    const QString mine = key(caller);
    QJsonArray removed;
    int forgotten = 0;
    int kept = 0;
    for (qsizetype i = 0; i < m_downloads.size();) {
        Download &download = m_downloads[i];
        if (!everything && !download.holders.contains(mine)) {
            ++i;
            continue;
        }
        if (!download.finished()) {
            ++kept;
            ++i;
            continue;
        }
        // The user's own downloads (in their Downloads folder) are forgotten, never deleted.
        const bool agents = !download.holders.isEmpty();
        download.holders.removeAll(mine);
        ++forgotten;
        if (everything || download.holders.isEmpty()) {
            if (agents && !download.path.isEmpty() && QFile::remove(download.path))
                removed.append(download.path);
            m_downloads.removeAt(i);
            continue;
        }
        ++i;
    }
    return { { u"forgotten"_s, forgotten }, { u"removed"_s, removed }, { u"inProgress"_s, kept } };
}

void DownloadLog::trim()
{
    for (qsizetype i = 0; m_downloads.size() > kMaxEntries && i < m_downloads.size();) {
        if (m_downloads.at(i).finished())
            m_downloads.removeAt(i);
        else
            ++i;
    }
}

} // namespace mpa
