#include "PayloadTest.h"

#include "Wait.h"
#include "page/PayloadInjector.h"

#include <gtest/gtest.h>

#include <optional>

namespace mpa::test {

void PayloadTest::SetUp()
{
    ChromiumTest::SetUp();
    endpoint = connectEndpoint();
    ASSERT_TRUE(endpoint);
    hub = std::make_unique<PayloadHub>(endpoint);
}

void PayloadTest::TearDown()
{
    hub.reset();
    ChromiumTest::TearDown();
}

QJsonValue PayloadTest::evaluateInWorld(CdpSession *page, const QString &expression, const QString &frameId)
{
    PayloadInjector *injector = hub->injectorFor(page);
    if (!injector)
        return QJsonValue(QJsonValue::Undefined); // nothing of the app's in that page
    std::optional<QJsonValue> out;
    QObject context;
    injector->evaluate(
        expression, &context, [&](const QJsonValue &value, const CdpError &) { out = value; }, frameId);
    EXPECT_TRUE(waitUntil([&] { return out.has_value(); })) << "no answer to " << expression.toStdString();
    return out.value_or(QJsonValue(QJsonValue::Undefined));
}

QJsonValue PayloadTest::callModule(CdpSession *page, const QString &module, const QString &function,
                                   const QString &frameId)
{
    return evaluateInWorld(page, PayloadInjector::moduleCall(module, function), frameId);
}

} // namespace mpa::test
