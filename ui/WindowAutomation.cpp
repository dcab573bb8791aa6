#include "WindowAutomation.h"

#include "MainWindow.h"
#include "SettingField.h"
#include "SettingsPage.h"
#include "Widgets.h"
#include "common/Loopback.h"
#include "logging/LogCategories.h"
#include "settings/Settings.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QDoubleSpinBox>
#include <QGroupBox>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMetaEnum>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QRadioButton>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSlider>
#include <QSpinBox>
#include <QTableView>
#include <QTextDocumentFragment>
#include <QTextEdit>
#include <QTimeEdit>
#include <QTimer>
#include <QTreeView>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

constexpr int kMaxRows = 200;
constexpr qsizetype kMaxText = 20000;

QString plainLabel(QString text)
{
    if (Qt::mightBeRichText(text))
        text = QTextDocumentFragment::fromHtml(text).toPlainText();
    text.remove(QRegularExpression(u"&(?!&)"_s));
    text = text.trimmed();
    if (text.endsWith(u':'))
        text.chop(1);
    return text;
}

QString roleOf(const QWidget *w)
{
    // The first class here that the widget is (or inherits) names its role: a check box is a
    // button too, so it comes first.
    struct Role
    {
        const QMetaObject *type;
        const char *name;
    };
    static const Role roles[] = {
        { &QCheckBox::staticMetaObject, "checkbox" },
        { &QRadioButton::staticMetaObject, "radio" },
        { &QAbstractButton::staticMetaObject, "button" },
        { &QAbstractSpinBox::staticMetaObject, "spinbox" },
        { &QComboBox::staticMetaObject, "combobox" },
        { &QLineEdit::staticMetaObject, "textfield" },
        { &QPlainTextEdit::staticMetaObject, "textarea" },
        { &QTextEdit::staticMetaObject, "textarea" },
        { &QLabel::staticMetaObject, "label" },
        { &QSlider::staticMetaObject, "slider" },
        { &QProgressBar::staticMetaObject, "progressbar" },
        { &QGroupBox::staticMetaObject, "group" },
        { &QTableView::staticMetaObject, "table" },
        { &QTreeView::staticMetaObject, "tree" },
        { &QAbstractItemView::staticMetaObject, "list" },
    };
    for (const Role &role : roles) {
        if (w->metaObject()->inherits(role.type))
            return QString::fromLatin1(role.name);
    }
    return {}; // a container: its children are listed in its place
}

QJsonValue rowsOf(const QAbstractItemView *view, bool *truncated)
{
    QJsonArray rows;
    const QAbstractItemModel *model = view->model();
    if (!model)
        return rows;
    const int count = model->rowCount();
    for (int r = 0; r < count && r < kMaxRows; ++r) {
        if (model->columnCount() == 1) {
            rows.append(model->index(r, 0).data().toString());
            continue;
        }
        QJsonArray cells;
        for (int c = 0; c < model->columnCount(); ++c)
            cells.append(model->index(r, c).data().toString());
        rows.append(cells);
    }
    *truncated = count > kMaxRows;
    return rows;
}

QString textOf(const QWidget *w)
{
    if (const auto *label = qobject_cast<const QLabel *>(w))
        return plainLabel(label->text());
    if (const auto *button = qobject_cast<const QAbstractButton *>(w))
        return plainLabel(button->text());
    if (const auto *line = qobject_cast<const QLineEdit *>(w))
        return line->echoMode() == QLineEdit::Normal ? line->text() : QString();
    if (const auto *combo = qobject_cast<const QComboBox *>(w))
        return combo->currentText();
    if (const auto *spin = qobject_cast<const QAbstractSpinBox *>(w))
        return spin->text();
    if (const auto *text = qobject_cast<const QPlainTextEdit *>(w))
        return text->toPlainText().left(kMaxText);
    if (const auto *text = qobject_cast<const QTextEdit *>(w))
        return text->toPlainText().left(kMaxText);
    if (const auto *group = qobject_cast<const QGroupBox *>(w))
        return plainLabel(group->title());
    if (const auto *view = qobject_cast<const QAbstractItemView *>(w)) {
        bool truncated = false;
        QStringList lines;
        for (const QJsonValue &row : rowsOf(view, &truncated).toArray()) {
            if (row.isString()) {
                lines.append(row.toString());
                continue;
            }
            QStringList cells;
            for (const QJsonValue &cell : row.toArray())
                cells.append(cell.toString());
            lines.append(cells.join(u'\t'));
        }
        return lines.join(u'\n');
    }
    if (const auto *bar = qobject_cast<const QProgressBar *>(w))
        return bar->text();
    return {};
}

