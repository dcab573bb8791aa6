#include "SnapshotDiff.h"

#include <QHash>
#include <QRegularExpression>

#include <utility>

using namespace Qt::StringLiterals;

namespace mpa::SnapshotDiff {

namespace {

// Each line under a key that names the same thing in both snapshots, in order.
QList<std::pair<QString, QString>> keyed(const QString &snapshot)
{
    static const QRegularExpression ref(u"\\[ref=((?:f\\d+)?e\\d+)\\]"_s);
    QList<std::pair<QString, QString>> lines;
    QHash<QString, int> seen;
    for (const QString &line : snapshot.split(u'\n', Qt::SkipEmptyParts)) {
        const QRegularExpressionMatch match = ref.match(line);
        QString key = match.hasMatch() ? u"ref:"_s + match.captured(1) : u"text:"_s + line.trimmed();
        const int occurrence = seen[key]++;
        if (occurrence > 0)
            key += u'#' + QString::number(occurrence);
        lines.append({ key, line });
    }
    return lines;
}

} // namespace

QString Changes::text(int since) const
{
    QStringList out;
    out.append(u"# changes since snapshot %1: %2 added, %3 removed, %4 changed, %5 unchanged"_s.arg(since)
                   .arg(added.size())
                   .arg(removed.size())
                   .arg(changed.size())
                   .arg(unchanged));
    for (const QString &line : added)
        out.append(u"+ "_s + line);
    for (const QString &line : removed)
        out.append(u"- "_s + line);
    for (const QString &line : changed)
        out.append(u"~ "_s + line);
    return out.join(u'\n');
}

Changes between(const QString &before, const QString &after)
{
    const QList<std::pair<QString, QString>> old = keyed(before);
    const QList<std::pair<QString, QString>> now = keyed(after);
    QHash<QString, QString> oldByKey;
    for (const auto &line : old)
        oldByKey.insert(line.first, line.second);
    QHash<QString, bool> nowKeys;
    Changes changes;
    for (const auto &line : now) {
        nowKeys.insert(line.first, true);
        const auto it = oldByKey.constFind(line.first);
        if (it == oldByKey.cend())
            changes.added.append(line.second);
        else if (*it != line.second)
            changes.changed.append(line.second);
        else
            ++changes.unchanged;
    }
    for (const auto &line : old) {
        if (!nowKeys.contains(line.first))
            changes.removed.append(line.second);
    }
    return changes;
}

} // namespace mpa::SnapshotDiff
