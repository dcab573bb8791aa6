#pragma once
// The security gate: what an action an LLM chose would do to the world, decided before it runs,
// so the task runner (careful mode) and the chat bridge can hold it for the user. Pure logic over
// what the runner already knows of the element (GateAction); tests/fixtures/gate-corpus.json
// holds the labelled real-site cases it is proven on.
//
// Word- and role-aware: names are matched as whole words and phrases (English, German, French,
// Spanish, Russian …), and only on elements that act (button, link, menu item, tab, a submit
// input); a link with a real destination navigates and is judged by where it goes (another site,
// a file), not by its words. Forms count by what they hold: card fields make a submit a payment,
// a password or one-time code makes it credentials, free text (a textarea, a message box) or
// contact details sent by POST make it sending. A search form (GET, a search field) is nothing.

#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <QUrl>

namespace mpa {

// What the runner knows about an action before it runs it (from the snapshot line and a DOM
// query of the element).
struct GateAction
{
    QString type; // toolkit type: click, dblclick, fill, type, press, select, check, uncheck, hover, scroll,
                  // open, tab, back, eval, upload, …
    QString role; // the element's role as the snapshot names it: button, link, textbox, checkbox, menuitem,
                  // heading, …
    QString name; // its accessible name ("Place your order")
    QString text; // what is typed / selected / the keys pressed ("Enter")
    QString tag; // element tag: input, button, a, div, span, …
    QString inputType; // input type attribute: password, email, file, submit, search, …
    QString autocomplete; // autocomplete attribute: cc-number, cc-csc, current-password, new-password,
                          // one-time-code, …
    QString href; // a link's destination (absolute)
    bool download = false; // a link with the download attribute / a download the page announced
    bool submitsForm = false; // activating it submits a form (submit button; Enter in a form's text field)
    QString formMethod; // GET / POST of the element's form
    QString formAction; // absolute URL the form posts to
    QStringList formFields; // the kinds of fields that form holds: password, cc-number, cc-exp, cc-csc,
                            // email, tel, textarea, text, search, file, hidden, …
    QString pageUrl; // the page the element is on
    QString destinationUrl; // open / a navigation: where it goes
    QStringList startSites; // the sites the task started on ("example.com"); empty: no site rule
};

enum class GateCategory { None, Payment, Credentials, Sending, Deleting, Files, LeavingSite, Eval };

struct GateVerdict
{
    GateCategory category = GateCategory::None;
    // One sentence for the user: "“Place your order” looks like a payment (a button on a page
    // with card fields)".
    QString reason;
    bool risky() const { return category != GateCategory::None; }
};

class SecurityGate
{
public:
    enum class Mode { Careful, Autonomous };
    // What autonomous mode still asks about.
    enum class Floor { PaymentAndCredentials, None };

    static GateVerdict classify(const GateAction &action);
    // The action a toolkit command (`tool`, `params`) would be on the element the toolkit
    // described (`get` with what "element": role, name, tag, type, autocomplete, href, form …).
    static GateAction actionFromFacts(const QString &tool, const QJsonObject &params,
                                      const QJsonObject &facts, const QString &pageUrl,
                                      const QStringList &startSites);
    // Careful: every risky verdict; autonomous: only Payment and Credentials, unless Floor::None.
    static bool mustAsk(const GateVerdict &verdict, Mode mode, Floor floor);
    // The registrable site: "mail.google.com" → "google.com", "a.b.co.uk" → "b.co.uk" (a small
    // built-in list of common multi-part suffixes), IPs and localhost as they are; empty for a
    // URL that names no host (about:, chrome:, data:, file:).
    static QString site(const QUrl &url);
    // "payment", "credentials", "sending", "deleting", "files", "leaving-site", "eval", "none".
    static QString categoryName(GateCategory c);
};

} // namespace mpa
