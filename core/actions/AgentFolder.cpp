#include "AgentFolder.h"

#include "CommandDispatcher.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace mpa {

QString AgentFolder::nameFor(const CommandCaller &caller)
{
    QString name = caller.channel + u'-' + caller.clientId;
    static const QRegularExpression unsafe(u"[^A-Za-z0-9._-]"_s);
    name.replace(unsafe, u"_"_s);
    if (name.startsWith(u'.'))
        name.prepend(u'_');
    return name.left(80);
}

QString AgentFolder::freePath(const QString &folder, const QString &name)
{
    const QFileInfo info(name);
    const QString suffix = info.completeSuffix().isEmpty() ? QString() : u'.' + info.completeSuffix();
    const QString base = name.chopped(suffix.size());
    QString path = folder + u'/' + name;
    for (int n = 2; QFileInfo::exists(path) && n < 10000; ++n)
        path = folder + u'/' + base + u"-%1"_s.arg(n) + suffix;
    return path;
}

QString AgentFolder::safeFileName(const QString &suggested)
{
    QString name = suggested.section(u'/', -1).section(u'\\', -1);
    static const QRegularExpression unsafe(u"[\\x00-\\x1f\\x7f:*?\"<>|]"_s);
    name.replace(unsafe, u"_"_s);
    name = name.trimmed();
    while (name.startsWith(u'.'))
        name.remove(0, 1);
    if (name.size() > 120) {
        const QString suffix = QFileInfo(name).suffix().left(10);
        name = name.left(119 - suffix.size()) + (suffix.isEmpty() ? QString() : u'.' + suffix);
    }
    return name.isEmpty() ? u"download"_s : name;
}

AgentFolder::Use AgentFolder::use(const QString &folder)
{
    Use use;
    const QFileInfoList files = QDir(folder).entryInfoList(QDir::Files | QDir::Hidden);
    use.files = files.size();
    for (const QFileInfo &file : files)
        use.bytes += file.size();
    return use;
}

QString AgentFolder::megabytes(qint64 bytes)
{
    return QString::number(double(bytes) / (1024.0 * 1024.0), 'f', bytes < qint64(10) * 1024 * 1024 ? 1 : 0);
}

} // namespace mpa
