#pragma once
// What every benchmark needs: percentiles of its samples, and a Chromium to measure against.

#include "HeadlessChromium.h"
#include "Wait.h"
#include "cdp/CdpEndpoint.h"

#include <QList>
#include <QString>

#include <algorithm>
#include <cstdio>

namespace mpa::test {

// The p-th percentile (0–100) of `values`, nearest rank; 0 for no values.
inline double percentile(QList<double> values, double p)
{
    std::sort(values.begin(), values.end());
    if (values.isEmpty())
        return 0;
    const auto index
        = qsizetype(std::min<double>(double(values.size() - 1), p / 100.0 * double(values.size())));
    return values.at(index);
}

// Starts `chromium`; says why on stderr when it cannot.
inline bool startChromium(HeadlessChromium &chromium)
{
    QString error;
    if (chromium.start(&error))
        return true;
    std::fprintf(stderr, "cannot start Chromium: %s\n", qPrintable(error));
    return false;
}

// Points `endpoint` at `chromium` and waits until it is connected.
inline bool connectEndpoint(CdpEndpoint &endpoint, const HeadlessChromium &chromium)
{
    endpoint.setAddress(QStringLiteral("127.0.0.1"), chromium.port());
    endpoint.start();
    if (waitUntil([&] { return endpoint.isConnected(); }))
        return true;
    std::fprintf(stderr, "cannot connect to Chromium on port %u\n", unsigned(chromium.port()));
    return false;
}

} // namespace mpa::test
