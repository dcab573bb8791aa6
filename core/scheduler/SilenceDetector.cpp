#include "SilenceDetector.h"

namespace mpa {

void SilenceDetector::start(qint64 nowMs)
{
    m_startedAtMs = nowMs;
    m_lastActivityMs = nowMs;
    m_last.reset();
    m_problem.clear();
    m_seenAgain = false;
}

std::optional<QString> SilenceDetector::observe(const ChatObservation &observation, qint64 nowMs)
{
    m_seenAgain = false;
    if (!observation.ok) {
        // What cannot be seen is not silence.
        m_lastActivityMs = nowMs;
        if (m_problem == observation.error)
            return std::nullopt;
        m_problem = observation.error;
        return m_problem;
    }
    m_seenAgain = !m_problem.isEmpty();
    m_problem.clear();
    if (observation.generating || (m_last && !observation.sameReplies(*m_last)))
        m_lastActivityMs = nowMs;
    m_last = observation;
    return std::nullopt;
}

} // namespace mpa
