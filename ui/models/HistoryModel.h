#pragma once
// What the History page shows and does: the prompts the app sent (oldest first, as the
// scheduler keeps them) and sending one again. Models (ui/models/Models.h) builds it over the
// engine's scheduler; tests give the page a fake.

#include "chat/ChatChannel.h"
#include "scheduler/PromptHistory.h"

#include <QObject>

namespace mpa {

class HistoryModel : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;

    virtual QList<PromptRecord> entries() const = 0;
    // Sends `text` now, outside the queue, into `conversation` (the configured one when empty);
    // `done` runs while `context` lives.
    virtual void sendPrompt(const QString &text, const QString &conversation, QObject *context,
                            ChatChannel::SendCallback done)
        = 0;

Q_SIGNALS:
    void changed();
};

} // namespace mpa
