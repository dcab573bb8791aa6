#include "PageEmulation.h"

#include "cdp/CdpSession.h"

#include <QJsonArray>

#include <memory>

using namespace Qt::StringLiterals;

namespace mpa {

void EmulateOptions::useDevice(const DeviceDescriptor &device)
{
    userAgent = device.userAgent;
    viewport = device.viewport;
    scale = device.scale;
    mobile = device.mobile;
    touch = device.touch;
}

bool EmulateOptions::empty() const
{
    return !reset && !userAgent && !viewport && !touch && !offline && !latencyMs && !downloadKbps
        && !uploadKbps && !cpuThrottling && !geolocation && !colorScheme;
}

namespace PageEmulation {

namespace {

QString squeezed(const QString &name)
{
    QString out;
    for (const QChar c : name) {
        if (!c.isSpace())
            out.append(c.toLower());
    }
    return out;
}

struct Pending
{
    int waiting = 0;
    QString error;
    QJsonObject applied;
    std::function<void(const QJsonObject &, const QString &)> done;
};

} // namespace

const QList<DeviceDescriptor> &devices()
{
    // playwright-core 1.65.1, packages/playwright-core/src/server/deviceDescriptorsSource.json.
    static const QList<DeviceDescriptor> all {
        { u"iPhone 15"_s,
          u"Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
          "Version/27.2 Mobile/15E148 Safari/604.1"_s,
          { 393, 659 },
          3,
          true,
          true },
        { u"iPhone 15 Pro Max"_s,
          u"Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
          "Version/27.2 Mobile/15E148 Safari/604.1"_s,
          { 430, 739 },
          3,
          true,
          true },
        { u"iPhone SE (3rd gen)"_s,
          u"Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/603.1.30 (KHTML, like Gecko) "
          "Version/27.2 Mobile/19E241 Safari/602.1"_s,
          { 375, 667 },
          2,
          true,
          true },
        { u"Pixel 7"_s,
          u"Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) "
          "Chrome/159.0.8154.6 Mobile Safari/537.36"_s,
          { 412, 839 },
          2.625,
          true,
          true },
        { u"Galaxy S24"_s,
          u"Mozilla/5.0 (Linux; Android 14; SM-S921U) AppleWebKit/537.36 (KHTML, like Gecko) "
          "Chrome/159.0.8154.6 Mobile Safari/537.36"_s,
          { 360, 780 },
          3,
          true,
          true },
        { u"iPad Pro 11"_s,
          u"Mozilla/5.0 (iPad; CPU OS 12_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
          "Version/27.2 Mobile/15E148 Safari/604.1"_s,
          { 834, 1194 },
          2,
          true,
          true },
        { u"Desktop Chrome"_s,
          u"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
          "Chrome/159.0.8154.6 Safari/537.36"_s,
          { 1280, 720 },
          1,
          false,
          false },
    };
    return all;
}

QStringList deviceNames()
{
    QStringList names;
    for (const DeviceDescriptor &device : devices())
        names.append(device.name);
    return names;
}

std::optional<DeviceDescriptor> device(const QString &name)
{
    const QString wanted = squeezed(name);
    for (const DeviceDescriptor &device : devices()) {
        if (squeezed(device.name) == wanted)
            return device;
    }
    return std::nullopt;
}

void apply(CdpSession *page, const EmulateOptions &options,
           std::function<void(const QJsonObject &now, const QString &error)> done)
{
    if (!page)
        return done({}, QObject::tr("the tab is gone"));
    auto pending = std::make_shared<Pending>();
    pending->done = std::move(done);
    QList<std::pair<QString, QJsonObject>> commands;
    if (options.reset) {
        commands.append({ u"Emulation.clearDeviceMetricsOverride"_s, {} });
        commands.append({ u"Emulation.setTouchEmulationEnabled"_s, { { u"enabled"_s, false } } });
        commands.append({ u"Emulation.setUserAgentOverride"_s, { { u"userAgent"_s, QString() } } });
        commands.append({ u"Network.emulateNetworkConditions"_s,
                          { { u"offline"_s, false },
                            { u"latency"_s, 0 },
                            { u"downloadThroughput"_s, -1 },
                            { u"uploadThroughput"_s, -1 } } });
        commands.append({ u"Emulation.setCPUThrottlingRate"_s, { { u"rate"_s, 1 } } });
        commands.append({ u"Emulation.clearGeolocationOverride"_s, {} });
        commands.append({ u"Emulation.setEmulatedMedia"_s, { { u"features"_s, QJsonArray() } } });
        pending->applied.insert(u"reset"_s, true);
    }
    if (options.viewport) {
        commands.append({ u"Emulation.setDeviceMetricsOverride"_s,
                          { { u"width"_s, options.viewport->width() },
                            { u"height"_s, options.viewport->height() },
                            { u"deviceScaleFactor"_s, options.scale },
                            { u"mobile"_s, options.mobile } } });
        pending->applied.insert(u"viewport"_s,
                                QJsonObject { { u"width"_s, options.viewport->width() },
                                              { u"height"_s, options.viewport->height() } });
        if (options.scale > 0)
            pending->applied.insert(u"deviceScaleFactor"_s, options.scale);
        pending->applied.insert(u"mobile"_s, options.mobile);
    }
    if (options.touch) {
        commands.append({ u"Emulation.setTouchEmulationEnabled"_s, { { u"enabled"_s, *options.touch } } });
        pending->applied.insert(u"touch"_s, *options.touch);
    }
    if (options.userAgent) {
        commands.append({ u"Emulation.setUserAgentOverride"_s, { { u"userAgent"_s, *options.userAgent } } });
        pending->applied.insert(u"userAgent"_s, *options.userAgent);
    }
    if (options.offline || options.latencyMs || options.downloadKbps || options.uploadKbps) {
        // kbit/s to bytes/s; -1 leaves the direction unthrottled.
        const auto throughput
            = [](const std::optional<int> &kbps) { return kbps ? double(*kbps) * 1000.0 / 8.0 : -1.0; };
        const QJsonObject conditions { { u"offline"_s, options.offline.value_or(false) },
                                       { u"latency"_s, options.latencyMs.value_or(0) },
                                       { u"downloadThroughput"_s, throughput(options.downloadKbps) },
                                       { u"uploadThroughput"_s, throughput(options.uploadKbps) } };
        commands.append({ u"Network.emulateNetworkConditions"_s, conditions });
        QJsonObject network { { u"offline"_s, options.offline.value_or(false) },
                              { u"latencyMs"_s, options.latencyMs.value_or(0) } };
        if (options.downloadKbps)
            network.insert(u"downloadKbps"_s, *options.downloadKbps);
        if (options.uploadKbps)
            network.insert(u"uploadKbps"_s, *options.uploadKbps);
        pending->applied.insert(u"network"_s, network);
    }
    if (options.cpuThrottling) {
        commands.append({ u"Emulation.setCPUThrottlingRate"_s, { { u"rate"_s, *options.cpuThrottling } } });
        pending->applied.insert(u"cpuThrottling"_s, *options.cpuThrottling);
    }
    if (options.geolocation) {
        const QJsonObject location { { u"latitude"_s, options.geolocation->latitude },
                                     { u"longitude"_s, options.geolocation->longitude },
                                     { u"accuracy"_s, options.geolocation->accuracy } };
        commands.append({ u"Emulation.setGeolocationOverride"_s, location });
        pending->applied.insert(u"geolocation"_s, location);
    }
    if (options.colorScheme) {
        commands.append({ u"Emulation.setEmulatedMedia"_s,
                          { { u"features"_s,
                              QJsonArray { QJsonObject { { u"name"_s, u"prefers-color-scheme"_s },
                                                         { u"value"_s, *options.colorScheme } } } } } });
        pending->applied.insert(u"colorScheme"_s, *options.colorScheme);
    }
    // Sent in order on one socket, answered in order: the layout metrics, asked last, see them all.
    pending->waiting = int(commands.size()) + 1;
    for (const auto &command : std::as_const(commands)) {
        const QString method = command.first;
        page->send(method, command.second, page, [pending, method](const CdpResult &result) {
            if (result.error.isError() && pending->error.isEmpty())
                pending->error = QObject::tr("the browser refused %1: %2").arg(method, result.error.message);
            --pending->waiting;
        });
    }
    page->send(u"Page.getLayoutMetrics"_s, {}, page, [pending](const CdpResult &result) {
        --pending->waiting;
        if (!pending->error.isEmpty())
            return pending->done({}, pending->error);
        if (result.error.isError())
            return pending->done({}, result.error.message);
        const QJsonObject viewport = result.result.value(u"cssLayoutViewport").toObject();
        QJsonObject now = pending->applied;
        now.insert(u"now"_s,
                   QJsonObject { { u"width"_s, viewport.value(u"clientWidth") },
                                 { u"height"_s, viewport.value(u"clientHeight") } });
        pending->done(now, {});
    });
}

} // namespace PageEmulation

} // namespace mpa
