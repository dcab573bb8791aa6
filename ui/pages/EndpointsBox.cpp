#include "EndpointsBox.h"

#include "EndpointChoice.h"
#include "ErrorStyle.h"
#include "SettingsPage.h"
#include "Widgets.h"
#include "common/EndpointEntry.h"
#include "common/KnownSentences.h"
#include "settings/Settings.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPointer>
#include <QPushButton>
#include <QTableWidget>
#include <QUrl>
#include <QUrlQuery>
#include <QVBoxLayout>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

constexpr int kEntryRole = Qt::UserRole; // column 0: the cdp/endpoints entry ("" for the first)
constexpr int kNameRole = Qt::UserRole + 1; // column 0: the endpoint's name

bool isHeaderNameChar(QChar c)
{
    return c.isLetterOrNumber() ? c.unicode() < 128 : QStringView(u"!#$%&'*+-.^_`|~").contains(c);
}

} // namespace

EndpointDialog::EndpointDialog(Settings *settings, EndpointsModel *endpoints, const QString &keychainNote,
                               QWidget *parent)
    : QDialog(parent)
    , m_settings(settings)
    , m_endpoints(endpoints)
{
    setObjectName(u"endpointDialog"_s);
    setWindowTitle(tr("Add a Browser"));
    auto *layout = new QVBoxLayout(this);
    auto *form = new QFormLayout;
    layout->addLayout(form);

    m_address = new QLineEdit(this);
    m_address->setObjectName(u"endpointAddress"_s);
    m_address->setPlaceholderText(tr("127.0.0.1:9222, or ws://host:3000 for a browser service"));
    m_address->setMinimumWidth(360);
    form->addRow(tr("Address:"), m_address);
    m_addressError = Widgets::errorLabel(u"endpointAddressError"_s, this);
    m_addressError->hide();
    form->addRow(QString(), m_addressError);

    // A remote service's secrets and whether auto-accept may click on its pages.
    // (In the one form, so that their fields line up with the address's.)
    m_form = form;
    m_token = new QLineEdit(this);
    m_token->setObjectName(u"endpointToken"_s);
    m_token->setEchoMode(QLineEdit::Password);
    m_token->setPlaceholderText(tr("The service's token (or its whole query, name=value)"));
    form->addRow(tr("Token:"), m_token);
    m_header = new QLineEdit(this);
    m_header->setObjectName(u"endpointHeader"_s);
    m_header->setEchoMode(QLineEdit::Password);
    m_header->setPlaceholderText(tr("Authorization: Bearer …"));
    form->addRow(tr("Header line:"), m_header);
    m_headerError = Widgets::errorLabel(u"endpointHeaderError"_s, this);
    m_headerError->hide();
    form->addRow(QString(), m_headerError);
    auto *secretsHint = SettingsPage::hint(
        keychainNote.isEmpty()
            ? tr("The token and the header line are kept in your system's keychain, never in the settings.")
            : keychainNote,
        this);
    secretsHint->setObjectName(u"endpointKeychainNote"_s);
    form->addRow(secretsHint);
    m_autoAccept = new QCheckBox(tr("Auto-accept on this service"), this);
    m_autoAccept->setObjectName(u"endpointAutoAccept"_s);
    m_autoAccept->setToolTip(
        tr("A remote service runs pages that are not your IDE's: auto-accept clicks there "
           "only when this is ticked (setting autoAccept/remoteEndpoints)"));
    form->addRow(m_autoAccept);
    m_remoteRows = { m_token, m_header, m_headerError, secretsHint, m_autoAccept };
    showRemoteRows(false);

    m_failure = Widgets::errorLabel(u"endpointFailure"_s, this);
    m_failure->hide();
    layout->addWidget(m_failure);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_add = buttons->addButton(tr("Add"), QDialogButtonBox::AcceptRole);
    m_add->setObjectName(u"endpointDialogAdd"_s);
    m_add->setDefault(true);
    // Add checks and hands the request on; the dialog closes once it is saved.
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        if (const std::optional<Request> request = check()) {
            m_add->setEnabled(false);
            Q_EMIT submitted(*request);
        }
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    connect(m_address, &QLineEdit::textChanged, this, &EndpointDialog::addressEdited);
    connect(m_address, &QLineEdit::editingFinished, this, &EndpointDialog::splitToken);
}

