#include "AgentActivity.h"

namespace mpa {

void AgentActivity::record(const AgentActivityEntry &entry)
{
    m_entries.append(entry);
    if (m_entries.size() > kMaxEntries)
        m_entries.remove(0, m_entries.size() - kMaxEntries);
    Q_EMIT added(entry);
}

} // namespace mpa
