// Payload modules in real Chromium: isolated, reported, re-established, idempotent.
#include "PayloadTest.h"
#include "QtPrinters.h"
#include "Wait.h"
#include "page/PayloadHub.h"

#include <QSignalSpy>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

const QString kProbe = uR"JS((mpa) => {
  let config = null;
  const hello = () => mpa.report('hello', { url: location.href, buttons: document.querySelectorAll('button').length,
                                            top: window === window.top });
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', hello); else hello();
  return {
    configure(next) { config = next; mpa.report('configured', next); },
    echo(value) { return { value, config, version: mpa.version }; },
    dispose() { mpa.report('disposed', {}); },
  };
})JS"_s;

struct Report
{
    QString module, kind, frameId;
    QJsonObject data;
};

class PayloadInjectorTest : public PayloadTest
{
protected:
    void SetUp() override
    {
        PayloadTest::SetUp();
        QObject::connect(hub.get(), &PayloadHub::reportReceived, hub.get(),
                         [this](CdpSession *, const QString &module, const QString &kind,
                                const QJsonObject &data, const QString &frameId) {
                             reports.append({ module, kind, frameId, data });
                         });
    }

    // Reports of `kind` from the page under test (the browser's first tab gets modules too).
    int count(const QString &kind) const
    {
        return int(std::count_if(reports.begin(), reports.end(), [&](const Report &r) {
            return r.kind == kind && (watched.isEmpty() || watched.contains(r.frameId));
        }));
    }
    void watch(CdpSession *page) { watched.append(page->targetId()); }

    QJsonValue call(PayloadInjector *injector, const QString &expression, const QString &frameId = {})
    {
        std::optional<QJsonValue> out;
        QObject context;
        injector->evaluate(
            expression, &context,
            [&](const QJsonValue &v, const CdpError &e) {
                EXPECT_FALSE(e.isError()) << e.toString().toStdString();
                out = v;
            },
            frameId);
        EXPECT_TRUE(waitUntil([&] { return out.has_value(); }));
        return out.value_or(QJsonValue());
    }

    QList<Report> reports;
    QStringList watched;
};

TEST_F(PayloadInjectorTest, AModuleRunsInTheLiveDocumentUnseenByThePage)
{
    CdpSession *page = openPage(endpoint, fixtureUrl(u"basic.html"_s));
    ASSERT_TRUE(page);
    watch(page);
    hub->addScript({ u"probe"_s, kProbe });
    ASSERT_TRUE(waitUntil([&] { return count(u"hello"_s) == 1; }));
    const Report hello = *std::find_if(reports.begin(), reports.end(),
                                       [&](const Report &r) { return r.frameId == page->targetId(); });
    EXPECT_EQ(hello.module, u"probe"_s);
    EXPECT_EQ(hello.data.value(u"buttons").toInt(), 1);

    PayloadInjector *injector = hub->injectorFor(page);
    ASSERT_TRUE(injector);
    EXPECT_TRUE(waitUntil([&] { return injector->isReady(); }));
    EXPECT_EQ(call(injector, PayloadInjector::moduleCall(u"probe"_s, u"echo"_s, 7))
                  .toObject()
                  .value(u"value")
                  .toInt(),
              7);

    // The page's own JavaScript sees neither the modules nor the report binding.
    EXPECT_EQ(evaluate(page, u"typeof globalThis.__mpa + '/' + typeof globalThis.__mpaReport"_s).toString(),
              u"undefined/undefined"_s);
}

