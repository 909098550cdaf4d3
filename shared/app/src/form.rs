//! Forms from JSON Schemas: each action of a kind's command schema (a
//! `oneOf` of objects tagged by `action`) becomes a form whose fields follow
//! the properties' types, and a submitted form is read back into the
//! command's JSON. So every command, the officials' long tail included, can
//! be sent from a browser with no page written for it, and a command added
//! to a kind gets its form with no change here.
//!
//! A property that is itself a union of tagged objects (a Nomic
//! rule-change: enact, amend, repeal, transmute) splits its action into one
//! form per variant, each with its own fields and the tag fixed. Anything
//! deeper than one nested object is entered as JSON.

use serde_json::{Map, Value};

/// How deep nested objects are laid out as fields before falling back to
/// a JSON box.
const MAX_DEPTH: usize = 2;

/// One form: an action (or one variant of it) and its fields.
#[derive(Debug, Clone, PartialEq)]
pub struct Form {
    /// The command's `action`.
    pub action: String,
    /// The variant's tag, when the action splits ("enact").
    pub variant: Option<String>,
    /// The schema's description of the action, first paragraph.
    pub help: Option<String>,
    pub fields: Vec<Field>,
}

/// One field of a form, by its path in the command's JSON.
#[derive(Debug, Clone, PartialEq)]
pub struct Field {
    pub path: Vec<String>,
    /// How many leading segments of the path the label leaves out: the
    /// object every field of the form sits in (a set-up's `settings`).
    pub shared: usize,
    pub help: Option<String>,
    pub input: Input,
    pub required: bool,
    /// What the field holds before anyone types (the schema's default, a
    /// variant's tag).
    pub default: Option<Value>,
    /// A variant's tag: sent as it is, never shown.
    pub hidden: bool,
}

/// The control a field is entered with.
#[derive(Debug, Clone, PartialEq)]
pub enum Input {
    Text,
    Integer,
    Number,
    Check,
    /// One of these values, each with what it means where the schema says.
    Choice(Vec<Choice>),
    /// One item per line; each item an integer when `integers`.
    Lines {
        integers: bool,
    },
    Date,
    DateTime,
    /// Any JSON, for what has no simpler control.
    Json,
}

impl Field {
    /// The field's name in the HTML form: its path joined by dots.
    pub fn name(&self) -> String {
        self.path.join(".")
    }

    /// The field's label: its path in words, an inner field after the
    /// object it belongs to ("Report › City").
    pub fn label(&self) -> String {
        self.path
            .iter()
            .skip(self.shared)
            .map(|segment| words(segment))
            .collect::<Vec<_>>()
            .join(" › ")
    }
}

/// A name in words: `late_entries_until_round` is "Late entries until
/// round".
pub fn words(name: &str) -> String {
    let words = name.replace(['_', '-'], " ");
    let mut chars = words.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// One value of a choice, and what it means.
#[derive(Debug, Clone, PartialEq)]
pub struct Choice {
    pub value: String,
    /// The schema's description of this value, if it has one.
    pub meaning: Option<String>,
}

/// The definitions a schema's `$ref`s point into (`#/$defs/Name`).
pub struct Defs<'a>(pub &'a Map<String, Value>);

impl Defs<'_> {
    /// `schema` with its `$ref` followed (once per level).
    fn resolve<'s>(&'s self, schema: &'s Value) -> &'s Value {
        let mut at = schema;
        for _ in 0..8 {
            // A schema that is only `allOf` one other (a titled reference)
            // is that other.
            if let Some([only]) = at.get("allOf").and_then(Value::as_array).map(Vec::as_slice) {
                at = only;
                continue;
            }
            let Some(name) = at
                .get("$ref")
                .and_then(Value::as_str)
                .and_then(|r| r.rsplit('/').next())
            else {
                return at;
            };
            match self.0.get(name) {
                Some(next) => at = next,
                None => return at,
            }
        }
        at
    }
}

/// Every form of a command schema: one per action, or per variant where an
/// action's property is a tagged union. `skip` names fields the edge fills
/// (a draw's seed).
pub fn forms(defs: &Defs, command: &Value, skip: impl Fn(&str, &str) -> bool) -> Vec<Form> {
    let root = defs.resolve(command);
    variants(defs, root)
        .into_iter()
        .filter_map(|variant| {
            let action = tag(variant, "action")?;
            Some(action_forms(defs, variant, &action, |f| skip(&action, f)))
        })
        .flatten()
        .collect()
}

