#include "LlmStream.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace mpa {

void LlmStream::feed(const QByteArray &bytes, bool flush, const std::function<void(const QString &)> &onText)
{
    m_buffer += bytes;
    for (;;) {
        qsizetype end = m_buffer.indexOf('\n');
        if (end < 0) {
            if (!flush || m_buffer.trimmed().isEmpty())
                return;
            end = m_buffer.size();
        }
        const QByteArray line = m_buffer.left(end).trimmed();
        m_buffer.remove(0, std::min(end + 1, m_buffer.size()));
        if (!line.startsWith("data:"))
            continue;
        const QByteArray data = line.mid(5).trimmed();
        if (data == "[DONE]" || data.isEmpty())
            continue;
        const QJsonDocument doc = QJsonDocument::fromJson(data);
        if (doc.isObject())
            takeChunk(doc.object(), onText);
    }
}

void LlmStream::takeChunk(const QJsonObject &chunk, const std::function<void(const QString &)> &onText)
{
    // Some services report a failure inside the stream, after a 200.
    if (chunk.value(u"error").isObject() && streamError.isEmpty()) {
        streamError = chunk.value(u"error").toObject().value(u"message").toString(u"an error"_s);
        return;
    }
    if (chunk.value(u"usage").isObject()) {
        const QJsonObject object = chunk.value(u"usage").toObject();
        usage.promptTokens = object.value(u"prompt_tokens").toInt();
        usage.completionTokens = object.value(u"completion_tokens").toInt();
        sawUsage = true;
    }
    const QJsonArray choices = chunk.value(u"choices").toArray();
    if (choices.isEmpty())
        return;
    const QJsonObject choice = choices.first().toObject();
    const QJsonObject delta = choice.value(u"delta").toObject();
    const QString text = delta.value(u"content").toString();
    if (!text.isEmpty()) {
        content += text;
        if (onText)
            onText(text);
    }
    for (const QJsonValue &value : delta.value(u"tool_calls").toArray()) {
        const QJsonObject call = value.toObject();
        // Services number the calls 0, 1, … (a call without a number is the next one); anything
        // else (negative, fractional, huge) would index outside the list or grow it without bound.
        const QJsonValue indexValue = call.value(u"index");
        const double index = indexValue.isDouble() ? indexValue.toDouble() : double(toolCalls.size());
        if (!(index >= 0 && index < kMaxToolCalls) || index != double(qint64(index))) {
            if (badResponse.isEmpty()) {
                badResponse = u"a tool call numbered %1 (the number must be a whole number from 0 to %2)"_s
                                  .arg(QString::number(index, 'g', QLocale::FloatingPointShortest))
                                  .arg(kMaxToolCalls - 1);
            }
            continue;
        }
        while (toolCalls.size() <= qsizetype(index))
            toolCalls.append(LlmToolCall());
        LlmToolCall &target = toolCalls[qsizetype(index)];
        if (call.contains(u"id"))
            target.id = call.value(u"id").toString();
        const QJsonObject function = call.value(u"function").toObject();
        if (function.contains(u"name"))
            target.name += function.value(u"name").toString();
        target.argumentsText += function.value(u"arguments").toString();
    }
    if (choice.value(u"finish_reason").isString())
        finishReason = choice.value(u"finish_reason").toString();
}

void LlmStream::takeMessage(const QJsonObject &body)
{
    const QJsonArray choices = body.value(u"choices").toArray();
    const QJsonObject choice = choices.first().toObject();
    const QJsonObject message = choice.value(u"message").toObject();
    content = message.value(u"content").toString();
    finishReason = choice.value(u"finish_reason").toString();
    for (const QJsonValue &value : message.value(u"tool_calls").toArray()) {
        const QJsonObject call = value.toObject();
        const QJsonObject function = call.value(u"function").toObject();
        LlmToolCall tool;
        tool.id = call.value(u"id").toString();
        tool.name = function.value(u"name").toString();
        const QJsonValue arguments = function.value(u"arguments");
        tool.argumentsText = arguments.isObject()
            ? QString::fromUtf8(QJsonDocument(arguments.toObject()).toJson(QJsonDocument::Compact))
            : arguments.toString();
        toolCalls.append(tool);
    }
    const QJsonObject object = body.value(u"usage").toObject();
    if (!object.isEmpty()) {
        usage.promptTokens = object.value(u"prompt_tokens").toInt();
        usage.completionTokens = object.value(u"completion_tokens").toInt();
        sawUsage = true;
    }
}

void LlmStream::finishToolCalls()
{
    for (LlmToolCall &call : toolCalls) {
        const QString text = call.argumentsText.trimmed();
        if (text.isEmpty())
            continue;
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(text.toUtf8(), &error);
        if (doc.isObject())
            call.arguments = doc.object();
        else
            call.parseError = doc.isNull() ? error.errorString() : u"not an object"_s;
    }
}

} // namespace mpa
