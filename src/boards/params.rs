//! Named numeric parameters of the searches, with defaults, bounds and a
//! tooltip each, shared by the CLI (`--param NAME=VALUE`) and the app's
//! panels.
//!
//! A search reads its values through its own [`ParamSpec`] constants
//! ([`Params::get`]), so a misspelt name does not compile; names typed by
//! a user go through [`Params::parse`] / [`Params::set`], whose errors list
//! the allowed names.

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
        }
    }
}

/// Values for a set of [`ParamSpec`]s (defaults where not set).
#[derive(Clone, Debug, PartialEq)]
pub struct Params {
    values: BTreeMap<&'static str, f64>,
}

impl Params {
    /// All defaults.
    pub fn defaults(specs: &[ParamSpec]) -> Self {
        Params {
            values: specs.iter().map(|s| (s.name, s.default)).collect(),
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
}