// The element's value; undefined for elements without one (buttons, groups).
QJsonValue valueOf(const QWidget *w, QJsonObject *extra)
{
    if (const auto *button = qobject_cast<const QAbstractButton *>(w))
        return button->isCheckable() ? QJsonValue(button->isChecked()) : QJsonValue(QJsonValue::Undefined);
    if (const auto *spin = qobject_cast<const QSpinBox *>(w)) {
        extra->insert(u"minimum"_s, spin->minimum());
        extra->insert(u"maximum"_s, spin->maximum());
        return spin->value();
    }
    if (const auto *spin = qobject_cast<const QDoubleSpinBox *>(w)) {
        extra->insert(u"minimum"_s, spin->minimum());
        extra->insert(u"maximum"_s, spin->maximum());
        return spin->value();
    }
    if (const auto *time = qobject_cast<const QTimeEdit *>(w))
        return time->time().toString(u"HH:mm"_s);
    if (const auto *combo = qobject_cast<const QComboBox *>(w)) {
        QJsonArray choices;
        for (int i = 0; i < combo->count(); ++i) {
            const QVariant data = combo->itemData(i);
            choices.append(
                QJsonObject { { u"value"_s, data.isValid() ? data.toString() : combo->itemText(i) },
                              { u"label"_s, combo->itemText(i) } });
        }
        extra->insert(u"choices"_s, choices);
        extra->insert(u"text"_s, combo->currentText());
        const QVariant data = combo->currentData();
        return data.isValid() ? data.toString() : combo->currentText();
    }
    if (const auto *line = qobject_cast<const QLineEdit *>(w)) {
        if (line->echoMode() != QLineEdit::Normal) {
            extra->insert(u"masked"_s, true); // tokens and keys never leave the window this way
            return QJsonValue::Undefined;
        }
        if (line->isReadOnly())
            extra->insert(u"readOnly"_s, true);
        return line->text();
    }
    if (qobject_cast<const QPlainTextEdit *>(w) || qobject_cast<const QTextEdit *>(w)) {
        const QString text = textOf(w);
        if (const auto *plain = qobject_cast<const QPlainTextEdit *>(w); plain && plain->isReadOnly())
            extra->insert(u"readOnly"_s, true);
        if (text.size() >= kMaxText)
            extra->insert(u"truncated"_s, true);
        return text;
    }
    if (qobject_cast<const QLabel *>(w))
        return textOf(w);
    if (const auto *slider = qobject_cast<const QSlider *>(w))
        return slider->value();
    if (const auto *bar = qobject_cast<const QProgressBar *>(w))
        return bar->value();
    if (const auto *view = qobject_cast<const QAbstractItemView *>(w)) {
        bool truncated = false;
        const QJsonValue rows = rowsOf(view, &truncated);
        if (truncated)
            extra->insert(u"truncated"_s, true);
        extra->insert(u"rowCount"_s, view->model() ? view->model()->rowCount() : 0);
        return rows;
    }
    return QJsonValue::Undefined;
}

