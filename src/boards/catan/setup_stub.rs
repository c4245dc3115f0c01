//! Catan with a [`BoardSetup`]: forwarding stand-ins that accept only the
//! default setup (the standard island from a random start) until Catan
//! starts from a board and keeps pins.

use super::{BalancedCatan, CatanOptions, CatanProblem};
use crate::boards::{BoardError, BoardSetup, Params};

fn only_default(setup: &BoardSetup) -> Result<(), BoardError> {
    if *setup == BoardSetup::default() {
        Ok(())
    } else {
        Err(BoardError::UnsupportedVariant {
            game: "catan",
            variant: "start board or pinned".into(),
            allowed: "the standard island from a random start (for now)",
        })
    }
}

impl CatanProblem {
    /// [`CatanProblem::new`] for the default setup; an error otherwise.
    pub fn with_setup(opts: CatanOptions, setup: &BoardSetup) -> Result<Self, BoardError> {
        only_default(setup)?;
        Ok(Self::new(opts))
    }
}

impl BalancedCatan {
    /// [`BalancedCatan::new`] for the default setup; an error otherwise.
    pub fn with_setup(
        seed: u64,
        opts: CatanOptions,
        params: &Params,
        setup: &BoardSetup,
    ) -> Result<Self, BoardError> {
        only_default(setup)?;
        Ok(Self::new(seed, opts, params))
    }
}