void EndpointDialog::addressEdited()
{
    m_addressError->hide();
    m_failure->hide();
    const QString text = m_address->text();
    // Pasted (more than one character at once): a token in it moves at once; typed by hand, when
    // the field is left or Add is pressed (not at the first "=" of a token being typed).
    if (text.size() > m_typedLength + 1)
        splitToken();
    m_typedLength = int(m_address->text().size());
    showRemoteRows(m_address->text().contains(u"://"_s));
    adjustSize();
}

void EndpointDialog::showRemoteRows(bool shown)
{
    for (QWidget *field : std::as_const(m_remoteRows))
        m_form->setRowVisible(field, shown);
    m_headerError->setVisible(shown && !m_headerError->text().isEmpty());
}

void EndpointDialog::splitToken()
{
    // A service's address given with its token: the token goes to its own field, out of the
    // address (which is saved in the settings).
    const QString text = m_address->text().trimmed();
    if (!text.contains(u"://"_s) || !text.contains(u'?'))
        return;
    const QUrl url(text);
    if (!url.isValid() || url.query().isEmpty())
        return;
    const QUrlQuery query(url);
    const auto items = query.queryItems(QUrl::FullyDecoded);
    m_token->setText(items.size() == 1 && items.first().first == u"token"_s ? items.first().second
                                                                            : url.query(QUrl::FullyDecoded));
    const QSignalBlocker blocker(m_address);
    m_address->setText(url.adjusted(QUrl::RemoveQuery | QUrl::RemoveFragment).toString());
    m_typedLength = int(m_address->text().size());
    showRemoteRows(true);
}

std::optional<EndpointDialog::Request> EndpointDialog::check()
{
    m_addressError->hide();
    m_headerError->hide();
    m_failure->hide();
    const auto refuse = [](QLabel *label, const QString &text) {
        label->setText(text);
        label->show();
        return std::nullopt;
    };
    splitToken();
    Request request;
    request.entry = m_address->text().trimmed();
    UserText why;
    const std::optional<EndpointEntry> entry = EndpointEntry::parse(request.entry, &why);
    if (!entry)
        return refuse(m_addressError, ErrorStyle::sentence(why.english()));
    request.name = m_endpoints->nameOf(request.entry);
    request.remote = entry->isRemote();
    const QStringList listed = m_settings->listValue(SettingKey::CdpEndpoints);
    const QString first = EndpointEntry {
        m_settings->stringValue(SettingKey::CdpHost), quint16(m_settings->intValue(SettingKey::CdpPort)), {}
    }.name();
    if (request.name == first
        || std::any_of(listed.begin(), listed.end(),
                       [this, &request](const QString &e) { return m_endpoints->nameOf(e) == request.name; }))
        return refuse(m_addressError, tr("%1 is in the list already.").arg(request.name));
    if (QString error;
        !m_settings->validate(SettingKey::CdpEndpoints, listed + QStringList { request.entry }, &error))
        return refuse(m_addressError, ErrorStyle::sentence(error));
    if (!request.remote)
        return request;

    const QString token = m_token->text().trimmed();
    if (!token.isEmpty())
        request.query
            = token.contains(u'=') ? token : u"token="_s + QString::fromUtf8(QUrl::toPercentEncoding(token));
    request.header = m_header->text().trimmed();
    if (!request.header.isEmpty()) {
        const qsizetype colon = request.header.indexOf(u':');
        const QString name = colon < 0 ? QString() : request.header.left(colon).trimmed();
        if (name.isEmpty() || !std::all_of(name.begin(), name.end(), isHeaderNameChar))
            return refuse(m_headerError,
                          tr("Write the header line as Name: value, e.g. Authorization: Bearer "
                             "followed by the token."));
        if (request.header.mid(colon + 1).trimmed().isEmpty())
            return refuse(m_headerError, tr("The header %1 has no value: write it as %1: value.").arg(name));
    }
    request.autoAccept = m_autoAccept->isChecked();
    return request;
}

void EndpointDialog::showFailure(const QString &text)
{
    m_failure->setText(text);
    m_failure->show();
    m_add->setEnabled(true);
}