// The extension's settings panel named its elements by HTML id; scripts written against it
// (its docs/DEBUG_TESTING.md, tests/comprehensive_test.js) reach our counterparts by those names.
const QList<QPair<QString, QString>> kExtensionIds = {
    { u"scheduleEnabled"_s, u"queue/schedule/enabled"_s },
    { u"scheduleMode"_s, u"queue/schedule/mode"_s },
    { u"scheduleValue"_s, u"queue/schedule/value"_s },
    { u"schedulePrompt"_s, u"queue/schedule/prompt"_s },
    { u"queueMode"_s, u"queue/schedule/queueMode"_s },
    { u"silenceTimeout"_s, u"queue/schedule/silenceTimeoutS"_s },
    { u"checkPromptEnabled"_s, u"queue/schedule/checkPrompt/enabled"_s },
    { u"checkPromptText"_s, u"queue/schedule/checkPrompt/text"_s },
    { u"targetConversation"_s, u"queue/schedule/targetConversation"_s },
    { u"startQueueBtn"_s, u"queue/queueStart"_s },
    { u"pauseQueueBtn"_s, u"queue/queuePause"_s },
    { u"skipPromptBtn"_s, u"queue/queueSkip"_s },
    { u"stopQueueBtn"_s, u"queue/queueStop"_s },
    { u"queueStatusText"_s, u"queue/queueStatus"_s },
    { u"promptList"_s, u"queue/queueList"_s },
    { u"resumeEnabled"_s, u"queue/quota/resumeQueue"_s },
    { u"autoContinueEnabled"_s, u"queue/quota/autoContinue"_s },
    { u"antigravityQuotaEnabled"_s, u"quota/quota/enabled"_s },
    { u"refreshQuotaBtn"_s, u"quota/quotaRefresh"_s },
    { u"bannedCommandsInput"_s, u"safety/safety/bannedCommands"_s },
    { u"resetBannedBtn"_s, u"safety/banReset"_s },
    { u"cdpPortInput"_s, u"connection/cdp/port"_s },
    { u"debugModeEnabled"_s, u"servers/debug/enabled"_s },
    { u"freqSlider"_s, u"autoAccept/autoAccept/pollIntervalMs"_s },
    { u"logsOutput"_s, u"logs/logView"_s },
    { u"clearLogsBtn"_s, u"logs/logClear"_s },
    { u"copyLogsBtn"_s, u"logs/logCopy"_s },
    { u"openLogsBtn"_s, u"logs/logOpenFile"_s },
    { u"resetAllBtn"_s, u"general/resetAll"_s },
};

QString extensionIdOf(const QString &id)
{
    for (const auto &[theirs, ours] : kExtensionIds) {
        if (ours == id)
            return theirs;
    }
    return {};
}

SettingField *fieldOf(QWidget *w)
{
    auto *field = qobject_cast<SettingField *>(w->parentWidget());
    return field && field->editor() == w ? field : nullptr;
}

} // namespace

// One pass over a page or dialog: the JSON tree and the index of ids.
struct WindowAutomation::Walk
{
    QString page;
    int pageIndex = -1;
    QWidget *root = nullptr;
    QHash<QString, int> nameCounts; // object names in this root: a unique one is an id of its own
    QHash<const QWidget *, QString> buddyText; // form labels, by the widget they label
    QHash<QString, int> seen; // scope/segment → how many so far
    QHash<QString, Found> *index = nullptr;

    void prepare()
    {
        const QList<QWidget *> all = root->findChildren<QWidget *>();
        for (const QWidget *w : all) {
            if (!w->objectName().isEmpty())
                ++nameCounts[w->objectName()];
            if (const auto *label = qobject_cast<const QLabel *>(w); label && label->buddy())
                buddyText.insert(label->buddy(), plainLabel(label->text()));
        }
    }

    QString labelFor(const QWidget *w, const QString &role) const
    {
        if (!w->accessibleName().isEmpty())
            return w->accessibleName();
        if (role == u"button"_s || role == u"checkbox"_s || role == u"radio"_s || role == u"group"_s) {
            if (const QString own = textOf(w); !own.isEmpty())
                return own;
        }
        for (const QWidget *p = w; p && p != root; p = p->parentWidget()) {
            if (const auto it = buddyText.constFind(p); it != buddyText.cend())
                return *it;
        }
        if (const auto *line = qobject_cast<const QLineEdit *>(w))
            return line->placeholderText();
        if (const auto *text = qobject_cast<const QPlainTextEdit *>(w))
            return text->placeholderText();
        return {};
    }

