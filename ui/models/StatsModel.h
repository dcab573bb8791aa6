#pragma once
// What the Dashboard shows and does: the app's state in a line, the quota at a glance, the
// Auto-accept and Pause switches, the pages auto-accept works on, and its counters. Models
// (ui/models/Models.h) builds it over the engine; tests give the page a fake.

#include <QList>
#include <QObject>
#include <QString>

namespace mpa {

class AutoAcceptStats;

class StatsModel : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;

    // An attached page as the Dashboard lists it.
    struct Page
    {
        QString targetId;
        QString title; // the payload's when it has one, else the target's; may be empty
        QString url;
        QString profileName; // the IDE profile of its agent panel (core's English); empty: none
        bool paused = false; // auto-accept paused on this page alone
    };
    // A page's clicks this run, as the per-page table shows them.
    struct PageCounts
    {
        QString targetId;
        QString title; // may be empty (the address is shown then)
        QString url;
        QString profileName; // core's English; empty: no agent panel
        qint64 clicks = 0;
        qint64 blocked = 0;
    };

    // The engine's state in the user's words ("Running · connected to …").
    virtual QString statusLine() const = 0;
    virtual bool isRunning() const = 0;
    virtual bool isConnected() const = 0;
    // "Auto-accept paused on “Editor”", empty when no page is paused on its own.
    virtual QString pausedPagesText() const = 0;
    virtual bool autoAcceptEnabled() const = 0;
    virtual void setAutoAcceptEnabled(bool enabled) = 0;
    // On for this run because of --auto-accept (until the user flips the switch).
    virtual bool autoAcceptOverridden() const = 0;
    virtual bool isPaused() const = 0;
    virtual bool pauseOffered() const = 0;
    virtual QString pauseToolTip() const = 0;
    virtual void setPaused(bool paused) = 0;
    // The quota is used up and the app holds (with why, in the window's language).
    virtual bool quotaHolding() const = 0;
    virtual QString quotaHoldReason() const = 0;
    // "Quota: 20% left (Claude Sonnet 4.5)"; empty when no model's quota is known.
    virtual QString quotaAtAGlance() const = 0;
    virtual QList<Page> pages() const = 0;
    // `text` with the page's endpoint when the app watches several ("Editor — 127.0.0.1:9222").
    virtual QString withEndpoint(const QString &text, const QString &targetId) const = 0;
    virtual const AutoAcceptStats &counters() const = 0;
    // Pages that are attached with an agent panel, or counted clicks this run.
    virtual QList<PageCounts> pageCounts() const = 0;

Q_SIGNALS:
    // Anything the Dashboard shows but the counters changed.
    void changed();
    // The engine's state changed (started, connected, stopped).
    void statusChanged();
    void countersChanged();
};

} // namespace mpa
