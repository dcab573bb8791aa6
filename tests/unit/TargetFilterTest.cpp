#include "cdp/TargetFilter.h"

#include "QtPrinters.h"

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;

namespace {

CdpTargetInfo target(const QString &type, const QString &url, const QString &title = {})
{
    CdpTargetInfo info;
    info.targetId = u"T"_s;
    info.type = type;
    info.url = url;
    info.title = title;
    return info;
}

TEST(TargetFilterTest, AcceptsPagesWebviewsAndIframes)
{
    TargetFilter filter;
    EXPECT_TRUE(filter.accepts(target(u"page"_s, u"https://example.test/"_s)));
    EXPECT_TRUE(filter.accepts(target(u"webview"_s, u"vscode-webview://abc/index.html"_s)));
    EXPECT_TRUE(filter.accepts(target(u"iframe"_s, u"http://localhost:3000/"_s)));
    EXPECT_TRUE(filter.accepts(target(u"page"_s, u"about:blank"_s)));
}

TEST(TargetFilterTest, RefusesBrowserInternalsWithAReason)
{
    TargetFilter filter;
    QString reason;
    EXPECT_FALSE(filter.accepts(target(u"page"_s, u"devtools://devtools/bundled/inspector.html"_s), &reason));
    EXPECT_TRUE(reason.contains(u"browser-internal"_s));
    EXPECT_FALSE(filter.accepts(target(u"browser_ui"_s, u"chrome://omnibox-popup.top-chrome/"_s)));
    EXPECT_FALSE(filter.accepts(target(u"service_worker"_s, u"https://example.test/sw.js"_s)));
    EXPECT_FALSE(filter.accepts(target(u"page"_s, u"chrome-extension://abc/popup.html"_s)));
}

TEST(TargetFilterTest, RefusesTheAppsOwnPagesUnderAnyLoopbackName)
{
    TargetFilter filter;
    filter.addOwnOrigin(QUrl(u"http://127.0.0.1:54321"_s));
    EXPECT_FALSE(filter.accepts(target(u"page"_s, u"http://127.0.0.1:54321/api/state"_s)));
    EXPECT_FALSE(filter.accepts(target(u"page"_s, u"http://localhost:54321/"_s)));
    EXPECT_TRUE(filter.accepts(target(u"page"_s, u"http://127.0.0.1:54322/"_s)));
    filter.removeOwnOrigin(QUrl(u"http://localhost:54321"_s));
    EXPECT_TRUE(filter.accepts(target(u"page"_s, u"http://127.0.0.1:54321/"_s)));
}

TEST(TargetFilterTest, UserPatternsMatchTitleOrUrl)
{
    TargetFilter filter;
    filter.setIgnorePatterns({ u"Private notes"_s, u"/^https://bank\\./"_s });
    QString reason;
    EXPECT_FALSE(filter.accepts(target(u"page"_s, u"https://notes.test/"_s, u"My private NOTES"_s), &reason));
    EXPECT_TRUE(reason.contains(u"Private notes"_s));
    EXPECT_FALSE(filter.accepts(target(u"page"_s, u"https://bank.example/login"_s)));
    EXPECT_TRUE(filter.accepts(target(u"page"_s, u"https://example.test/bank."_s)));
}

} // namespace
