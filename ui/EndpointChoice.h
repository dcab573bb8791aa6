#pragma once
// A choice of one of the engine's browsers for a setting that names one (toolkit/defaultEndpoint:
// where new agent tabs open; schedule/endpoint: which IDE's chat the prompts go to). The empty
// value, the app's own choice, comes first, then every endpoint the engine watches, kept to the
// live set; a saved endpoint no longer watched stays shown as such until another is chosen.

#include "settings/SettingKey.h"

#include <QComboBox>

namespace mpa {

class EndpointsModel;
class Settings;

class EndpointChoice : public QComboBox
{
    Q_OBJECT
public:
    // `automatic` names the empty value ("The first endpoint while it is connected").
    EndpointChoice(Settings *settings, EndpointsModel *endpoints, SettingKey key, const QString &automatic,
                   QWidget *parent = nullptr);

    // Fills the list again from the endpoints and the saved value.
    void refresh();

private:
    Settings *m_settings;
    EndpointsModel *m_endpoints;
    SettingKey m_key;
    QString m_automatic;
};

} // namespace mpa
