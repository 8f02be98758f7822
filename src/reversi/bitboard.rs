//! Move generation and flips on bitboards: one shift per direction, masked so that
//! nothing wraps from one edge of the board to the other.

/// Every square but column a: what may receive a disc shifted one column east.
const NOT_A: u64 = 0xfefe_fefe_fefe_fefe;
/// Every square but column h: what may receive a disc shifted one column west.
const NOT_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;

/// The eight directions as shift functions.
const DIRECTIONS: [fn(u64) -> u64; 8] = [
    |b| (b << 1) & NOT_A, // east
    |b| (b >> 1) & NOT_H, // west
    |b| b << 8,           // south (row + 1)
    |b| b >> 8,           // north
    |b| (b << 9) & NOT_A, // south-east
    |b| (b << 7) & NOT_H, // south-west
    |b| (b >> 7) & NOT_A, // north-east
    |b| (b >> 9) & NOT_H, // north-west
];

/// The empty squares where the side owning `own` may play: each brackets at least one run of
/// `opp` discs between it and an `own` disc in some direction.
pub fn legal_moves(own: u64, opp: u64) -> u64 {
    let empty = !(own | opp);
    let mut moves = 0;
    for shift in DIRECTIONS {
        let mut run = shift(own) & opp;
        for _ in 0..5 {
            run |= shift(run) & opp;
        }
        moves |= shift(run) & empty;
    }
    moves
}

/// The `opp` discs that a disc played by `own` on square index `sq` would flip (0 if none).
pub fn flips(own: u64, opp: u64, sq: u8) -> u64 {
    let start = 1u64 << sq;
    let mut flipped = 0;
    for shift in DIRECTIONS {
        let mut run = 0;
        let mut b = shift(start);
        while b & opp != 0 {
            run |= b;
            b = shift(b);
        }
        if b & own != 0 {
            flipped |= run;
        }
    }
    flipped
}
