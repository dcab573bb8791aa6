#include "SecurityGate.h"

#include "common/EnumNames.h"

#include <QHostAddress>
#include <QJsonArray>
#include <QJsonObject>
#include <QSet>
#include <QUrlQuery>

#include <initializer_list>
#include <optional>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

constexpr EnumName<GateCategory> kCategoryNames[] {
    { GateCategory::None, u"none" },
    { GateCategory::Payment, u"payment" },
    { GateCategory::Credentials, u"credentials" },
    { GateCategory::Sending, u"sending" },
    { GateCategory::Deleting, u"deleting" },
    { GateCategory::Files, u"files" },
    { GateCategory::LeavingSite, u"leaving-site" },
    { GateCategory::Eval, u"eval" },
};

// The words of a name as the phrase lists are written: Unicode-folded, lower case, ё as е, any
// run of characters that are not letters or digits one space, padded with a space each side so
// that " phrase " only matches whole words.
QString words(const QString &text)
{
    const QString folded = text.normalized(QString::NormalizationForm_KC).toCaseFolded();
    QString out = u" "_s;
    bool gap = true;
    for (const QChar c : folded) {
        if (c.isLetterOrNumber() || c.category() == QChar::Mark_NonSpacing) {
            out += (c == u'ё') ? u'е' : c;
            gap = false;
        } else if (!gap) {
            out += u' ';
            gap = true;
        }
    }
    if (!gap)
        out += u' ';
    return out;
}

struct PhraseList
{
    QStringList phrases; // each already in words() form: " place your order "

    PhraseList(std::initializer_list<const char16_t *> list)
    {
        for (const char16_t *p : list)
            phrases << words(QString::fromUtf16(p));
    }
    // The first phrase found among the words of a name, trimmed; empty when none is.
    QString find(const QString &nameWords) const
    {
        for (const QString &p : phrases) {
            if (nameWords.contains(p))
                return p.trimmed();
        }
        return {};
    }
};

// What buying says on a button: English, German (the § 312j BGB wording), French, Spanish,
// Portuguese, Italian, Russian. "Add to cart" and "Proceed to checkout" are not here: they move
// along, nothing is charged.
const PhraseList &paymentWords()
{
    static const PhraseList list {
        u"pay",
        u"pay now",
        u"buy",
        u"buy now",
        u"buy it now",
        u"purchase",
        u"purchase now",
        u"place order",
        u"place your order",
        u"place my order",
        u"submit order",
        u"complete order",
        u"complete purchase",
        u"complete my purchase",
        u"confirm purchase",
        u"confirm order",
        u"confirm and pay",
        u"order now",
        u"make payment",
        u"submit payment",
        u"send money",
        u"donate",
        u"donate now",
        u"complete booking",
        u"confirm booking",
        u"book now",
        u"book reservation",
        u"start subscription",
        u"purchase subscription",
        u"save card",
        u"save credit card",
        u"add credit card",
        u"add debit card",
        u"bezahlen",
        u"jetzt bezahlen",
        u"zahlen",
        u"kaufen",
        u"jetzt kaufen",
        u"bestellen",
        u"zahlungspflichtig bestellen",
        u"kostenpflichtig bestellen",
        u"spenden",
        u"payer",
        u"acheter",
        u"commander",
        u"valider la commande",
        u"passer la commande",
        u"confirmer la commande",
        u"faire un don",
        u"pagar",
        u"comprar",
        u"realizar pedido",
        u"confirmar pedido",
        u"finalizar compra",
        u"completar compra",
        u"confirmar compra",
        u"donar",
        u"comprar agora",
        u"finalizar pedido",
        u"paga",
        u"acquista",
        u"compra ora",
        u"оплатить",
        u"купить",
        u"оформить заказ",
        u"подтвердить заказ",
        u"заказать",
        u"пожертвовать",
    };
    return list;
}

// Words that commit a checkout step: they count as payment on a checkout or payment page.
const PhraseList &commitWords()
{
    static const PhraseList list {
        u"continue",  u"confirm",   u"complete",  u"submit",     u"place",       u"finish",
        u"proceed",   u"subscribe", u"start",     u"weiter",     u"bestätigen",  u"continuer",
        u"confirmer", u"continuar", u"confirmar", u"продолжить", u"подтвердить", u"далее",
    };
    return list;
}

