// The Connection page's list of browsers: adding a remote service keeps its token in the keychain
// and out of settings.ini, a bad entry is said and nothing saved, removing takes the entry, its
// auto-accept permission and its keychain entry away, the table shows each endpoint's state and
// pages (two real Chromiums and one that does not answer), the Dashboard names each page's
// endpoint, and the tray says one line per endpoint.

#include "pages/EndpointsBox.h"

#include "FakeModels.h"
#include "FakeSecretStore.h"
#include "HeadlessChromium.h"
#include "QtPrinters.h"
#include "TrayAppTest.h"
#include "Wait.h"
#include "cdp/CdpEndpoint.h"
#include "pages/ConnectionPage.h"
#include "pages/DashboardPage.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QPointer>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

class EndpointsBoxTest : public TrayAppTest
{
protected:
    void SetUp() override
    {
        TrayAppTest::SetUp();
        secrets = new FakeSecretStore(engine.get());
        engine->setSecretStore(secrets);
    }

    QString settingsFileText() const
    {
        QFile file(settings->filePath());
        return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
    }
    // The row of the table whose endpoint is `name` (-1: none).
    static int rowOf(const QTableWidget *table, const QString &name)
    {
        for (int row = 0; row < table->rowCount(); ++row) {
            if (table->item(row, 0) && table->item(row, 0)->text().startsWith(name))
                return row;
        }
        return -1;
    }
    static QString rowText(const QTableWidget *table, int row)
    {
        QStringList cells;
        for (int column = 0; column < table->columnCount(); ++column)
            cells.append(table->item(row, column) ? table->item(row, column)->text() : QString());
        return cells.join(u" | "_s);
    }
    static QString tableText(const QTableWidget *table)
    {
        QStringList rows;
        for (int row = 0; row < table->rowCount(); ++row)
            rows.append(rowText(table, row));
        return rows.join(u'\n');
    }

    FakeSecretStore *secrets = nullptr;
};

TEST_F(EndpointsBoxTest, ARemoteServiceIsAddedWithItsTokenInTheKeychainNotInTheSettings)
{
    const quint16 port = freePort(); // nothing answers there: the entry is what is checked
    ConnectionPage page(models()->connection(), models()->endpoints(), settings.get());
    page.show();
    EndpointDialog *dialog = page.endpoints()->openAddDialog();
    ASSERT_TRUE(dialog);
    const QPointer<EndpointDialog> shown(dialog);
    auto *address = dialog->findChild<QLineEdit *>(u"endpointAddress"_s);
    auto *token = dialog->findChild<QLineEdit *>(u"endpointToken"_s);
    auto *header = dialog->findChild<QLineEdit *>(u"endpointHeader"_s);
    auto *autoAccept = dialog->findChild<QCheckBox *>(u"endpointAutoAccept"_s);
    ASSERT_TRUE(address && token && header && autoAccept);
    EXPECT_FALSE(token->isVisible()) << "host:port needs no token";

    // Pasted with its token: the token moves to its own (hidden) field.
    const QString name = u"ws://127.0.0.1:%1/chromium"_s.arg(port);
    address->setFocus();
    QApplication::clipboard()->setText(name + u"?token=s3cr3t-T0ken"_s);
    address->paste();
    EXPECT_EQ(address->text(), name);
    EXPECT_EQ(token->text(), u"s3cr3t-T0ken"_s);
    EXPECT_EQ(token->echoMode(), QLineEdit::Password);
    EXPECT_TRUE(token->isVisible());
    typeInto(header, u"X-Api-Key: h3ader-S3cret"_s);
    autoAccept->setChecked(true);
    screenshot(dialog, u"endpoint-add-dialog"_s);
    dialog->findChild<QPushButton *>(u"endpointDialogAdd"_s)->click();

    ASSERT_TRUE(waitUntil([&] {
        return settings->listValue(SettingKey::CdpEndpoints) == QStringList { name };
    })) << settings->listValue(SettingKey::CdpEndpoints).join(u", "_s).toStdString();
    EXPECT_EQ(settings->listValue(SettingKey::AutoAcceptRemoteEndpoints), QStringList { name });
    const QString kept = secrets->stored().value(u"cdp/"_s + name);
    EXPECT_TRUE(kept.contains(u"token=s3cr3t-T0ken"_s)) << kept.toStdString();
    EXPECT_TRUE(kept.contains(u"X-Api-Key: h3ader-S3cret"_s)) << kept.toStdString();
    const QString file = settingsFileText();
    EXPECT_TRUE(file.contains(u"127.0.0.1:%1"_s.arg(port))) << file.toStdString();
    EXPECT_FALSE(file.contains(u"s3cr3t"_s)) << file.toStdString();
    EXPECT_FALSE(file.contains(u"h3ader"_s)) << file.toStdString();
    // The engine took it up with its secret from the keychain.
    ASSERT_TRUE(waitUntil([&] {
        const CdpSource *source = engine->endpoint()->source(name);
        return source && source->remote() && source->remote()->url.query().contains(u"s3cr3t-T0ken"_s);
    }));
    EXPECT_EQ(engine->endpoint()->source(name)->remote()->headerName, "X-Api-Key");
    ASSERT_TRUE(waitUntil([&] { return !shown; })) << "the dialog closes once the entry is saved";

    const QTableWidget *table = page.endpoints()->table();
    ASSERT_TRUE(waitUntil([&] { return rowOf(table, name) > 0; })) << tableText(table).toStdString();
    EXPECT_TRUE(table->item(0, 0)->text().endsWith(u"(first)"_s)) << tableText(table).toStdString();
    EXPECT_FALSE(tableText(table).contains(u"s3cr3t"_s));
}

