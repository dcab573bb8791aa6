#pragma once
// "Import from the VS Code extension": what the extension's settings.json holds, next to ours —
// a row per setting with our current value, the imported one, and whether importing replaces a
// value you chose — before anything is written. Rows that cannot be imported say why; files
// that cannot be read are named with the reason. Offered once on the first start (when a file
// is found) and from the General page.

#include "settings/ExtensionSettingsImport.h"

#include <QDialog>

class QComboBox;
class QLabel;
class QPushButton;
class QTableWidget;

namespace mpa {

class Engine;

class ExtensionImportDialog : public QDialog
{
    Q_OBJECT
public:
    ExtensionImportDialog(Engine *engine, const QList<ExtensionSettingsImport::FileResult> &files,
                          QWidget *parent = nullptr);

    // On the first start: looks once (ui/extensionImportOffered) and opens the dialog over
    // `parent` when the extension's settings are found; returns the dialog, or null.
    static ExtensionImportDialog *offerOnFirstStart(Engine *engine, QWidget *parent);
    // From the General page: the dialog when something is found, else a message saying where
    // it looked. `sources` are the files to look at (the IDEs' usual places when empty).
    static ExtensionImportDialog *offer(Engine *engine, QWidget *parent,
                                        const QList<ExtensionSettingsImport::Source> &sources = {});

    QTableWidget *table() const { return m_table; }
    QPushButton *importButton() const { return m_import; }
    // Imports the rows that are ticked; true when everything ticked was imported.
    bool importChecked();
    QString resultText() const;

private:
    void showFile(int index);
    void updateSummary();

    Engine *m_engine;
    QList<ExtensionSettingsImport::FileResult> m_files; // readable ones with something to import
    QComboBox *m_source;
    QLabel *m_summary;
    QLabel *m_skipped;
    QLabel *m_result;
    QTableWidget *m_table;
    QPushButton *m_import;
    int m_current = -1;
};

} // namespace mpa
