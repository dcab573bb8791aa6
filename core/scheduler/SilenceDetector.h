#pragma once
// When the agent has fallen silent after a queue step: no reply growing and no generating
// indicator for the silence window, which opens `minimumAfterSend` after the send at the
// earliest (an agent that takes a while to start is not silent). What cannot be seen is not
// silence. Pure bookkeeping over times the caller gives (its Clock), so it is tested alone.

#include "chat/ChatChannel.h"

#include <QString>

#include <chrono>
#include <optional>

namespace mpa {

class SilenceDetector
{
public:
    explicit SilenceDetector(std::chrono::milliseconds minimumAfterSend)
        : m_minimumAfterSendMs(minimumAfterSend.count())
    {
    }

    // The send was confirmed (or the wait resumed after a pause, a restart or a quota hold):
    // both the settling time and the silence window count from `nowMs`.
    void start(qint64 nowMs);
    // Something moved (the agent's activity, a key in the chat): the quiet starts again.
    void noteActivity(qint64 nowMs) { m_lastActivityMs = nowMs; }
    // Folds in one look at the chat. Returns the observation problem when it is new (to say
    // once), or an empty optional.
    std::optional<QString> observe(const ChatObservation &observation, qint64 nowMs);
    // The observation problem ("" when the chat can be seen), and whether it just cleared.
    QString problem() const { return m_problem; }
    bool seenAgain() const { return m_seenAgain; }

    qint64 quietSince() const { return std::max(m_lastActivityMs, m_startedAtMs + m_minimumAfterSendMs); }
    bool isSilent(qint64 nowMs, std::chrono::milliseconds window) const
    {
        return nowMs - quietSince() >= window.count();
    }
    qint64 startedAtMs() const { return m_startedAtMs; }

private:
    qint64 m_minimumAfterSendMs;
    qint64 m_startedAtMs = 0;
    qint64 m_lastActivityMs = 0;
    std::optional<ChatObservation> m_last;
    QString m_problem;
    bool m_seenAgain = false;
};

} // namespace mpa
