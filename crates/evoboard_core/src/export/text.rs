//! The text exports: Terra Mystica's plain text map
//! ([`TerraMysticaBoard::to_text`](crate::boards::terra_mystica::TerraMysticaBoard::to_text),
//! which `evaluate --map` reads) and a readable Catan form, which lives
//! with the Catan board ([`crate::boards::catan::text`]) and is
//! re-exported here.

pub use crate::boards::catan::text::{CatanTextError, catan_text, hex_label, parse_catan_text};