    QString idFor(const QWidget *w, const QString &scope, const QString &role)
    {
        QString name = w->objectName();
        if (name.startsWith(u"editor:"_s)) // a setting's field: the setting's name
            name = name.mid(7);
        if (!name.isEmpty() && nameCounts.value(w->objectName()) == 1)
            return page + u'/' + name;
        const QString segment = name.isEmpty()
            ? (role.isEmpty() ? QString::fromLatin1(w->metaObject()->className()) : role)
            : name;
        const int n = ++seen[scope + u'/' + segment];
        return scope + u'/' + segment + (n > 1 ? u"[%1]"_s.arg(n) : QString());
    }

    QJsonArray children(QWidget *parent, const QString &scope)
    {
        QJsonArray nodes;
        for (QObject *object : parent->children()) {
            auto *w = qobject_cast<QWidget *>(object);
            if (!w || w->isWindow() || qobject_cast<QScrollBar *>(w) || qobject_cast<QMenu *>(w))
                continue;
            if (auto *field = qobject_cast<SettingField *>(w)) {
                // The field stands for its editor; its error and note are the editor's.
                nodes.append(element(field->editor(), scope, field));
                continue;
            }
            const QString role = roleOf(w);
            if (role.isEmpty()) {
                // A container: a uniquely named one scopes the ids of unnamed widgets inside it.
                const QString inner = !w->objectName().isEmpty() && nameCounts.value(w->objectName()) == 1
                    ? page + u'/' + w->objectName()
                    : scope;
                for (const QJsonValue &node : children(w, inner))
                    nodes.append(node);
                continue;
            }
            if (const auto *label = qobject_cast<QLabel *>(w);
                label && (label->buddy() || label->text().isEmpty()))
                continue; // a form row's label is its field's label
            nodes.append(element(w, scope, nullptr));
        }
        return nodes;
    }

    QJsonObject element(QWidget *w, const QString &scope, SettingField *field)
    {
        const QString role = roleOf(w);
        const QString id = idFor(w, scope, role);
        QJsonObject node { { u"id"_s, id },
                           { u"page"_s, page },
                           { u"role"_s, role },
                           { u"label"_s, labelFor(w, role) },
                           { u"enabled"_s, w->isEnabled() },
                           { u"visible"_s, w->isVisibleTo(root) } };
        QJsonObject extra;
        if (const QJsonValue value = valueOf(w, &extra); !value.isUndefined())
            node.insert(u"value"_s, value);
        for (auto it = extra.begin(); it != extra.end(); ++it)
            node.insert(it.key(), it.value());
        if (field) {
            node.insert(u"setting"_s, w->objectName().mid(7));
            if (!field->errorText().isEmpty())
                node.insert(u"error"_s, field->errorText());
            if (!field->note().isEmpty())
                node.insert(u"note"_s, field->note());
        }
        if (!w->toolTip().isEmpty())
            node.insert(u"toolTip"_s, plainLabel(w->toolTip()));
        if (role == u"group"_s) {
            const QJsonArray inner = children(w, nameCounts.value(w->objectName()) == 1 ? id : scope);
            if (!inner.isEmpty())
                node.insert(u"children"_s, inner);
        }
        if (const QString theirs = extensionIdOf(id); !theirs.isEmpty())
            node.insert(u"extensionId"_s, theirs);
        index->insert(id, { w, page, pageIndex, root, role, node.value(u"label"_s).toString() });
        return node;
    }
};

WindowAutomation::WindowAutomation(MainWindow *window, Settings *settings)
    : QObject(window)
    , m_window(window)
    , m_settings(settings)
{
    setObjectName(u"windowAutomation"_s);
}

QString WindowAutomation::pageId(int page)
{
    QString key = QString::fromLatin1(QMetaEnum::fromType<MainWindow::Page>().valueToKey(page));
    if (!key.isEmpty())
        key[0] = key.at(0).toLower();
    return key;
}

