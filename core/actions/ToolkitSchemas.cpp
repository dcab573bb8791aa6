#include "ToolkitSchemas.h"

#include "common/ParamsSchema.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace mpa::ToolkitSchemas {

namespace {

constexpr auto prop = &ParamsSchema::property;

QJsonObject refProp(const QString &description = u"An element's ref from the last snapshot (e3, f1e3)"_s)
{
    return { { u"type"_s, u"string"_s },
             { u"pattern"_s, u"^(f\\d+)?e\\d+$"_s },
             { u"description"_s, description } };
}

QJsonObject typeText()
{
    QJsonObject text
        = prop(u"string"_s,
               u"Typed key by key; \\n presses Enter; at most 5000 characters (fill takes longer text)"_s);
    text.insert(u"maxLength"_s, 5000);
    return text;
}

QJsonObject objectSchema(QJsonObject properties, const QStringList &required = {})
{
    properties.insert(
        u"tab"_s,
        prop(u"string"_s, u"The tab to act on (its id from tab list); default: your current tab"_s));
    return ParamsSchema::object(properties, required);
}

} // namespace

QStringList types()
{
    // clang-format off
    return { u"snapshot"_s, u"click"_s, u"dblclick"_s, u"fill"_s, u"type"_s, u"press"_s, u"hover"_s,
             u"focus"_s, u"check"_s, u"uncheck"_s, u"select"_s, u"scroll"_s, u"get"_s, u"is"_s,
             u"open"_s, u"tab"_s, u"back"_s, u"forward"_s, u"reload"_s, u"wait"_s, u"screenshot"_s,
             u"eval"_s, u"find"_s, u"mouse"_s, u"drag"_s, u"scrollintoview"_s, u"close"_s, u"fill_form"_s,
             u"console"_s, u"network"_s, u"resize"_s, u"emulate"_s, u"pdf"_s, u"upload"_s, u"dialog"_s,
             u"trace"_s, u"downloads"_s, u"context"_s, u"cookies"_s, u"storage"_s };
    // clang-format on
}

QJsonObject annotations(const QString &type)
{
    static const QStringList readOnly { u"snapshot"_s,   u"get"_s,  u"is"_s,      u"wait"_s,
                                        u"screenshot"_s, u"find"_s, u"console"_s, u"network"_s };
    static const QStringList navigates { u"open"_s, u"back"_s, u"forward"_s, u"reload"_s };
    if (readOnly.contains(type))
        return { { u"readOnlyHint"_s, true }, { u"openWorldHint"_s, false } };
    // list and wait only look, but clear deletes the downloaded files.
    if (type == u"downloads"_s)
        return { { u"readOnlyHint"_s, false },
                 { u"destructiveHint"_s, true },
                 { u"openWorldHint"_s, false } };
    // context close closes its tabs, cookies clear and storage load replace sign-ins.
    if (type == u"context"_s || type == u"cookies"_s || type == u"storage"_s)
        return { { u"readOnlyHint"_s, false },
                 { u"destructiveHint"_s, true },
                 { u"openWorldHint"_s, false } };
    // Clicking, typing and the rest change the page but do not destroy anything by themselves;
    // "tab" can close one and "eval" can do anything.
    const bool destructive = type == u"tab"_s || type == u"eval"_s || type == u"close"_s;
    return { { u"readOnlyHint"_s, false },
             { u"destructiveHint"_s, destructive },
             { u"idempotentHint"_s, type == u"reload"_s },
             { u"openWorldHint"_s, navigates.contains(type) || type == u"eval"_s } };
}

