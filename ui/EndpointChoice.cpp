#include "EndpointChoice.h"

#include "cdp/CdpEndpoint.h"
#include "engine/Engine.h"
#include "settings/Settings.h"

#include <QSignalBlocker>

namespace mpa {

EndpointChoice::EndpointChoice(Engine *engine, SettingKey key, const QString &automatic, QWidget *parent)
    : QComboBox(parent)
    , m_engine(engine)
    , m_key(key)
    , m_automatic(automatic)
{
    setSizeAdjustPolicy(QComboBox::AdjustToContents);
    connect(this, &QComboBox::activated, this,
            [this](int index) { m_engine->settings()->setValue(m_key, itemData(index).toString()); });
    connect(engine->endpoint(), &CdpEndpoint::endpointsChanged, this, &EndpointChoice::refresh);
    connect(engine->settings(), &Settings::changed, this, [this](SettingKey changed) {
        if (changed == m_key || changed == SettingKey::CdpEndpoints)
            refresh();
    });
    refresh();
}

void EndpointChoice::refresh()
{
    const QSignalBlocker blocker(this);
    const QString saved = m_engine->settings()->stringValue(m_key).trimmed();
    clear();
    addItem(m_automatic, QString());
    bool listed = saved.isEmpty();
    for (const CdpSource *source : m_engine->endpoint()->sources()) {
        addItem(source->name(), source->name());
        listed = listed || source->name() == saved;
    }
    if (!listed)
        addItem(tr("%1 (not watched now)").arg(saved), saved);
    setCurrentIndex(findData(saved));
}

} // namespace mpa