QJsonObject WindowAutomation::walkAll(QHash<QString, Found> *index) const
{
    QJsonArray pages;
    if (!m_window)
        return {};
    const int current = int(m_window->currentPage());
    for (int p = 0; p < MainWindow::kPageCount; ++p) {
        SettingsPage *page = m_window->page(MainWindow::Page(p));
        if (!page)
            continue;
        Walk walk;
        walk.page = pageId(p);
        walk.pageIndex = p;
        walk.root = page;
        walk.index = index;
        walk.prepare();
        index->insert(walk.page, { page, walk.page, p, page, u"page"_s, page->title() });
        pages.append(QJsonObject { { u"id"_s, walk.page },
                                   { u"page"_s, walk.page },
                                   { u"role"_s, u"page"_s },
                                   { u"label"_s, page->title() },
                                   { u"title"_s, page->title() },
                                   { u"current"_s, p == current },
                                   { u"enabled"_s, page->isEnabled() },
                                   { u"visible"_s, p == current && m_window->isVisible() },
                                   { u"children"_s, walk.children(page, walk.page) } });
    }
    // The window's dialogs that are open (questions, confirmations), so a script can answer them.
    int unnamed = 0;
    const QList<QWidget *> tops = QApplication::topLevelWidgets();
    for (QWidget *top : tops) {
        auto *dialog = qobject_cast<QDialog *>(top);
        if (!dialog || !dialog->isVisible())
            continue;
        bool ours = false;
        for (QWidget *p = dialog->parentWidget(); p && !ours; p = p->parentWidget())
            ours = p == m_window;
        if (!ours)
            continue;
        Walk walk;
        walk.page = u"dialog:"_s
            + (dialog->objectName().isEmpty() ? QString::number(++unnamed) : dialog->objectName());
        walk.root = dialog;
        walk.index = index;
        walk.prepare();
        index->insert(walk.page, { dialog, walk.page, -1, dialog, u"dialog"_s, dialog->windowTitle() });
        pages.append(QJsonObject { { u"id"_s, walk.page },
                                   { u"page"_s, walk.page },
                                   { u"role"_s, u"dialog"_s },
                                   { u"label"_s, dialog->windowTitle() },
                                   { u"title"_s, dialog->windowTitle() },
                                   { u"current"_s, dialog == QApplication::activeModalWidget() },
                                   { u"enabled"_s, dialog->isEnabled() },
                                   { u"visible"_s, true },
                                   { u"children"_s, walk.children(dialog, walk.page) } });
    }
    const QJsonObject window { { u"title"_s, m_window->windowTitle() },
                               { u"visible"_s, m_window->isVisible() },
                               { u"currentPage"_s, pageId(current) } };
    // The extension's getUISnapshot gave its panel's values by element id: the same, for its scripts.
    QJsonObject byExtensionId;
    for (const auto &[theirs, ours] : kExtensionIds) {
        const auto found = index->constFind(ours);
        if (found == index->cend() || !found->widget)
            continue;
        QJsonObject ignored;
        const QJsonValue value = valueOf(found->widget, &ignored);
        byExtensionId.insert(theirs, value.isUndefined() ? QJsonValue(textOf(found->widget)) : value);
    }
    return { { u"window"_s, window }, { u"pages"_s, pages }, { u"snapshot"_s, byExtensionId } };
}

QJsonObject WindowAutomation::snapshot() const
{
    QHash<QString, Found> index;
    return walkAll(&index);
}

