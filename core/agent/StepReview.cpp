#include "StepReview.h"

#include <QHash>
#include <QSet>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

bool onlyLooks(const RunStep &step)
{
    static const QStringList kLooking { u"wait"_s, u"scroll"_s, u"hover"_s };
    if (kLooking.contains(step.tool))
        return true;
    const QString action = step.params.value(u"action").toString();
    return step.tool == u"tab"_s && (action == u"list"_s || action.isEmpty());
}

// The value a step gave a field ("fill e3 ada@…"), or empty for a step that gives none.
QString valueGiven(const RunStep &step)
{
    static const QStringList kGiving { u"fill"_s, u"type"_s, u"select"_s, u"check"_s, u"uncheck"_s };
    if (!step.ok || !kGiving.contains(step.tool))
        return {};
    const QString target = !step.element.isEmpty() ? step.element : step.params.value(u"ref").toString();
    QString value = step.params.value(u"value").toVariant().toString();
    if (step.tool == u"check"_s || step.tool == u"uncheck"_s)
        value = step.tool;
    return target + u'\x1f' + value;
}

QString countText(int n, const QString &one, const QString &many)
{
    return u"%1 %2"_s.arg(n).arg(n == 1 ? one : many);
}

} // namespace

StepReview StepReview::of(const QList<RunStep> &steps, qsizetype from, int pageChanges)
{
    StepReview review;
    from = std::clamp<qsizetype>(from, 0, steps.size());
    QSet<QString> valuesBefore;
    for (qsizetype i = 0; i < from; ++i) {
        if (const QString given = valueGiven(steps.at(i)); !given.isEmpty())
            valuesBefore.insert(given);
    }
    QSet<QString> actions;
    QHash<QString, int> touched;
    for (qsizetype i = from; i < steps.size(); ++i) {
        const RunStep &step = steps.at(i);
        if (step.tool == u"done"_s || step.tool == u"ask_user"_s)
            continue;
        ++review.steps;
        if (step.ok)
            ++review.successes;
        else
            ++review.errors;
        if (onlyLooks(step))
            ++review.observes;
        actions.insert(step.tool + u'\x1f' + step.element);
        if (!step.element.isEmpty())
            ++touched[step.element];
        if (step.ok && (step.effect.value(u"navigated").toBool() || step.effect.value(u"newTab").toBool()))
            ++review.addressChanges;
        if (const QString given = valueGiven(step); !given.isEmpty() && !valuesBefore.contains(given)) {
            valuesBefore.insert(given);
            ++review.newValues;
        }
    }
    review.distinctActions = int(actions.size());
    for (auto it = touched.cbegin(); it != touched.cend(); ++it) {
        if (it.value() > review.mostTouchedCount
            || (it.value() == review.mostTouchedCount && it.key() < review.mostTouched)) {
            review.mostTouched = it.key();
            review.mostTouchedCount = it.value();
        }
    }
    if (review.mostTouchedCount < 2) {
        review.mostTouched.clear();
        review.mostTouchedCount = 0;
    }
    review.pageChanges = pageChanges;

    const int moved = std::max(review.addressChanges + review.newValues, pageChanges);
    review.efficiency = review.steps > 0 ? 100 * std::min(moved, review.steps) / review.steps : 100;
    const bool manyErrors = review.steps > 0 && review.errors * 2 >= review.steps;
    const bool repeating = review.mostTouchedCount >= 3;
    const bool onlyLooked = review.steps > 0 && review.observes == review.steps;
    if (moved == 0 && review.steps > 0 && (manyErrors || repeating || onlyLooked))
        review.rating = u"stuck"_s;
    else if ((moved == 0 && review.steps > 0) || manyErrors)
        review.rating = u"slow"_s;
    else
        review.rating = u"on_track"_s;

    if (review.steps > 0 && moved == 0)
        review.issues.append(u"nothing moved: the address did not change, no field got a new value and the "
                             "page stayed the same"_s);
    if (manyErrors)
        review.issues.append(u"%1 of %2 steps failed"_s.arg(review.errors).arg(review.steps));
    if (repeating)
        review.issues.append(
            u"%1 was acted on %2 times"_s.arg(review.mostTouched).arg(review.mostTouchedCount));
    if (onlyLooked)
        review.issues.append(u"every step only looked (waits, scrolls, hovers)"_s);

    if (manyErrors)
        review.suggestions.append(
            u"read the errors and the page again: use refs from the latest page only"_s);
    if (repeating)
        review.suggestions.append(u"stop using %1 and try another element or way"_s.arg(review.mostTouched));
    if (onlyLooked)
        review.suggestions.append(u"act on the page, or finish with done if what you looked for is there"_s);
    if (review.rating != u"on_track"_s) {
        review.suggestions.append(
            u"if information only the user has is missing, ask with ask_user; if the task cannot be "
            "done, call done with success false and say why"_s);
    }
    return review;
}

QString StepReview::text() const
{
    QString line = u"%1 — %2: %3 succeeded, %4 failed, %5 only looked, %6; progress: %7 address "
                   "change(s), %8 new field value(s), the page changed %9 time(s); efficiency %10%"_s
                       .arg(rating, countText(steps, u"step"_s, u"steps"_s))
                       .arg(successes)
                       .arg(errors)
                       .arg(observes)
                       .arg(countText(distinctActions, u"distinct action"_s, u"distinct actions"_s))
                       .arg(addressChanges)
                       .arg(newValues)
                       .arg(pageChanges)
                       .arg(efficiency);
    if (!issues.isEmpty())
        line += u". Issues: "_s + issues.join(u"; "_s);
    if (!suggestions.isEmpty())
        line += u". Suggestions: "_s + suggestions.join(u"; "_s);
    return line + u'.';
}

QJsonObject StepReview::metrics() const
{
    QJsonObject json { { u"steps"_s, steps },
                       { u"observes"_s, observes },
                       { u"errors"_s, errors },
                       { u"successes"_s, successes },
                       { u"distinctActions"_s, distinctActions },
                       { u"addressChanges"_s, addressChanges },
                       { u"newValues"_s, newValues },
                       { u"pageChanges"_s, pageChanges },
                       { u"efficiency"_s, efficiency } };
    if (!mostTouched.isEmpty())
        json.insert(u"mostTouched"_s,
                    QJsonObject { { u"element"_s, mostTouched }, { u"times"_s, mostTouchedCount } });
    return json;
}

} // namespace mpa
