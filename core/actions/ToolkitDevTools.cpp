// The toolkit's DevTools verbs, as Playwright MCP and chrome-devtools-mcp offer them: fill_form,
// console, network, resize, emulate and pdf, registered by ToolkitCommands.

#include "AgentFolder.h"
#include "TabRouter.h"
#include "ToolkitCommands.h"
#include "ToolkitParams.h"
#include "common/PrivateFolder.h"
#include "page/ConsoleLog.h"
#include "page/NetworkLog.h"
#include "page/PageController.h"
#include "page/PageEmulation.h"
#include "safety/Redactor.h"
#include "settings/Settings.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QRegularExpression>
#include <QSaveFile>

#include <climits>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

// `network get` answers a body up to this many characters (masked first, then cut).
constexpr qsizetype kMaxBodyChars = qsizetype(1024) * 1024;

// Headers whose whole value is a credential: never shown, whatever the value looks like.
bool credentialHeader(const QString &name)
{
    static const QRegularExpression words(
        u"^(authorization|proxy-authorization|cookie|set-cookie)$|token|secret|api-?key|session|csrf|xsrf|auth"_s,
        QRegularExpression::CaseInsensitiveOption);
    return words.match(name).hasMatch();
}

QJsonObject maskedHeaders(const QJsonObject &headers, const Redactor &redactor, int *masked)
{
    QJsonObject out;
    for (auto it = headers.begin(); it != headers.end(); ++it) {
        if (credentialHeader(it.key())) {
            out.insert(it.key(), u"[masked]"_s);
            ++*masked;
            continue;
        }
        const Redaction redaction = redactor.redact(it.value().toString());
        for (const int count : redaction.counts)
            *masked += count;
        out.insert(it.key(), redaction.text);
    }
    return out;
}

// Saves `bytes` as `name` (a plain file name; "-2", "-3" … before its suffix when taken) into
// `folder`, a caller's downloads folder (made owner-only), within the folder's caps: an agent
// (or a chat through the bridge) that saves in a loop fills its own folder, not the disk.
// Answers success, or the failure to send, with `*path` where it went.
CommandResult saveDownload(const QString &folder, const QString &name, const QByteArray &bytes, QString *path)
{
    if (!makePrivateFolder(folder))
        return CommandResult::failure(
            ToolkitCommands::tr("could not make the downloads folder %1").arg(folder), ErrorKind::Internal);
    const AgentFolder::Use use = AgentFolder::use(folder);
    if (use.files >= AgentFolder::kMaxFiles || use.bytes + bytes.size() > AgentFolder::kMaxBytes) {
        return CommandResult::failure(
            ToolkitCommands::tr(
                "your downloads folder %1 is full (%2 files, %3 MB; at most %4 files and %5 MB): "
                "the user can empty it")
                .arg(folder)
                .arg(use.files)
                .arg(use.bytes / (qint64(1024) * 1024))
                .arg(AgentFolder::kMaxFiles)
                .arg(AgentFolder::kMaxBytes / (qint64(1024) * 1024)),
            ErrorKind::Full);
    }
    *path = AgentFolder::freePath(folder, name);
    QSaveFile file(*path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        return CommandResult::failure(
            ToolkitCommands::tr("could not write %1: %2").arg(*path, file.errorString()),
            ErrorKind::Internal);
    }
    return CommandResult::success({});
}

} // namespace