void WindowAutomation::perform(const QString &type, const QString &target, const QJsonValue &value,
                               CommandReply reply)
{
    QHash<QString, Found> index;
    const QJsonObject tree = walkAll(&index);
    auto it = index.constFind(target);
    if (it == index.cend()) {
        for (const auto &[theirs, ours] : kExtensionIds) {
            if (theirs == target)
                it = index.constFind(ours);
        }
    }
    if (it == index.cend() || !it->widget) {
        QStringList pages;
        for (const QJsonValue &p : tree.value(u"pages"_s).toArray())
            pages.append(p.toObject().value(u"id"_s).toString());
        const QString pagePart = target.section(u'/', 0, 0);
        const QString why = pages.contains(pagePart)
            ? u"page '%1' has no element '%2' (any more: ids name widgets, and this one is gone or was "
              "mistyped)"_s.arg(pagePart, target)
            : u"the window has no element '%1' (its pages: %2)"_s.arg(target, pages.join(u", "_s));
        reply(CommandResult::failure(
            u"uiAction %1: %2; listUIElements gives the ids there are now"_s.arg(type, why),
            ErrorKind::NotFound));
        return;
    }
    const Found found = *it;
    QJsonObject ignored;
    if (type == u"getValue"_s) {
        const QJsonValue v = found.role == u"page"_s
            ? QJsonValue(found.pageIndex == int(m_window->currentPage()))
            : valueOf(found.widget, &ignored);
        reply(CommandResult::success(QJsonObject { { u"target"_s, target },
                                                   { u"value"_s, v.isUndefined() ? QJsonValue() : v },
                                                   { u"exists"_s, true } }));
        return;
    }
    if (type == u"getText"_s) {
        const QString text = found.role == u"page"_s
            ? static_cast<SettingsPage *>(found.widget.data())->title()
            : found.role == u"dialog"_s ? found.widget->windowTitle()
                                        : textOf(found.widget);
        reply(CommandResult::success(QJsonObject { { u"target"_s, target }, { u"text"_s, text } }));
        return;
    }
    if (type == u"click"_s)
        return click(target, found, std::move(reply));
    setValue(target, found, value, std::move(reply));
}

namespace {

// Why a user could not act on `w` now; empty when they could.
QString unusable(const QString &target, const WindowAutomation::Found &found, const QWidget *w)
{
    const QString label = found.label;
    const QString name = label.isEmpty() ? u"'%1'"_s.arg(target) : u"'%1' (%2)"_s.arg(label, target);
    if (!w->isEnabled()) {
        QString why = u"%1 is disabled, as a user sees it"_s.arg(name);
        if (!w->toolTip().isEmpty())
            why += u": "_s + plainLabel(w->toolTip());
        return why;
    }
    if (!w->isVisibleTo(found.root))
        return u"%1 is hidden on its page, as a user sees it"_s.arg(name);
    return {};
}

} // namespace

QString WindowAutomation::beyondRights(QWidget *w, const QJsonValue &value) const
{
    // A control that is the user's alone though no setting field of a privileged key (the
    // command policy's choice, a button that removes ban patterns): marked so by its page.
    if (w->property(Widgets::kPersonOnly).toBool())
        return u"'%1' is the user's alone: through the debug API it would widen what auto-accept clicks. "
               "Change it in the window by hand"_s.arg(plainLabel(textOf(w)));
    const SettingField *field = fieldOf(w);
    if (!field)
        return {};
    const SettingSpec &spec = m_settings->spec(field->key());
    const QString name = QString::fromLatin1(spec.name);
    if (spec.privileged || name.startsWith(u"debug/"_s))
        return u"%1 is not changed through the debug API itself: it would raise the API's own rights. Change "
               u"it "
               "in the window by hand or in settings.ini"_s.arg(name);
    if (spec.personOnlyChange && !value.isUndefined() && !value.isNull()) {
        // The value as the field would save it: a list box's lines, or a string.
        QVariant wanted = value.toVariant();
        if (spec.type == SettingSpec::Type::StringList) {
            QStringList lines;
            if (value.isArray()) {
                for (const QJsonValue &line : value.toArray())
                    lines.append(line.toString());
            } else {
                lines.append(value.toString());
            }
            wanted = SettingField::entriesOf(lines.join(u'\n'));
        }
        if (QString why; m_settings->isPersonOnly(field->key(), wanted, &why))
            return why + u"; change it in the window by hand"_s;
    }
    const QString text = value.isString() ? value.toString() : QString();
    if (!text.isNull()
        && (field->key() == SettingKey::CdpHost || field->key() == SettingKey::AgentServerUrl)) {
        const QString host
            = field->key() == SettingKey::CdpHost ? text.trimmed() : QUrl(text.trimmed()).host();
        if (!isLoopbackHostName(host))
            return u"%1 takes only this machine's addresses through the debug API (it would hand your "
                   u"browser "
                   "to %2); another host is set in the window by hand"_s.arg(name, host);
    }
    return {};
}