const PhraseList &credentialWords()
{
    static const PhraseList list {
        u"change password",
        u"update password",
        u"reset password",
        u"set password",
        u"change email",
        u"verification code",
        u"send code",
        u"send otp",
        u"text me",
        u"passwort ändern",
        u"changer le mot de passe",
        u"cambiar contraseña",
        u"enviar código",
        u"изменить пароль",
        u"сменить пароль",
        u"отправить код",
    };
    return list;
}

const PhraseList &deleteWords()
{
    static const PhraseList list {
        u"delete",
        u"delete forever",
        u"delete permanently",
        u"trash",
        u"move to trash",
        u"move to bin",
        u"empty trash",
        u"empty bin",
        u"erase",
        u"destroy",
        u"wipe",
        u"purge",
        u"discard",
        u"close account",
        u"close my account",
        u"close your account",
        u"deactivate",
        u"remove account",
        u"remove permanently",
        u"permanently remove",
        u"revoke",
        u"cancel subscription",
        u"cancel my subscription",
        u"cancel membership",
        u"cancel plan",
        u"cancel order",
        u"cancel account",
        u"continue with cancellation",
        u"confirm cancellation",
        u"löschen",
        u"endgültig löschen",
        u"in den papierkorb",
        u"kündigen",
        u"deaktivieren",
        u"konto schließen",
        u"supprimer",
        u"effacer",
        u"résilier",
        u"désactiver",
        u"mettre à la corbeille",
        u"eliminar",
        u"borrar",
        u"desactivar",
        u"cancelar suscripción",
        u"mover a la papelera",
        u"elimina",
        u"cancella",
        u"excluir",
        u"apagar",
        u"удалить",
        u"удалите",
        u"стереть",
        u"очистить корзину",
        u"деактивировать",
        u"отменить подписку",
    };
    return list;
}

const PhraseList &sendWords()
{
    static const PhraseList list {
        u"send",         u"send now",        u"send message",  u"send email",      u"send reply",
        u"send request", u"send invitation", u"post",          u"post now",        u"post comment",
        u"post reply",   u"post review",     u"publish",       u"publish now",     u"tweet",
        u"toot",         u"comment",         u"submit review", u"submit comment",  u"add comment",
        u"senden",       u"absenden",        u"abschicken",    u"veröffentlichen", u"posten",
        u"kommentieren", u"envoyer",         u"publier",       u"commenter",       u"enviar",
        u"publicar",     u"comentar",        u"invia",         u"pubblica",        u"отправить",
        u"опубликовать", u"комментировать",
    };
    return list;
}

const PhraseList &downloadWords()
{
    static const PhraseList list {
        u"download", u"export",    u"herunterladen",  u"exportieren", u"télécharger",
        u"exporter", u"descargar", u"exportar",       u"baixar",      u"scarica",
        u"скачать",  u"экспорт",   u"экспортировать",
    };
    return list;
}

const PhraseList &uploadWords()
{
    static const PhraseList list {
        u"upload",      u"browse files",  u"choose file",    u"choose files",
        u"attach file", u"attach files",  u"add attachment", u"hochladen",
        u"téléverser",  u"subir archivo", u"subir archivos", u"загрузить файл",
    };
    return list;
}

// Words that send only where there is free text to send (a reply box, a contact form).
const PhraseList &weakSendWords()
{
    static const PhraseList list { u"reply",     u"respond",  u"answer",    u"submit",
                                   u"antworten", u"répondre", u"responder", u"ответить" };
    return list;
}

// Buttons of a form that adjust it rather than send it.
const PhraseList &adjustWords()
{
    static const PhraseList list { u"update",        u"apply",      u"refresh",       u"recalculate",
                                   u"calculate",     u"search",     u"filter",        u"sort",
                                   u"estimate",      u"back",       u"cancel",        u"edit",
                                   u"aktualisieren", u"actualizar", u"mettre à jour", u"обновить" };
    return list;
}

// Names a card field goes by, for the many that set no autocomplete (or "off").
const PhraseList &cardFieldWords()
{
    static const PhraseList list {
        u"card number",
        u"credit card number",
        u"card code",
        u"cvc",
        u"cvv",
        u"csc",
        u"security code",
        u"expiry date",
        u"expiration date",
        u"kartennummer",
        u"prüfnummer",
        u"numéro de carte",
        u"cryptogramme",
        u"número de tarjeta",
        u"номер карты",
        u"cvc код",
    };
    return list;
}