/// The forms of a plain object schema (a body the API reads that is not a
/// kind's command: a role grant, a subscription), sent as `action`: one,
/// or one per variant when the body is itself a union of tagged objects
/// (a subscription by e-mail, webhook, Discord or Telegram), each variant
/// with the properties all of them share.
pub fn object_forms(defs: &Defs, schema: &Value, action: &str) -> Vec<Form> {
    let root = defs.resolve(schema);
    let Some((tag_name, options)) = tagged_union(defs, root) else {
        let mut all = action_forms(defs, root, action, |_| false);
        all.truncate(1);
        return all;
    };
    let shared = required_of(root);
    options
        .into_iter()
        .map(|(value, arm)| {
            let mut fields = vec![tag_field(vec![tag_name.clone()], &value)];
            let own = required_of(arm);
            for (p, s) in properties(arm).iter().filter(|(p, _)| **p != tag_name) {
                fields.extend(fields_of(defs, vec![p.clone()], s, own.contains(p), 0));
            }
            for (p, s) in properties(root) {
                fields.extend(fields_of(defs, vec![p.clone()], s, shared.contains(&p), 0));
            }
            Form {
                action: action.to_owned(),
                variant: Some(value),
                help: description(arm).or_else(|| description(root)),
                fields: required_first(fields),
            }
        })
        .collect()
}

/// The forms of one action: one, or one per variant of its tagged-union
/// property.
fn action_forms(
    defs: &Defs,
    variant: &Value,
    action: &str,
    skip: impl Fn(&str) -> bool,
) -> Vec<Form> {
    let help = description(variant);
    let required = required_of(variant);
    let props = properties(variant);
    let union = props
        .iter()
        .filter(|(name, _)| *name != "action" && !skip(name))
        .find_map(|(name, s)| tagged_union(defs, s).map(|u| (name.to_string(), u)));
    let plain = |except: Option<&str>| -> Vec<Field> {
        props
            .iter()
            .filter(|(name, _)| *name != "action" && !skip(name) && Some(name.as_str()) != except)
            .flat_map(|(name, s)| {
                fields_of(defs, vec![name.clone()], s, required.contains(name), 0)
            })
            .collect()
    };
    match union {
        None => vec![Form {
            action: action.to_owned(),
            variant: None,
            help,
            fields: required_first(plain(None)),
        }],
        Some((name, (tag_name, options))) => options
            .into_iter()
            .map(|(value, schema)| {
                let mut fields = plain(Some(&name));
                fields.push(tag_field(vec![name.clone(), tag_name.clone()], &value));
                let inner = required_of(schema);
                for (p, s) in properties(schema).iter().filter(|(p, _)| **p != tag_name) {
                    let path = vec![name.clone(), p.clone()];
                    fields.extend(fields_of(defs, path, s, inner.contains(p), 1));
                }
                Form {
                    action: action.to_owned(),
                    variant: Some(value),
                    help: description(schema).or_else(|| help.clone()),
                    fields: required_first(fields),
                }
            })
            .collect(),
    }
}

/// A variant's tag: sent as it is, never shown.
fn tag_field(path: Vec<String>, value: &str) -> Field {
    Field {
        path,
        shared: 0,
        help: None,
        input: Input::Text,
        required: true,
        default: Some(Value::String(value.to_owned())),
        hidden: true,
    }
}

/// The fields a person must fill first, the optional ones after, each
/// group in the schema's order; labelled without the object they all sit
/// in, if they do.
fn required_first(mut fields: Vec<Field>) -> Vec<Field> {
    fields.sort_by_key(|f| !f.required);
    let shown: Vec<&Field> = fields.iter().filter(|f| !f.hidden).collect();
    let first = shown.first().and_then(|f| f.path.first()).cloned();
    let shared = shown
        .iter()
        .all(|f| f.path.len() > 1 && f.path.first() == first.as_ref());
    if shared && !shown.is_empty() {
        fields.iter_mut().for_each(|f| f.shared = 1);
    }
    fields
}

/// The fields `schema` is entered with, at `path`.
fn fields_of(
    defs: &Defs,
    path: Vec<String>,
    schema: &Value,
    required: bool,
    depth: usize,
) -> Vec<Field> {
    let help = description(schema);
    let default = schema.get("default").cloned();
    let (inner, nullable) = non_null(defs, schema);
    let required = required && !nullable;
    let help = help.or_else(|| description(inner));
    let default = default.or_else(|| inner.get("default").cloned());
    let is_object = types_of(inner).contains(&"object") && inner.get("properties").is_some();
    if is_object && depth < MAX_DEPTH {
        // Inside an optional object nothing is required: left empty, the
        // object is left out.
        let inner_required = required_of(inner);
        return properties(inner)
            .iter()
            .flat_map(|(name, s)| {
                let mut p = path.clone();
                p.push(name.clone());
                let needed = required && inner_required.contains(name);
                fields_of(defs, p, s, needed, depth + 1)
            })
            .collect();
    }
    vec![Field {
        path,
        shared: 0,
        help,
        input: input(defs, inner),
        required,
        default,
        hidden: false,
    }]
}

/// The control for a (non-null) schema.
fn input(defs: &Defs, schema: &Value) -> Input {
    if let Some(options) = choices(defs, schema) {
        return Input::Choice(options);
    }
    let types = types_of(schema);
    let format = schema.get("format").and_then(Value::as_str);
    match types.first().copied() {
        Some("boolean") => Input::Check,
        Some("integer") => Input::Integer,
        Some("number") => Input::Number,
        Some("string") if format == Some("date-time") => Input::DateTime,
        Some("string") if format == Some("date") => Input::Date,
        Some("string") => Input::Text,
        Some("array") => {
            let items = schema.get("items").map(|i| non_null(defs, i).0);
            match items {
                Some(i) if choices(defs, i).is_some() => Input::Lines { integers: false },
                Some(i) if types_of(i) == ["string"] => Input::Lines { integers: false },
                Some(i) if types_of(i) == ["integer"] => Input::Lines { integers: true },
                _ => Input::Json,
            }
        }
        _ => Input::Json,
    }
}

