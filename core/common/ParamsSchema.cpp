#include "ParamsSchema.h"

#include "common/JsonText.h"
#include "common/Refuse.h"

#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QStringList>

#include <cmath>

using namespace Qt::StringLiterals;

namespace mpa::ParamsSchema {

namespace {

// `value` at `path` ("params.x") against `schema`: empty, or the first problem found.
QString problemOf(const QJsonValue &value, const QJsonObject &schema, const QString &path);

bool hasType(const QJsonValue &value, const QString &type)
{
    if (type == u"string"_s)
        return value.isString();
    if (type == u"number"_s)
        return value.isDouble();
    if (type == u"integer"_s)
        return value.isDouble() && std::isfinite(value.toDouble())
            && value.toDouble() == std::floor(value.toDouble());
    if (type == u"boolean"_s)
        return value.isBool();
    if (type == u"object"_s)
        return value.isObject();
    if (type == u"array"_s)
        return value.isArray();
    if (type == u"null"_s)
        return value.isNull();
    return true; // a type we do not know constrains nothing
}

QString describeType(const QString &type)
{
    static const QHash<QString, QString> kWords {
        { u"integer"_s, u"a whole number"_s }, { u"number"_s, u"a number"_s },
        { u"boolean"_s, u"true or false"_s },  { u"object"_s, u"an object"_s },
        { u"array"_s, u"an array"_s },         { u"null"_s, u"null"_s }
    };
    return kWords.value(type, u"a "_s + type);
}

QString enumText(const QJsonValue &choice)
{
    if (choice.isString())
        return choice.toString();
    return QString::fromUtf8(QJsonDocument(QJsonArray { choice }).toJson(QJsonDocument::Compact))
        .mid(1)
        .chopped(1);
}

QString validateObject(const QJsonObject &object, const QJsonObject &schema, const QString &path)
{
    const QJsonObject properties = schema.value(u"properties"_s).toObject();
    for (const QJsonValue &name : schema.value(u"required"_s).toArray()) {
        const QJsonValue v = object.value(name.toString());
        if (v.isUndefined())
            return u"%1.%2 is required"_s.arg(path, name.toString());
    }
    if (schema.value(u"additionalProperties"_s) == QJsonValue(false)) {
        for (auto it = object.begin(); it != object.end(); ++it) {
            if (!properties.contains(it.key())) {
                QStringList known = properties.keys();
                if (!path.startsWith(u"params"_s))
                    return known.isEmpty()
                        ? u"%1 takes no %2 (its schema allows no names)"_s.arg(path, it.key())
                        : u"%1 takes no %2; its schema allows %3"_s.arg(path, it.key(), known.join(u", "_s));
                return known.isEmpty()
                    ? u"%1.%2 is not a parameter of this command (it takes none)"_s.arg(path, it.key())
                    : u"%1.%2 is not a parameter of this command; it takes %3"_s.arg(path, it.key(),
                                                                                     known.join(u", "_s));
            }
        }
    }
    for (auto it = properties.begin(); it != properties.end(); ++it) {
        const QJsonValue v = object.value(it.key());
        if (v.isUndefined())
            continue;
        QString problem = problemOf(v, it.value().toObject(), path + u'.' + it.key());
        if (!problem.isEmpty())
            return problem;
    }
    return {};
}

QString problemOf(const QJsonValue &value, const QJsonObject &schema, const QString &path)
{
    // anyOf / oneOf: the value must fit one of the forms (the toolkit's forms never overlap).
    for (const QString &keyword : { u"anyOf"_s, u"oneOf"_s }) {
        const QJsonArray forms = schema.value(keyword).toArray();
        if (forms.isEmpty())
            continue;
        QStringList names;
        QString firstProblem;
        bool fits = false;
        for (const QJsonValue &form : forms) {
            const QString problem = problemOf(value, form.toObject(), path);
            if (problem.isEmpty()) {
                fits = true;
                break;
            }
            if (firstProblem.isEmpty())
                firstProblem = problem;
            const QJsonValue type = form.toObject().value(u"type"_s);
            if (type.isString())
                names.append(describeType(type.toString()));
        }
        if (!fits) {
            // One form of the right type but a wrong detail: that form's own complaint says most.
            for (const QJsonValue &form : forms) {
                const QJsonValue type = form.toObject().value(u"type"_s);
                if (type.isString() && hasType(value, type.toString()))
                    return problemOf(value, form.toObject(), path);
            }
            return names.size() == forms.size()
                ? u"%1 must be %2, not %3"_s.arg(path, names.join(u" or "_s), describeJsonValue(value))
                : firstProblem;
        }
    }
    const QJsonValue typeSpec = schema.value(u"type"_s);
    QStringList types;
    if (typeSpec.isString())
        types.append(typeSpec.toString());
    else if (typeSpec.isArray()) {
        for (const QJsonValue &t : typeSpec.toArray())
            types.append(t.toString());
    }
    if (!types.isEmpty()) {
        bool matched = false;
        for (const QString &t : std::as_const(types))
            matched = matched || hasType(value, t);
        if (!matched) {
            QStringList names;
            for (const QString &t : std::as_const(types))
                names.append(describeType(t));
            return u"%1 must be %2, not %3"_s.arg(path, names.join(u" or "_s), describeJsonValue(value));
        }
    }

    const QJsonArray choices = schema.value(u"enum"_s).toArray();
    if (!choices.isEmpty() && !choices.contains(value)) {
        QStringList names;
        for (const QJsonValue &c : choices)
            names.append(enumText(c));
        return u"%1 must be one of %2, not %3"_s.arg(path, names.join(u", "_s), describeJsonValue(value));
    }

    if (value.isDouble()) {
        const double d = value.toDouble();
        if (schema.contains(u"minimum"_s) && d < schema.value(u"minimum"_s).toDouble())
            return u"%1 must be at least %2"_s.arg(path).arg(schema.value(u"minimum"_s).toDouble());
        if (schema.contains(u"maximum"_s) && d > schema.value(u"maximum"_s).toDouble())
            return u"%1 must be at most %2"_s.arg(path).arg(schema.value(u"maximum"_s).toDouble());
    }
    if (value.isString()) {
        if (schema.contains(u"minLength"_s) && value.toString().size() < schema.value(u"minLength"_s).toInt())
            return schema.value(u"minLength"_s).toInt() == 1
                ? u"%1 must not be empty"_s.arg(path)
                : u"%1 must be at least %2 characters long"_s.arg(path).arg(
                    schema.value(u"minLength"_s).toInt());
        if (schema.contains(u"maxLength"_s) && value.toString().size() > schema.value(u"maxLength"_s).toInt())
            return u"%1 must be at most %2 characters long"_s.arg(path).arg(
                schema.value(u"maxLength"_s).toInt());
    }
    if (value.isArray() && schema.value(u"items"_s).isObject()) {
        const QJsonArray items = value.toArray();
        const QJsonObject itemSchema = schema.value(u"items"_s).toObject();
        for (qsizetype i = 0; i < items.size(); ++i) {
            QString problem = problemOf(items.at(i), itemSchema, u"%1[%2]"_s.arg(path).arg(i));
            if (!problem.isEmpty())
                return problem;
        }
    }
    if (value.isObject()
        && (schema.contains(u"properties"_s) || schema.contains(u"required"_s)
            || schema.contains(u"additionalProperties"_s)))
        return validateObject(value.toObject(), schema, path);
    return {};
}

QString checkSchemaAt(const QJsonObject &schema, const QString &path, int depth)
{
    static const QStringList kKeywords { u"type"_s,    u"properties"_s,  u"required"_s,
                                         u"items"_s,   u"enum"_s,        u"minimum"_s,
                                         u"maximum"_s, u"minLength"_s,   u"maxLength"_s,
                                         u"title"_s,   u"description"_s, u"additionalProperties"_s,
                                         u"$schema"_s, u"$id"_s };
    static const QStringList kTypes { u"object"_s,  u"array"_s,   u"string"_s, u"number"_s,
                                      u"integer"_s, u"boolean"_s, u"null"_s };
    if (depth > kMaxDepth)
        return u"%1: the schema is nested more than %2 deep"_s.arg(path).arg(kMaxDepth);
    for (auto it = schema.begin(); it != schema.end(); ++it) {
        if (!kKeywords.contains(it.key()))
            return u"%1: '%2' is not supported (a schema may use %3)"_s.arg(path, it.key(),
                                                                            kKeywords.join(u", "_s));
    }
    const QJsonValue type = schema.value(u"type"_s);
    QJsonArray types = type.isArray() ? type.toArray() : QJsonArray { type };
    if (type.isUndefined())
        types = {};
    for (const QJsonValue &t : std::as_const(types)) {
        if (!t.isString() || !kTypes.contains(t.toString()))
            return u"%1.type: %2 is not a type (the types are %3)"_s.arg(path, describeJsonValue(t),
                                                                         kTypes.join(u", "_s));
    }
    if (schema.contains(u"properties"_s)) {
        if (!schema.value(u"properties"_s).isObject())
            return u"%1.properties must be an object of schemas"_s.arg(path);
        const QJsonObject properties = schema.value(u"properties"_s).toObject();
        for (auto it = properties.begin(); it != properties.end(); ++it) {
            if (!it.value().isObject())
                return u"%1.properties.%2 must be a schema (an object)"_s.arg(path, it.key());
            QString problem
                = checkSchemaAt(it.value().toObject(), path + u".properties."_s + it.key(), depth + 1);
            if (!problem.isEmpty())
                return problem;
        }
    }
    if (schema.contains(u"required"_s)) {
        if (!schema.value(u"required"_s).isArray())
            return u"%1.required must be a list of names"_s.arg(path);
        for (const QJsonValue &name : schema.value(u"required"_s).toArray()) {
            if (!name.isString())
                return u"%1.required must be a list of names, not %2"_s.arg(path, describeJsonValue(name));
        }
    }
    if (schema.contains(u"items"_s)) {
        if (!schema.value(u"items"_s).isObject())
            return u"%1.items must be one schema (an object); lists of schemas are not supported"_s.arg(path);
        QString problem = checkSchemaAt(schema.value(u"items"_s).toObject(), path + u".items"_s, depth + 1);
        if (!problem.isEmpty())
            return problem;
    }
    if (schema.contains(u"enum"_s)
        && (!schema.value(u"enum"_s).isArray() || schema.value(u"enum"_s).toArray().isEmpty()))
        return u"%1.enum must be a list of the allowed values"_s.arg(path);
    if (schema.contains(u"additionalProperties"_s) && !schema.value(u"additionalProperties"_s).isBool())
        return u"%1.additionalProperties: only true or false is supported"_s.arg(path);
    for (const QString &number : { u"minimum"_s, u"maximum"_s, u"minLength"_s, u"maxLength"_s }) {
        if (schema.contains(number) && !schema.value(number).isDouble())
            return u"%1.%2 must be a number"_s.arg(path, number);
    }
    for (const QString &text : { u"title"_s, u"description"_s, u"$schema"_s, u"$id"_s }) {
        if (schema.contains(text) && !schema.value(text).isString())
            return u"%1.%2 must be a text"_s.arg(path, text);
    }
    return {};
}

} // namespace

bool validateValue(const QJsonValue &value, const QJsonObject &schema, const QString &name, QString *error)
{
    const QString problem = problemOf(value, schema, name);
    return problem.isEmpty() || refuse(error, problem);
}

bool checkSubset(const QJsonObject &schema, QString *error)
{
    const QString problem = checkSchemaAt(schema, u"schema"_s, 0);
    return problem.isEmpty() || refuse(error, problem);
}

bool validate(const QJsonObject &params, const QJsonObject &schema, QString *error)
{
    if (schema.isEmpty())
        return true;
    const QString problem = validateObject(params, schema, u"params"_s);
    return problem.isEmpty() || refuse(error, problem);
}

QJsonObject normalized(const QJsonObject &schema)
{
    QJsonObject result = schema;
    if (!result.contains(u"type"_s))
        result.insert(u"type"_s, u"object"_s);
    if (!result.contains(u"properties"_s))
        result.insert(u"properties"_s, QJsonObject());
    return result;
}

QJsonObject property(const QString &type, const QString &description)
{
    return { { u"type"_s, type }, { u"description"_s, description } };
}

QJsonObject choice(const QStringList &values, const QString &description)
{
    return { { u"type"_s, u"string"_s },
             { u"enum"_s, QJsonArray::fromStringList(values) },
             { u"description"_s, description } };
}

QJsonObject integer(int minimum, int maximum, const QString &description)
{
    return { { u"type"_s, u"integer"_s },
             { u"minimum"_s, minimum },
             { u"maximum"_s, maximum },
             { u"description"_s, description } };
}

QJsonObject object(const QJsonObject &properties, const QStringList &required, Extra extra)
{
    QJsonObject schema { { u"type"_s, u"object"_s }, { u"properties"_s, properties } };
    if (!required.isEmpty())
        schema.insert(u"required"_s, QJsonArray::fromStringList(required));
    if (extra == Extra::Refused)
        schema.insert(u"additionalProperties"_s, false);
    return schema;
}

std::optional<QJsonObject> readFile(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = u"%1: the file cannot be read (%2)"_s.arg(path, file.errorString());
        return std::nullopt;
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(file.read(qint64(4) * 1024 * 1024), &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        *error = u"%1: not JSON (%2 at character %3)"_s.arg(path, parseError.errorString())
                     .arg(parseError.offset);
        return std::nullopt;
    }
    if (!doc.isObject() || doc.object().isEmpty()) {
        *error = u"%1: a JSON Schema is a non-empty JSON object"_s.arg(path);
        return std::nullopt;
    }
    return doc.object();
}

} // namespace mpa::ParamsSchema