// Names a message box goes by, for Enter in a plain text input outside a form.
const PhraseList &messageBoxWords()
{
    static const PhraseList list {
        u"message",          u"comment",   u"reply",       u"chat",      u"tweet",     u"post",
        u"what s happening", u"write",     u"compose",     u"nachricht", u"kommentar", u"mensaje",
        u"comentario",       u"сообщение", u"комментарий", u"написать",  u"ответ",
    };
    return list;
}

const PhraseList &searchWords()
{
    static const PhraseList list { u"search",    u"find",   u"filter",   u"suche", u"suchen", u"rechercher",
                                   u"recherche", u"buscar", u"búsqueda", u"поиск", u"найти" };
    return list;
}

const QSet<QString> kActionRoles { u"button"_s, u"link"_s, u"menuitem"_s, u"tab"_s };
const QSet<QString> kActivations { u"click"_s, u"dblclick"_s, u"tap"_s };
const QSet<QString> kTyping { u"fill"_s, u"type"_s };
const QSet<QString> kPasswordKinds { u"password"_s, u"current-password"_s, u"new-password"_s,
                                     u"one-time-code"_s, u"otp"_s };
const QSet<QString> kFreeTextKinds { u"textarea"_s, u"contenteditable"_s, u"richtext"_s };
const QSet<QString> kContactKinds { u"email"_s, u"tel"_s };
const QSet<QString> kDeleteVerbs { u"delete"_s, u"trash"_s, u"destroy"_s, u"remove"_s, u"erase"_s };
const QSet<QString> kFileExtensions {
    u"zip"_s,  u"exe"_s, u"msi"_s,  u"dmg"_s,     u"pkg"_s,  u"apk"_s, u"deb"_s,      u"rpm"_s, u"tar"_s,
    u"gz"_s,   u"tgz"_s, u"bz2"_s,  u"xz"_s,      u"7z"_s,   u"rar"_s, u"iso"_s,      u"pdf"_s, u"doc"_s,
    u"docx"_s, u"xls"_s, u"xlsx"_s, u"ppt"_s,     u"pptx"_s, u"csv"_s, u"rtf"_s,      u"kml"_s, u"kmz"_s,
    u"ris"_s,  u"bib"_s, u"jar"_s,  u"torrent"_s, u"img"_s,  u"bin"_s, u"appimage"_s,
};

// Multi-part public suffixes common enough to matter: under them the site is one label longer.
const QSet<QString> kMultiPartSuffixes {
    u"co.uk"_s,           u"org.uk"_s,      u"ac.uk"_s,     u"gov.uk"_s,       u"me.uk"_s,
    u"ltd.uk"_s,          u"plc.uk"_s,      u"net.uk"_s,    u"nhs.uk"_s,       u"sch.uk"_s,
    u"co.jp"_s,           u"ne.jp"_s,       u"or.jp"_s,     u"ac.jp"_s,        u"go.jp"_s,
    u"com.au"_s,          u"net.au"_s,      u"org.au"_s,    u"edu.au"_s,       u"gov.au"_s,
    u"co.nz"_s,           u"org.nz"_s,      u"govt.nz"_s,   u"com.br"_s,       u"net.br"_s,
    u"gov.br"_s,          u"com.cn"_s,      u"net.cn"_s,    u"org.cn"_s,       u"com.mx"_s,
    u"gob.mx"_s,          u"com.ar"_s,      u"com.tr"_s,    u"com.tw"_s,       u"com.hk"_s,
    u"com.sg"_s,          u"co.in"_s,       u"gov.in"_s,    u"co.kr"_s,        u"co.za"_s,
    u"com.ua"_s,          u"co.il"_s,       u"com.pl"_s,    u"com.uy"_s,       u"co.id"_s,
    u"com.my"_s,          u"com.ph"_s,      u"com.vn"_s,    u"com.pe"_s,       u"com.co"_s,
    u"com.ec"_s,          u"com.eg"_s,      u"com.sa"_s,    u"gc.ca"_s,        u"msk.ru"_s,
    u"spb.ru"_s,          u"com.ru"_s,      u"github.io"_s, u"gitlab.io"_s,    u"herokuapp.com"_s,
    u"vercel.app"_s,      u"netlify.app"_s, u"pages.dev"_s, u"blogspot.com"_s, u"web.app"_s,
    u"firebaseapp.com"_s, u"appspot.com"_s,
};

