#include "DesktopEntry.h"

#include <QFile>
#include <QSaveFile>

#include <algorithm>
#include <iterator>

using namespace Qt::StringLiterals;

namespace mpa {

std::optional<DesktopEntry> DesktopEntry::load(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = u"cannot read %1: %2"_s.arg(path, file.errorString());
        return std::nullopt;
    }
    return parse(QString::fromUtf8(file.readAll()));
}

DesktopEntry DesktopEntry::parse(const QString &text)
{
    DesktopEntry entry;
    QString group;
    const QStringList lines = text.split(u'\n');
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QString &line = lines.at(i);
        if (i == lines.size() - 1 && line.isEmpty())
            break; // the final newline
        const QString trimmed = line.trimmed();
        if (trimmed.startsWith(u'[') && trimmed.endsWith(u']')) {
            group = trimmed.mid(1, trimmed.size() - 2);
            entry.m_lines.append({ group, QString(), line, true });
            continue;
        }
        const qsizetype equals = line.indexOf(u'=');
        if (trimmed.isEmpty() || trimmed.startsWith(u'#') || equals < 0) {
            entry.m_lines.append({ group, QString(), line, false });
            continue;
        }
        entry.m_lines.append({ group, line.left(equals).trimmed(), line.mid(equals + 1).trimmed(), false });
    }
    return entry;
}

QString DesktopEntry::toString() const
{
    QString out;
    for (const Line &line : m_lines) {
        if (line.key.isEmpty())
            out += line.raw;
        else
            out += line.key + u'=' + line.raw;
        out += u'\n';
    }
    return out;
}

bool DesktopEntry::save(const QString &path, QString *error) const
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = u"cannot write %1: %2"_s.arg(path, file.errorString());
        return false;
    }
    file.write(toString().toUtf8());
    if (!file.commit()) {
        if (error)
            *error = u"cannot write %1: %2"_s.arg(path, file.errorString());
        return false;
    }
    return true;
}

QStringList DesktopEntry::groups() const
{
    QStringList result;
    for (const Line &line : m_lines) {
        if (line.isHeader && !result.contains(line.group))
            result.append(line.group);
    }
    return result;
}

QStringList DesktopEntry::keys(const QString &group) const
{
    QStringList result;
    for (const Line &line : m_lines) {
        if (!line.isHeader && !line.key.isEmpty() && line.group == group && !result.contains(line.key))
            result.append(line.key);
    }
    return result;
}

QString DesktopEntry::value(const QString &group, const QString &key, const QString &fallback) const
{
    for (const Line &line : m_lines) {
        if (line.group == group && line.key == key)
            return unescapeValue(line.raw);
    }
    return fallback;
}

bool DesktopEntry::contains(const QString &group, const QString &key) const
{
    return std::any_of(m_lines.cbegin(), m_lines.cend(),
                       [&](const Line &line) { return line.group == group && line.key == key; });
}

void DesktopEntry::setValue(const QString &group, const QString &key, const QString &value)
{
    qsizetype lastOfGroup = -1;
    for (qsizetype i = 0; i < m_lines.size(); ++i) {
        Line &line = m_lines[i];
        if (line.group != group)
            continue;
        if (line.key == key) {
            line.raw = escapeValue(value);
            return;
        }
        if (line.isHeader || !line.raw.trimmed().isEmpty())
            lastOfGroup = i;
    }
    if (lastOfGroup < 0) {
        if (!m_lines.isEmpty() && !m_lines.last().raw.trimmed().isEmpty())
            m_lines.append({ m_lines.last().group, QString(), QString(), false });
        m_lines.append({ group, QString(), u'[' + group + u']', true });
        m_lines.append({ group, key, escapeValue(value), false });
        return;
    }
    m_lines.insert(lastOfGroup + 1, { group, key, escapeValue(value), false });
}

void DesktopEntry::remove(const QString &group, const QString &key)
{
    m_lines.removeIf([&](const Line &line) { return line.group == group && line.key == key; });
}

namespace {

// The string escapes of the Desktop Entry spec, one table for reading and writing: "\s" is a
// space (written only for a leading one, which a reader would otherwise trim).
struct Escape
{
    char16_t character;
    char16_t code;
};
constexpr Escape kEscapes[] {
    { u' ', u's' }, { u'\n', u'n' }, { u'\t', u't' }, { u'\r', u'r' }, { u'\\', u'\\' },
};

} // namespace

QString DesktopEntry::unescapeValue(const QString &value)
{
    QString out;
    out.reserve(value.size());
    for (qsizetype i = 0; i < value.size(); ++i) {
        const QChar c = value.at(i);
        if (c != u'\\' || i + 1 >= value.size()) {
            out += c;
            continue;
        }
        const QChar next = value.at(++i);
        const auto escape = std::find_if(std::begin(kEscapes), std::end(kEscapes),
                                         [next](const Escape &e) { return e.code == next.unicode(); });
        if (escape != std::end(kEscapes)) {
            out += QChar(escape->character);
        } else {
            out += u'\\';
            out += next; // not a string escape (e.g. Exec's \" or a list's \;): keep it
        }
    }
    return out;
}

QString DesktopEntry::escapeValue(const QString &value)
{
    QString out;
    for (QChar c : value) {
        const auto escape = std::find_if(std::begin(kEscapes), std::end(kEscapes), [c](const Escape &e) {
            return e.character == c.unicode() && e.character != u' ';
        });
        if (escape != std::end(kEscapes)) {
            out += u'\\';
            out += QChar(escape->code);
        } else {
            out += c;
        }
    }
    if (out.startsWith(u' '))
        out.replace(0, 1, u"\\s"_s);
    return out;
}

std::optional<QStringList> DesktopEntry::splitExec(const QString &exec)
{
    QStringList args;
    QString current;
    bool inQuotes = false;
    bool hasArg = false;
    for (qsizetype i = 0; i < exec.size(); ++i) {
        const QChar c = exec.at(i);
        if (inQuotes) {
            if (c == u'\\' && i + 1 < exec.size()) {
                const QChar next = exec.at(i + 1);
                if (next == u'"' || next == u'`' || next == u'$' || next == u'\\') {
                    current += next;
                    ++i;
                    continue;
                }
            }
            if (c == u'"') {
                inQuotes = false;
                continue;
            }
            current += c;
            continue;
        }
        if (c == u'"') {
            inQuotes = true;
            hasArg = true;
            continue;
        }
        if (c == u' ' || c == u'\t') {
            if (hasArg || !current.isEmpty())
                args.append(current);
            current.clear();
            hasArg = false;
            continue;
        }
        current += c;
    }
    if (inQuotes)
        return std::nullopt;
    if (hasArg || !current.isEmpty())
        args.append(current);
    return args;
}

QString DesktopEntry::joinExec(const QStringList &arguments)
{
    static const QString reserved = u" \t\n\"'\\><~|&;$*?#()`"_s;
    QStringList parts;
    for (const QString &arg : arguments) {
        const bool fieldCode = arg.size() == 2 && arg.at(0) == u'%';
        const bool needsQuotes = !fieldCode
            && (arg.isEmpty()
                || std::any_of(arg.begin(), arg.end(), [](QChar c) { return reserved.contains(c); }));
        if (!needsQuotes) {
            parts.append(arg);
            continue;
        }
        QString quoted = u"\""_s;
        for (QChar c : arg) {
            if (c == u'"' || c == u'`' || c == u'$' || c == u'\\')
                quoted += u'\\';
            quoted += c;
        }
        quoted += u'"';
        parts.append(quoted);
    }
    return parts.join(u' ');
}

} // namespace mpa