void WindowAutomation::click(const QString &target, const Found &found, CommandReply reply)
{
    if (found.role == u"page"_s) {
        m_window->showPage(MainWindow::Page(found.pageIndex));
        reply(CommandResult::success(QJsonObject { { u"clicked"_s, target }, { u"page"_s, target } }));
        return;
    }
    auto *button = qobject_cast<QAbstractButton *>(found.widget.data());
    if (!button) {
        reply(CommandResult::failure(
            u"uiAction click: '%1' is a %2, not a button; setValue changes it"_s.arg(target, found.role),
            ErrorKind::BadInput));
        return;
    }
    if (const QString why = unusable(target, found, button); !why.isEmpty()) {
        reply(CommandResult::failure(u"uiAction click: "_s + why, ErrorKind::Conflict));
        return;
    }
    if (const QString why = beyondRights(button); !why.isEmpty()) {
        reply(CommandResult::failure(u"uiAction click on '%1': %2"_s.arg(target, why), ErrorKind::Refused));
        return;
    }
    if (found.pageIndex >= 0)
        m_window->showPage(MainWindow::Page(found.pageIndex)); // where a user would be to click it
    qCInfo(lcUi).noquote() << "debug API clicks" << target;
    // Clicked from the event loop, and answered after it: a click that opens a modal dialog
    // (exec) answers from inside the dialog's loop, naming the dialog so a script can answer it.
    QPointer<QAbstractButton> guarded(button);
    QTimer::singleShot(0, button, [guarded] {
        const Widgets::ApiAction byApi; // also through a dialog the click opens, until it closes
        if (guarded)
            guarded->click();
    });
    QTimer::singleShot(0, this, [target, reply = std::move(reply)] {
        QJsonObject data { { u"clicked"_s, target } };
        if (QWidget *modal = QApplication::activeModalWidget()) {
            const QString id = u"dialog:"_s + (modal->objectName().isEmpty() ? u"1"_s : modal->objectName());
            data.insert(u"dialog"_s, QJsonObject { { u"id"_s, id }, { u"title"_s, modal->windowTitle() } });
        }
        reply(CommandResult::success(data));
    });
}