EndpointsBox::EndpointsBox(EndpointsModel *endpoints, Settings *appSettings, QWidget *parent)
    : QWidget(parent)
    , m_endpoints(endpoints)
    , m_settings(appSettings)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(SettingsPage::hint(
        tr("The first is the endpoint above. Add another IDE, a Chrome for agents or a remote browser "
           "service (Browserless, a Selenium Grid, a cloud browser): the app watches them all at once."),
        this));
    m_table = new QTableWidget(0, 4, this);
    m_table->setObjectName(u"endpointsTable"_s);
    m_table->setHorizontalHeaderLabels({ tr("Endpoint"), tr("State"), tr("IDE"), tr("Pages") });
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->setWordWrap(false);
    m_table->setTextElideMode(Qt::ElideMiddle);
    m_table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    QHeaderView *header = m_table->horizontalHeader();
    header->setStretchLastSection(false);
    // The address takes what is left (a service's URL is long); the state is short, or said
    // whole in its tooltip.
    header->setSectionResizeMode(0, QHeaderView::Stretch);
    header->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    header->setSectionResizeMode(2, QHeaderView::ResizeToContents);
    header->setSectionResizeMode(3, QHeaderView::ResizeToContents);
    layout->addWidget(m_table);

    m_add
        = Widgets::button(tr("Add…"), u"endpointAdd"_s, this,
                          tr("Watch another browser: host:port, or a remote service's ws://, wss://, http:// "
                             "or https:// address"));
    Widgets::markPersonOnly(m_add); // which browsers the app drives is the user's alone
    connect(m_add, &QPushButton::clicked, this, [this] { openAddDialog(); });
    m_remove
        = Widgets::button(tr("Remove"), u"endpointRemove"_s, this,
                          tr("Stop watching the selected browser and delete its token from the keychain"));
    Widgets::markPersonOnly(m_remove);
    connect(m_remove, &QPushButton::clicked, this, [this] { removeEndpoint(m_table->currentRow()); });
    m_test = Widgets::button(tr("Test"), u"endpointTest"_s, this,
                             tr("Ask the selected browser what answers there, without disturbing the app's "
                                "connection"));
    connect(m_test, &QPushButton::clicked, this, [this] { testEndpoint(m_table->currentRow()); });
    auto *buttons = new QHBoxLayout;
    buttons->setSpacing(SettingsPage::kRowSpacing);
    buttons->addWidget(m_add);
    buttons->addWidget(m_remove);
    buttons->addWidget(m_test);
    buttons->addStretch(1);
    layout->addLayout(buttons);
    m_result = Widgets::wrappingLabel(u"endpointTestResult"_s, this);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_result->hide();
    layout->addWidget(m_result);

    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::FieldsStayAtSizeHint);
    m_defaultEndpoint = new EndpointChoice(appSettings, endpoints, SettingKey::ToolkitDefaultEndpoint,
                                           tr("The first endpoint while it is connected"), this);
    m_defaultEndpoint->setObjectName(u"defaultEndpoint"_s);
    m_defaultEndpoint->setToolTip(tr("Where the toolkit, MCP and run open a new tab when the agent names no "
                                     "endpoint (setting toolkit/defaultEndpoint)"));
    form->addRow(tr("New agent tabs open on:"), m_defaultEndpoint);
    layout->addLayout(form);

    connect(m_table, &QTableWidget::itemSelectionChanged, this, &EndpointsBox::refreshButtons);
    connect(endpoints, &EndpointsModel::stateChanged, this, &EndpointsBox::refresh);
    refresh();
}

QString EndpointsBox::stateText(const EndpointsModel::Endpoint &endpoint)
{
    using State = EndpointsModel::Endpoint::State;
    if (!endpoint.duplicateOf.isEmpty())
        return tr("the same browser as %1").arg(endpoint.duplicateOf);
    switch (endpoint.state) {
    case State::Starting:
        return tr("starting…");
    case State::Connected:
        return tr("connected");
    case State::Connecting:
        return tr("connecting…");
    case State::Retrying:
        return tr("waiting for the browser");
    case State::Stopped:
        break;
    }
    return endpoint.refusedForGood ? tr("refused: %1").arg(knownSentence(endpoint.lastError).translated())
                                   : tr("stopped");
}

