//! Named numeric parameters of the searches, with defaults, bounds and a
//! tooltip each, shared by the CLI (`--param NAME=VALUE`) and the app's
//! panels.
//!
//! A search reads its values through its own [`ParamSpec`] constants
//! ([`Params::get`]), so a misspelt name does not compile; names typed by
//! a user go through [`Params::parse`] / [`Params::set`], whose errors list
//! the allowed names.
//!
//! A parameter may be a *choice* among names ([`ParamSpec::choice`], e.g.
//! BRKGA's `crossover=uniform|rows`): it is stored as the index of the
//! name (so levels and the app keep numbers), accepts the name or the
//! index, and prints by name ([`Params::named`]).

use super::error::BoardError;
use super::registry::Algorithm;
use std::collections::BTreeMap;

/// One parameter's description.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ParamSpec {
    /// Name on the command line.
    pub name: &'static str,
    /// Default value.
    pub default: f64,
    /// Smallest allowed value.
    pub min: f64,
    /// Largest allowed value.
    pub max: f64,
    /// One line for tooltips and `--help`.
    pub help: &'static str,
    /// The names of a choice parameter, value `k` meaning `choices[k]`
    /// (empty: a plain number).
    pub choices: &'static [&'static str],
}

impl ParamSpec {
    /// A parameter description.
    pub const fn new(
        name: &'static str,
        default: f64,
        min: f64,
        max: f64,
        help: &'static str,
    ) -> Self {
        ParamSpec {
            name,
            default,
            min,
            max,
            help,
            choices: &[],
        }
    }

    /// A choice among `choices` (at least one), `default` their index.
    ///
    /// ```
    /// use evoboard_core::boards::{ParamSpec, Params, Algorithm};
    /// const MODE: ParamSpec = ParamSpec::choice("mode", 0, &["fast", "slow"], "how");
    /// let p = Params::parse(&[MODE], &["mode=slow".into()], Algorithm::Best).unwrap();
    /// assert_eq!(p.choice(&MODE), 1);
    /// assert_eq!(p.named().next().unwrap().1.to_string(), "slow");
    /// ```
    pub const fn choice(
        name: &'static str,
        default: usize,
        choices: &'static [&'static str],
        help: &'static str,
    ) -> Self {
        ParamSpec {
            name,
            default: default as f64,
            min: 0.0,
            max: (choices.len() - 1) as f64,
            help,
            choices,
        }
    }
}

/// A parameter's value as a user reads it: a number, or a choice's name.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
#[serde(untagged)]
pub enum ParamValue {
    /// A plain number.
    Number(f64),
    /// The name of a choice.
    Choice(&'static str),
}

impl std::fmt::Display for ParamValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ParamValue::Number(v) => write!(f, "{v}"),
            ParamValue::Choice(c) => f.write_str(c),
        }
    }
}

/// Values for a set of [`ParamSpec`]s (defaults where not set).
#[derive(Clone, Debug, PartialEq)]
// Opaque to reflection: the choice names are static tables, not data.
#[cfg_attr(
    feature = "bevy_reflect",
    derive(bevy_reflect::Reflect),
    reflect(opaque, Clone, Debug, PartialEq)
)]
pub struct Params {
    values: BTreeMap<&'static str, f64>,
    /// The names of the choice parameters' values.
    choices: BTreeMap<&'static str, &'static [&'static str]>,
}

impl Params {
    /// All defaults.
    pub fn defaults(specs: &[ParamSpec]) -> Self {
        Params {
            values: specs.iter().map(|s| (s.name, s.default)).collect(),
            choices: specs
                .iter()
                .filter(|s| !s.choices.is_empty())
                .map(|s| (s.name, s.choices))
                .collect(),
        }
    }

    /// Defaults overridden by `NAME=VALUE` pairs; an unknown name or a value
    /// out of bounds is an error that lists what is allowed.
    pub fn parse(
        specs: &[ParamSpec],
        pairs: &[String],
        algorithm: Algorithm,
    ) -> Result<Self, BoardError> {
        let mut p = Self::defaults(specs);
        for pair in pairs {
            let (name, value) = pair
                .split_once('=')
                .ok_or_else(|| BoardError::ParamSyntax { pair: pair.clone() })?;
            p.set(specs, name.trim(), value.trim(), algorithm)?;
        }
        Ok(p)
    }