QString quoted(const QString &name)
{
    const QString simplified = name.simplified();
    if (simplified.isEmpty())
        return u"this element"_s;
    return u"“"_s + (simplified.size() > 60 ? simplified.left(57) + u"…"_s : simplified) + u"”"_s;
}

GateVerdict verdict(GateCategory category, const QString &reason)
{
    return { category, reason };
}

QString lower(const QString &s)
{
    return s.trimmed().toLower();
}

bool hasKind(const QStringList &fields, const QSet<QString> &kinds)
{
    for (const QString &f : fields) {
        if (kinds.contains(lower(f)))
            return true;
    }
    return false;
}

bool isCardKind(const QString &kind)
{
    const QString k = lower(kind);
    return k.startsWith(u"cc-"_s) || k == u"card-number"_s || k == u"card"_s;
}

bool hasCardField(const QStringList &fields)
{
    for (const QString &f : fields) {
        if (isCardKind(f))
            return true;
    }
    return false;
}

bool isWebUrl(const QUrl &url)
{
    return url.isValid() && (url.scheme() == u"http"_s || url.scheme() == u"https"_s)
        && !url.host().isEmpty();
}

// A link that goes somewhere when followed (not "#", javascript: or empty: those act by script,
// as a button does).
bool isRealLink(const GateAction &a)
{
    const QString href = a.href.trimmed();
    if (href.isEmpty() || href == u"#"_s)
        return false;
    const QUrl url(href);
    if (!isWebUrl(url))
        return false;
    // A bare "#" on the page's own address (what a resolved href="#" becomes).
    const QUrl page(a.pageUrl);
    if (url.fragment().isEmpty() && href.endsWith(u'#'))
        return !(url.adjusted(QUrl::RemoveFragment) == page.adjusted(QUrl::RemoveFragment));
    return true;
}

bool isLinkElement(const GateAction &a)
{
    return lower(a.role) == u"link"_s || (a.role.isEmpty() && lower(a.tag) == u"a"_s);
}

bool isActionableElement(const GateAction &a)
{
    const QString role = lower(a.role);
    if (kActionRoles.contains(role))
        return true;
    const QString tag = lower(a.tag);
    const QString inputType = lower(a.inputType);
    if (tag == u"input"_s
        && (inputType == u"submit"_s || inputType == u"button"_s || inputType == u"image"_s))
        return true;
    // A native button or link whose role the snapshot left out.
    return role.isEmpty() && (tag == u"button"_s || tag == u"a"_s);
}

bool pressesEnter(const GateAction &a)
{
    const QString type = lower(a.type);
    if (type == u"press"_s) {
        const QString keys = words(a.text);
        return (keys.contains(u" enter "_s) || keys.contains(u" return "_s)) && !keys.contains(u" shift "_s);
    }
    return kTyping.contains(type) && (a.text.endsWith(u'\n') || a.text.endsWith(u'\r'));
}

bool pressesActivationKey(const GateAction &a)
{
    if (lower(a.type) != u"press"_s)
        return false;
    const QString keys = words(a.text);
    return keys.contains(u" enter "_s) || keys.contains(u" space "_s) || a.text == u" "_s;
}

bool isTextField(const GateAction &a)
{
    const QString tag = lower(a.tag);
    const QString role = lower(a.role);
    return tag == u"input"_s || tag == u"textarea"_s || role == u"textbox"_s || role == u"searchbox"_s
        || role == u"combobox"_s;
}

bool isSearchField(const GateAction &a)
{
    const QString role = lower(a.role);
    return lower(a.inputType) == u"search"_s || role == u"searchbox"_s || role == u"combobox"_s
        || !searchWords().find(words(a.name)).isEmpty();
}

// A message box: a textarea or a rich-text box (a textbox that is no input).
bool isMessageBox(const GateAction &a)
{
    if (isSearchField(a))
        return false;
    const QString tag = lower(a.tag);
    if (tag == u"textarea"_s)
        return true;
    if (lower(a.role) == u"textbox"_s && tag != u"input"_s)
        return true;
    return tag == u"input"_s && !messageBoxWords().find(words(a.name)).isEmpty();
}

