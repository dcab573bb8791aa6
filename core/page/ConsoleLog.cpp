#include "ConsoleLog.h"

#include "cdp/CdpSession.h"

#include <QJsonArray>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

// console.* methods by level, as DevTools files them.
QString levelOfConsoleCall(const QString &type)
{
    if (type == u"error"_s || type == u"assert"_s)
        return u"error"_s;
    if (type == u"warning"_s)
        return u"warning"_s;
    if (type == u"debug"_s)
        return u"debug"_s;
    return u"info"_s;
}

QString levelOfLogEntry(const QString &level)
{
    if (level == u"verbose"_s)
        return u"debug"_s;
    if (level == u"warning"_s || level == u"error"_s)
        return level;
    return u"info"_s;
}

QString previewText(const QJsonObject &preview)
{
    const bool array = preview.value(u"subtype").toString() == u"array"_s;
    QStringList parts;
    for (const QJsonValue &value : preview.value(u"properties").toArray()) {
        const QJsonObject property = value.toObject();
        QString shown = property.value(u"value").toString();
        if (property.value(u"type").toString() == u"string"_s)
            shown = u'\'' + shown + u'\'';
        parts.append(array ? shown : property.value(u"name").toString() + u": "_s + shown);
    }
    if (preview.value(u"overflow").toBool())
        parts.append(u"…"_s);
    const QString inner = parts.join(u", "_s);
    return array ? u'[' + inner + u']' : u'{' + inner + u'}';
}

// One argument as the console prints it when it stands on its own.
QString shown(const QJsonObject &remote)
{
    const QString type = remote.value(u"type").toString();
    if (remote.contains(u"unserializableValue"))
        return remote.value(u"unserializableValue").toString();
    if (type == u"string"_s)
        return remote.value(u"value").toString();
    if (type == u"number"_s || type == u"boolean"_s)
        return remote.value(u"value").toVariant().toString();
    if (type == u"undefined"_s)
        return u"undefined"_s;
    if (type == u"object"_s && remote.value(u"subtype").toString() == u"null"_s)
        return u"null"_s;
    if (type == u"object"_s && remote.contains(u"preview")
        && remote.value(u"subtype").toString() != u"error"_s)
        return previewText(remote.value(u"preview").toObject());
    return remote.value(u"description").toString();
}

} // namespace

QJsonObject ConsoleEntry::toJson() const
{
    QJsonObject json {
        { u"id"_s, sequence }, { u"level"_s, level }, { u"kind"_s, kind }, { u"text"_s, text }
    };
    if (!url.isEmpty()) {
        QJsonObject source { { u"url"_s, url } };
        if (line >= 1)
            source.insert(u"line"_s, line);
        if (column >= 1)
            source.insert(u"column"_s, column);
        json.insert(u"source"_s, source);
    }
    if (time > 0)
        json.insert(u"time"_s, time);
    return json;
}

void ConsoleEntry::readSource(const QJsonObject &location)
{
    url = location.value(u"url").toString();
    if (location.contains(u"lineNumber"))
        line = location.value(u"lineNumber").toInt() + 1;
    if (location.contains(u"columnNumber"))
        column = location.value(u"columnNumber").toInt() + 1;
}

QString ConsoleEntry::lineText() const
{
    QString where;
    if (!url.isEmpty()) {
        where = u" @ "_s + url;
        if (line >= 1)
            where
                += u':' + QString::number(line) + (column >= 1 ? u':' + QString::number(column) : QString());
    }
    return u"[%1] %2%3"_s.arg(level, text, where);
}

ConsoleLog::ConsoleLog(CdpSession *session, QObject *parent)
    : QObject(parent)
    , m_session(session)
{
    if (session)
        connect(session, &CdpSession::eventReceived, this, &ConsoleLog::onEvent);
}

void ConsoleLog::start()
{
    if (!m_session)
        return;
    m_session->send(u"Runtime.enable"_s);
    m_session->send(u"Log.enable"_s);
}

const QStringList &ConsoleLog::levels()
{
    static const QStringList all { u"debug"_s, u"info"_s, u"warning"_s, u"error"_s };
    return all;
}

QList<ConsoleEntry> ConsoleLog::since(qint64 mark, const QString &minLevel, int limit) const
{
    const qsizetype floor = minLevel.isEmpty() ? 0 : std::max<qsizetype>(0, levels().indexOf(minLevel));
    QList<ConsoleEntry> out;
    for (const ConsoleEntry &entry : m_entries) {
        if (entry.sequence > mark && levels().indexOf(entry.level) >= floor)
            out.append(entry);
    }
    if (limit > 0 && out.size() > limit)
        out = out.mid(out.size() - limit);
    return out;
}