void WindowAutomation::setValue(const QString &target, const Found &found, const QJsonValue &value,
                                CommandReply reply)
{
    QWidget *w = found.widget;
    const auto refuse = [&](const QString &why, ErrorKind kind = ErrorKind::BadInput) {
        reply(CommandResult::failure(u"uiAction setValue on '%1': %2"_s.arg(target, why), kind));
    };
    if (found.role == u"page"_s || found.role == u"dialog"_s)
        return refuse(u"a %1 has no value; click shows a page"_s.arg(found.role));
    if (const QString why = unusable(target, found, w); !why.isEmpty())
        return refuse(why, ErrorKind::Conflict);
    if (const QString why = beyondRights(w, value); !why.isEmpty())
        return refuse(why, ErrorKind::Refused);
    if (found.pageIndex >= 0)
        m_window->showPage(MainWindow::Page(found.pageIndex));
    const auto asText = [&](QString *out) {
        if (value.isString())
            *out = value.toString();
        else if (value.isDouble())
            *out = QString::number(value.toDouble());
        else
            return false;
        return true;
    };

    if (auto *button = qobject_cast<QAbstractButton *>(w)) {
        if (!button->isCheckable())
            return refuse(u"a button has no value; click presses it"_s);
        bool on = false;
        if (value.isBool())
            on = value.toBool();
        else if (value.isString() && (value.toString() == u"true"_s || value.toString() == u"false"_s))
            on = value.toString() == u"true"_s;
        else
            return refuse(u"a check box takes true or false"_s);
        if (button->isChecked() != on)
            button->click();
    } else if (auto *spin = qobject_cast<QSpinBox *>(w)) {
        bool ok = value.isDouble() && value.toDouble() == double(qint64(value.toDouble()));
        qint64 number = ok ? qint64(value.toDouble()) : 0;
        if (!ok && value.isString())
            number = value.toString().trimmed().toLongLong(&ok);
        if (!ok)
            return refuse(
                u"a whole number between %1 and %2 is needed"_s.arg(spin->minimum()).arg(spin->maximum()));
        if (number < spin->minimum() || number > spin->maximum())
            return refuse(u"%1 is outside %2–%3, which the field takes"_s.arg(number)
                              .arg(spin->minimum())
                              .arg(spin->maximum()));
        spin->setValue(int(number));
    } else if (auto *timeEdit = qobject_cast<QTimeEdit *>(w)) {
        QString text;
        if (!asText(&text))
            return refuse(u"a time field takes a time of day as a string, HH:MM"_s);
        QTime time = QTime::fromString(text.trimmed(), u"HH:mm"_s);
        if (!time.isValid())
            time = QTime::fromString(text.trimmed(), u"H:mm"_s);
        if (!time.isValid())
            return refuse(u"'%1' is no time of day: a time field takes HH:MM, such as 09:30"_s.arg(text));
        timeEdit->setTime(time);
    } else if (auto *combo = qobject_cast<QComboBox *>(w)) {
        QString wanted;
        if (!asText(&wanted))
            return refuse(u"a choice is named by its value or its label (a string)"_s);
        int index = combo->findData(wanted);
        if (index < 0)
            index = combo->findText(wanted, Qt::MatchFixedString);
        if (index < 0) {
            QStringList choices;
            for (int i = 0; i < combo->count(); ++i)
                choices.append(combo->itemData(i).isValid() ? combo->itemData(i).toString()
                                                            : combo->itemText(i));
            return refuse(u"'%1' is not one of its choices (%2)"_s.arg(wanted, choices.join(u", "_s)));
        }
        combo->setCurrentIndex(index);
        Q_EMIT combo->activated(index); // what a pick by hand also says
        Q_EMIT combo->textActivated(combo->itemText(index));
    } else if (auto *line = qobject_cast<QLineEdit *>(w)) {
        QString text;
        if (!asText(&text))
            return refuse(u"a text field takes a string"_s);
        if (line->isReadOnly())
            return refuse(u"the field is read-only"_s, ErrorKind::Conflict);
        line->selectAll();
        if (text.isEmpty())
            line->del();
        else
            line->insert(text); // typed: textEdited, as from the keyboard
    } else if (auto *edit = qobject_cast<QPlainTextEdit *>(w)) {
        QString text;
        if (value.isArray()) {
            QStringList lines;
            for (const QJsonValue &line : value.toArray())
                lines.append(line.toString());
            text = lines.join(u'\n');
        } else if (!asText(&text)) {
            return refuse(u"a text box takes a string (or an array of lines)"_s);
        }
        if (edit->isReadOnly())
            return refuse(u"the text box is read-only"_s, ErrorKind::Conflict);
        edit->setPlainText(text);
    } else {
        return refuse(u"a %1 cannot be changed"_s.arg(found.role));
    }

    QJsonObject data { { u"set"_s, target } };
    if (SettingField *field = fieldOf(w)) {
        // As pressing Enter or leaving the field: checked, and saved when valid.
        if (!field->commit()) {
            return refuse(u"the value was refused: %1 (the saved setting is unchanged; the field shows "
                          "the refusal as it does when typed)"_s.arg(field->errorText()));
        }
        data.insert(u"setting"_s, w->objectName().mid(7));
        data.insert(u"saved"_s, true);
    }
    QJsonObject ignored;
    const QJsonValue now = valueOf(w, &ignored);
    data.insert(u"value"_s, now.isUndefined() ? QJsonValue() : now);
    qCInfo(lcUi).noquote() << "debug API set" << target;
    reply(CommandResult::success(data));
}

} // namespace mpa
