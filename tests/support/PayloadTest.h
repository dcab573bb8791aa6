#pragma once
// A test on the suite's Chromium with the app's page scripts: an endpoint connected to it and a
// PayloadHub over that endpoint, and a way to call into a module as the app does.

#include "HeadlessChromium.h"
#include "page/PayloadHub.h"

#include <QJsonValue>

#include <memory>

namespace mpa::test {

class PayloadTest : public ChromiumTest
{
protected:
    void SetUp() override;
    // Derived tests drop what uses the hub first, then call this.
    void TearDown() override;

    // Evaluates `expression` in the app's world of `page` (one of its frames) and waits for
    // the answer; undefined when the app has nothing in that page, and a test failure too when
    // no answer comes.
    QJsonValue evaluateInWorld(CdpSession *page, const QString &expression, const QString &frameId = {});
    // `globalThis.__mpa[module].function()` there: what the app calls.
    QJsonValue callModule(CdpSession *page, const QString &module, const QString &function,
                          const QString &frameId = {});

    CdpEndpoint *endpoint = nullptr;
    std::unique_ptr<PayloadHub> hub;
};

} // namespace mpa::test