TEST_F(PayloadInjectorTest, ReloadAndNavigationBringTheModuleAndItsConfigBack)
{
    CdpSession *page = openPage(endpoint, fixtureUrl(u"basic.html"_s));
    ASSERT_TRUE(page);
    watch(page);
    hub->setConfig(u"probe"_s, { { u"mode"_s, u"first"_s } });
    hub->addScript({ u"probe"_s, kProbe });
    PayloadInjector *injector = hub->injectorFor(page);
    ASSERT_TRUE(waitUntil([&] { return count(u"configured"_s) == 1 && injector->isReady(); }));

    QSignalSpy cleared(injector, &PayloadInjector::documentCleared);
    ASSERT_TRUE(navigate(page, fixtureUrl(u"frame.html"_s)));
    ASSERT_TRUE(waitUntil([&] { return count(u"hello"_s) == 2 && count(u"configured"_s) == 2; }));
    EXPECT_GE(cleared.count(), 1);

    // A live config change reaches the running document without re-injection.
    hub->setConfig(u"probe"_s, { { u"mode"_s, u"second"_s } });
    ASSERT_TRUE(waitUntil([&] { return count(u"configured"_s) == 3; }));
    EXPECT_EQ(call(injector, PayloadInjector::moduleCall(u"probe"_s, u"echo"_s, 1))
                  .toObject()
                  .value(u"config"_s)
                  .toObject()
                  .value(u"mode"_s)
                  .toString(),
              u"second"_s);
    EXPECT_EQ(count(u"hello"_s), 2) << "the config push must not re-run the module";

    sendAndWait(page, u"Page.reload"_s);
    ASSERT_TRUE(waitUntil([&] { return count(u"hello"_s) == 3 && count(u"configured"_s) == 4; }));
}

TEST_F(PayloadInjectorTest, InstallsAreIdempotentByVersionAndAnotherSourceReplacesTheModule)
{
    CdpSession *page = openPage(endpoint, fixtureUrl(u"basic.html"_s));
    ASSERT_TRUE(page);
    watch(page);
    PayloadInjector *injector = hub->ensureScript(page, u"none"_s);
    const PayloadScript first { u"probe"_s, kProbe };
    // The next app version's module: another source, so another version (a hash of it).
    const PayloadScript upgraded { u"probe"_s, kProbe + u"\n// upgraded"_s };
    EXPECT_EQ(first.version(), (PayloadScript { u"probe"_s, kProbe }.version()));
    EXPECT_NE(first.version(), upgraded.version());
    EXPECT_EQ(first.version().size(), 16);

    injector->addScript(first);
    ASSERT_TRUE(waitUntil([&] { return count(u"hello"_s) == 1; }));
    injector->addScript(first); // the same source: nothing happens
    // The upgraded module replaces the running one in the open page: the old one is disposed.
    injector->addScript(upgraded);
    ASSERT_TRUE(waitUntil([&] { return count(u"hello"_s) == 2; }));
    EXPECT_EQ(count(u"disposed"_s), 1);
    EXPECT_EQ(call(injector, PayloadInjector::moduleCall(u"probe"_s, u"echo"_s, 0))
                  .toObject()
                  .value(u"version")
                  .toString(),
              upgraded.version());

    // After a reload only the newest version runs (the old new-document script was removed).
    sendAndWait(page, u"Page.reload"_s);
    ASSERT_TRUE(waitUntil([&] { return count(u"hello"_s) == 3; }));
    EXPECT_EQ(call(injector, PayloadInjector::moduleCall(u"probe"_s, u"echo"_s, 0))
                  .toObject()
                  .value(u"version")
                  .toString(),
              upgraded.version());
    EXPECT_EQ(count(u"hello"_s), 3);
    EXPECT_EQ(count(u"disposed"_s), 1);
}