bool isCheckoutPage(const QString &pageUrl)
{
    const QUrl url(pageUrl);
    if (!isWebUrl(url))
        return false;
    static const QSet<QString> kLabels { u"checkout"_s, u"payment"_s, u"payments"_s,
                                         u"pay"_s,      u"billing"_s, u"kasse"_s,
                                         u"paiement"_s, u"pago"_s,    u"oplata"_s };
    const QString firstLabel = url.host().section(u'.', 0, 0).toLower();
    if (kLabels.contains(firstLabel))
        return true;
    const QStringList segments = url.path().toLower().split(u'/', Qt::SkipEmptyParts);
    for (const QString &s : segments) {
        if (kLabels.contains(s))
            return true;
    }
    return false;
}

bool linkSaysDelete(const QUrl &url)
{
    const QUrlQuery query(url);
    for (const auto &[key, value] : query.queryItems()) {
        const QString k = key.toLower();
        if ((k == u"action"_s || k == u"do"_s || k == u"op"_s || k == u"_method"_s || k == u"method"_s)
            && kDeleteVerbs.contains(value.toLower()))
            return true;
    }
    const QString last = url.path().section(u'/', -1, -1).toLower();
    return last == u"delete"_s || last == u"destroy"_s;
}

bool linksToFile(const QUrl &url)
{
    const QString last = url.path().section(u'/', -1, -1).toLower();
    const qsizetype dot = last.lastIndexOf(u'.');
    return dot > 0 && kFileExtensions.contains(last.mid(dot + 1));
}

QString formContext(const QStringList &fields)
{
    if (hasCardField(fields))
        return u"card fields"_s;
    if (hasKind(fields, kPasswordKinds))
        return u"a password field"_s;
    return {};
}

// What submitting a form does, by the fields it holds (nullopt: nothing of note).
std::optional<GateVerdict> submitVerdict(const GateAction &a, const QString &what)
{
    const QStringList &fields = a.formFields;
    if (hasCardField(fields))
        return verdict(GateCategory::Payment,
                       u"%1 submits a form with card fields: it looks like a payment"_s.arg(what));
    if (hasKind(fields, kPasswordKinds))
        return verdict(
            GateCategory::Credentials,
            u"%1 submits a form that holds a password or a one-time code: it enters credentials"_s.arg(what));
    return std::nullopt;
}

std::optional<GateVerdict> freeTextVerdict(const GateAction &a, const QString &what)
{
    const QStringList &fields = a.formFields;
    // Free text sent by GET is a search (Google's box is a textarea).
    if (hasKind(fields, kFreeTextKinds) && lower(a.formMethod) != u"get"_s)
        return verdict(GateCategory::Sending,
                       u"%1 submits a form with free text: it sends what was written"_s.arg(what));
    if (lower(a.formMethod) == u"post"_s && hasKind(fields, kContactKinds)
        && adjustWords().find(words(a.name)).isEmpty())
        return verdict(
            GateCategory::Sending,
            u"%1 sends your contact details (a form that posts an email address or phone number)"_s.arg(
                what));
    return std::nullopt;
}

std::optional<GateVerdict> leavingSite(const GateAction &a, const QUrl &destination)
{
    if (a.startSites.isEmpty() || !isWebUrl(destination))
        return std::nullopt;
    const QString dest = SecurityGate::site(destination);
    for (const QString &start : a.startSites) {
        const QString s = start.contains(u"://"_s)
            ? SecurityGate::site(QUrl(start))
            : SecurityGate::site(QUrl(u"https://"_s + start.trimmed()));
        if (s == dest)
            return std::nullopt;
    }
    return verdict(
        GateCategory::LeavingSite,
        u"Going to %1 leaves the sites the task started on (%2)"_s.arg(dest, a.startSites.join(u", "_s)));
}

} // namespace