QString ToolkitCommands::uploadable(const QString &path, QString *why) const
{
    const auto inside = [](const QString &file, const QString &folder) {
        return !folder.isEmpty() && (file == folder || file.startsWith(folder + u'/'));
    };
    if (!QDir::isAbsolutePath(path)) {
        *why = tr("“%1” is not a full path: give the file's whole path (/home/you/uploads/report.pdf)")
                   .arg(path);
        return {};
    }
    const QFileInfo info(path);
    // Links followed, "..", "." and repeated slashes gone: the file the browser would read.
    QString file = info.canonicalFilePath();
    if (file.isEmpty()) {
        *why = tr("“%1” does not exist").arg(path);
        return {};
    }
    if (!QFileInfo(file).isFile() || !QFileInfo(file).isReadable()) {
        *why = tr("“%1” is not a file this app can read").arg(path);
        return {};
    }
    for (const QString &folder : m_protectedFolders) {
        if (inside(file, QFileInfo(folder).canonicalFilePath())) {
            *why = tr("“%1” is in this app's own folders (tokens, settings): never uploaded").arg(path);
            return {};
        }
    }
    const QStringList allowed = m_settings->listValue(SettingKey::ToolkitUploadDirs);
    if (allowed.isEmpty()) {
        *why = tr("no folder is open for uploads: the user lists the folders agents may upload from in "
                  "toolkit/uploadDirs (the window's Servers page)");
        return {};
    }
    for (const QString &folder : allowed) {
        if (inside(file, QFileInfo(folder.trimmed()).canonicalFilePath()))
            return file;
    }
    *why = file == QFileInfo(path).absoluteFilePath()
        ? tr("“%1” is outside the folders open for uploads (%2)").arg(path, allowed.join(u", "_s))
        : tr("“%1” leads to %2, outside the folders open for uploads (%3)")
              .arg(path, file, allowed.join(u", "_s));
    return {};
}

