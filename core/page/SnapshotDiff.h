#pragma once
// What changed between two snapshots of one document, for `snapshot {since}`: the lines added,
// removed and changed. A line with a ref is the same element in both when its ref is the same
// (refs are stable for as long as the element lives); a line without one (context text) is the
// same when its text is, counted in order. Rendered as the snapshot's lines, each marked:
//   # changes since snapshot 3: 1 added, 1 removed, 1 changed, 40 unchanged
//   + - button "Save" [ref=e9]
//   - - button "Edit" [ref=e4]
//   ~ - textbox "Name" [ref=e2]: Ada

#include <QString>
#include <QStringList>

namespace mpa::SnapshotDiff {

struct Changes
{
    QStringList added;
    QStringList removed;
    QStringList changed; // the lines as they are now
    int unchanged = 0;

    bool empty() const { return added.isEmpty() && removed.isEmpty() && changed.isEmpty(); }
    // The lines above, headed by what changed since snapshot `since`.
    QString text(int since) const;
};

Changes between(const QString &before, const QString &after);

} // namespace mpa::SnapshotDiff