GateVerdict SecurityGate::classify(const GateAction &a)
{
    const QString type = lower(a.type);
    const QString what = quoted(a.name);
    const QString autocomplete = lower(a.autocomplete);
    const QString inputType = lower(a.inputType);
    const QString nameWords = words(a.name);

    if (type == u"eval"_s)
        return verdict(GateCategory::Eval,
                       u"Running the model's own JavaScript can do anything the page can (eval)"_s);

    // Files: a file input, an upload, a download.
    if (type == u"upload"_s || (inputType == u"file"_s && type != u"hover"_s && type != u"scroll"_s))
        return verdict(GateCategory::Files,
                       u"%1 is a file input: the file chosen is uploaded to the site"_s.arg(what));

    // Typing into a secret or a card field.
    if (kTyping.contains(type) || type == u"press"_s) {
        if (inputType == u"password"_s || kPasswordKinds.contains(autocomplete))
            return verdict(GateCategory::Credentials,
                           u"Typing into %1 enters credentials (a %2 field)"_s.arg(
                               what, inputType == u"password"_s ? u"password"_s : autocomplete));
        if (isCardKind(autocomplete))
            return verdict(GateCategory::Payment,
                           u"Typing into %1 enters card details (%2)"_s.arg(what, autocomplete));
        if (const QString p = cardFieldWords().find(nameWords); !p.isEmpty() && isTextField(a))
            return verdict(GateCategory::Payment,
                           u"Typing into %1 enters card details (a field named “%2”)"_s.arg(what, p));
    }

    const bool activates = kActivations.contains(type) || pressesActivationKey(a);
    const bool enter = pressesEnter(a);

    // Enter in a text field: it submits that field's form, or sends from a message box.
    if (enter && isTextField(a)) {
        if (a.submitsForm) {
            if (auto v = submitVerdict(a, u"Pressing Enter in %1"_s.arg(what)))
                return *v;
            if (auto v = freeTextVerdict(a, u"Pressing Enter in %1"_s.arg(what)))
                return *v;
        }
        if (isMessageBox(a))
            return verdict(GateCategory::Sending,
                           u"Pressing Enter in %1 sends what was written there (a message box)"_s.arg(what));
        // A search or another plain form: only where it goes matters.
        if (a.submitsForm) {
            if (auto v = leavingSite(a, QUrl(a.formAction)))
                return *v;
        }
        return {};
    }

    const bool actionable = isActionableElement(a);
    const bool realLink = isLinkElement(a) && isRealLink(a);

    if (activates && actionable) {
        if (a.download)
            return verdict(GateCategory::Files, u"%1 downloads a file"_s.arg(what));
        if (realLink) {
            const QUrl href(a.href);
            if (linksToFile(href))
                return verdict(
                    GateCategory::Files,
                    u"%1 links to a file (%2): following it downloads it"_s.arg(what, href.fileName()));
            if (!downloadWords().find(nameWords).isEmpty())
                return verdict(GateCategory::Files, u"%1 looks like a download"_s.arg(what));
            if (linkSaysDelete(href))
                return verdict(GateCategory::Deleting,
                               u"%1 is a link whose address deletes something (%2)"_s.arg(what, href.path()));
            // Any other link navigates: only where it goes matters.
            if (auto v = leavingSite(a, href))
                return *v;
            return {};
        }

        if (a.submitsForm) {
            if (auto v = submitVerdict(a, what))
                return *v;
        }
        const QString context = formContext(a.formFields);
        const QString roleName = a.role.isEmpty() ? lower(a.tag) : lower(a.role);
        if (const QString p = paymentWords().find(nameWords); !p.isEmpty())
            return verdict(
                GateCategory::Payment,
                u"%1 looks like a payment (a %2 named “%3”%4)"_s.arg(
                    what, roleName, p, context.isEmpty() ? QString() : u" on a form with "_s + context));
        if (a.submitsForm && isCheckoutPage(a.pageUrl) && !commitWords().find(nameWords).isEmpty())
            return verdict(GateCategory::Payment,
                           u"%1 submits a form on a checkout page: it may complete a payment"_s.arg(what));
        if (const QString p = credentialWords().find(nameWords); !p.isEmpty())
            return verdict(
                GateCategory::Credentials,
                u"%1 changes or sends account credentials (a %2 named “%3”)"_s.arg(what, roleName, p));
        if (const QString p = deleteWords().find(nameWords); !p.isEmpty())
            return verdict(GateCategory::Deleting,
                           u"%1 looks like deleting something (a %2 named “%3”)"_s.arg(what, roleName, p));
        if (const QString p = uploadWords().find(nameWords); !p.isEmpty())
            return verdict(GateCategory::Files, u"%1 looks like uploading a file"_s.arg(what));
        if (const QString p = downloadWords().find(nameWords); !p.isEmpty())
            return verdict(GateCategory::Files, u"%1 looks like a download"_s.arg(what));
        if (const QString p = sendWords().find(nameWords); !p.isEmpty())
            return verdict(GateCategory::Sending,
                           u"%1 looks like sending or publishing (a %2 named “%3”)"_s.arg(what, roleName, p));
        if (a.submitsForm) {
            if (auto v = freeTextVerdict(a, what))
                return *v;
        }
        // A reply or submit button beside a message box that is no form (X's reply box).
        if (!weakSendWords().find(nameWords).isEmpty() && hasKind(a.formFields, kFreeTextKinds)
            && lower(a.formMethod) != u"get"_s)
            return verdict(
                GateCategory::Sending,
                u"%1 sends the text written beside it (a %2 by a message box)"_s.arg(what, roleName));
    } else if (activates && a.submitsForm) {
        // A submit the runner knows of on an element without a name role (a div with a handler).
        if (auto v = submitVerdict(a, what))
            return *v;
        if (auto v = freeTextVerdict(a, what))
            return *v;
    }

    // Navigation: open, a new tab, or anything the runner knows will go somewhere.
    QUrl destination(a.destinationUrl);
    if (!isWebUrl(destination) && type == u"open"_s)
        destination = QUrl(a.text);
    if (auto v = leavingSite(a, destination))
        return *v;
    return {};
}

