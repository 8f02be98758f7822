//! A transposition table that search threads share without locks. Each slot is two atomics
//! holding `key ^ data` and `data`: a slot torn by two threads writing at once fails the check
//! on reading and is treated as empty.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// What is known about a position: its score lies in `lower..=upper` at `depth`, and the move
/// that was best (or `NO_MOVE`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub lower: i16,
    pub upper: i16,
    pub depth: u8,
    pub best: u8,
}

/// `Entry::best` when no move is known.
pub const NO_MOVE: u8 = 64;

impl Entry {
    /// Uses what the entry knows in a search of `alpha..beta`: the score to return when it
    /// settles the question, else the window narrowed to the entry's bounds.
    #[inline]
    pub fn cut(&self, alpha: &mut i32, beta: &mut i32) -> Option<i32> {
        let (lo, hi) = (i32::from(self.lower), i32::from(self.upper));
        if lo >= *beta || lo == hi {
            return Some(lo);
        }
        if hi <= *alpha {
            return Some(hi);
        }
        *alpha = (*alpha).max(lo);
        *beta = (*beta).min(hi);
        None
    }

    /// The entry for a fail-soft search of `alpha..beta` at `depth` that found `best` with
    /// `best_move`; bounds not established are `-limit` / `limit`.
    pub fn after(best: i32, alpha: i32, beta: i32, limit: i32, depth: u32, best_move: u8) -> Entry {
        Entry {
            lower: if best > alpha { best } else { -limit } as i16,
            upper: if best < beta { best } else { limit } as i16,
            depth: depth.min(255) as u8,
            best: best_move,
        }
    }

    fn pack(self) -> u64 {
        u64::from(self.lower as u16)
            | u64::from(self.upper as u16) << 16
            | u64::from(self.depth) << 32
            | u64::from(self.best) << 40
    }

    fn unpack(data: u64) -> Entry {
        Entry {
            lower: data as u16 as i16,
            upper: (data >> 16) as u16 as i16,
            depth: (data >> 32) as u8,
            best: (data >> 40) as u8,
        }
    }
}

struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// Buckets of two slots: the first keeps the deepest result, the second the newest.
pub struct Table {
    slots: Box<[Slot]>,
    mask: usize,
}

/// Asks Linux to back the memory from `start` for `len` bytes with huge pages where it can (the
/// 2 MiB-aligned part of it); elsewhere, or if it says no, nothing changes.
fn huge_pages(start: *const u8, len: usize) {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let from = (start as usize).next_multiple_of(HUGE);
        let to = (start as usize + len) / HUGE * HUGE;
        if to > from {
            // SAFETY: the range lies inside the allocation being made, which nothing else uses
            // yet; the advice changes how it is backed, never its contents.
            let _ = unsafe {
                rustix::mm::madvise(
                    from as *mut std::ffi::c_void,
                    to - from,
                    rustix::mm::Advice::LinuxHugepage,
                )
            };
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (start, len);
}

/// murmur3's 64-bit finaliser: every input bit reaches every output bit.
fn fmix(mut h: u64) -> u64 {
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^ (h >> 33)
}

/// The hash of a position given as the side to move's discs and the opponent's.
#[inline]
pub fn hash(p: u64, o: u64) -> u64 {
    fmix(p ^ fmix(o ^ 0x9e37_79b9_7f4a_7c15))
}

impl Table {
    /// A table of about `megabytes` MiB (rounded down to a power of two of slots).
    pub fn new(megabytes: usize) -> Table {
        let wanted = (megabytes.max(1) << 20) / std::mem::size_of::<Slot>();
        let len = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        // Zeroed memory, fresh from the system and not yet touched, so that it can still be
        // asked for in huge pages: a probe anywhere in a large table then costs a cache miss
        // but not also a page-table walk.
        let zeroed = Box::<[Slot]>::new_zeroed_slice(len);
        huge_pages(zeroed.as_ptr().cast(), len * std::mem::size_of::<Slot>());
        // SAFETY: a slot is two atomic integers, and all-zero bits are a valid (empty) one.
        let slots = unsafe { zeroed.assume_init() };
        Table {
            slots,
            mask: (len - 1) & !1,
        }
    }

    /// Forgets everything.
    pub fn clear(&self) {
        for s in self.slots.iter() {
            s.check.store(0, Relaxed);
            s.data.store(0, Relaxed);
        }
    }

    /// Asks the processor to fetch `key`'s slots into the cache, so that a probe soon after
    /// does not wait for memory.
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let slot = &self.slots[key as usize & self.mask];
            let at = std::ptr::from_ref(slot).cast::<i8>();
            // SAFETY: SSE is part of every x86_64 processor, and a prefetch only hints: it
            // never faults, whatever the address.
            unsafe { std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(at) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let i = key as usize & self.mask;
        self.slots[i..i + 2].iter().find_map(|s| {
            let data = s.data.load(Relaxed);
            (s.check.load(Relaxed) ^ data == key).then(|| Entry::unpack(data))
        })
    }

    pub fn store(&self, key: u64, entry: Entry) {
        let i = key as usize & self.mask;
        let deep = &self.slots[i];
        let data = deep.data.load(Relaxed);
        let same = deep.check.load(Relaxed) ^ data == key;
        let slot = if same || Entry::unpack(data).depth <= entry.depth {
            deep
        } else {
            &self.slots[i + 1]
        };
        let data = entry.pack();
        slot.check.store(key ^ data, Relaxed);
        slot.data.store(data, Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds() {
        let t = Table::new(1);
        let e = Entry {
            lower: -300,
            upper: 6400,
            depth: 12,
            best: 19,
        };
        let k = hash(1, 2);
        assert_eq!(t.probe(k), None);
        t.store(k, e);
        assert_eq!(t.probe(k), Some(e));
        assert_eq!(t.probe(hash(2, 1)), None);
        t.clear();
        assert_eq!(t.probe(k), None);
    }
}
