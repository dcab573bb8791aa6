#include "CdpTypes.h"

#include "common/EnumNames.h"

using namespace Qt::StringLiterals;

namespace mpa {

constexpr EnumName<CdpError::Kind> kKindNames[] {
    { CdpError::Kind::None, u"none" },           { CdpError::Kind::Protocol, u"protocol" },
    { CdpError::Kind::Transport, u"transport" }, { CdpError::Kind::Timeout, u"timeout" },
    { CdpError::Kind::Script, u"script" },
};

QString CdpError::kindName() const
{
    return enumName(kKindNames, kind);
}

QString CdpError::toString() const
{
    switch (kind) {
    case Kind::None:
        return {};
    case Kind::Protocol:
        return u"%1: protocol error %2: %3"_s.arg(method).arg(code).arg(message);
    case Kind::Transport:
    case Kind::Timeout:
        return u"%1: %2"_s.arg(method, message);
    case Kind::Script:
        return u"%1: script error: %2"_s.arg(method, message);
    }
    return message;
}

CdpError CdpError::protocol(const QString &method, int code, const QString &message)
{
    return { Kind::Protocol, code, message, method };
}

CdpError CdpError::transport(const QString &method, const QString &message)
{
    return { Kind::Transport, 0, message, method };
}

CdpError CdpError::timeout(const QString &method, int milliseconds)
{
    return { Kind::Timeout, 0, u"no answer within %1 ms"_s.arg(milliseconds), method };
}

CdpError CdpError::script(const QString &method, const QString &message)
{
    return { Kind::Script, 0, message, method };
}

CdpTargetInfo CdpTargetInfo::fromJson(const QJsonObject &json)
{
    CdpTargetInfo info;
    info.targetId = json.value(u"targetId").toString();
    if (info.targetId.isEmpty())
        info.targetId = json.value(u"id").toString(); // /json/list spelling
    info.type = json.value(u"type").toString();
    info.title = json.value(u"title").toString();
    info.url = json.value(u"url").toString();
    info.openerId = json.value(u"openerId").toString();
    info.browserContextId = json.value(u"browserContextId").toString();
    info.attached = json.value(u"attached").toBool();
    return info;
}

QJsonObject CdpTargetInfo::toJson() const
{
    QJsonObject json {
        { u"targetId"_s, targetId },
        { u"type"_s, type },
        { u"title"_s, title },
        { u"url"_s, url },
    };
    if (!openerId.isEmpty())
        json.insert(u"openerId"_s, openerId);
    return json;
}

} // namespace mpa