TEST_F(EndpointsBoxTest, ABadEntryIsSaidUnderItsFieldAndNothingIsSaved)
{
    ConnectionPage page(models()->connection(), models()->endpoints(), settings.get());
    page.show();
    EndpointDialog *dialog = page.endpoints()->openAddDialog();
    auto *address = dialog->findChild<QLineEdit *>(u"endpointAddress"_s);
    auto *error = dialog->findChild<QLabel *>(u"endpointAddressError"_s);
    auto *add = dialog->findChild<QPushButton *>(u"endpointDialogAdd"_s);
    ASSERT_TRUE(address && error && add);

    typeInto(address, u"localhost"_s);
    add->click();
    EXPECT_TRUE(error->isVisible());
    EXPECT_EQ(
        error->text(),
        u"The endpoint \"localhost\" is neither host:port nor a ws://, wss://, http:// or https:// address."_s);
    typeInto(address, u"ftp://example.com:21"_s);
    add->click();
    EXPECT_EQ(error->text(),
              u"The endpoint \"ftp://example.com:21\" is not a ws://, wss://, http:// or https:// "
              "address."_s);
    typeInto(address, u"127.0.0.1:70000"_s);
    add->click();
    EXPECT_TRUE(error->text().contains(u"has no port from 1 to 65535"_s)) << error->text().toStdString();
    // The first endpoint is listed already.
    typeInto(address, u"127.0.0.1:%1"_s.arg(settings->intValue(SettingKey::CdpPort)));
    add->click();
    EXPECT_TRUE(error->text().contains(u"is in the list already"_s)) << error->text().toStdString();

    // Typed by hand, a token stays in the address while it is typed and moves to its own field
    // at Add; a header line without a value is refused.
    typeInto(address, u"wss://browsers.example.com/session?token=typed1"_s);
    EXPECT_EQ(address->text(), u"wss://browsers.example.com/session?token=typed1"_s);
    typeInto(dialog->findChild<QLineEdit *>(u"endpointHeader"_s), u"Authorization:"_s);
    add->click();
    auto *headerError = dialog->findChild<QLabel *>(u"endpointHeaderError"_s);
    EXPECT_TRUE(headerError->isVisible());
    EXPECT_EQ(headerError->text(),
              u"The header Authorization has no value: write it as Authorization: value."_s);
    EXPECT_EQ(address->text(), u"wss://browsers.example.com/session"_s);
    EXPECT_EQ(dialog->findChild<QLineEdit *>(u"endpointToken"_s)->text(), u"typed1"_s);

    EXPECT_TRUE(dialog->isVisible()) << "the dialog stays for the user to fix the entry";
    EXPECT_TRUE(settings->listValue(SettingKey::CdpEndpoints).isEmpty());
    EXPECT_TRUE(secrets->stored().isEmpty());
    EXPECT_EQ(page.endpoints()->table()->rowCount(), 1);
}