bool SecurityGate::mustAsk(const GateVerdict &verdict, Mode mode, Floor floor)
{
    if (!verdict.risky())
        return false;
    if (mode == Mode::Careful)
        return true;
    if (floor == Floor::None)
        return false;
    return verdict.category == GateCategory::Payment || verdict.category == GateCategory::Credentials;
}

QString SecurityGate::site(const QUrl &url)
{
    QString host = url.host().toLower();
    while (host.endsWith(u'.'))
        host.chop(1);
    if (host.isEmpty())
        return {};
    if (QHostAddress address; address.setAddress(host) || host == u"localhost"_s)
        return host;
    const QStringList labels = host.split(u'.', Qt::SkipEmptyParts);
    if (labels.size() <= 2)
        return host;
    const QString lastTwo = labels.mid(labels.size() - 2).join(u'.');
    const int keep = kMultiPartSuffixes.contains(lastTwo) ? 3 : 2;
    return labels.mid(qMax(0, int(labels.size()) - keep)).join(u'.');
}

QString SecurityGate::categoryName(GateCategory c)
{
    return enumName(kCategoryNames, c);
}

GateAction SecurityGate::actionFromFacts(const QString &tool, const QJsonObject &p, const QJsonObject &facts,
                                         const QString &pageUrl, const QStringList &startSites)
{
    GateAction action;
    action.type = tool;
    action.role = facts.value(u"role").toString();
    action.name = facts.value(u"name").toString();
    if (p.contains(u"value"))
        action.text = p.value(u"value").toString();
    else if (p.contains(u"text"))
        action.text = p.value(u"text").toString();
    else if (p.contains(u"key"))
        action.text = p.value(u"key").toString();
    else if (p.contains(u"keys"))
        action.text = p.value(u"keys").toString();
    else if (p.contains(u"values")) {
        QStringList values;
        for (const QJsonValue &v : p.value(u"values").toArray())
            values.append(v.toString());
        action.text = values.join(u", "_s);
    }
    action.tag = facts.value(u"tag").toString();
    action.inputType = facts.value(u"type").toString();
    action.autocomplete = facts.value(u"autocomplete").toString();
    action.href = facts.value(u"href").toString();
    action.download = facts.value(u"download").toBool();
    const bool enter = (tool == u"press"_s && action.text.contains(u"Enter"_s, Qt::CaseInsensitive))
        || (tool == u"type"_s && action.text.contains(u'\n'));
    action.submitsForm = facts.value(u"submitsForm").toBool() || (enter && facts.value(u"inForm").toBool());
    const QJsonObject form = facts.value(u"form").toObject();
    action.formMethod = form.value(u"method").toString();
    action.formAction = form.value(u"action").toString();
    for (const QJsonValue &field : form.value(u"fields").toArray())
        action.formFields.append(field.toString());
    if (facts.value(u"editable").toBool() && action.role.isEmpty())
        action.role = u"textbox"_s;
    action.pageUrl = pageUrl;
    if (tool == u"open"_s || tool == u"tab"_s)
        action.destinationUrl = p.value(u"url").toString();
    else if (!action.href.isEmpty())
        action.destinationUrl = action.href;
    action.startSites = startSites;
    return action;
}

} // namespace mpa
