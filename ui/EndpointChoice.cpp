#include "EndpointChoice.h"

#include "models/EndpointsModel.h"
#include "settings/Settings.h"

#include <QSignalBlocker>

namespace mpa {

EndpointChoice::EndpointChoice(Settings *settings, EndpointsModel *endpoints, SettingKey key,
                               const QString &automatic, QWidget *parent)
    : QComboBox(parent)
    , m_settings(settings)
    , m_endpoints(endpoints)
    , m_key(key)
    , m_automatic(automatic)
{
    setSizeAdjustPolicy(QComboBox::AdjustToContents);
    connect(this, &QComboBox::activated, this,
            [this](int index) { m_settings->setValue(m_key, itemData(index).toString()); });
    connect(endpoints, &EndpointsModel::changed, this, &EndpointChoice::refresh);
    connect(settings, &Settings::changed, this, [this](SettingKey changed) {
        if (changed == m_key || changed == SettingKey::CdpEndpoints)
            refresh();
    });
    refresh();
}

void EndpointChoice::refresh()
{
    const QSignalBlocker blocker(this);
    const QString saved = m_settings->stringValue(m_key).trimmed();
    clear();
    addItem(m_automatic, QString());
    bool listed = saved.isEmpty();
    for (const QString &name : m_endpoints->names()) {
        addItem(name, name);
        listed = listed || name == saved;
    }
    if (!listed)
        addItem(tr("%1 (not watched now)").arg(saved), saved);
    setCurrentIndex(findData(saved));
}

} // namespace mpa
