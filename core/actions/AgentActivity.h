#pragma once
// What outside agents did, for the window's Agents page: one entry per toolkit command an
// agent (not the debug API, ctl or the window) ran — when, who, what, on which tab, how it went
// and how long it took — the newest kMaxEntries kept in memory.

#include "actions/CommandDispatcher.h"

#include <QDateTime>
#include <QList>
#include <QObject>
#include <QString>

namespace mpa {

struct AgentActivityEntry
{
    QDateTime time;
    CommandCaller caller;
    QString type; // the command
    QString tab; // the tab's title (or address) it acted on; empty when none
    QString targetId; // that tab's target id
    bool ok = false;
    QString detail; // the error, when it failed
    qint64 ms = 0;
};

class AgentActivity : public QObject
{
    Q_OBJECT
public:
    static constexpr int kMaxEntries = 500;
    using QObject::QObject;

    void record(const AgentActivityEntry &entry);
    const QList<AgentActivityEntry> &entries() const { return m_entries; } // oldest first

Q_SIGNALS:
    void added(const mpa::AgentActivityEntry &entry);

private:
    QList<AgentActivityEntry> m_entries;
};

} // namespace mpa
