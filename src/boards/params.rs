//! Named numeric parameters of the searches, with defaults, bounds and a
//! tooltip each, shared by the CLI (`--param NAME=VALUE`) and the app's
//! panels.

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
    pub fn parse(specs: &[ParamSpec], pairs: &[String], algorithm: &str) -> Result<Self, String> {
        let mut p = Self::defaults(specs);
        for pair in pairs {
            let (name, value) = pair
                .split_once('=')
                .ok_or_else(|| format!("--param takes NAME=VALUE, got '{pair}'"))?;
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
        algorithm: &str,
    ) -> Result<(), String> {
        let spec = specs.iter().find(|s| s.name == name).ok_or_else(|| {
            let names: Vec<&str> = specs.iter().map(|s| s.name).collect();
            format!(
                "algorithm '{algorithm}' has no parameter '{name}'; allowed: {}",
                if names.is_empty() {
                    "none".to_string()
                } else {
                    names.join(", ")
                }
            )
        })?;
        let v: f64 = value
            .parse()
            .map_err(|_| format!("parameter {name}: '{value}' is not a number"))?;
        if !(v.is_finite() && v >= spec.min && v <= spec.max) {
            return Err(format!(
                "parameter {name} = {value} is out of bounds; allowed: {} to {}",
                spec.min, spec.max
            ));
        }
        self.values.insert(spec.name, v);
        Ok(())
    }

    /// A value (panics on a name that is not in the specs: a programming error).
    pub fn get(&self, name: &str) -> f64 {
        *self
            .values
            .get(name)
            .unwrap_or_else(|| panic!("no parameter {name}"))
    }

    /// All `(name, value)` pairs, sorted by name.
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, f64)> + '_ {
        self.values.iter().map(|(&k, &v)| (k, v))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPECS: &[ParamSpec] = &[ParamSpec::new("pop", 10.0, 2.0, 100.0, "population")];

    #[test]
    fn parse_and_bounds() {
        let p = Params::parse(SPECS, &["pop=20".into()], "x").unwrap();
        assert_eq!(p.get("pop"), 20.0);
        assert!(
            Params::parse(SPECS, &["pop=1".into()], "x")
                .unwrap_err()
                .contains("2 to 100")
        );
        assert!(
            Params::parse(SPECS, &["size=1".into()], "x")
                .unwrap_err()
                .contains("allowed: pop")
        );
        assert!(Params::parse(SPECS, &["pop".into()], "x").is_err());
    }
}
