#include "ToolCode.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

QString hashOf(const QByteArray &bytes)
{
    return QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha1).toHex().left(12));
}

// Where a chat wrapped the JSON in a fence inside the tags, or quoted it with smart quotes.
QString cleaned(QString text)
{
    text = text.trimmed();
    static const QRegularExpression fence(u"^```[a-zA-Z]*\\s*([\\s\\S]*?)\\s*```$"_s);
    const QRegularExpressionMatch m = fence.match(text);
    if (m.hasMatch())
        text = m.captured(1).trimmed();
    text.replace(QChar(0x201C), u'"').replace(QChar(0x201D), u'"');
    return text;
}

QString refOf(const QJsonValue &id)
{
    if (id.isDouble()) {
        const double n = id.toDouble();
        if (n >= 0 && n == double(qint64(n)))
            return u"e"_s + QString::number(qint64(n));
        return {};
    }
    QString text = id.toString().trimmed();
    static const QRegularExpression digits(u"^\\d+$"_s);
    if (digits.match(text).hasMatch())
        return u"e"_s + text;
    return text;
}

void fillBlock(ToolCodeBlock &block, const QString &body, bool requireField)
{
    block.raw = body.left(ToolCode::kMaxRawChars);
    const QString text = cleaned(body);
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(text.toUtf8(), &error);
    if (error.error != QJsonParseError::NoError) {
        block.error = u"the command is not valid JSON (%1 at character %2)"_s.arg(error.errorString())
                          .arg(error.offset);
    } else if (!doc.isObject()) {
        block.error
            = u"the command must be one JSON object like {\"tool\": \"click\", \"params\": {\"ref\": \"e3\"}}"_s;
    } else {
        QJsonObject object = doc.object();
        QString tool = object.value(u"tool").toString();
        if (tool.isEmpty())
            tool = object.value(u"action").toString();
        if (tool.isEmpty()) {
            block.error = requireField ? QString() : u"the command names no tool (a \"tool\" field)"_s;
        } else {
            QJsonObject params;
            if (object.value(u"params").isObject()) {
                params = object.value(u"params").toObject();
            } else if (object.contains(u"params") && !object.value(u"params").isNull()) {
                block.error = u"\"params\" must be an object"_s;
            } else {
                // The flat form: every other field is a param.
                params = object;
                params.remove(u"tool"_s);
                params.remove(u"action"_s);
                params.remove(u"params"_s);
            }
            ToolCode::normalise(tool, params);
            block.tool = tool;
            block.params = params;
        }
    }
    const QByteArray identity = block.error.isEmpty()
        ? QJsonDocument(QJsonObject { { u"tool"_s, block.tool }, { u"params"_s, block.params } })
              .toJson(QJsonDocument::Compact)
        : block.raw.toUtf8();
    block.hash = hashOf(identity);
}

} // namespace

void ToolCode::normalise(QString &tool, QJsonObject &params)
{
    tool = tool.trimmed().toLower();
    // The extension's names.
    static const QHash<QString, QString> aliases {
        { u"navigate"_s, u"open"_s },    { u"goto"_s, u"open"_s },
        { u"go_to"_s, u"open"_s },       { u"new_tab"_s, u"open_tab"_s },
        { u"opentab"_s, u"open_tab"_s }, { u"opentool"_s, u"open_tool"_s },
        { u"input"_s, u"type"_s },       { u"keypress"_s, u"press"_s },
        { u"key"_s, u"press"_s },        { u"double_click"_s, u"dblclick"_s },
        { u"read"_s, u"get"_s },
    };
    tool = aliases.value(tool, tool);
    if (params.contains(u"id") && !params.contains(u"ref")) {
        const QString ref = refOf(params.value(u"id"));
        if (!ref.isEmpty()) {
            params.insert(u"ref"_s, ref);
            params.remove(u"id"_s);
        }
    } else if (params.value(u"ref").isDouble()) {
        params.insert(u"ref"_s, refOf(params.value(u"ref")));
    } else if (params.contains(u"ref")) {
        const QString ref = refOf(params.value(u"ref"));
        if (!ref.isEmpty())
            params.insert(u"ref"_s, ref);
    }
    if (params.contains(u"value")) {
        const QJsonValue value = params.value(u"value");
        if (tool == u"type"_s && !params.contains(u"text")) {
            params.insert(u"text"_s, value);
            params.remove(u"value"_s);
        } else if (tool == u"press"_s && !params.contains(u"key")) {
            params.insert(u"key"_s, value);
            params.remove(u"value"_s);
        } else if ((tool == u"open"_s || tool == u"open_tab"_s) && !params.contains(u"url")) {
            params.insert(u"url"_s, value);
            params.remove(u"value"_s);
        }
    }
    if (tool == u"select"_s && params.contains(u"values") && !params.contains(u"value")) {
        params.insert(u"value"_s, params.value(u"values"));
        params.remove(u"values"_s);
    }
    if (tool == u"press"_s && params.contains(u"keys") && !params.contains(u"key")) {
        params.insert(u"key"_s, params.value(u"keys"));
        params.remove(u"keys"_s);
    }
}

ToolCodeReply ToolCode::parse(const QString &reply)
{
    ToolCodeReply out;
    // Where the blocks are, in order: <tool_code>…</tool_code> and fenced blocks.
    struct Found
    {
        qsizetype at;
        qsizetype end;
        QString body;
        bool fenced;
        bool unclosed;
    };
    QList<Found> found;
    static const QRegularExpression tag(u"<tool_code>([\\s\\S]*?)(</tool_code>|$)"_s,
                                        QRegularExpression::CaseInsensitiveOption);
    for (auto it = tag.globalMatch(reply); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        found.append({ m.capturedStart(), m.capturedEnd(), m.captured(1), false, m.captured(2).isEmpty() });
    }
    static const QRegularExpression fence(u"```(?:json|JSON)?[ \\t]*\\n([\\s\\S]*?)```"_s);
    for (auto it = fence.globalMatch(reply); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        const qsizetype at = m.capturedStart();
        const bool inside = std::any_of(found.cbegin(), found.cend(), [&](const Found &f) {
            return !f.fenced && at >= f.at && at < f.end;
        });
        if (!inside)
            found.append({ at, m.capturedEnd(), m.captured(1), true, false });
    }
    std::sort(found.begin(), found.end(), [](const Found &a, const Found &b) { return a.at < b.at; });

    QString outside = reply;
    for (auto f = found.crbegin(); f != found.crend(); ++f)
        outside.remove(f->at, f->end - f->at);
    for (const Found &f : std::as_const(found)) {
        ToolCodeBlock block;
        if (f.unclosed) {
            block.raw = f.body.left(kMaxRawChars);
            block.error = u"the <tool_code> block is not closed with </tool_code>"_s;
            block.hash = hashOf(block.raw.toUtf8());
        } else {
            // A fenced block counts only when its object names a tool (other code is just code).
            fillBlock(block, f.body, f.fenced);
            const bool namesTool = f.body.contains(u"\"tool\""_s) || f.body.contains(u"\"action\""_s);
            if (f.fenced && block.tool.isEmpty() && (block.error.isEmpty() || !namesTool))
                continue;
        }
        block.index = int(out.blocks.size());
        out.blocks.append(block);
    }
    static const QRegularExpression done(u"<done>([\\s\\S]*?)(?:</done>|$)"_s,
                                         QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch m = done.match(outside);
    if (m.hasMatch()) {
        out.done = true;
        out.doneText = m.captured(1).trimmed().left(2000);
    }
    return out;
}

} // namespace mpa
