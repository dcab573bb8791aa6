#pragma once
// The settings window's widgets offered to the debug API (getUISnapshot, listUIElements,
// uiAction): a tree read from the live widgets — pages, groups, buttons, fields, labels, tables
// and the window's open dialogs — each with an id that is a path of object names (or role and
// position where a widget has none), so the same widget has the same id on every call. Acting
// goes the way a user's hand would: a click is a button click, a value is typed or picked and
// the setting field checks and saves it as it does for the user. The window answers the
// DesktopUi seam's uiSnapshot() and performUiAction() with it.

#include "actions/CommandDispatcher.h"

#include <QHash>
#include <QJsonObject>
#include <QJsonValue>
#include <QObject>
#include <QPointer>

class QWidget;

namespace mpa {

class MainWindow;
class Settings;

class WindowAutomation : public QObject
{
    Q_OBJECT
public:
    // A child of `window`. The API's rights stay those of updateSettings: fields of privileged
    // settings (debug/*, toolkit/allowEval, …) are read-only through it, and cdp/host and
    // agentServer/url take loopback addresses only.
    WindowAutomation(MainWindow *window, Settings *settings);

    // DesktopUi::uiSnapshot() and DesktopUi::performUiAction() of the window.
    QJsonObject snapshot() const;
    void perform(const QString &type, const QString &target, const QJsonValue &value, CommandReply reply);

    // A page's id in the snapshot (dashboard, autoAccept, queue, …, general).
    static QString pageId(int page);

    struct Found
    {
        QPointer<QWidget> widget;
        QString page; // the page's (or dialog's) id
        int pageIndex = -1; // the window's page, -1 for a dialog
        QPointer<QWidget> root; // the page or dialog it sits in
        QString role;
        QString label;
    };

private:
    struct Walk;
    QJsonObject walkAll(QHash<QString, Found> *index) const;
    void click(const QString &target, const Found &found, CommandReply reply);
    void setValue(const QString &target, const Found &found, const QJsonValue &value, CommandReply reply);

    // Why the API may not change the field `w` belongs to (to `value`, when given); else empty.
    QString beyondRights(QWidget *w, const QJsonValue &value = {}) const;

    QPointer<MainWindow> m_window;
    Settings *m_settings;
};

} // namespace mpa
