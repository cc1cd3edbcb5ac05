//! Zobrist keys: a fixed pseudo-random 64-bit number per (stone kind, grid cell), generated at
//! compile time from a fixed seed, so hashes (and the bench's node counts) are identical from
//! run to run and build to build.

use super::geometry::{Cell, GRID};

const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const fn generate() -> [[u64; GRID]; 3] {
    let mut table = [[0u64; GRID]; 3];
    let mut state = 0x5E47_E000_0000_0001u64;
    let mut kind = 0;
    while kind < 3 {
        let mut i = 0;
        while i < GRID {
            let (next, value) = splitmix64(state);
            state = next;
            table[kind][i] = value;
            i += 1;
        }
        kind += 1;
    }
    table
}

static KEYS: [[u64; GRID]; 3] = generate();

/// Key of `cell` (a stone or a blocked square) on grid index `index`.
#[inline(always)]
pub fn key(cell: Cell, index: usize) -> u64 {
    KEYS[cell as usize - 1][index]
}

/// Toggled when white is to move.
pub const WHITE_TO_MOVE: u64 = 0xA5C3_1F2B_9D4E_6071;

/// Distinguishes the same stones on boards of a different size or rule, so a hash table kept
/// across games never mixes them.
pub fn board_key(width: usize, height: usize, rule_code: u8) -> u64 {
    splitmix64((width as u64) << 16 | (height as u64) << 8 | rule_code as u64).1
}