TEST_F(EndpointsBoxTest, RemovingAnEndpointTakesItsEntryPermissionAndKeychainEntryAway)
{
    const QString remote = u"wss://browsers.example.com/session"_s;
    const QString local = u"127.0.0.1:%1"_s.arg(freePort());
    secrets->write(u"cdp/"_s + remote, CdpAddress::encodeSecret(u"token=abc"_s, QString()), [](auto) {});
    ASSERT_TRUE(waitUntil([&] { return !secrets->stored().isEmpty(); }));
    ASSERT_TRUE(settings->setValue(SettingKey::CdpEndpoints, QStringList { local, remote }));
    ASSERT_TRUE(settings->setValue(SettingKey::AutoAcceptRemoteEndpoints, QStringList { remote }));
    ConnectionPage page(models()->connection(), models()->endpoints(), settings.get());
    page.show();
    EndpointsBox *box = page.endpoints();
    const QTableWidget *table = box->table();
    ASSERT_TRUE(waitUntil([&] { return rowOf(table, remote) > 0; })) << tableText(table).toStdString();

    EXPECT_FALSE(box->removeEndpoint(0, true)) << "the first endpoint is changed above, not removed";
    ASSERT_TRUE(box->removeEndpoint(rowOf(table, remote), true));
    EXPECT_EQ(settings->listValue(SettingKey::CdpEndpoints), QStringList { local });
    EXPECT_TRUE(settings->listValue(SettingKey::AutoAcceptRemoteEndpoints).isEmpty());
    ASSERT_TRUE(waitUntil([&] { return secrets->stored().isEmpty(); }));
    EXPECT_FALSE(settingsFileText().contains(u"browsers.example.com"_s));
    ASSERT_TRUE(waitUntil([&] { return rowOf(table, remote) < 0; })) << tableText(table).toStdString();
    EXPECT_FALSE(engine->endpoint()->source(remote));

    // Asked first when the user clicks Remove.
    auto *removeButton = box->findChild<QPushButton *>(u"endpointRemove"_s);
    const_cast<QTableWidget *>(table)->selectRow(rowOf(table, local));
    ASSERT_TRUE(removeButton->isEnabled());
    const QString asked = clickAndAnswer(removeButton, u"Cancel"_s);
    EXPECT_TRUE(asked.contains(local)) << asked.toStdString();
    EXPECT_EQ(settings->listValue(SettingKey::CdpEndpoints), QStringList { local });
    clickAndAnswer(removeButton, u"Remove"_s);
    EXPECT_TRUE(settings->listValue(SettingKey::CdpEndpoints).isEmpty());
}

