#include "FakeToolkit.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace mpa::test {

int FakeToolkit::count(const QString &type) const
{
    return int(
        std::count_if(m_calls.cbegin(), m_calls.cend(), [&](const Call &c) { return c.type == type; }));
}

void FakeToolkit::release()
{
    const QList<std::function<void()>> held = std::exchange(m_held, {});
    for (const std::function<void()> &answer : held)
        answer();
}

CommandResult FakeToolkit::answer(const QString &type, const QJsonObject &params)
{
    const QString tab = params.value(u"tab").toString(current);
    if (type == u"snapshot"_s) {
        if (!tabs.contains(tab))
            return CommandResult::failure(u"no such tab %1"_s.arg(tab), ErrorKind::NotFound);
        const Page &page = tabs.value(tab);
        return CommandResult::success(
            QJsonObject { { u"snapshot"_s, page.snapshot },
                          { u"url"_s, page.url },
                          { u"title"_s, page.title },
                          { u"inView"_s, QJsonArray::fromStringList(page.inView) } });
    }
    if (type == u"get"_s && params.value(u"what").toString() == u"element"_s) {
        const QString ref = params.value(u"ref").toString();
        const auto element = tabs.value(tab).elements.constFind(ref);
        if (element == tabs.value(tab).elements.cend())
            return CommandResult::failure(u"stale ref %1: take a new snapshot"_s.arg(ref),
                                          ErrorKind::NotFound);
        return CommandResult::success(QJsonObject { { u"value"_s, *element } });
    }
    if (type == u"tab"_s) {
        const QString action = params.value(u"action").toString();
        if (action == u"list"_s) {
            QJsonArray list;
            for (auto it = tabs.cbegin(); it != tabs.cend(); ++it) {
                list.append(QJsonObject { { u"tab"_s, it.key() },
                                          { u"title"_s, it->title },
                                          { u"url"_s, it->url },
                                          { u"current"_s, it.key() == current },
                                          { u"yours"_s, true } });
            }
            return CommandResult::success(QJsonObject { { u"tabs"_s, list } });
        }
        if (action == u"switch"_s) {
            current = params.value(u"tab").toString();
            return CommandResult::success(QJsonObject { { u"tab"_s, current } });
        }
    }
    if (type == u"open"_s && params.value(u"newTab").toBool()) {
        const QString opened = u"N%1"_s.arg(m_nextTab++);
        tabs.insert(
            opened,
            { params.value(u"url").toString(), u"New tab"_s, u"- RootWebArea \"New tab\""_s, {}, {} });
        current = opened;
        return CommandResult::success(
            QJsonObject { { u"tab"_s, opened }, { u"newTab"_s, true }, { u"url"_s, params.value(u"url") } });
    }
    return onAction ? onAction(type, params) : CommandResult::success(QJsonObject());
}

ToolEnvironment FakeToolkit::environment()
{
    ToolEnvironment tools;
    tools.run = [this](const QString &type, const QJsonObject &params, ToolEnvironment::Reply reply) {
        m_calls.append({ type, params });
        const CommandResult result = answer(type, params);
        if (held.contains(type)) {
            m_held.append([reply, result] { reply(result); });
            return;
        }
        reply(result);
    };
    tools.toolNames = { u"click"_s, u"fill"_s, u"get"_s, u"snapshot"_s, u"tab"_s, u"open"_s, u"wait"_s };
    tools.schema = [](const QString &) { return QJsonObject { { u"type"_s, u"object"_s } }; };
    tools.currentTab = [this] { return current; };
    tools.networkMark = [this](const QString &) { return qint64(requests.size()); };
    tools.networkSince = [this](const QString &, qint64 mark, int limit) {
        QList<NetworkEntry> since = requests.mid(mark);
        return since.mid(std::max<qsizetype>(0, since.size() - limit));
    };
    tools.networkPending = [this](const QString &, qint64) { return pendingRequests; };
    tools.mask = [this](bool on, const QString &text, const QString &tab) {
        masks.append(on ? u"on %1: %2"_s.arg(tab, text) : u"off %1"_s.arg(tab));
    };
    tools.releaseTab = [this](const QString &tab) { released.append(tab); };
    return tools;
}

FakeToolkit::Page FakeToolkit::huluCheckout()
{
    Page checkout;
    checkout.url = u"https://shop.hulu.com/checkouts/cn/Z2NwLXVzLWNlbnRyYWwx"_s;
    checkout.title = u"Checkout - Hulu Shop"_s;
    checkout.snapshot = u"- RootWebArea \"Checkout - Hulu Shop\"\n- textbox \"Discount code\" [ref=e1]\n"
                        "- button \"Pay now\" [ref=e2]"_s;
    checkout.inView = { u"e1"_s, u"e2"_s };
    checkout.elements.insert(u"e1"_s,
                             { { u"role"_s, u"textbox"_s },
                               { u"name"_s, u"Discount code"_s },
                               { u"tag"_s, u"input"_s },
                               { u"type"_s, u"text"_s } });
    checkout.elements.insert(u"e2"_s,
                             { { u"role"_s, u"button"_s },
                               { u"name"_s, u"Pay now"_s },
                               { u"tag"_s, u"button"_s },
                               { u"submitsForm"_s, true } });
    return checkout;
}

} // namespace mpa::test