void ToolkitCommands::registerDevToolsVerbs()
{
    addElementCommand(
        u"upload"_s,
        tr("Sets the files of a file input (<input type=file>), as a person picking them; only files from "
           "the "
           "folders the user opened for uploads (toolkit/uploadDirs)"),
        RefUse::Required,
        [this](const QString &ref, CommandParams &p, PageController *tab, CommandReply reply) {
            const QStringList files = p.stringList(u"files"_s);
            if (!paramsOk(p, reply))
                return;
            if (files.isEmpty() || files.size() > 100) {
                return reply(CommandResult::failure(
                    tr("params.files names %1 files: give 1 to 100 full paths").arg(files.size())));
            }
            QStringList checked;
            for (const QString &path : files) {
                QString why;
                const QString file = uploadable(path, &why);
                if (file.isEmpty())
                    return reply(CommandResult::failure(why, ErrorKind::Refused));
                checked.append(file);
            }
            tab->upload(ref, checked, std::move(reply));
        });

    add(u"fill_form"_s,
        tr("Fills several fields in one call (text fields, selects, checkboxes, radio buttons and switches), "
           "in order, with one report of what each holds and what the page did"),
        [this](CommandParams &p, const CommandCaller &caller, CommandReply reply) {
            const QJsonArray given = p.raw().value(u"fields"_s).toArray();
            const QString tab = p.string(u"tab"_s);
            if (!paramsOk(p, reply))
                return;
            if (given.isEmpty())
                return reply(
                    CommandResult::failure(tr("params.fields is empty: name at least one {ref, value}")));
            if (given.size() > PageController::kMaxFormFields) {
                return reply(
                    CommandResult::failure(tr("params.fields names %1 fields; at most %2 in one call")
                                               .arg(given.size())
                                               .arg(PageController::kMaxFormFields)));
            }
            QList<PageController::FormField> fields;
            for (qsizetype i = 0; i < given.size(); ++i) {
                const QJsonObject field = given.at(i).toObject();
                const QString ref = field.value(u"ref"_s).toString();
                if (!PageController::parseRef(ref)) {
                    return reply(CommandResult::failure(tr("params.fields[%1].ref “%2” is not a ref: refs "
                                                           "look like e3 (or f1e3 inside a frame)")
                                                            .arg(i)
                                                            .arg(ref)));
                }
                fields.append({ ref, field.value(u"value"_s) });
            }
            m_router->withTab(caller, tab, std::move(reply),
                              [fields](PageController *controller, CommandReply reply) {
                                  controller->fillForm(fields, std::move(reply));
                              });
        });

    addTabCommand(
        u"console"_s,
        tr("The tab's console messages (console calls, uncaught errors, the browser's own warnings) with "
           "level and source, oldest first: the current page's, since an id for only the new ones, all for "
           "earlier pages' too"),
        [](CommandParams &p, PageController *tab, const CommandCaller &, const CommandReply &reply) {
            const QString level = p.has(u"level"_s) ? p.choice(u"level"_s, ConsoleLog::levels()) : QString();
            const bool all = p.boolean(u"all"_s, false);
            const int limit = p.integer(u"limit"_s, 100, 1, ConsoleLog::kMaxEntries);
            const ConsoleLog *log = tab->consoleLog();
            const qint64 since
                = p.has(u"since"_s) ? p.integer(u"since"_s, 0, 0, INT_MAX) : (all ? 0 : log->documentMark());
            if (!paramsOk(p, reply))
                return;
            QJsonArray messages;
            for (const ConsoleEntry &entry : log->since(since, level, limit))
                messages.append(entry.toJson());
            QJsonObject data { { u"messages"_s, messages }, { u"last"_s, log->mark() } };
            if (!all && !p.has(u"since"_s) && log->documentMark() > 0)
                data.insert(u"earlierPages"_s, log->documentMark()); // read with all: true
            if (log->dropped() > 0 && since < log->mark() - ConsoleLog::kMaxEntries)
                data.insert(u"dropped"_s, log->dropped());
            reply(CommandResult::success(data));
        });

    addTabCommand(
        u"network"_s,
        tr("The tab's requests: list them (method, address, status, type, size, time), or get one with its "
           "headers and body, credentials and personal data masked"),
        [this](CommandParams &p, PageController *tab, const CommandCaller &, const CommandReply &reply) {
            const QString action
                = p.has(u"action"_s) ? p.choice(u"action"_s, { u"list"_s, u"get"_s }) : u"list"_s;
            const int id = p.integer(u"id"_s, 0, 1, INT_MAX);
            const QString filter = p.string(u"filter"_s);
            const QString type = p.string(u"type"_s);
            const bool all = p.boolean(u"all"_s, false);
            const int limit = p.integer(u"limit"_s, 100, 1, PageController::kMaxNetworkEntries);
            NetworkLog *log = tab->networkLog();
            const qint64 since
                = p.has(u"since"_s) ? p.integer(u"since"_s, 0, 0, INT_MAX) : (all ? 0 : log->documentMark());
            if (!paramsOk(p, reply))
                return;
            if (action == u"list"_s) {
                QJsonArray requests;
                QList<NetworkEntry> kept;
                for (const NetworkEntry &entry : log->since(since, 0)) {
                    if ((filter.isEmpty() || entry.url.contains(filter, Qt::CaseInsensitive))
                        && (type.isEmpty() || entry.type.compare(type, Qt::CaseInsensitive) == 0))
                        kept.append(entry);
                }
                if (kept.size() > limit)
                    kept = kept.mid(kept.size() - limit);
                for (const NetworkEntry &entry : kept)
                    requests.append(entry.toJson());
                QJsonObject data { { u"requests"_s, requests }, { u"last"_s, log->mark() } };
                if (!all && !p.has(u"since"_s) && log->documentMark() > 0)
                    data.insert(u"earlierPages"_s, log->documentMark()); // read with all: true
                return reply(CommandResult::success(data));
            }
            if (!p.has(u"id"_s))
                return reply(CommandResult::failure(
                    tr("network get needs params.id (a request's id from network list)")));
            const std::optional<NetworkEntry> entry = log->entry(id);
            if (!entry) {
                return reply(CommandResult::failure(
                    id > log->mark()
                        ? tr("no request %1: the tab has made %2 so far").arg(id).arg(log->mark())
                        : tr("request %1 is no longer kept (the tab keeps its last %2)")
                              .arg(id)
                              .arg(PageController::kMaxNetworkEntries),
                    ErrorKind::NotFound));
            }
            // Set-Cookie and the wire's headers come in the browser's extra info, before or after
            // the response: the answer waits for them (1 s at most) so nothing goes unmasked or missing.
            log->whenHeadersWhole(
                id, std::chrono::seconds(1), [this, log = QPointer<NetworkLog>(log), id, reply] {
                    const std::optional<NetworkEntry> entry = log ? log->entry(id) : std::nullopt;
                    if (!entry)
                        return reply(CommandResult::failure(tr("the tab closed"), ErrorKind::Conflict));
                    Redactor redactor;
                    redactor.setUserRules(
                        Redactor::rulesFromEntries(m_settings->listValue(SettingKey::BridgeRedactRules)));
                    int masked = 0;
                    QJsonObject data = entry->toJson();
                    data.insert(u"requestHeaders"_s, maskedHeaders(entry->requestHeaders, redactor, &masked));
                    data.insert(u"responseHeaders"_s,
                                maskedHeaders(entry->responseHeaders, redactor, &masked));
                    if (!entry->finished || !entry->error.isEmpty()) {
                        data.insert(u"body"_s, QJsonValue::Null);
                        data.insert(u"bodyNote"_s,
                                    entry->finished ? tr("the request failed: no body")
                                                    : tr("still loading: ask again when it has finished"));
                        data.insert(u"masked"_s, masked);
                        return reply(CommandResult::success(data));
                    }
                    log->body(entry->requestId,
                              [data, masked, redactor, reply](const QString &body, bool base64,
                                                              const QString &error) mutable {
                                  if (!error.isEmpty()) {
                                      data.insert(u"body"_s, QJsonValue::Null);
                                      data.insert(u"bodyNote"_s,
                                                  tr("the browser no longer has the body (%1)").arg(error));
                                  } else if (base64) {
                                      data.insert(u"body"_s, QJsonValue::Null);
                                      data.insert(u"bodyNote"_s,
                                                  tr("a binary body of %1 bytes, not shown")
                                                      .arg(QByteArray::fromBase64(body.toLatin1()).size()));
                                  } else {
                                      // Masked whole, then cut: a cut never hides part of a value from the
                                      // masking.
                                      const Redaction redaction
                                          = redactor.redactThenClip(body, kMaxBodyChars);
                                      for (const int count : redaction.counts)
                                          masked += count;
                                      data.insert(u"body"_s, redaction.text);
                                      if (body.size() > kMaxBodyChars)
                                          data.insert(u"bodyNote"_s,
                                                      tr("cut at 1 MiB of %1 characters").arg(body.size()));
                                  }
                                  data.insert(u"masked"_s, masked);
                                  reply(CommandResult::success(data));
                              });
                });
        });

    addTabCommand(u"resize"_s, tr("Sets the tab's viewport to width × height CSS pixels"),
                  [](CommandParams &p, PageController *tab, const CommandCaller &, CommandReply reply) {
                      const int width = p.integer(u"width"_s, 0, 100, 10000);
                      const int height = p.integer(u"height"_s, 0, 100, 10000);
                      if (!paramsOk(p, reply))
                          return;
                      EmulateOptions options;
                      options.viewport = QSize(width, height);
                      tab->emulate(options, std::move(reply));
                  });

    addTabCommand(
        u"emulate"_s,
        tr("Makes the tab present itself as a device (viewport, scale, touch, user agent), on a slow or no "
           "network, a slow CPU, at a place, or in a colour scheme; each call sets only what it names"),
        [](CommandParams &p, PageController *tab, const CommandCaller &, CommandReply reply) {
            EmulateOptions options;
            options.reset = p.boolean(u"reset"_s, false);
            if (p.has(u"device"_s)) {
                const QString name = p.string(u"device"_s);
                const std::optional<DeviceDescriptor> device = PageEmulation::device(name);
                if (!device) {
                    return reply(
                        CommandResult::failure(tr("params.device “%1” is not a device this app knows: %2")
                                                   .arg(name, PageEmulation::deviceNames().join(u", "_s))));
                }
                options.useDevice(*device);
            }
            if (p.has(u"userAgent"_s))
                options.userAgent = p.string(u"userAgent"_s);
            if (p.has(u"viewport"_s)) {
                CommandParams viewport(p.object(u"viewport"_s));
                options.viewport = QSize(viewport.integer(u"width"_s, 0, 100, 10000),
                                         viewport.integer(u"height"_s, 0, 100, 10000));
                options.scale = viewport.number(u"deviceScaleFactor"_s, options.scale, 0.5, 5);
                options.mobile = viewport.boolean(u"mobile"_s, options.mobile);
                if (!paramsOk(viewport, reply))
                    return;
            }
            if (p.has(u"touch"_s))
                options.touch = p.boolean(u"touch"_s, false);
            if (p.has(u"offline"_s))
                options.offline = p.boolean(u"offline"_s, false);
            if (p.has(u"latencyMs"_s))
                options.latencyMs = p.integer(u"latencyMs"_s, 0, 0, 10000);
            if (p.has(u"downloadKbps"_s))
                options.downloadKbps = p.integer(u"downloadKbps"_s, 0, 1, 1000000);
            if (p.has(u"uploadKbps"_s))
                options.uploadKbps = p.integer(u"uploadKbps"_s, 0, 1, 1000000);
            if (p.has(u"cpuThrottling"_s))
                options.cpuThrottling = p.number(u"cpuThrottling"_s, 1, 1, 20);
            if (p.has(u"geolocation"_s)) {
                CommandParams where(p.object(u"geolocation"_s));
                options.geolocation
                    = EmulateOptions::Location { where.number(u"latitude"_s, 0, -90, 90),
                                                 where.number(u"longitude"_s, 0, -180, 180),
                                                 where.number(u"accuracy"_s, 100, 0, 100000) };
                if (!paramsOk(where, reply))
                    return;
            }
            if (p.has(u"colorScheme"_s))
                options.colorScheme
                    = p.choice(u"colorScheme"_s, { u"light"_s, u"dark"_s, u"no-preference"_s });
            if (!paramsOk(p, reply))
                return;
            if (options.empty()) {
                return reply(CommandResult::failure(
                    tr("emulate needs something to emulate: device, userAgent, viewport, touch, offline, "
                       "latencyMs, "
                       "downloadKbps, uploadKbps, cpuThrottling, geolocation, colorScheme or reset")));
            }
            tab->emulate(options, std::move(reply));
        });

    addTabCommand(
        u"pdf"_s, tr("Prints the tab to a PDF in your downloads folder (the page's print style applies)"),
        [this](CommandParams &p, PageController *tab, const CommandCaller &caller,
               const CommandReply &reply) {
            QString name = p.string(u"path"_s);
            const bool landscape = p.boolean(u"landscape"_s, false);
            if (!paramsOk(p, reply))
                return;
            if (m_downloads.isEmpty())
                return reply(CommandResult::failure(tr("this app has no downloads folder to save a PDF in"),
                                                    ErrorKind::Unavailable));
            if (name.isEmpty())
                name = u"page-%1.pdf"_s.arg(QDateTime::currentDateTime().toString(u"yyyyMMdd-HHmmss-zzz"_s));
            if (name.contains(u'/') || name.contains(u'\\') || name.startsWith(u'.') || name.size() > 120) {
                return reply(CommandResult::failure(tr("params.path “%1” must be a plain file name (no "
                                                       "folders, not starting with a dot, at most 120 "
                                                       "characters): the PDF goes into your downloads folder")
                                                        .arg(name)));
            }
            if (!name.endsWith(u".pdf"_s, Qt::CaseInsensitive))
                name += u".pdf"_s;
            const QString folder = m_downloads + u'/' + AgentFolder::nameFor(caller);
            tab->printPdf(landscape, [folder, name, reply](const QByteArray &pdf, const QString &error) {
                if (!error.isEmpty())
                    return reply(CommandResult::failure(error, PageController::kFailureKind));
                QString path;
                if (const CommandResult refused = saveDownload(folder, name, pdf, &path); !refused.ok)
                    return reply(refused);
                // "/Type /Page" once per page (not /Pages): how Chromium's PDF writer names them.
                static const QRegularExpression pageObject(u"/Type\\s*/Page(?![s\\w])"_s);
                const qsizetype pages = QString::fromLatin1(pdf).count(pageObject);
                reply(CommandResult::success(
                    QJsonObject { { u"path"_s, path }, { u"bytes"_s, pdf.size() }, { u"pages"_s, pages } }));
            });
        });

    addTabCommand(
        u"dialog"_s,
        tr("Answers the JavaScript dialog open on the tab (accept, with a prompt's text, or dismiss), "
           "or the next one; list: the tab's dialogs and what was done with each"),
        [](CommandParams &p, PageController *tab, const CommandCaller &, CommandReply reply) {
            const QString action = p.choice(u"action"_s, { u"accept"_s, u"dismiss"_s, u"list"_s });
            const QString text = p.has(u"text"_s) ? p.string(u"text"_s) : QString();
            const bool next = p.boolean(u"next"_s, false);
            if (!paramsOk(p, reply))
                return;
            if (action == u"list"_s) {
                QJsonObject data { { u"dialogs"_s, tab->dialogs() } };
                if (const QJsonObject held = tab->heldDialog(); !held.isEmpty())
                    data.insert(u"open"_s, held);
                return reply(CommandResult::success(data));
            }
            if (!text.isNull() && action != u"accept"_s)
                return reply(CommandResult::failure(tr("params.text goes with accept only")));
            tab->answerDialog(action == u"accept"_s, text, next, std::move(reply));
        });

    addTabCommand(
        u"trace"_s,
        tr("Records a performance trace of the tab (start, then stop): the trace file in your downloads "
           "folder (Chrome's format, for DevTools or Perfetto) and a summary: long tasks, layout shifts, "
           "LCP"),
        [this](CommandParams &p, PageController *tab, const CommandCaller &caller,
               const CommandReply &reply) {
            const QString action = p.choice(u"action"_s, { u"start"_s, u"stop"_s });
            if (!paramsOk(p, reply))
                return;
            if (action == u"start"_s) {
                return tab->trace()->start([reply](const QString &error) {
                    reply(error.isEmpty() ? CommandResult::success(QJsonObject { { u"tracing"_s, true } })
                                          : CommandResult::failure(error, PageController::kFailureKind));
                });
            }
            if (m_downloads.isEmpty())
                return reply(CommandResult::failure(tr("this app has no downloads folder to save a trace in"),
                                                    ErrorKind::Unavailable));
            const QString folder = m_downloads + u'/' + AgentFolder::nameFor(caller);
            tab->trace()->stop([folder, reply](const QByteArray &trace, const QJsonObject &summary,
                                               const QString &error) {
                if (!error.isEmpty())
                    return reply(CommandResult::failure(error, PageController::kFailureKind));
                const QString name
                    = u"trace-%1.json"_s.arg(QDateTime::currentDateTime().toString(u"yyyyMMdd-HHmmss-zzz"_s));
                QString path;
                if (const CommandResult refused = saveDownload(folder, name, trace, &path); !refused.ok)
                    return reply(refused);
                reply(CommandResult::success(QJsonObject {
                    { u"path"_s, path }, { u"bytes"_s, trace.size() }, { u"summary"_s, summary } }));
            });
        });
}

} // namespace mpa