void EndpointsBox::refresh()
{
    const QString selected = m_table->currentRow() >= 0 && m_table->item(m_table->currentRow(), 0)
        ? m_table->item(m_table->currentRow(), 0)->data(kNameRole).toString()
        : QString();
    const QList<EndpointsModel::Endpoint> rows = m_endpoints->endpoints();
    const QSignalBlocker blocker(m_table);
    m_table->setRowCount(int(rows.size()));
    for (int i = 0; i < rows.size(); ++i) {
        const EndpointsModel::Endpoint &row = rows.at(i);
        const bool known = row.state != EndpointsModel::Endpoint::State::Starting;
        auto *name = new QTableWidgetItem(row.first ? tr("%1 (first)").arg(row.name) : row.name);
        name->setData(kEntryRole, row.entry);
        name->setData(kNameRole, row.name);
        name->setToolTip(row.first ? tr("The debugging endpoint above (cdp/host, cdp/port)") : row.name);
        auto *stateItem = new QTableWidgetItem(stateText(row));
        const bool connected = row.state == EndpointsModel::Endpoint::State::Connected;
        if (known && !connected && !row.lastError.isEmpty())
            stateItem->setToolTip(ErrorStyle::sentence(row.lastError));
        else if (connected)
            stateItem->setToolTip(row.browserVersion);
        if (row.refusedForGood)
            stateItem->setForeground(ErrorStyle::errorText(palette()));

        QStringList profiles;
        for (const QString &profile : row.ides) {
            const QString profileName = knownSentence(profile).translated();
            if (!profiles.contains(profileName))
                profiles.append(profileName);
        }
        QString ide = profiles.isEmpty() ? tr("—") : profiles.join(u", "_s);
        auto *ideItem = new QTableWidgetItem(ide);
        if (row.remote && !row.autoAccepted) {
            // Said where it matters (an IDE found there that is not clicked); always in the tooltip.
            if (!profiles.isEmpty())
                ideItem->setText(tr("%1 (no auto-accept)").arg(ide));
            ideItem->setToolTip(tr("A remote service: auto-accept clicks there only when it is listed in "
                                   "autoAccept/remoteEndpoints (tick it when you add the service)"));
        }
        auto *countItem = new QTableWidgetItem(known ? QString::number(row.pages) : tr("—"));
        countItem->setTextAlignment(Qt::AlignCenter);
        m_table->setItem(i, 0, name);
        m_table->setItem(i, 1, stateItem);
        m_table->setItem(i, 2, ideItem);
        m_table->setItem(i, 3, countItem);
        if (row.name == selected)
            m_table->setCurrentCell(i, 0);
    }
    // As tall as its rows (two at least), so the page, not the table, scrolls.
    const int rowsShown = std::max(2, int(rows.size()));
    int height = m_table->horizontalHeader()->sizeHint().height() + 2 * m_table->frameWidth();
    height += rowsShown * m_table->verticalHeader()->defaultSectionSize();
    m_table->setFixedHeight(height);
    refreshButtons();
}

void EndpointsBox::refreshButtons()
{
    const int row = m_table->currentRow();
    const bool selected = row >= 0 && m_table->item(row, 0);
    m_remove->setEnabled(selected && !m_table->item(row, 0)->data(kEntryRole).toString().isEmpty());
    m_remove->setToolTip(
        selected && m_table->item(row, 0)->data(kEntryRole).toString().isEmpty()
            ? tr("The first endpoint is the one above: change its host and port there")
            : tr("Stop watching the selected browser and delete its token from the keychain"));
    m_test->setEnabled(selected && !m_testing);
}

QString EndpointsBox::entryOfRow(int row) const
{
    const QTableWidgetItem *item = row >= 0 ? m_table->item(row, 0) : nullptr;
    return item ? item->data(kEntryRole).toString() : QString();
}