TEST_F(EndpointsBoxTest, TheTableTheDashboardAndTheTrayShowEveryEndpoint)
{
    makeWindowAndTray();
    HeadlessChromium first;
    HeadlessChromium second;
    ASSERT_TRUE(startBrowser(first));
    ASSERT_TRUE(startBrowser(second));
    const QString secondName = u"127.0.0.1:%1"_s.arg(second.port());
    const QString silent = u"127.0.0.1:%1"_s.arg(freePort());
    ASSERT_TRUE(settings->setValue(SettingKey::CdpEndpoints, QStringList { secondName, silent }));
    ASSERT_TRUE(startEngineOn(first));
    CdpEndpoint *endpoint = engine->endpoint();
    ASSERT_TRUE(waitUntil([&] {
        const CdpSource *b = endpoint->source(secondName);
        const CdpSource *c = endpoint->source(silent);
        return b && b->isConnected() && !b->pageSessions().isEmpty() && c
            && c->state() == CdpSource::State::Retrying;
    }));

    ConnectionPage page(models()->connection(), models()->endpoints(), settings.get());
    page.show();
    const QTableWidget *table = page.endpoints()->table();
    const QString firstName = u"127.0.0.1:%1"_s.arg(first.port());
    ASSERT_EQ(table->rowCount(), 3) << tableText(table).toStdString();
    EXPECT_EQ(table->item(0, 0)->text(), firstName + u" (first)"_s);
    EXPECT_EQ(table->item(0, 1)->text(), u"connected"_s);
    const int secondRow = rowOf(table, secondName);
    ASSERT_GT(secondRow, 0);
    EXPECT_EQ(table->item(secondRow, 1)->text(), u"connected"_s) << rowText(table, secondRow).toStdString();
    EXPECT_EQ(table->item(secondRow, 3)->text(),
              QString::number(endpoint->source(secondName)->pageSessions().size()));
    EXPECT_EQ(table->item(secondRow, 2)->text(), u"—"_s) << "a blank tab holds no agent panel";
    const int silentRow = rowOf(table, silent);
    ASSERT_GT(silentRow, 0);
    EXPECT_EQ(table->item(silentRow, 1)->text(), u"waiting for the browser"_s);
    EXPECT_EQ(table->item(silentRow, 3)->text(), u"0"_s);

    // Test asks the selected host:port, beside the engine's connection.
    auto *test = page.endpoints()->findChild<QPushButton *>(u"endpointTest"_s);
    const_cast<QTableWidget *>(table)->selectRow(secondRow);
    test->click();
    ASSERT_TRUE(waitForSignal(page.endpoints(), &EndpointsBox::testFinished));
    const QString tested = page.endpoints()->findChild<QLabel *>(u"endpointTestResult"_s)->text();
    EXPECT_TRUE(tested.contains(u"answers at %1"_s.arg(secondName))) << tested.toStdString();

    // A source going away shows at once (endpointsChanged).
    second.stop();
    ASSERT_TRUE(waitUntil([&] {
        const int row = rowOf(table, secondName);
        return row > 0 && table->item(row, 1)->text() != u"connected"_s;
    })) << tableText(table).toStdString();

    // The tray: one line per endpoint in the tooltip and the menu.
    const QString tip = tray->toolTip();
    EXPECT_TRUE(tip.contains(firstName + u": connected · "_s)) << tip.toStdString();
    EXPECT_TRUE(tip.contains(silent + u": waiting for the browser"_s)) << tip.toStdString();
    QStringList menuLines;
    for (QAction *line : tray->menu()->findChildren<QAction *>(u"endpointAction"_s)) {
        EXPECT_FALSE(line->isEnabled());
        menuLines.append(line->text());
    }
    EXPECT_EQ(menuLines.size(), 3) << menuLines.join(u'\n').toStdString();
    EXPECT_TRUE(menuLines.join(u'\n').contains(silent + u": waiting for the browser"_s))
        << menuLines.join(u'\n').toStdString();
    const QList<QAction *> actions = tray->menu()->actions();
    const qsizetype status = actions.indexOf(action(u"statusAction"_s));
    ASSERT_GE(status, 0);
    ASSERT_GT(actions.size(), status + 3);
    for (qsizetype i = 1; i <= 3; ++i)
        EXPECT_EQ(actions.at(status + i)->objectName(), u"endpointAction"_s) << "under the status line";

    // The Dashboard names each page's endpoint.
    DashboardPage dashboard(models()->stats());
    auto *pages = dashboard.findChild<QListWidget *>(u"targetList"_s);
    ASSERT_TRUE(pages);
    ASSERT_GT(pages->count(), 0);
    EXPECT_TRUE(pages->item(0)->text().endsWith(u" — "_s + firstName))
        << pages->item(0)->text().toStdString();

    // With one endpoint again, the tray and the Dashboard say no more than before.
    ASSERT_TRUE(settings->setValue(SettingKey::CdpEndpoints, QStringList()));
    ASSERT_TRUE(waitUntil([&] { return endpoint->sources().size() == 1; }));
    EXPECT_TRUE(tray->menu()->findChildren<QAction *>(u"endpointAction"_s).isEmpty());
    EXPECT_FALSE(tray->toolTip().contains(firstName + u": "_s)) << tray->toolTip().toStdString();
    EXPECT_FALSE(pages->item(0)->text().contains(u" — "_s + firstName))
        << pages->item(0)->text().toStdString();
    EXPECT_EQ(table->rowCount(), 1);
    engine->stop();
}