QJsonObject schema(const QString &type)
{
    if (type == u"snapshot"_s) {
        return objectSchema({
            { u"interactiveOnly"_s, prop(u"boolean"_s, u"Only elements you can act on, no context text"_s) },
            { u"scope"_s, prop(u"string"_s, u"Only inside this element: a ref or a CSS selector"_s) },
            { u"maxElements"_s,
              ParamsSchema::integer(1, 1000000, u"At most this many lines (default 1000)"_s) },
            { u"maxChars"_s,
              ParamsSchema::integer(100, 10000000, u"At most this many characters (default 40000)"_s) },
            { u"viewport"_s,
              prop(u"boolean"_s,
                   u"Also answer inView (the refs of the elements in view) and the scroll position"_s) },
            { u"since"_s,
              prop(u"integer"_s,
                   u"Only the lines added (+), removed (-) and changed (~) since that snapshotId of this tab "
                   "(the whole snapshot when the page is another one by now)"_s) },
        });
    }
    if (type == u"click"_s) {
        return objectSchema(
            { { u"ref"_s, refProp() },
              { u"button"_s,
                ParamsSchema::choice({ u"left"_s, u"right"_s, u"middle"_s }, u"Default left"_s) } },
            { u"ref"_s });
    }
    if (type == u"dblclick"_s || type == u"hover"_s || type == u"focus"_s || type == u"check"_s
        || type == u"uncheck"_s)
        return objectSchema({ { u"ref"_s, refProp() } }, { u"ref"_s });
    if (type == u"fill"_s) {
        return objectSchema({ { u"ref"_s, refProp() },
                              { u"value"_s, prop(u"string"_s, u"The text the field holds afterwards"_s) } },
                            { u"ref"_s, u"value"_s });
    }
    if (type == u"type"_s) {
        return objectSchema(
            { { u"ref"_s,
                refProp(u"The field to type into (at the end of its text); default: the focused element"_s) },
              { u"text"_s, typeText() },
              { u"delay"_s,
                ParamsSchema::integer(0, 1000,
                                      u"Milliseconds between two keys (default 0: as fast as the page takes "
                                      "them); the whole must fit in timeoutMs"_s) },
              { u"timeoutMs"_s,
                ParamsSchema::integer(100, 20000,
                                      u"Stop typing after this long (default and at most 20000); the answer "
                                      "says how many characters were typed"_s) } },
            { u"text"_s });
    }
    if (type == u"press"_s) {
        return objectSchema(
            { { u"key"_s,
                prop(u"string"_s,
                     u"A key or chord: Enter, Tab, Escape, ArrowDown, a, Control+A, Shift+Tab"_s) },
              { u"ref"_s, refProp(u"Focus this element first; default: the focused element"_s) } },
            { u"key"_s });
    }
    if (type == u"select"_s) {
        return objectSchema(
            { { u"ref"_s, refProp() },
              { u"value"_s,
                QJsonObject {
                    { u"anyOf"_s,
                      QJsonArray {
                          QJsonObject { { u"type"_s, u"string"_s } },
                          QJsonObject { { u"type"_s, u"array"_s },
                                        { u"items"_s, QJsonObject { { u"type"_s, u"string"_s } } } } } },
                    { u"description"_s,
                      u"An option's value or label (an array for a multiple select)"_s } } } },
            { u"ref"_s, u"value"_s });
    }
    if (type == u"scroll"_s) {
        return objectSchema({
            { u"ref"_s, refProp(u"Scroll inside this element; default: the page"_s) },
            { u"direction"_s,
              ParamsSchema::choice({ u"up"_s, u"down"_s, u"left"_s, u"right"_s },
                                   u"With amount (pages by default)"_s) },
            { u"amount"_s, prop(u"number"_s, u"How far in direction (default 1)"_s) },
            { u"x"_s, prop(u"number"_s, u"Horizontal distance (negative: left)"_s) },
            { u"y"_s, prop(u"number"_s, u"Vertical distance (negative: up)"_s) },
            { u"unit"_s, ParamsSchema::choice({ u"pixels"_s, u"pages"_s }, u"Unit of amount, x and y"_s) },
        });
    }
    if (type == u"get"_s) {
        return objectSchema(
            { { u"what"_s,
                ParamsSchema::choice(
                    { u"text"_s, u"value"_s, u"attribute"_s, u"url"_s, u"title"_s, u"html"_s, u"element"_s,
                      u"box"_s, u"count"_s },
                    u"What to read (box: the element's rectangle; count: how many elements a CSS "
                    "selector matches)"_s) },
              { u"ref"_s, refProp(u"The element (text and html default to the whole page)"_s) },
              { u"name"_s, prop(u"string"_s, u"The attribute's name (what = attribute)"_s) },
              { u"selector"_s, prop(u"string"_s, u"The CSS selector to count (what = count)"_s) },
              { u"maxChars"_s,
                ParamsSchema::integer(1, 10000000,
                                      u"Cut the value after this many characters (default 100000)"_s) } },
            { u"what"_s });
    }
    if (type == u"is"_s) {
        return objectSchema(
            { { u"what"_s,
                ParamsSchema::choice({ u"visible"_s, u"enabled"_s, u"checked"_s, u"focused"_s },
                                     u"The state to test"_s) },
              { u"ref"_s, refProp() } },
            { u"what"_s, u"ref"_s });
    }
    if (type == u"open"_s) {
        return objectSchema(
            { { u"url"_s, prop(u"string"_s, u"An http(s), file or about: address"_s) },
              { u"newTab"_s, prop(u"boolean"_s, u"Open it in a new tab"_s) },
              { u"endpoint"_s,
                prop(u"string"_s,
                     u"Open it in a new tab of this browser (a name from tab list's endpoint fields)"_s) } },
            { u"url"_s });
    }
    if (type == u"tab"_s) {
        return objectSchema(
            { { u"action"_s,
                ParamsSchema::choice({ u"list"_s, u"new"_s, u"close"_s, u"switch"_s }, u"Default list"_s) },
              { u"url"_s, prop(u"string"_s, u"The address of a new tab"_s) },
              { u"endpoint"_s,
                prop(u"string"_s,
                     u"The browser a new tab opens in (a name from tab list's endpoint fields)"_s) } });
    }
    if (type == u"wait"_s) {
        return objectSchema({
            { u"ref"_s, refProp(u"Wait until this element is visible (or hidden)"_s) },
            { u"text"_s, prop(u"string"_s, u"Wait until the page shows (or no longer shows) this text"_s) },
            { u"url"_s,
              prop(u"string"_s,
                   u"Wait until the tab's address is this (the whole address; * for any characters)"_s) },
            { u"navigation"_s, prop(u"boolean"_s, u"Wait for the next navigation"_s) },
            { u"state"_s,
              ParamsSchema::choice({ u"visible"_s, u"hidden"_s }, u"For ref and text; default visible"_s) },
            { u"ms"_s, ParamsSchema::integer(1, 30000, u"Just wait this long"_s) },
            { u"timeoutMs"_s,
              ParamsSchema::integer(100, 25000, u"Give up after this long (default 5000)"_s) },
        });
    }
    if (type == u"screenshot"_s) {
        return objectSchema(
            { { u"ref"_s, refProp(u"Only this element"_s) },
              { u"fullPage"_s, prop(u"boolean"_s, u"The whole page, not only the viewport"_s) } });
    }
    if (type == u"eval"_s) {
        return objectSchema(
            { { u"expression"_s,
                prop(
                    u"string"_s,
                    u"JavaScript run in the page: an expression (awaited when it is a promise) or a function "
                    "body with return; its value is returned as JSON"_s) },
              { u"timeoutMs"_s,
                ParamsSchema::integer(
                    100, 60000, u"Give up when it has not finished after this long (default 10000)"_s) } },
            { u"expression"_s });
    }
    if (type == u"find"_s) {
        return objectSchema(
            { { u"locator"_s,
                ParamsSchema::choice(
                    { u"role"_s, u"text"_s, u"label"_s, u"placeholder"_s, u"testid"_s, u"alt"_s, u"title"_s },
                    u"What value names: the element's role (button, link, textbox, heading …), "
                    "its text, its label, placeholder, data-testid, alt or title"_s) },
              { u"value"_s,
                prop(u"string"_s, u"The role, or the text the element has (part of it unless exact)"_s) },
              { u"text"_s,
                prop(u"string"_s,
                     u"Also: the accessible name the element must have (part of it unless exact)"_s) },
              { u"exact"_s,
                prop(u"boolean"_s, u"Whole, case-sensitive matches only (testid always is)"_s) } },
            { u"locator"_s, u"value"_s });
    }
    if (type == u"mouse"_s) {
        return objectSchema(
            { { u"action"_s,
                ParamsSchema::choice(
                    { u"move"_s, u"down"_s, u"up"_s, u"wheel"_s, u"click"_s },
                    u"move to the point; press or release a button there; click; turn the wheel "
                    "there"_s) },
              { u"x"_s, prop(u"number"_s, u"From the viewport's left edge, in CSS pixels"_s) },
              { u"y"_s, prop(u"number"_s, u"From the viewport's top edge, in CSS pixels"_s) },
              { u"button"_s,
                ParamsSchema::choice({ u"left"_s, u"right"_s, u"middle"_s }, u"Default left"_s) },
              { u"deltaX"_s, prop(u"number"_s, u"wheel: pixels to the right (negative: left)"_s) },
              { u"deltaY"_s, prop(u"number"_s, u"wheel: pixels down (negative: up)"_s) } },
            { u"action"_s, u"x"_s, u"y"_s });
    }
    if (type == u"drag"_s) {
        const auto end = [](const QString &which) {
            return QJsonObject {
                { u"anyOf"_s,
                  QJsonArray {
                      refProp(),
                      ParamsSchema::object(
                          { { u"ref"_s, refProp() },
                            { u"tab"_s, prop(u"string"_s, u"The tab of the ref (it must be the drag's)"_s) },
                            { u"x"_s, prop(u"number"_s, u"A point: from the viewport's left edge"_s) },
                            { u"y"_s, prop(u"number"_s, u"A point: from the viewport's top edge"_s) } }) } },
                { u"description"_s,
                  u"Where the drag %1: an element's ref, or a point {x, y} of the viewport"_s.arg(which) }
            };
        };
        return objectSchema({ { u"from"_s, end(u"starts"_s) }, { u"to"_s, end(u"ends"_s) } },
                            { u"from"_s, u"to"_s });
    }
    if (type == u"scrollintoview"_s)
        return objectSchema({ { u"ref"_s, refProp() } }, { u"ref"_s });
    if (type == u"fill_form"_s) {
        const QJsonObject field = ParamsSchema::object(
            { { u"ref"_s, refProp(u"The field (a textbox, select, checkbox, radio button or switch)"_s) },
              { u"value"_s,
                QJsonObject {
                    { u"anyOf"_s,
                      QJsonArray {
                          QJsonObject { { u"type"_s, u"string"_s } },
                          QJsonObject { { u"type"_s, u"number"_s } },
                          QJsonObject { { u"type"_s, u"boolean"_s } },
                          QJsonObject { { u"type"_s, u"array"_s },
                                        { u"items"_s, QJsonObject { { u"type"_s, u"string"_s } } } } } },
                    { u"description"_s,
                      u"The text a field holds afterwards, a select's option (value or label; an array for a "
                      "multiple select), or true/false for a checkbox, radio button or switch"_s } } } },
            { u"ref"_s, u"value"_s });
        return objectSchema(
            { { u"fields"_s,
                QJsonObject { { u"type"_s, u"array"_s },
                              { u"items"_s, field },
                              { u"description"_s,
                                u"The fields in the order they are filled (1–100); the first that fails "
                                "stops the rest"_s } } } },
            { u"fields"_s });
    }
    if (type == u"trace"_s) {
        return objectSchema(
            { { u"action"_s,
                ParamsSchema::choice({ u"start"_s, u"stop"_s },
                                     u"start recording; stop: save the trace and summarize it"_s) } },
            { u"action"_s });
    }
    if (type == u"dialog"_s) {
        return objectSchema(
            { { u"action"_s,
                ParamsSchema::choice({ u"accept"_s, u"dismiss"_s, u"list"_s },
                                     u"accept or dismiss the dialog open on the tab (held for you when "
                                     "toolkit/dialogs is agent), or list the tab's dialogs"_s) },
              { u"text"_s, prop(u"string"_s, u"accept: what to type into a prompt dialog"_s) },
              { u"next"_s,
                prop(u"boolean"_s,
                     u"accept/dismiss: answer the next dialog so instead of one open now (e.g. a prompt's "
                     "text before the click that opens it)"_s) } },
            { u"action"_s });
    }
    if (type == u"console"_s) {
        return objectSchema(
            { { u"level"_s,
                ParamsSchema::choice({ u"debug"_s, u"info"_s, u"warning"_s, u"error"_s },
                                     u"Only messages this severe or more (default: all)"_s) },
              { u"since"_s,
                prop(u"integer"_s, u"Only messages after this id (the `last` of an earlier answer)"_s) },
              { u"all"_s,
                prop(u"boolean"_s,
                     u"Earlier pages' messages too (default: only the current page's, since it loaded)"_s) },
              { u"limit"_s,
                ParamsSchema::integer(1, 1000, u"At most this many, the newest (default 100)"_s) } });
    }
    if (type == u"network"_s) {
        return objectSchema(
            { { u"action"_s,
                ParamsSchema::choice({ u"list"_s, u"get"_s },
                                     u"list the tab's requests (default), or get one with its headers and "
                                     "body (secrets masked)"_s) },
              { u"id"_s, prop(u"integer"_s, u"get: the request's id from list"_s) },
              { u"filter"_s, prop(u"string"_s, u"list: only requests whose address contains this"_s) },
              { u"type"_s,
                prop(
                    u"string"_s,
                    u"list: only this kind of request (Document, Stylesheet, Image, Script, XHR, Fetch, …)"_s) },
              { u"since"_s, prop(u"integer"_s, u"list: only requests after this id"_s) },
              { u"all"_s,
                prop(u"boolean"_s,
                     u"list: earlier pages' requests too (default: only the current page's, from its own "
                     "request)"_s) },
              { u"limit"_s,
                ParamsSchema::integer(1, 1000, u"list: at most this many, the newest (default 100)"_s) } });
    }
    if (type == u"resize"_s) {
        return objectSchema(
            { { u"width"_s, ParamsSchema::integer(100, 10000, u"The viewport's width in CSS pixels"_s) },
              { u"height"_s, ParamsSchema::integer(100, 10000, u"The viewport's height in CSS pixels"_s) } },
            { u"width"_s, u"height"_s });
    }
    if (type == u"emulate"_s) {
        const auto number = [](double minimum, double maximum, const QString &description) {
            return QJsonObject { { u"type"_s, u"number"_s },
                                 { u"minimum"_s, minimum },
                                 { u"maximum"_s, maximum },
                                 { u"description"_s, description } };
        };
        const auto described = [](QJsonObject schema, const QString &description) {
            schema.insert(u"description"_s, description);
            return schema;
        };
        return objectSchema(
            { { u"device"_s,
                prop(
                    u"string"_s,
                    u"A device as Playwright describes it (viewport, scale, touch, user agent): iPhone 15, "
                    "iPhone 15 Pro Max, iPhone SE (3rd gen), Pixel 7, Galaxy S24, iPad Pro 11, Desktop Chrome"_s) },
              { u"userAgent"_s, prop(u"string"_s, u"The user agent the tab sends and shows"_s) },
              { u"viewport"_s,
                described(ParamsSchema::object(
                              { { u"width"_s, ParamsSchema::integer(100, 10000, u"CSS pixels"_s) },
                                { u"height"_s, ParamsSchema::integer(100, 10000, u"CSS pixels"_s) },
                                { u"deviceScaleFactor"_s, number(0.5, 5, u"Device pixels per CSS pixel"_s) },
                                { u"mobile"_s,
                                  prop(u"boolean"_s, u"A mobile viewport (meta viewport honoured)"_s) } },
                              { u"width"_s, u"height"_s }),
                          u"The viewport's size (and scale) instead of the device's"_s) },
              { u"touch"_s, prop(u"boolean"_s, u"Touch events on or off"_s) },
              { u"offline"_s, prop(u"boolean"_s, u"No network at all"_s) },
              { u"latencyMs"_s, ParamsSchema::integer(0, 10000, u"Added to every request"_s) },
              { u"downloadKbps"_s, ParamsSchema::integer(1, 1000000, u"Download speed in kbit/s"_s) },
              { u"uploadKbps"_s, ParamsSchema::integer(1, 1000000, u"Upload speed in kbit/s"_s) },
              { u"cpuThrottling"_s, number(1, 20, u"How many times slower the CPU runs (1: full speed)"_s) },
              { u"geolocation"_s,
                described(
                    ParamsSchema::object({ { u"latitude"_s, number(-90, 90, u"Degrees"_s) },
                                           { u"longitude"_s, number(-180, 180, u"Degrees"_s) },
                                           { u"accuracy"_s, number(0, 100000, u"Metres (default 100)"_s) } },
                                         { u"latitude"_s, u"longitude"_s }),
                    u"Where navigator.geolocation says the device is"_s) },
              { u"colorScheme"_s,
                ParamsSchema::choice({ u"light"_s, u"dark"_s, u"no-preference"_s },
                                     u"prefers-color-scheme"_s) },
              { u"reset"_s, prop(u"boolean"_s, u"First clear everything emulated before"_s) } });
    }
    if (type == u"upload"_s) {
        return objectSchema(
            { { u"ref"_s, refProp(u"The file input (<input type=file>)"_s) },
              { u"files"_s,
                QJsonObject { { u"type"_s, u"array"_s },
                              { u"items"_s, QJsonObject { { u"type"_s, u"string"_s } } },
                              { u"description"_s,
                                u"Full paths of the files, inside the folders the user opened for uploads "
                                "(toolkit/uploadDirs)"_s } } } },
            { u"ref"_s, u"files"_s });
    }
    if (type == u"pdf"_s) {
        return objectSchema(
            { { u"path"_s,
                prop(
                    u"string"_s,
                    u"A file name for the PDF in your downloads folder (no folders; default page-<time>.pdf)"_s) },
              { u"landscape"_s,
                prop(u"boolean"_s, u"Landscape pages (default: as the page's print style says)"_s) } });
    }
    if (type == u"downloads"_s) {
        return objectSchema(
            { { u"action"_s,
                ParamsSchema::choice(
                    { u"list"_s, u"wait"_s, u"clear"_s },
                    u"list your downloads (default); wait until the next (or a pending) one finishes; clear: "
                    "delete your finished downloads' files and forget them"_s) },
              { u"timeoutMs"_s,
                ParamsSchema::integer(1, 300000,
                                      u"wait: how long to wait in milliseconds (default 30000)"_s) } });
    }
    if (type == u"context"_s) {
        return objectSchema(
            { { u"action"_s,
                ParamsSchema::choice({ u"new"_s, u"close"_s },
                                     u"new: an isolated browser profile of yours that your new tabs open in "
                                     "(the one you have, if any); close: close it and its tabs"_s) } },
            { u"action"_s });
    }
    if (type == u"cookies"_s) {
        const QJsonObject cookie = ParamsSchema::object(
            { { u"name"_s, prop(u"string"_s, u"The cookie's name"_s) },
              { u"value"_s, prop(u"string"_s, u"Its value"_s) },
              { u"domain"_s,
                prop(u"string"_s, u"The site's host or a domain above it (default: the host only)"_s) },
              { u"path"_s, prop(u"string"_s, u"Default /"_s) },
              { u"expires"_s, prop(u"number"_s, u"Seconds since 1970 (default: a session cookie)"_s) },
              { u"httpOnly"_s, prop(u"boolean"_s, u"Hidden from the page's scripts"_s) },
              { u"secure"_s, prop(u"boolean"_s, u"Sent over https only"_s) },
              { u"sameSite"_s,
                ParamsSchema::choice({ u"Strict"_s, u"Lax"_s, u"None"_s }, u"Default: the browser's"_s) } },
            { u"name"_s, u"value"_s });
        return objectSchema(
            { { u"action"_s,
                ParamsSchema::choice({ u"get"_s, u"set"_s, u"clear"_s },
                                     u"get the cookies the site gets (default), set some, or clear them"_s) },
              { u"url"_s, prop(u"string"_s, u"Whose cookies: an http(s) address (default: the tab's)"_s) },
              { u"name"_s, prop(u"string"_s, u"get/clear: only the cookie of this name"_s) },
              { u"cookies"_s,
                QJsonObject { { u"type"_s, u"array"_s },
                              { u"items"_s, cookie },
                              { u"description"_s, u"set: the cookies (1–100)"_s } } } });
    }
    if (type == u"storage"_s) {
        return objectSchema(
            { { u"action"_s,
                ParamsSchema::choice({ u"save"_s, u"load"_s, u"list"_s },
                                     u"save the cookies, localStorage and sessionStorage of your tabs' sites "
                                     "under name; load a saved one into your tabs; list the saved ones"_s) },
              { u"name"_s,
                prop(u"string"_s, u"save/load: the state's name (letters, digits, . _ -; at most 64)"_s) } },
            { u"action"_s });
    }
    return objectSchema({}); // back, forward, reload
}

} // namespace mpa::ToolkitSchemas
