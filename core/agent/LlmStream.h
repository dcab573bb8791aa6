#pragma once
// A chat-completions answer as it arrives, read without the network (LlmClient feeds it; the
// fuzz target and the tests feed it bytes): server-sent events line by line (streamed) or one
// JSON body, into text, tool calls, the finish reason and usage. Input the service should not
// have sent — a tool call numbered out of range — is refused with a sentence, not trusted.

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <functional>

namespace mpa {

struct LlmToolCall
{
    QString id;
    QString name;
    QJsonObject arguments;
    QString argumentsText;
    QString parseError; // the arguments are not a JSON object
};

struct LlmUsage
{
    int promptTokens = 0;
    int completionTokens = 0;
    bool estimated = false; // the service gave none: characters / 4
};

class LlmStream
{
public:
    // Tool calls in one answer; a stream that numbers one beyond is refused (a bigger index
    // would have the client allocate for it).
    static constexpr int kMaxToolCalls = 128;

    // Appends bytes of an event stream and takes every complete line (with `flush`, the last
    // unterminated one too). `onText` gets each piece of text as it comes.
    void feed(const QByteArray &bytes, bool flush, const std::function<void(const QString &)> &onText = {});
    // A whole non-streamed answer.
    void takeMessage(const QJsonObject &body);
    // Parses each tool call's assembled arguments text into its arguments object.
    void finishToolCalls();

    QString content;
    QString finishReason;
    QList<LlmToolCall> toolCalls;
    LlmUsage usage;
    bool sawUsage = false;
    QString streamError; // an error the service sent inside the stream
    QString badResponse; // what the service sent that cannot be used, as a sentence

private:
    void takeChunk(const QJsonObject &chunk, const std::function<void(const QString &)> &onText);

    QByteArray m_buffer;
};

} // namespace mpa
