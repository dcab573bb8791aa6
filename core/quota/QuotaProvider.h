#pragma once
// Where the model quota comes from. A provider reads it asynchronously: refresh() starts a
// reading and finished() delivers it (a snapshot whose `ok` is false says why there is
// none). The QuotaMonitor polls one provider and turns its readings into holds for the queue.

#include "QuotaSnapshot.h"

#include <QObject>

namespace mpa {

class QuotaProvider : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;

    virtual QString name() const = 0;
    // Starts a reading unless one is under way (then that one's finished() answers both).
    virtual void refresh() = 0;
    virtual bool isBusy() const = 0;

Q_SIGNALS:
    void finished(const mpa::QuotaSnapshot &snapshot);
};

} // namespace mpa
