#include "Observation.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QRegularExpression>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

// The ref of a snapshot line ("- button \"OK\" [ref=e12]" → "e12"); read by hand, as this runs
// for every line of every observation.
QString refOf(const QString &line)
{
    const qsizetype at = line.indexOf(u"[ref="_s);
    if (at < 0)
        return {};
    const qsizetype end = line.indexOf(u']', at + 5);
    return end < 0 ? QString() : line.mid(at + 5, end - at - 5);
}

int relevance(const QString &line, const QStringList &words)
{
    const QString lower = line.toLower();
    int score = 0;
    for (const QString &word : words) {
        if (lower.contains(word))
            score += 2;
    }
    return score;
}

} // namespace

QString Observation::scrollText() const
{
    if (scrollY < 0 || pageHeight <= 0 || viewHeight <= 0)
        return {};
    if (pageHeight <= viewHeight)
        return u"the whole page is in view"_s;
    const int below = std::max(0, pageHeight - scrollY - viewHeight);
    return u"scrolled %1 px down a %2 px page; %3 px more below the view"_s.arg(scrollY)
        .arg(pageHeight)
        .arg(below);
}

QStringList Observation::taskWords(const QString &task)
{
    static const QSet<QString> filler { u"the"_s,    u"and"_s,   u"for"_s,  u"with"_s, u"that"_s, u"this"_s,
                                        u"then"_s,   u"from"_s,  u"into"_s, u"your"_s, u"you"_s,  u"page"_s,
                                        u"please"_s, u"click"_s, u"open"_s, u"find"_s, u"all"_s,  u"are"_s };
    static const QRegularExpression split(u"[^\\p{L}\\p{N}@._-]+"_s);
    QStringList words;
    for (const QString &w : task.toLower().split(split, Qt::SkipEmptyParts)) {
        if (w.size() >= 3 && !filler.contains(w) && !words.contains(w))
            words.append(w);
    }
    return words;
}

QString Observation::digestOf(const QString &snapshotText)
{
    QCryptographicHash hash(QCryptographicHash::Sha1);
    qsizetype from = 0;
    for (;;) {
        const qsizetype at = snapshotText.indexOf(u"[ref="_s, from);
        const qsizetype end = at < 0 ? -1 : snapshotText.indexOf(u']', at);
        if (end < 0) {
            hash.addData(QStringView(snapshotText).mid(from).toUtf8());
            break;
        }
        hash.addData(QStringView(snapshotText).mid(from, at - from).toUtf8());
        from = end + 1;
    }
    return QString::fromLatin1(hash.result().toHex().left(16));
}

Observation Observation::compose(const QJsonObject &snapshot, const QString &task, int budgetChars)
{
    Observation out;
    const QString text = snapshot.value(u"snapshot").toString();
    out.url = snapshot.value(u"url").toString();
    out.title = snapshot.value(u"title").toString();
    out.digest = digestOf(text);
    const QJsonObject scroll = snapshot.value(u"scroll").toObject();
    out.scrollY = scroll.value(u"y").toInt(-1);
    out.pageHeight = scroll.value(u"height").toInt(-1);
    out.viewHeight = scroll.value(u"viewHeight").toInt(-1);
    QStringList lines = text.split(u'\n');
    // The toolkit's own footer (elements it did not read) is kept for the end.
    QString toolkitFooter;
    if (!lines.isEmpty() && lines.last().startsWith(u"# "_s))
        toolkitFooter = lines.takeLast();

    QSet<QString> inView;
    for (const QJsonValue &ref : snapshot.value(u"inView").toArray())
        inView.insert(ref.toString());
    out.refsInView = int(inView.size());
    // Each line's ref, read once (a page has thousands of lines).
    QStringList refs;
    refs.reserve(lines.size());
    for (const QString &line : std::as_const(lines))
        refs.append(refOf(line));

    // The block of the document the viewport shows: from the first line in view to the last.
    int first = -1;
    int last = -1;
    for (int i = 0; i < lines.size(); ++i) {
        if (inView.contains(refs.at(i))) {
            if (first < 0)
                first = i;
            last = i;
        }
    }

    QList<bool> taken(lines.size(), false);
    int used = 0;
    const int footerRoom = 200;
    const int budget = std::max(500, budgetChars - footerRoom);
    const auto take = [&](int i) {
        if (taken.at(i))
            return true;
        const int cost = int(lines.at(i).size()) + 1;
        if (used + cost > budget)
            return false;
        taken[i] = true;
        used += cost;
        return true;
    };

    // 1. Every interactable in view, then the text between them, while they fit.
    if (first >= 0) {
        for (int i = first; i <= last; ++i) {
            if (inView.contains(refs.at(i)))
                take(i);
        }
        for (int i = first; i <= last; ++i)
            take(i);
    }
    // 2. The rest by relevance to the task: named interactables before plain text, nearer the
    //    viewport before farther.
    const QStringList words = taskWords(task);
    QList<int> rest;
    for (int i = 0; i < lines.size(); ++i) {
        if (!taken.at(i) && !lines.at(i).trimmed().isEmpty())
            rest.append(i);
    }
    const int anchor = first >= 0 ? first : 0;
    QList<int> score(lines.size(), 0);
    for (int i : std::as_const(rest))
        score[i] = relevance(lines.at(i), words) + (refs.at(i).isEmpty() ? 0 : 1);
    std::stable_sort(rest.begin(), rest.end(), [&](int a, int b) {
        if (score.at(a) != score.at(b))
            return score.at(a) > score.at(b);
        return std::abs(a - anchor) < std::abs(b - anchor);
    });
    for (int i : rest)
        take(i);

    // In document order, with a marker where lines were left out.
    QStringList shown;
    int leftOut = 0;
    int refsLeftOut = 0;
    bool gap = false;
    for (int i = 0; i < lines.size(); ++i) {
        const QString &ref = refs.at(i);
        if (!taken.at(i)) {
            if (lines.at(i).trimmed().isEmpty())
                continue;
            ++leftOut;
            if (!ref.isEmpty())
                ++refsLeftOut;
            gap = true;
            continue;
        }
        if (gap && !shown.isEmpty())
            shown.append(u"  …"_s);
        gap = false;
        shown.append(lines.at(i));
        if (!ref.isEmpty()) {
            out.refs.insert(ref);
            ++out.refsShown;
            if (inView.contains(ref))
                ++out.refsInViewShown;
        }
    }
    out.linesShown = int(shown.size());
    out.linesLeftOut = leftOut;
    if (leftOut > 0) {
        shown.append(
            u"# %1 line(s) of the page left out here (%2 with refs): scroll to bring them into view"_s
                .arg(leftOut)
                .arg(refsLeftOut));
    }
    if (!toolkitFooter.isEmpty())
        shown.append(toolkitFooter);
    out.text = shown.join(u'\n');
    return out;
}

} // namespace mpa
