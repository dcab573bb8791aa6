#pragma once
// An agent's own folder under the toolkit's downloads folder: what its downloads, saved PDFs,
// screenshots and traces are written into (DownloadLog, ToolkitDevTools). Its name is made from
// the caller (nothing a path could be made of), it is owner-only, and it holds at most kMaxFiles
// files and kMaxBytes bytes, so an agent that saves in a loop fills its own folder, not the disk.

#include <QString>

namespace mpa {

struct CommandCaller;

class AgentFolder
{
public:
    static constexpr qsizetype kMaxFiles = 500;
    static constexpr qint64 kMaxBytes = qint64(1024) * 1024 * 1024;

    // A caller's own folder name: its channel and connection, nothing a path could be made of.
    static QString nameFor(const CommandCaller &caller);
    // `name` in `folder`, or name-2.ext, name-3.ext … when taken.
    static QString freePath(const QString &folder, const QString &name);
    // A name a page suggests as a plain file name: no folders, no leading dot, no control or
    // reserved characters, at most 120 characters with its suffix kept.
    static QString safeFileName(const QString &suggested);

    // What a folder holds now, against kMaxFiles and kMaxBytes.
    struct Use
    {
        qsizetype files = 0;
        qint64 bytes = 0;
    };
    static Use use(const QString &folder);
    // Megabytes as a person reads them: one decimal below 10 MB.
    static QString megabytes(qint64 bytes);
};

} // namespace mpa