/// The values of an enumeration: `enum`, or a `oneOf`/`anyOf` of
/// constants (how documented variants come out), with their meanings.
fn choices(defs: &Defs, schema: &Value) -> Option<Vec<Choice>> {
    let plain = |v: &Value| {
        v.as_str().map(|s| Choice {
            value: s.to_owned(),
            meaning: None,
        })
    };
    if let Some(values) = schema.get("enum").and_then(Value::as_array) {
        return values.iter().map(plain).collect();
    }
    let arms = schema
        .get("oneOf")
        .or_else(|| schema.get("anyOf"))?
        .as_array()?;
    let mut all = Vec::new();
    for arm in arms {
        let arm = defs.resolve(arm);
        match (arm.get("const"), arm.get("enum")) {
            (Some(Value::String(c)), _) => all.push(Choice {
                value: c.clone(),
                meaning: description(arm),
            }),
            (_, Some(Value::Array(values))) => {
                for v in values {
                    all.push(plain(v)?);
                }
            }
            _ => return None,
        }
    }
    (!all.is_empty()).then_some(all)
}

/// A union of objects each tagged by the same constant property: the tag's
/// name and each variant's tag with its schema.
type Union<'s> = (String, Vec<(String, &'s Value)>);

fn tagged_union<'s>(defs: &'s Defs, schema: &'s Value) -> Option<Union<'s>> {
    let schema = non_null(defs, schema).0;
    let arms = variants(defs, schema);
    if arms.len() < 2 {
        return None;
    }
    let first = arms[0];
    let tag_name = properties(first)
        .iter()
        .find(|(_, s)| s.get("const").is_some())
        .map(|(n, _)| n.clone())?;
    arms.iter()
        .map(|arm| Some((tag(arm, &tag_name)?, *arm)))
        .collect::<Option<Vec<_>>>()
        .map(|options| (tag_name, options))
}

/// The arms of a `oneOf` (or `anyOf`) of objects, resolved.
fn variants<'s>(defs: &'s Defs, schema: &'s Value) -> Vec<&'s Value> {
    schema
        .get("oneOf")
        .or_else(|| schema.get("anyOf"))
        .and_then(Value::as_array)
        .map(|arms| {
            arms.iter()
                .map(|a| defs.resolve(a))
                .filter(|a| a.get("properties").is_some())
                .collect()
        })
        .unwrap_or_default()
}

/// `schema` without its `null` alternative, and whether it had one.
fn non_null<'s>(defs: &'s Defs, schema: &'s Value) -> (&'s Value, bool) {
    let schema = defs.resolve(schema);
    if let Some(arms) = schema.get("anyOf").and_then(Value::as_array) {
        let (nulls, rest): (Vec<&Value>, Vec<&Value>) = arms
            .iter()
            .partition(|a| a.get("type") == Some(&Value::from("null")));
        if !nulls.is_empty() && rest.len() == 1 {
            return (defs.resolve(rest[0]), true);
        }
    }
    let nullable = types_of(schema).contains(&"null");
    (schema, nullable)
}

/// The schema's `type`, as a list, `null` last.
fn types_of(schema: &Value) -> Vec<&str> {
    let mut all: Vec<&str> = match schema.get("type") {
        Some(Value::String(t)) => vec![t.as_str()],
        Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    all.sort_by_key(|t| *t == "null");
    all.retain(|t| *t != "null" || all_null(schema));
    all
}

fn all_null(schema: &Value) -> bool {
    schema.get("type") == Some(&Value::from("null"))
}

fn tag(variant: &Value, name: &str) -> Option<String> {
    variant
        .get("properties")?
        .get(name)?
        .get("const")?
        .as_str()
        .map(str::to_owned)
}

fn properties(schema: &Value) -> Vec<(String, &Value)> {
    schema
        .get("properties")
        .and_then(Value::as_object)
        .map(|m| m.iter().map(|(k, v)| (k.clone(), v)).collect())
        .unwrap_or_default()
}

fn required_of(schema: &Value) -> Vec<String> {
    schema
        .get("required")
        .and_then(Value::as_array)
        .map(|r| {
            r.iter()
                .filter_map(Value::as_str)
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default()
}

/// A description's first paragraph, as prose: the code marks and link
/// brackets of the doc comment it came from dropped.
fn description(schema: &Value) -> Option<String> {
    let text = schema.get("description")?.as_str()?;
    let first = text.split("\n\n").next().unwrap_or(text);
    let plain: String = first
        .replace("[`", "")
        .replace("`]", "")
        .chars()
        .filter(|c| *c != '`')
        .collect();
    Some(plain.split_whitespace().collect::<Vec<_>>().join(" "))
}