QString ConsoleLog::formatArguments(const QJsonArray &args)
{
    QStringList parts;
    qsizetype next = 0;
    const QJsonObject first = args.at(0).toObject();
    if (first.value(u"type").toString() == u"string"_s) {
        const QString format = first.value(u"value").toString();
        next = 1;
        QString out;
        for (qsizetype i = 0; i < format.size(); ++i) {
            const QChar c = format.at(i);
            if (c != u'%' || i + 1 >= format.size()) {
                out.append(c);
                continue;
            }
            const QChar spec = format.at(i + 1);
            if (spec == u'%') {
                out.append(u'%');
                ++i;
                continue;
            }
            if (!QStringView(u"sdifoOc").contains(spec) || next >= args.size()) {
                out.append(c);
                continue;
            }
            const QJsonObject arg = args.at(next++).toObject();
            ++i;
            if (spec == u'c')
                continue; // CSS for the DevTools console: nothing to show here
            if (spec == u'd' || spec == u'i') {
                const QJsonValue value = arg.value(u"value");
                out.append(value.isDouble() ? QString::number(qint64(value.toDouble())) : u"NaN"_s);
            } else if (spec == u'f') {
                const QJsonValue value = arg.value(u"value");
                out.append(value.isDouble() ? QString::number(value.toDouble()) : u"NaN"_s);
            } else {
                out.append(shown(arg));
            }
        }
        parts.append(out);
    }
    for (; next < args.size(); ++next)
        parts.append(shown(args.at(next).toObject()));
    return parts.join(u' ');
}

void ConsoleLog::add(ConsoleEntry entry)
{
    if (entry.text.size() > kMaxTextChars)
        entry.text = entry.text.left(kMaxTextChars - 1) + u'…';
    entry.sequence = ++m_sequence;
    m_entries.append(std::move(entry));
    while (m_entries.size() > kMaxEntries) {
        m_entries.removeFirst();
        ++m_dropped;
    }
}

void ConsoleLog::onEvent(const QString &method, const QJsonObject &params)
{
    // The main frame navigated: its contexts are gone and a new document begins.
    if (method == u"Runtime.executionContextsCleared"_s) {
        m_documentMark = m_sequence;
        return;
    }
    if (method == u"Runtime.consoleAPICalled"_s) {
        const QString type = params.value(u"type").toString();
        // Group ends and clears carry no message.
        if (type == u"endGroup"_s || type == u"clear"_s)
            return;
        ConsoleEntry entry;
        entry.kind = type;
        entry.level = levelOfConsoleCall(type);
        entry.text = formatArguments(params.value(u"args").toArray());
        if (type == u"assert"_s)
            entry.text = entry.text.isEmpty() ? u"Assertion failed"_s : u"Assertion failed: "_s + entry.text;
        const QJsonObject frame
            = params.value(u"stackTrace").toObject().value(u"callFrames").toArray().at(0).toObject();
        entry.readSource(frame);
        entry.time = params.value(u"timestamp").toDouble();
        add(std::move(entry));
        return;
    }
    if (method == u"Runtime.exceptionThrown"_s) {
        const QJsonObject details = params.value(u"exceptionDetails").toObject();
        ConsoleEntry entry;
        entry.kind = u"exception"_s;
        entry.level = u"error"_s;
        // "Uncaught" and the error's first line ("Error: boom"); a thrown value that is not an
        // Error has no description but a value.
        const QJsonObject exception = details.value(u"exception").toObject();
        QString what = exception.value(u"description").toString().section(u'\n', 0, 0);
        if (what.isEmpty() && !exception.isEmpty())
            what = shown(exception);
        const QString headline = details.value(u"text").toString();
        entry.text = what.isEmpty() || headline.contains(what) ? headline : headline + u' ' + what;
        entry.readSource(details);
        entry.time = params.value(u"timestamp").toDouble();
        add(std::move(entry));
        return;
    }
    if (method == u"Log.entryAdded"_s) {
        const QJsonObject logged = params.value(u"entry").toObject();
        ConsoleEntry entry;
        entry.kind = logged.value(u"source").toString();
        entry.level = levelOfLogEntry(logged.value(u"level").toString());
        entry.text = logged.value(u"text").toString();
        entry.readSource(logged);
        entry.time = logged.value(u"timestamp").toDouble();
        add(std::move(entry));
    }
}

} // namespace mpa
