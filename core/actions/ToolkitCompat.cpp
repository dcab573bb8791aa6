#include "ToolkitCompat.h"

#include "common/Refuse.h"

#include <QStringList>

using namespace Qt::StringLiterals;

namespace mpa::ToolkitCompat {

bool takeForeignNames(const QString &type, QJsonObject &params, const QHash<QString, int> &tabNumbers,
                      QString *error)
{
    // tabId: the number tab list shows as "id".
    if (params.contains(u"tabId"_s)) {
        if (params.contains(u"tab"_s))
            return refuse(error, u"params.tabId and params.tab are the same thing; give one"_s);
        const QJsonValue number = params.take(u"tabId"_s);
        const int n = number.isString() ? number.toString().toInt() : number.toInt(-1);
        const QString id = tabNumbers.key(n);
        if (id.isEmpty())
            return refuse(
                error,
                u"params.tabId %1 names no tab (tab {\"action\": \"list\"} shows each tab's id)"_s.arg(
                    number.isString() ? number.toString() : QString::number(number.toDouble())));
        params.insert(u"tab"_s, id);
    }
    const QString byRef = u"params.selector: elements are named by ref here (take a snapshot and use a ref "
                          "such as e3), not by CSS selector"_s;
    if (type == u"snapshot"_s) {
        params.remove(u"timeout"_s); // a snapshot does not wait for the page
    } else if (type == u"eval"_s) {
        return takeAlias(params, u"script"_s, u"expression"_s, error);
    } else if (type == u"scroll"_s && params.contains(u"pixels"_s)) {
        if (!takeAlias(params, u"pixels"_s, u"amount"_s, error))
            return false;
        if (!params.contains(u"unit"_s))
            params.insert(u"unit"_s, u"pixels"_s);
    } else if (type == u"get"_s) {
        const QString what = params.value(u"what"_s).toString();
        if (params.contains(u"selector"_s) && what != u"count"_s)
            return refuse(error, byRef);
        if (what == u"attr"_s)
            params.insert(u"what"_s, u"attribute"_s);
        for (const QString &name : { u"attrName"_s, u"attr"_s }) {
            if (!takeAlias(params, name, u"name"_s, error))
                return false;
        }
    } else if (type == u"wait"_s && params.contains(u"selector"_s)) {
        return refuse(error, byRef);
    } else if (type == u"drag"_s) {
        return takeAlias(params, u"src"_s, u"from"_s, error) && takeAlias(params, u"dst"_s, u"to"_s, error);
    } else if (type == u"mouse"_s) {
        if (!takeAlias(params, u"dx"_s, u"deltaX"_s, error)
            || !takeAlias(params, u"dy"_s, u"deltaY"_s, error))
            return false;
        // MouseEvent.button's numbers: 0 left, 1 middle, 2 right.
        const QJsonValue button = params.value(u"button"_s);
        if (button.isDouble()) {
            const QStringList names { u"left"_s, u"middle"_s, u"right"_s };
            const int n = button.toInt(-1);
            if (n < 0 || n > 2 || button.toDouble() != n)
                return refuse(error,
                              u"params.button %1 is no mouse button: 0 (left), 1 (middle) or 2 (right)"_s.arg(
                                  button.toDouble()));
            params.insert(u"button"_s, names.at(n));
        }
    } else if (type == u"find"_s) {
        const QString locator = params.value(u"locator"_s).toString();
        if (locator == u"first"_s || locator == u"last"_s || locator == u"nth"_s) {
            return refuse(
                error,
                u"find with locator %1 takes a CSS selector; elements are named by role, text, "
                "label, placeholder, testid, alt or title here (then by the ref find answers)"_s.arg(
                    locator));
        }
        params.remove(u"action"_s); // the extension's find took it and did nothing with it
    }
    return true;
}

// What agents of the LLM Browser Agent extension read besides our fields: executed on actions,
// result beside value.
CommandResult withForeignFields(const QString &type, const CommandCaller &caller, const CommandResult &result)
{
    static const QStringList kReaders { u"snapshot"_s,   u"get"_s, u"is"_s,  u"eval"_s,
                                        u"screenshot"_s, u"tab"_s, u"find"_s };
    if (!result.ok || (!result.data.isObject() && !result.data.isUndefined() && !result.data.isNull()))
        return result;
    QJsonObject data = result.data.toObject();
    if (data.contains(u"value"_s) && !data.contains(u"result"_s))
        data.insert(u"result"_s, data.value(u"value"_s));
    if (!kReaders.contains(type))
        data.insert(u"executed"_s, true);
    // The extension's screenshot was a data: URL in data.screenshot; MCP clients get an image
    // content instead, so only WebSocket agents get it (it doubles the reply).
    if (type == u"screenshot"_s && caller.channel.startsWith(u"agent-"_s) && data.value(u"data"_s).isString())
        data.insert(u"screenshot"_s, QString(u"data:image/png;base64,"_s + data.value(u"data"_s).toString()));
    CommandResult out = result;
    out.data = data;
    return out;
}

} // namespace mpa::ToolkitCompat