EndpointDialog *EndpointsBox::openAddDialog()
{
    QString keychainNote;
    if (const QString problem = m_endpoints->keychainProblem(); !problem.isEmpty())
        keychainNote = tr("The keychain is not available (%1). A token entered here is kept for this session "
                          "only; it is never written to a file.")
                           .arg(knownSentence(problem).translated());
    auto *dialog = new EndpointDialog(settings(), m_endpoints, keychainNote, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowModality(Qt::WindowModal);
    connect(dialog, &EndpointDialog::submitted, this,
            [this, dialog](const EndpointDialog::Request &request) { add(dialog, request); });
    dialog->open();
    return dialog;
}

void EndpointsBox::add(EndpointDialog *dialog, const EndpointDialog::Request &request)
{
    const QPointer<EndpointDialog> shown(dialog);
    const QPointer<EndpointsBox> self(this);
    m_endpoints->add(request, dialog, [self, shown, name = request.name](const CommandResult &answer) {
        if (!self)
            return;
        if (!answer.ok) {
            if (shown)
                shown->showFailure(answer.kind == ErrorKind::Refused
                                       ? tr("The keychain refused the token: %1")
                                             .arg(knownSentence(answer.error).translated())
                                       : ErrorStyle::sentence(answer.error));
            return;
        }
        if (shown)
            shown->accept();
        const QJsonValue sessionOnly = answer.data.toObject().value(u"sessionOnly");
        if (sessionOnly.isString()) {
            self->m_result->setText(
                tr("The keychain is not available (%1): the token of %2 is kept for this session only.")
                    .arg(knownSentence(sessionOnly.toString()).translated(), name));
            ErrorStyle::setError(self->m_result);
            self->m_result->show();
        }
    });
}

bool EndpointsBox::removeEndpoint(int row, bool confirmed)
{
    const QString entry = entryOfRow(row);
    if (entry.isEmpty())
        return false;
    const QString name = m_endpoints->nameOf(entry);
    const bool remote = entry.contains(u"://"_s);
    if (!confirmed
        && !Widgets::confirm(this, tr("Remove %1").arg(name), tr("Stop watching %1?").arg(name),
                             remote ? tr("Its token and header line are deleted from the keychain.")
                                    : tr("Its pages are left as they are; the app no longer touches them."),
                             tr("Remove")))
        return false;
    m_result->hide();
    QString error;
    const bool removed = m_endpoints->remove(
        entry, &error, [self = QPointer<EndpointsBox>(this)](const CommandResult &answer) {
            if (!self || answer.ok)
                return;
            ErrorStyle::setError(self->m_result);
            self->m_result->setText(tr("The token could not be removed from the keychain: %1")
                                        .arg(knownSentence(answer.error).translated()));
            self->m_result->show();
        });
    if (!removed) {
        ErrorStyle::setError(m_result);
        m_result->setText(ErrorStyle::sentence(error));
        m_result->show();
    }
    return removed;
}

void EndpointsBox::testEndpoint(int row)
{
    const QTableWidgetItem *item = row >= 0 ? m_table->item(row, 0) : nullptr;
    if (!item)
        return;
    const QString name = item->data(kNameRole).toString();
    const QList<EndpointsModel::Endpoint> endpoints = m_endpoints->endpoints();
    const auto found = std::find_if(endpoints.begin(), endpoints.end(),
                                    [&name](const EndpointsModel::Endpoint &e) { return e.name == name; });
    const bool known = found != endpoints.end() && found->state != EndpointsModel::Endpoint::State::Starting;
    ErrorStyle::setError(m_result, false);
    m_result->show();
    const bool remote = found != endpoints.end() ? found->remote : name.contains(u"://"_s);
    if (remote) {
        // A service gives one browser per connection: asking it again would start another; the
        // live connection's state is the answer.
        if (!known) {
            m_result->setText(tr("%1 is starting.").arg(name));
        } else if (found->state == EndpointsModel::Endpoint::State::Connected) {
            m_result->setText(
                tr("%1 is connected (%2).")
                    .arg(name, found->browserVersion.isEmpty() ? tr("a browser") : found->browserVersion));
        } else {
            ErrorStyle::setError(m_result, found->refusedForGood || !found->lastError.isEmpty());
            m_result->setText(
                found->lastError.isEmpty()
                    ? tr("%1: %2.").arg(name, stateText(*found))
                    : tr("%1: %2. %3").arg(name, stateText(*found), ErrorStyle::sentence(found->lastError)));
        }
        return;
    }
    m_testing = true;
    m_test->setEnabled(false);
    m_result->setText(tr("Asking %1…").arg(name));
    m_endpoints->test(name, [self = QPointer<EndpointsBox>(this)](const CommandResult &result) {
        if (self)
            self->showTestResult(result);
    });
}

void EndpointsBox::showTestResult(const CommandResult &result)
{
    m_testing = false;
    refreshButtons();
    ErrorStyle::setError(m_result, !result.ok);
    m_result->show();
    if (!result.ok) {
        m_result->setText(ErrorStyle::sentence(result.error));
    } else {
        const QJsonObject data = result.data.toObject();
        const QString browser = data.value(u"browser").toString();
        const QString who = browser.isEmpty() ? tr("A DevTools endpoint") : browser;
        m_result->setText(tr("%1 answers at %2 · %n target(s).", nullptr, data.value(u"targets").toInt())
                              .arg(who, data.value(u"address").toString()));
    }
    Q_EMIT testFinished();
}

} // namespace mpa
