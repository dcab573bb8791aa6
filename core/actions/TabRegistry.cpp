#include "TabRegistry.h"

using namespace Qt::StringLiterals;

namespace mpa {

bool TabRegistry::isUnrestricted(const CommandCaller &caller)
{
    return caller.channel == u"debug-api"_s || caller.channel == u"ctl"_s || caller.channel == u"ui"_s;
}

QString TabRegistry::keyOf(const CommandCaller &caller)
{
    return caller.channel + u'\x1f' + caller.clientId;
}

bool TabRegistry::owns(const CommandCaller &caller, const QString &targetId) const
{
    return isUnrestricted(caller) || m_holders.value(keyOf(caller)).tabs.contains(targetId);
}

QStringList TabRegistry::ownedBy(const CommandCaller &caller) const
{
    return m_holders.value(keyOf(caller)).tabs;
}

QString TabRegistry::current(const CommandCaller &caller) const
{
    return m_holders.value(keyOf(caller)).current;
}

bool TabRegistry::heldByAnother(const CommandCaller &caller, const QString &targetId) const
{
    const QString mine = keyOf(caller);
    for (auto it = m_holders.cbegin(); it != m_holders.cend(); ++it) {
        const CommandCaller holder { it.key().section(u'\x1f', 0, 0), {} };
        if (it.key() != mine && !isUnrestricted(holder) && it->tabs.contains(targetId))
            return true;
    }
    return false;
}

QList<CommandCaller> TabRegistry::holdersOf(const QString &targetId) const
{
    QList<CommandCaller> holders;
    for (auto it = m_holders.cbegin(); it != m_holders.cend(); ++it) {
        const CommandCaller holder { it.key().section(u'\x1f', 0, 0), it.key().section(u'\x1f', 1) };
        if (!isUnrestricted(holder) && it->tabs.contains(targetId))
            holders.append(holder);
    }
    return holders;
}

void TabRegistry::hand(const CommandCaller &caller, const QString &targetId)
{
    Holder &holder = m_holders[keyOf(caller)];
    if (!holder.tabs.contains(targetId))
        holder.tabs.append(targetId);
    holder.current = targetId;
}

void TabRegistry::makeCurrent(const CommandCaller &caller, const QString &targetId)
{
    if (owns(caller, targetId))
        m_holders[keyOf(caller)].current = targetId;
}

void TabRegistry::adoptOpened(const QString &openerId, const QString &targetId, int maxTabs)
{
    for (Holder &holder : m_holders) {
        if (holder.tabs.contains(openerId) && !holder.tabs.contains(targetId) && holder.tabs.size() < maxTabs)
            holder.tabs.append(targetId);
    }
}

void TabRegistry::forget(const QString &targetId)
{
    for (Holder &holder : m_holders) {
        holder.tabs.removeAll(targetId);
        if (holder.current == targetId)
            holder.current = holder.tabs.isEmpty() ? QString() : holder.tabs.constLast();
    }
}

void TabRegistry::release(const CommandCaller &caller)
{
    m_holders.remove(keyOf(caller));
}

bool TabRegistry::releaseTab(const CommandCaller &caller, const QString &targetId)
{
    const auto it = m_holders.find(keyOf(caller));
    if (it == m_holders.end())
        return false;
    const bool held = it->tabs.removeAll(targetId) > 0;
    if (it->current == targetId)
        it->current = it->tabs.isEmpty() ? QString() : it->tabs.constLast();
    return held;
}

QString TabRegistry::contextOf(const CommandCaller &caller) const
{
    return m_holders.value(keyOf(caller)).context;
}

void TabRegistry::setContext(const CommandCaller &caller, const QString &browserContextId)
{
    m_holders[keyOf(caller)].context = browserContextId;
}

TabRegistry::Resolution TabRegistry::resolve(const CommandCaller &caller, const QString &requested,
                                             const std::function<bool(const QString &)> &alive,
                                             const QString &firstPage)
{
    const bool free = isUnrestricted(caller);
    Holder &holder = m_holders[keyOf(caller)];
    QString id = requested;
    if (id.isEmpty()) {
        id = holder.current;
        if (id.isEmpty() || !alive(id))
            id = free ? firstPage : (holder.tabs.isEmpty() ? QString() : holder.tabs.constLast());
        if (id.isEmpty())
            return { Outcome::NoTab, {} };
    }
    if (!free && !holder.tabs.contains(id))
        return { Outcome::NotYours, id };
    if (holder.current.isEmpty() && !free)
        holder.current = id;
    return { Outcome::Resolved, id };
}

} // namespace mpa
