#pragma once
// A task run's review of its own progress, computed from its steps as the seed's AI Web Agent
// did rather than asked of the model: over the steps since the last review it counts what only
// looked (wait, scroll, hover, tab list), what failed and what succeeded, how many distinct
// actions there were and which element was touched most, and the signs of progress (the address
// changed, a field got a value it never had, the page the model reads changed). From these come
// an efficiency figure, a rating (on_track, slow, stuck), the issues and the suggestions in
// words; the brain puts them in the next prompt and ends the run after two low ratings in a row.

#include "RunRecord.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace mpa {

struct StepReview
{
    int steps = 0; // reviewed: the steps since the last review
    int observes = 0; // steps that only looked
    int errors = 0;
    int successes = 0;
    int distinctActions = 0; // distinct (tool, element) pairs
    QString mostTouched; // the element acted on most often, when it was more than once
    int mostTouchedCount = 0;
    int addressChanges = 0;
    int newValues = 0; // fields given a value no earlier step gave
    int pageChanges = 0; // observations that differed from the one before
    int efficiency = 0; // per cent: steps that moved the task on (capped at the step count)
    QString rating; // on_track, slow, stuck
    QStringList issues;
    QStringList suggestions;

    // Reviews `steps` from index `from` to the end (the earlier ones tell which values are new);
    // `pageChanges` is how often the page the model read changed over those steps.
    static StepReview of(const QList<RunStep> &steps, qsizetype from, int pageChanges);

    bool isLow() const { return rating != u"on_track"; }
    // One paragraph for the model's next prompt.
    QString text() const;
    // The figures, kept with the run's reflection.
    QJsonObject metrics() const;
};

} // namespace mpa