// The box over a fake model: no engine, no browser, no keychain.
TEST(EndpointsBoxOnModelTest, ShowsTheModelsEndpointsAndAddsRemovesAndTestsThroughIt)
{
    using Endpoint = EndpointsModel::Endpoint;
    QTemporaryDir folder;
    ASSERT_TRUE(folder.isValid());
    Settings settings(folder.filePath(u"settings.ini"_s));
    FakeEndpointsModel model;
    Endpoint first;
    first.name = u"127.0.0.1:9222"_s;
    first.first = true;
    first.state = Endpoint::State::Connected;
    first.browserVersion = u"Chrome/130.0"_s;
    first.pages = 2;
    first.ides = { u"Fixture IDE"_s };
    Endpoint service;
    service.name = service.entry = u"wss://browsers.example.com/session"_s;
    service.remote = true;
    service.state = Endpoint::State::Retrying;
    service.lastError = u"the service refused the token"_s;
    service.ides = { u"Fixture IDE"_s };
    Endpoint pending;
    pending.name = pending.entry = u"127.0.0.1:9333"_s;
    model.rows = { first, service, pending };
    EndpointsBox box(&model, &settings);
    QTableWidget *table = box.table();
    auto *result = box.findChild<QLabel *>(u"endpointTestResult"_s);
    auto *test = box.findChild<QPushButton *>(u"endpointTest"_s);
    ASSERT_TRUE(result && test);

    ASSERT_EQ(table->rowCount(), 3);
    EXPECT_EQ(table->item(0, 0)->text(), u"127.0.0.1:9222 (first)"_s);
    EXPECT_EQ(table->item(0, 1)->text(), u"connected"_s);
    EXPECT_EQ(table->item(0, 1)->toolTip(), u"Chrome/130.0"_s);
    EXPECT_EQ(table->item(0, 2)->text(), u"Fixture IDE"_s);
    EXPECT_EQ(table->item(0, 3)->text(), u"2"_s);
    EXPECT_EQ(table->item(1, 0)->text(), u"wss://browsers.example.com/session"_s);
    EXPECT_EQ(table->item(1, 1)->text(), u"waiting for the browser"_s);
    EXPECT_EQ(table->item(1, 1)->toolTip(), u"The service refused the token."_s);
    EXPECT_EQ(table->item(1, 2)->text(), u"Fixture IDE (no auto-accept)"_s) << "a service not listed";
    EXPECT_EQ(table->item(2, 1)->text(), u"starting…"_s);
    EXPECT_EQ(table->item(2, 3)->text(), u"—"_s);

    // The model says the service connected: the row follows.
    model.rows[1].state = Endpoint::State::Connected;
    model.rows[1].lastError.clear();
    model.rows[1].autoAccepted = true;
    Q_EMIT model.stateChanged();
    EXPECT_EQ(table->item(1, 1)->text(), u"connected"_s);
    EXPECT_EQ(table->item(1, 2)->text(), u"Fixture IDE"_s);

    // Test: a host:port is asked through the model, a service's state is said from its row.
    table->selectRow(2);
    ASSERT_TRUE(test->isEnabled());
    QSignalSpy finished(&box, &EndpointsBox::testFinished);
    test->click();
    EXPECT_EQ(model.tested, QStringList { u"127.0.0.1:9333"_s });
    EXPECT_EQ(result->text(), u"Asking 127.0.0.1:9333…"_s);
    EXPECT_FALSE(test->isEnabled()) << "one question at a time";
    model.finishTest(CommandResult::success(QJsonObject {
        { u"browser"_s, u"Chrome/130.0"_s }, { u"address"_s, u"127.0.0.1:9333"_s }, { u"targets"_s, 1 } }));
    EXPECT_EQ(finished.size(), 1);
    EXPECT_TRUE(result->text().startsWith(u"Chrome/130.0 answers at 127.0.0.1:9333 · 1 target"_s))
        << result->text().toStdString();
    EXPECT_TRUE(test->isEnabled());
    table->selectRow(1);
    test->click();
    EXPECT_EQ(result->text(), u"wss://browsers.example.com/session is connected (a browser)."_s);
    EXPECT_EQ(model.tested.size(), 1) << "a service is not asked again";

    // Remove: never the first; the model's refusal is said.
    EXPECT_FALSE(box.removeEndpoint(0, true));
    EXPECT_TRUE(box.removeEndpoint(1, true));
    EXPECT_EQ(model.removed, QStringList { u"wss://browsers.example.com/session"_s });
    model.removeRefusal = u"cdp/endpoints cannot be saved"_s;
    EXPECT_FALSE(box.removeEndpoint(2, true));
    EXPECT_EQ(model.removed.last(), u"127.0.0.1:9333"_s);
    EXPECT_EQ(result->text(), u"Cdp/endpoints cannot be saved."_s);

    // Add: the dialog's request goes to the model, the dialog closes once it is saved.
    QPointer<EndpointDialog> dialog = box.openAddDialog();
    ASSERT_TRUE(dialog);
    dialog->findChild<QLineEdit *>(u"endpointAddress"_s)->setText(u"127.0.0.1:9444"_s);
    dialog->findChild<QPushButton *>(u"endpointDialogAdd"_s)->click();
    ASSERT_EQ(model.added.size(), 1);
    EXPECT_EQ(model.added.first().entry, u"127.0.0.1:9444"_s);
    EXPECT_EQ(model.added.first().name, u"127.0.0.1:9444"_s);
    EXPECT_FALSE(model.added.first().remote);
    EXPECT_TRUE(!dialog || !dialog->isVisible());

    // A service whose token the keychain refuses: said in the dialog, which stays open.
    model.addAnswer = CommandResult::failure(u"the keychain is locked"_s, ErrorKind::Refused);
    dialog = box.openAddDialog();
    dialog->findChild<QLineEdit *>(u"endpointAddress"_s)->setText(u"wss://other.example.com/x"_s);
    dialog->findChild<QLineEdit *>(u"endpointToken"_s)->setText(u"abc"_s);
    dialog->findChild<QPushButton *>(u"endpointDialogAdd"_s)->click();
    ASSERT_EQ(model.added.size(), 2);
    EXPECT_TRUE(model.added.last().remote);
    EXPECT_EQ(model.added.last().query, u"token=abc"_s);
    ASSERT_TRUE(dialog && dialog->isVisible());
    EXPECT_EQ(dialog->findChild<QLabel *>(u"endpointFailure"_s)->text(),
              u"The keychain refused the token: the keychain is locked"_s);
}

} // namespace
