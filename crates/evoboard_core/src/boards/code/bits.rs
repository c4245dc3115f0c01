//! The bit level of share codes: packing bits most significant first,
//! the tile and harbour fields, and the CRC-8 check.

use super::super::catan::{CatanCode, HarbourKind};
use super::super::{BoardError, BoardGame};

/// Bits, most significant first, into bytes.
pub(super) struct BitWriter {
    bytes: Vec<u8>,
    acc: u32,
    n: u32,
}

impl BitWriter {
    /// An empty writer with room for `bytes` bytes.
    pub(super) fn with_capacity(bytes: usize) -> Self {
        BitWriter {
            bytes: Vec::with_capacity(bytes),
            acc: 0,
            n: 0,
        }
    }

    pub(super) fn push(&mut self, value: u8, bits: u32) {
        self.acc = (self.acc << bits) | value as u32;
        self.n += bits;
        while self.n >= 8 {
            self.n -= 8;
            self.bytes.push((self.acc >> self.n) as u8);
            self.acc &= (1 << self.n) - 1;
        }
    }

    pub(super) fn finish(mut self) -> Vec<u8> {
        if self.n > 0 {
            self.bytes.push((self.acc << (8 - self.n)) as u8);
        }
        self.bytes
    }
}

/// Bits, most significant first, out of bytes (zeros past the end).
pub(super) struct BitReader<'a> {
    bytes: std::slice::Iter<'a, u8>,
    acc: u32,
    n: u32,
}

impl<'a> BitReader<'a> {
    /// A reader over `bytes`.
    pub(super) fn new(bytes: std::slice::Iter<'a, u8>) -> Self {
        BitReader {
            bytes,
            acc: 0,
            n: 0,
        }
    }

    pub(super) fn take(&mut self, bits: u32) -> u8 {
        while self.n < bits {
            let b = self.bytes.next().copied().unwrap_or(0);
            self.acc = (self.acc << 8) | b as u32;
            self.n += 8;
        }
        self.n -= bits;
        let v = (self.acc >> self.n) & ((1 << bits) - 1);
        self.acc &= (1 << self.n) - 1;
        v as u8
    }

    /// Whether the bits read in but not taken are all zero (the padding
    /// of the last byte).
    pub(super) fn rest_is_zero(&self) -> bool {
        self.acc == 0
    }
}

/// A harbour kind as 3 bits.
pub(super) fn harbour_bits(kind: HarbourKind) -> u8 {
    match kind {
        HarbourKind::Generic => 0,
        HarbourKind::Grain => 1,
        HarbourKind::Lumber => 2,
        HarbourKind::Wool => 3,
        HarbourKind::Brick => 4,
        HarbourKind::Ore => 5,
    }
}

/// 3 bits as a harbour kind.
pub(super) fn harbour_kind(bits: u8) -> Result<HarbourKind, BoardError> {
    Ok(match bits {
        0 => HarbourKind::Generic,
        1 => HarbourKind::Grain,
        2 => HarbourKind::Lumber,
        3 => HarbourKind::Wool,
        4 => HarbourKind::Brick,
        5 => HarbourKind::Ore,
        _ => {
            return Err(BoardError::ShareCode {
                reason: format!(
                    "harbour kind {bits} is not a harbour (0 generic, 1 grain, 2 lumber, 3 wool, 4 brick, 5 ore)"
                ),
            });
        }
    })
}

/// A tile code as the payload's bits.
pub(super) fn pack(game: BoardGame, tile: u8) -> Result<u8, BoardError> {
    match game {
        BoardGame::TerraMystica if tile <= 7 => Ok(tile),
        BoardGame::Catan => {
            let c = CatanCode::from_byte(tile);
            // terrain << 4 | token: 7 bits while the terrain is 0..=5.
            if c.terrain() <= CatanCode::DESERT {
                Ok(tile)
            } else {
                Err(BoardError::BadTileCode { code: tile })
            }
        }
        BoardGame::TerraMystica => Err(BoardError::BadTileCode { code: tile }),
    }
}

/// The payload's bits as a tile code.
pub(super) fn unpack(game: BoardGame, bits: u8) -> Result<u8, BoardError> {
    match game {
        BoardGame::TerraMystica => Ok(bits),
        BoardGame::Catan => {
            let (terrain, token) = (bits >> 4, bits & 15);
            if terrain > CatanCode::DESERT {
                return Err(BoardError::ShareCode {
                    reason: format!("hex terrain {terrain} is not a Catan terrain (0 to 5)"),
                });
            }
            Ok(CatanCode::new(terrain, token).byte())
        }
    }
}

/// CRC-8 with polynomial 0x07 (CRC-8/SMBUS).
pub(super) fn crc8(bytes: &[u8]) -> u8 {
    let mut crc = 0u8;
    for &b in bytes {
        crc ^= b;
        for _ in 0..8 {
            crc = if crc & 0x80 != 0 {
                (crc << 1) ^ 0x07
            } else {
                crc << 1
            };
        }
    }
    crc
}
