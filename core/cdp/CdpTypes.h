#pragma once
// Plain data of the CDP engine: the error of a failed command, a command's result, and the
// description of a target (page, iframe, webview …).

#include <QJsonObject>
#include <QMetaType>
#include <QString>

#include <functional>

namespace mpa {

struct CdpError
{
    enum class Kind {
        None,
        Protocol, // the browser answered with an error object
        Transport, // the socket closed, or was never open, or the session went away
        Timeout, // no answer within the command's timeout
        Script, // Runtime.evaluate threw (exceptionDetails)
    };

    Kind kind = Kind::None;
    int code = 0; // protocol error code
    QString message;
    QString method;

    bool isError() const { return kind != Kind::None; }
    QString kindName() const;
    // "Runtime.evaluate: protocol error -32000: Cannot find context with specified id"
    QString toString() const;

    static CdpError protocol(const QString &method, int code, const QString &message);
    static CdpError transport(const QString &method, const QString &message);
    static CdpError timeout(const QString &method, int milliseconds);
    static CdpError script(const QString &method, const QString &message);
};

struct CdpResult
{
    QJsonObject result;
    CdpError error;

    bool ok() const { return !error.isError(); }
};

using CdpCallback = std::function<void(const CdpResult &)>;

struct CdpTargetInfo
{
    QString targetId;
    QString type; // page, iframe, webview, browser_ui, service_worker, …
    QString title;
    QString url;
    QString openerId;
    QString browserContextId;
    bool attached = false;

    static CdpTargetInfo fromJson(const QJsonObject &json);
    QJsonObject toJson() const;
    bool isPageLike() const
    {
        return type == QLatin1StringView("page") || type == QLatin1StringView("webview");
    }
};

} // namespace mpa

Q_DECLARE_METATYPE(mpa::CdpError)
