#include "EngineControls.h"

#include "engine/Engine.h"
#include "logging/LogCategories.h"
#include "settings/Settings.h"

namespace mpa::EngineControls {

bool autoAcceptEnabled(const Engine *engine)
{
    return engine->autoAcceptEnabled();
}

void setAutoAcceptEnabled(Engine *engine, bool enabled)
{
    engine->setAutoAcceptEnabled(enabled); // the same switch as the debug API's toggle
    qCInfo(lcUi) << "auto-accept switched" << (enabled ? "on" : "off");
}

} // namespace mpa::EngineControls