// A world outlives the connection that made it: the next app (a new version, or the same one
// restarted) finds the module already running there and replaces it only if it differs.
TEST_F(PayloadInjectorTest, ALaterConnectionReplacesAnOlderModuleLeftInTheWorld)
{
    CdpSession *page = openPage(endpoint, fixtureUrl(u"basic.html"_s));
    ASSERT_TRUE(page);
    watch(page);
    PayloadInjector *injector = hub->ensureScript(page, u"none"_s);
    injector->addScript({ u"probe"_s, kProbe });
    ASSERT_TRUE(waitUntil([&] { return count(u"hello"_s) == 1; }));
    const QString targetId = page->targetId();
    hub.reset();
    endpoint->stop(); // the app's connection goes away; the page and its world stay

    endpoint = connectEndpoint();
    ASSERT_TRUE(endpoint);
    hub = std::make_unique<PayloadHub>(endpoint);
    QObject::connect(hub.get(), &PayloadHub::reportReceived, hub.get(),
                     [this](CdpSession *, const QString &module, const QString &kind, const QJsonObject &data,
                            const QString &frameId) {
                         reports.append({ module, kind, frameId, data });
                     });
    ASSERT_TRUE(waitUntil([&] { return endpoint->sessionForTarget(targetId) != nullptr; }));
    CdpSession *again = endpoint->sessionForTarget(targetId);
    injector = hub->ensureScript(again, u"none"_s);
    const PayloadScript upgraded { u"probe"_s, kProbe + u"\n// the next version"_s };
    injector->addScript(upgraded);
    ASSERT_TRUE(waitUntil([&] { return count(u"disposed"_s) == 1 && count(u"hello"_s) == 2; }))
        << "the old module in the surviving world is disposed and the new one runs";
    ASSERT_TRUE(waitUntil([&] { return injector->isReady(); }));
    EXPECT_EQ(call(injector, PayloadInjector::moduleCall(u"probe"_s, u"echo"_s, 0))
                  .toObject()
                  .value(u"version")
                  .toString(),
              upgraded.version());
}

TEST_F(PayloadInjectorTest, EveryFrameGetsTheModuleInProcessOrNot)
{
    QUrl host = fixtureUrl(u"iframe-host.html"_s);
    host.setQuery(u"src="_s
                  + QString::fromLatin1(QUrl::toPercentEncoding(crossPortUrl(u"frame.html"_s).toString())));
    QUrl crossSiteHost = fixtureUrl(u"iframe-host.html"_s);
    crossSiteHost.setQuery(
        u"src="_s + QString::fromLatin1(QUrl::toPercentEncoding(crossSiteUrl(u"frame.html"_s).toString())));
    hub->addScript({ u"probe"_s, kProbe });

    // Same site, other port: one target, two frames, two worlds.
    CdpSession *page = openPage(endpoint, host);
    ASSERT_TRUE(page);
    PayloadInjector *injector = hub->injectorFor(page);
    ASSERT_TRUE(injector);
    ASSERT_TRUE(waitUntil([&] { return injector->frameIds().size() == 2; }));
    const QString child = injector->frameIds().at(0) == page->targetId() ? injector->frameIds().at(1)
                                                                         : injector->frameIds().at(0);
    EXPECT_TRUE(call(injector, u"location.pathname"_s, child).toString().endsWith(u"frame.html"_s));

    // Another site: the frame is its own target and gets its own injector.
    reports.clear();
    CdpSession *other = openPage(endpoint, crossSiteHost);
    ASSERT_TRUE(other);
    ASSERT_TRUE(waitUntil([&] {
        return std::any_of(reports.begin(), reports.end(), [](const Report &r) {
            return r.kind == u"hello"_s && !r.data.value(u"top").toBool()
                && r.data.value(u"url").toString().contains(u"localhost"_s);
        });
    }));
}

TEST_F(PayloadInjectorTest, ScriptsGoOnlyWhereTheirRuleSays)
{
    CdpSession *basic = openPage(endpoint, fixtureUrl(u"basic.html"_s));
    CdpSession *frame = openPage(endpoint, fixtureUrl(u"frame.html"_s));
    ASSERT_TRUE(basic && frame);
    hub->addScript({ u"probe"_s, kProbe },
                   [](CdpSession *s) { return s->targetInfo().url.contains(u"frame.html"_s); });
    ASSERT_TRUE(waitUntil([&] { return count(u"hello"_s) == 1; }));
    EXPECT_EQ(hub->injectorFor(basic), nullptr);
    EXPECT_NE(hub->injectorFor(frame), nullptr);
    EXPECT_TRUE(reports.first().data.value(u"url").toString().endsWith(u"frame.html"_s));

    // Navigating the other tab onto a matching URL brings the module there too.
    ASSERT_TRUE(navigate(basic, fixtureUrl(u"frame.html?again"_s)));
    ASSERT_TRUE(waitUntil([&] { return count(u"hello"_s) == 2; }));
    EXPECT_EQ(reports.last().frameId, basic->targetId());
}

} // namespace
