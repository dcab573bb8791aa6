#include "EngineControls.h"

#include "engine/Engine.h"
#include "logging/LogCategories.h"
#include "quota/QuotaMonitor.h"
#include "quota/QuotaProvider.h"
#include "settings/Settings.h"

#include <QCoreApplication>

namespace mpa::EngineControls {

bool autoAcceptEnabled(const Engine *engine)
{
    return engine->overrides().autoAccept.value_or(
        engine->settings()->boolValue(SettingKey::AutoAcceptEnabled));
}

void setAutoAcceptEnabled(Engine *engine, bool enabled)
{
    if (engine->overrides().autoAccept) {
        Engine::Overrides overrides = engine->overrides();
        overrides.autoAccept.reset();
        engine->setOverrides(overrides);
    }
    const bool before = engine->settings()->boolValue(SettingKey::AutoAcceptEnabled);
    engine->settings()->setValue(SettingKey::AutoAcceptEnabled, enabled);
    if (before == enabled) // no changed() from Settings: tell the views the override went
        Q_EMIT engine->statusChanged();
    qCInfo(lcUi) << "auto-accept switched" << (enabled ? "on" : "off");
}

QString quotaAtAGlance(const Engine *engine)
{
    const QuotaSnapshot &snapshot = engine->quota()->snapshot();
    const ModelQuota *lowest = QuotaMonitor::lowestModel(snapshot);
    const std::optional<int> percent = QuotaMonitor::lowestPercent(snapshot);
    if (!lowest || !percent)
        return {};
    return QCoreApplication::translate("EngineControls", "Quota: %1% left (%2)").arg(*percent).arg(lowest->label);
}

} // namespace mpa::EngineControls
