// The verbs the LLM Browser Agent extension grew after its first release, and Playwright
// MCP's (find, mouse, drag, scrollintoview, close), registered by ToolkitCommands.

#include "TabCommand.h"
#include "TabRouter.h"
#include "ToolkitCommands.h"
#include "ToolkitParams.h"
#include "page/PageController.h"

#include <QPointF>

using namespace Qt::StringLiterals;

namespace mpa {

void ToolkitCommands::registerLaterVerbs()
{
    // The verbs the LLM Browser Agent extension grew after its first release, and Playwright
    // MCP's: find, mouse, drag, scrollintoview, close.
    addTabCommand(
        u"find"_s,
        tr("Finds the first visible element by role, text, label, placeholder, testid, alt or title "
           "(text: its accessible name too) and answers its ref and snapshot line"),
        [](CommandParams &p, PageController *tab, const CommandCaller &, CommandReply reply) {
            PageController::FindOptions options;
            options.locator = p.choice(
                u"locator"_s,
                { u"role"_s, u"text"_s, u"label"_s, u"placeholder"_s, u"testid"_s, u"alt"_s, u"title"_s });
            options.value = p.requiredString(u"value"_s);
            if (p.has(u"text"_s))
                options.name = p.string(u"text"_s);
            options.exact = p.boolean(u"exact"_s, false);
            if (!paramsOk(p, reply))
                return;
            if (options.value.trimmed().isEmpty())
                return reply(CommandResult::failure(tr("params.value is empty: say what to find")));
            tab->find(options, std::move(reply));
        });
    addTabCommand(
        u"mouse"_s,
        tr("Mouse input at a point of the viewport (CSS pixels): move, down, up, click, or wheel by "
           "deltaX/deltaY; buttons stay down between commands"),
        [](CommandParams &p, PageController *tab, const CommandCaller &, CommandReply reply) {
            const QString action
                = p.choice(u"action"_s, { u"move"_s, u"down"_s, u"up"_s, u"wheel"_s, u"click"_s });
            const double x = p.number(u"x"_s, 0, -1e7, 1e7);
            const double y = p.number(u"y"_s, 0, -1e7, 1e7);
            const QString button = p.choice(u"button"_s, { u"left"_s, u"right"_s, u"middle"_s });
            const double deltaX = p.number(u"deltaX"_s, 0, -1e6, 1e6);
            const double deltaY = p.number(u"deltaY"_s, 0, -1e6, 1e6);
            if (!paramsOk(p, reply))
                return;
            if (!p.has(u"x"_s) || !p.has(u"y"_s))
                return reply(CommandResult::failure(
                    tr("mouse needs params.x and params.y (a point of the viewport)")));
            if (action == u"wheel"_s && deltaX == 0 && deltaY == 0)
                return reply(CommandResult::failure(tr("mouse wheel needs params.deltaX or params.deltaY")));
            tab->mouseAt(action, QPointF(x, y), button, QPointF(deltaX, deltaY), std::move(reply));
        });
    add(u"drag"_s,
        tr("Drags from an element or point to another with real mouse input (HTML5 drag and drop "
           "included): from and to are refs or {x, y}"),
        [this](CommandParams &p, const CommandCaller &caller, CommandReply reply) {
            QString fromTab;
            QString toTab;
            PageController::Spot from;
            PageController::Spot to;
            if (!readSpot(p.raw().value(u"from"_s), u"from"_s, &from, &fromTab, reply)
                || !readSpot(p.raw().value(u"to"_s), u"to"_s, &to, &toTab, reply))
                return;
            QString tab = p.string(u"tab"_s);
            if (!paramsOk(p, reply))
                return;
            // A drag is one press and one release in one page: both ends in the tab it runs in.
            QStringList tabs;
            for (const QString &named : { tab, fromTab, toTab }) {
                if (!named.isEmpty() && !tabs.contains(named))
                    tabs.append(named);
            }
            if (tabs.size() > 1) {
                return reply(CommandResult::failure(
                    tr("drag moves within one tab, but it names %1 tabs (%2): drag inside one of them, or "
                       "move the content another way")
                        .arg(tabs.size())
                        .arg(tabs.join(u", "_s))));
            }
            m_router->withTab(caller, tabs.value(0), std::move(reply),
                              [from, to](PageController *controller, CommandReply reply) {
                                  controller->drag(from, to, std::move(reply));
                              });
        });
    addElementCommand(
        u"scrollintoview"_s, tr("Scrolls an element into the middle of the view (when it is not in view)"),
        RefUse::Required, [](const QString &ref, CommandParams &, PageController *tab, CommandReply reply) {
            tab->scrollIntoView(ref, std::move(reply));
        });
    addTabCommand(
        u"close"_s, tr("Closes the tab your commands go to (or the one named by tab)"),
        [this](CommandParams &, PageController *tab, const CommandCaller &caller, CommandReply reply) {
            m_tabCommand->switchOrClose(u"close"_s, tab->targetId(), tab, caller, std::move(reply));
        });
}

} // namespace mpa
