#pragma once
// The files agents' tabs download (the toolkit's `downloads` verb). Once an agent uses the
// toolkit, the browser is told (Browser.setDownloadBehavior allowAndName, events on) to save
// downloads under a guid in <downloads>/.incoming; Browser.downloadWillBegin names the frame that
// started one, and so the tab and the agents that hold it; Browser.downloadProgress follows it.
// A finished download moves to the agent's own folder (<downloads>/<channel>-<client>/, owner
// only) under its suggested name; one from a tab no agent holds goes to the user's Downloads
// folder and is listed to no agent. A download that would take an agent's folder past its cap
// (the folder's total, as for pdf) is cancelled (Browser.cancelDownload) and its partial file
// removed. Addresses are kept with their credentials masked.

#include "actions/AgentFolder.h"
#include "actions/CommandDispatcher.h"
#include "common/CommandResult.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QSet>
#include <QString>

#include <chrono>
#include <functional>

namespace mpa {

class CdpConnection;
class CdpEndpoint;
class Clock;

class DownloadLog : public QObject
{
    Q_OBJECT
public:
    // How many downloads are remembered in all (the oldest finished ones are forgotten first).
    static constexpr qsizetype kMaxEntries = 200;

    enum class State { InProgress, Completed, Canceled };

    struct Download
    {
        QString guid;
        QString tab; // the target id of the page that started it
        QString name; // the suggested file name
        QString url; // credentials masked
        qint64 size = -1; // -1: not known yet
        qint64 received = 0;
        State state = State::InProgress;
        QString reason; // why it was cancelled, when the app cancelled it
        QString path; // where it was saved, once completed
        QDateTime started;
        QStringList holders; // keys of the agents that see it (empty: the user's)
        QString folder; // where it goes when complete
        qint64 cap = -1; // bytes it may reach; -1: no cap (the user's)
        bool attributed = false; // holders, folder and cap are known
        bool browserDone = false; // the browser reported the final state
        QSet<QString> reported; // holders a wait already answered with it

        QJsonObject toJson() const;
        bool finished() const { return state != State::InProgress; }
    };
    using OwnersOf = std::function<QList<CommandCaller>(const QString &targetId)>;

    DownloadLog(CdpEndpoint *endpoint, Clock *clock, QObject *parent = nullptr);
    ~DownloadLog() override;

    // <data-dir>/downloads: the agents' folders and the browser's incoming one go inside it.
    void setFolder(const QString &folder) { m_folder = folder; }
    QString folder() const { return m_folder; }
    // Where downloads of tabs no agent holds are put (the user's Downloads folder).
    void setUserFolder(const QString &folder) { m_userFolder = folder; }
    // Which agents hold a tab (the toolkit's tab registry).
    void setOwnersOf(OwnersOf owners) { m_ownersOf = std::move(owners); }
    // The total an agent's folder may reach (tests lower it).
    void setMaxBytes(qint64 bytes) { m_maxBytes = bytes; }
    qint64 maxBytes() const { return m_maxBytes; }

    // `address` without its user name and password, credential-like query values and personal
    // data masked.
    static QString maskedUrl(const QString &address);

    // Makes the browser save downloads where this log sees them (once per browser connection);
    // false with the reason when this connection cannot (no browser-level session, no folder).
    bool capture(QString *why = nullptr);

    // The downloads `caller` may see (all of them for the user's own tools), oldest first;
    // `tab` narrows them to one tab's.
    QList<Download> of(const CommandCaller &caller, const QString &tab = {}) const;
    // Answers with the oldest download of `caller` that finished and that no earlier wait gave,
    // as soon as there is one; after `timeout` fails saying what it waited for.
    void wait(const CommandCaller &caller, std::chrono::milliseconds timeout, CommandReply reply);
    // Deletes `caller`'s finished downloaded files (a file another agent also sees stays for it)
    // and forgets them; downloads in progress stay. The data for the reply.
    QJsonObject clear(const CommandCaller &caller);

    static QString key(const CommandCaller &caller);

Q_SIGNALS:
    void changed(const QString &guid);

private:
    void onBrowserEvent(const QString &sessionId, const QString &method, const QJsonObject &params);
    void began(const QJsonObject &params);
    void progressed(const QJsonObject &params);
    // Finds the page a frame belongs to (a page's or an out-of-process frame's target at once,
    // a frame inside a page from each page's frame tree), then `done` with its target id.
    void findTab(const QString &frameId, std::function<void(const QString &tab)> done);
    void attribute(const QString &guid, const QString &tab);
    // Cancels the download in the browser; `reason` is what the holders are told.
    void cancel(Download &download, const QString &reason);
    // The browser finished with it: moves a completed file where it belongs, removes a partial one.
    void settle(Download &download);
    void checkCap(Download &download);
    void finish(Download &download);
    void answerWaiters();
    void trim();
    Download *find(const QString &guid);
    QString incomingFolder() const;

    struct Waiter
    {
        quint64 id;
        CommandCaller caller;
        CommandReply reply;
        std::chrono::milliseconds timeout;
    };

    CdpEndpoint *m_endpoint;
    Clock *m_clock;
    QString m_folder;
    QString m_userFolder;
    OwnersOf m_ownersOf;
    qint64 m_maxBytes = AgentFolder::kMaxBytes;
    QPointer<CdpConnection> m_capturing;
    QList<Download> m_downloads;
    QList<Waiter> m_waiters;
    quint64 m_nextWaiter = 1;
};

} // namespace mpa
