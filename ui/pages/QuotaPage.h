#pragma once
// Quota: how much of each model's quota is left and when it resets, plan credits, and how
// often the app asks.

#include "SettingsPage.h"

namespace mpa {

class QuotaPage : public SettingsPage
{
    Q_OBJECT
public:
    explicit QuotaPage(Engine *engine, QWidget *parent = nullptr);
};

} // namespace mpa