    /// Set one value, checked against its spec.
    pub fn set(
        &mut self,
        specs: &[ParamSpec],
        name: &str,
        value: &str,
        algorithm: Algorithm,
    ) -> Result<(), BoardError> {
        let spec =
            specs
                .iter()
                .find(|s| s.name == name)
                .ok_or_else(|| BoardError::UnknownParam {
                    algorithm: algorithm.name().to_string(),
                    name: name.to_string(),
                    allowed: specs.iter().map(|s| s.name).collect(),
                })?;
        if !spec.choices.is_empty() {
            let k = spec.choices.iter().position(|&c| c == value).or_else(|| {
                value
                    .parse::<f64>()
                    .ok()
                    .filter(|v| v.fract() == 0.0 && *v >= 0.0 && *v <= spec.max)
                    .map(|v| v as usize)
            });
            let k = k.ok_or_else(|| BoardError::ParamUnknownChoice {
                name: name.to_string(),
                value: value.to_string(),
                allowed: spec.choices.to_vec(),
            })?;
            self.values.insert(spec.name, k as f64);
            self.choices.insert(spec.name, spec.choices);
            return Ok(());
        }
        let v: f64 = value.parse().map_err(|_| BoardError::ParamNotANumber {
            name: name.to_string(),
            value: value.to_string(),
        })?;
        if !(v.is_finite() && v >= spec.min && v <= spec.max) {
            return Err(BoardError::ParamOutOfBounds {
                name: name.to_string(),
                value: value.to_string(),
                min: spec.min,
                max: spec.max,
            });
        }
        self.values.insert(spec.name, v);
        Ok(())
    }

    /// The value of `spec`: the one set, else the spec's default. Searches
    /// pass their own spec constants, so a misspelt name cannot compile.
    pub fn get(&self, spec: &ParamSpec) -> f64 {
        self.values.get(spec.name).copied().unwrap_or(spec.default)
    }

    /// The index of a choice parameter's value (see [`ParamSpec::choice`]).
    pub fn choice(&self, spec: &ParamSpec) -> usize {
        self.get(spec) as usize
    }

    /// All `(name, value)` pairs as a user reads them (choices by name),
    /// sorted by name: what the JSON `params` prints.
    pub fn named(&self) -> impl Iterator<Item = (&'static str, ParamValue)> + '_ {
        self.values.iter().map(|(&k, &v)| {
            let named = self
                .choices
                .get(k)
                .and_then(|c| c.get(v as usize))
                .map(|&c| ParamValue::Choice(c));
            (k, named.unwrap_or(ParamValue::Number(v)))
        })
    }

    /// All `(name, value)` pairs, sorted by name.
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, f64)> + '_ {
        self.values.iter().map(|(&k, &v)| (k, v))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const POP: ParamSpec = ParamSpec::new("pop", 10.0, 2.0, 100.0, "population");
    const SPECS: &[ParamSpec] = &[POP];
    const X: Algorithm = Algorithm::Best;

    #[test]
    fn parse_and_bounds() {
        let p = Params::parse(SPECS, &["pop=20".into()], X).unwrap();
        assert_eq!(p.get(&POP), 20.0);
        assert_eq!(Params::defaults(SPECS).get(&POP), 10.0);
        let err = Params::parse(SPECS, &["pop=1".into()], X).unwrap_err();
        assert!(
            matches!(
                &err,
                BoardError::ParamOutOfBounds {
                    min: 2.0,
                    max: 100.0,
                    ..
                }
            ),
            "{err:?}"
        );
        assert!(err.to_string().contains("2 to 100"));
        let err = Params::parse(SPECS, &["size=1".into()], X).unwrap_err();
        assert!(
            matches!(&err, BoardError::UnknownParam { name, allowed, .. }
                if name == "size" && allowed == &["pop"]),
            "{err:?}"
        );
        assert!(err.to_string().contains("allowed: pop"));
        assert!(matches!(
            Params::parse(SPECS, &["pop".into()], X),
            Err(BoardError::ParamSyntax { .. })
        ));
        assert!(matches!(
            Params::parse(SPECS, &["pop=x".into()], X),
            Err(BoardError::ParamNotANumber { .. })
        ));
    }

    const MODE: ParamSpec = ParamSpec::choice("mode", 0, &["uniform", "rows"], "crossover");

    #[test]
    fn choices_by_name_or_index() {
        let specs = &[POP, MODE];
        let p = Params::defaults(specs);
        assert_eq!(p.choice(&MODE), 0);
        let named: Vec<_> = p.named().collect();
        assert_eq!(
            named,
            [
                ("mode", ParamValue::Choice("uniform")),
                ("pop", ParamValue::Number(10.0))
            ]
        );
        let p = Params::parse(specs, &["mode=rows".into()], X).unwrap();
        assert_eq!(p.choice(&MODE), 1);
        assert_eq!(p.get(&MODE), 1.0);
        assert_eq!(
            serde_json::to_string(&p.named().collect::<Vec<_>>()).unwrap(),
            r#"[["mode","rows"],["pop",10.0]]"#
        );
        // The app and levels hand in the index as a number.
        let mut q = Params::defaults(specs);
        q.set(specs, "mode", "1", X).unwrap();
        assert_eq!(q, p);
        for bad in ["row", "2", "0.5", "-1"] {
            let err = Params::parse(specs, &[format!("mode={bad}")], X).unwrap_err();
            assert!(
                matches!(&err, BoardError::ParamUnknownChoice { allowed, .. }
                    if allowed == &["uniform", "rows"]),
                "{err:?}"
            );
            assert!(err.to_string().contains("allowed: uniform, rows"), "{err}");
        }
    }
}
