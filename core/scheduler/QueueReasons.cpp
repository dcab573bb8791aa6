#include "QueueReasons.h"

namespace mpa::QueueReasons {

UserText pausedByUser()
{
    return UserText(kContext, QT_TRANSLATE_NOOP("mpa::PromptQueue", "Paused by the user."));
}

UserText stoppedByUser()
{
    return UserText(kContext, QT_TRANSLATE_NOOP("mpa::PromptQueue", "Stopped by the user."));
}

UserText appQuitWhileRunning()
{
    return UserText(
        kContext,
        QT_TRANSLATE_NOOP("mpa::PromptQueue", "The app quit while the queue was running; resume to go on."));
}

UserText empty()
{
    return UserText(kContext, QT_TRANSLATE_NOOP("mpa::PromptQueue", "The queue is empty."));
}

UserText allSent()
{
    return UserText(kContext, QT_TRANSLATE_NOOP("mpa::PromptQueue", "Every prompt of the queue was sent."));
}

UserText endWithSkipped(qsizetype skipped)
{
    if (skipped == 1)
        return UserText(
            kContext,
            QT_TRANSLATE_NOOP("mpa::PromptQueue", "The queue reached its end; 1 skipped prompt remains."));
    return UserText(
               kContext,
               QT_TRANSLATE_NOOP("mpa::PromptQueue", "The queue reached its end; %1 skipped prompts remain."))
        .arg(qlonglong(skipped));
}

UserText sendFailed(int number, const QString &excerpt, const QString &error)
{
    // The error is set in as a sentence of its own: it keeps its own end mark ("…open?") and
    // gets a full stop only when it has none, so the text never reads "open?. It was".
    QString sentence = error.trimmed();
    if (!sentence.endsWith(u'.') && !sentence.endsWith(u'?') && !sentence.endsWith(u'!'))
        sentence += u'.';
    return UserText(kContext,
                    QT_TRANSLATE_NOOP("mpa::PromptQueue",
                                      "Prompt %1 (“%2”) could not be sent: %3 It was tried twice; the queue "
                                      "stopped there. Fix the problem and start the queue again."))
        .arg(number)
        .arg(excerpt)
        .arg(sentence);
}

} // namespace mpa::QueueReasons
