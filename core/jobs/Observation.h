#pragma once
// What a job's brain (the model, the web chat) sees of the page each step, within a character budget: the
// interactables in view first (with the text around them), then the rest of the page ordered by how much it
// has to do with the task, and a footer that says what was left out. Built from one toolkit snapshot taken
// with `viewport` (its inView refs and scroll position).

#include <QJsonObject>
#include <QSet>
#include <QString>
#include <QStringList>

namespace mpa {

struct Observation
{
    QString text; // the page part of the prompt
    QString digest; // the page's content without refs: equal digests, the same page
    QString url;
    QString title;
    int linesShown = 0;
    int linesLeftOut = 0;
    int refsShown = 0; // interactables named
    int refsInView = 0;
    int refsInViewShown = 0;
    QSet<QString> refs; // every ref the model was shown
    int scrollY = -1; // the page's scroll position, its height and the view's (-1: unknown)
    int pageHeight = -1;
    int viewHeight = -1;

    // "scrolled 1,200 of 5,400 px (the view shows 800)", or empty when unknown.
    QString scrollText() const;

    // `snapshot` is the toolkit's snapshot data ({snapshot, url, title, inView, scroll}).
    static Observation compose(const QJsonObject &snapshot, const QString &task, int budgetChars);
    // The words of a task that say what matters on a page (lower case, no short or filler words).
    static QStringList taskWords(const QString &task);
    // The page's content with the refs taken out, hashed.
    static QString digestOf(const QString &snapshotText);
};

} // namespace mpa
