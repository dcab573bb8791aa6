#pragma once
// How a tab presents itself, for the toolkit's `resize` and `emulate`: viewport, device, user
// agent, network conditions, CPU speed, location and colour scheme, through the Emulation and
// Network domains (no page patching). Each call sets only what it names; `reset` clears all.
// The device names and their figures are Playwright's device descriptors (playwright-core
// 1.65), so an agent that asks for "iPhone 15" here gets what it would get there.

#include <QJsonObject>
#include <QSize>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

namespace mpa {

class CdpSession;

struct DeviceDescriptor
{
    QString name;
    QString userAgent;
    QSize viewport;
    double scale = 1;
    bool mobile = false;
    bool touch = false;
};

struct EmulateOptions
{
    bool reset = false; // first clear everything emulated before
    std::optional<QString> userAgent;
    std::optional<QSize> viewport;
    double scale = 0; // device pixels per CSS pixel; 0: the screen's
    bool mobile = false;
    std::optional<bool> touch;
    // Network: any of these set the whole condition (the rest as without emulation).
    std::optional<bool> offline;
    std::optional<int> latencyMs;
    std::optional<int> downloadKbps;
    std::optional<int> uploadKbps;
    std::optional<double> cpuThrottling; // 1: full speed, 4: four times slower
    struct Location
    {
        double latitude = 0;
        double longitude = 0;
        double accuracy = 100;
    };
    std::optional<Location> geolocation;
    std::optional<QString> colorScheme; // light, dark, no-preference

    // Takes a device's viewport, scale, touch and user agent (an explicit viewport or
    // userAgent set afterwards wins).
    void useDevice(const DeviceDescriptor &device);
    bool empty() const;
};

namespace PageEmulation {

const QList<DeviceDescriptor> &devices();
QStringList deviceNames();
// The device of that name (case and spaces do not matter: "iphone15" is "iPhone 15").
std::optional<DeviceDescriptor> device(const QString &name);

// Sends what `options` set; `done` with the CSS viewport now in effect ({width, height}) and
// what was applied, or the first error the browser gave.
void apply(CdpSession *page, const EmulateOptions &options,
           std::function<void(const QJsonObject &now, const QString &error)> done);

} // namespace PageEmulation

} // namespace mpa
