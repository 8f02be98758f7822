//! A transposition table that search threads share without locks, for both games. Each slot is
//! two atomics holding `key ^ data` and `data`: a slot torn by two threads writing at once fails
//! the check on reading and is treated as empty. Slots come in buckets of two: the first keeps
//! the deepest result, the second the newest.

use std::marker::PhantomData;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// What a game's search keeps about a position, packed into 64 bits (all-zero bits are read as
/// an empty slot, so an entry should never pack to zero).
pub trait Packed: Copy {
    fn pack(self) -> u64;
    fn unpack(data: u64) -> Self;
    /// How deep the search was that found it: the deeper result keeps a bucket's first slot.
    fn depth(&self) -> i32;
}

struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

pub struct Table<E> {
    slots: Slots,
    mask: usize,
    entries: PhantomData<E>,
}

/// The slots' memory: zeroed, fresh from the system and not yet touched, so a table that is
/// never written costs nothing, and one that is can be backed by huge pages (a probe anywhere
/// in a large table then costs a cache miss but not also a page-table walk). On Linux it is
/// mapped for the table alone: from the allocator, a large block asked for after one was freed
/// comes from its heap and is cleared byte by byte (glibc raises its mapping threshold on such
/// a free), several tables a move, which made moves late at short turns.
enum Slots {
    #[cfg(target_os = "linux")]
    Mapped(std::ptr::NonNull<Slot>, usize),
    Boxed(Box<[Slot]>),
}

// SAFETY: a mapping is owned by its table alone, and a slot is two atomic integers, shared
// between threads like any other atomics.
unsafe impl Send for Slots {}
unsafe impl Sync for Slots {}

impl Slots {
    fn zeroed(len: usize) -> Slots {
        let bytes = len * std::mem::size_of::<Slot>();
        #[cfg(target_os = "linux")]
        {
            use rustix::mm::{MapFlags, ProtFlags, mmap_anonymous};
            // SAFETY: a new private anonymous mapping at an address the system chooses, which
            // nothing else uses; it comes zeroed, and all-zero bits are a valid (empty) slot.
            let mapped = unsafe {
                mmap_anonymous(
                    std::ptr::null_mut(),
                    bytes,
                    ProtFlags::READ | ProtFlags::WRITE,
                    MapFlags::PRIVATE,
                )
            };
            if let Some(start) = mapped
                .ok()
                .and_then(|p| std::ptr::NonNull::new(p.cast::<Slot>()))
            {
                huge_pages(start.as_ptr().cast(), bytes);
                return Slots::Mapped(start, len);
            }
        }
        let zeroed = Box::<[Slot]>::new_zeroed_slice(len);
        huge_pages(zeroed.as_ptr().cast(), bytes);
        // SAFETY: a slot is two atomic integers, and all-zero bits are a valid (empty) one.
        Slots::Boxed(unsafe { zeroed.assume_init() })
    }
}

impl std::ops::Deref for Slots {
    type Target = [Slot];
    fn deref(&self) -> &[Slot] {
        match self {
            // SAFETY: the mapping holds `len` initialised slots and lives as long as `self`.
            #[cfg(target_os = "linux")]
            Slots::Mapped(start, len) => unsafe {
                std::slice::from_raw_parts(start.as_ptr(), *len)
            },
            Slots::Boxed(slots) => slots,
        }
    }
}

impl Drop for Slots {
    fn drop(&mut self) {
        #[cfg(target_os = "linux")]
        if let Slots::Mapped(start, len) = self {
            // SAFETY: the mapping was made by `zeroed` with this length, and no reference into
            // it outlives `self`.
            let _ = unsafe {
                rustix::mm::munmap(start.as_ptr().cast(), *len * std::mem::size_of::<Slot>())
            };
        }
    }
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

impl<E: Packed> Table<E> {
    /// A table of about `megabytes` MiB (rounded down to a power of two of slots, at least one
    /// bucket).
    pub fn new(megabytes: usize) -> Table<E> {
        let wanted = ((megabytes << 20) / std::mem::size_of::<Slot>()).max(2);
        let len = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        Table {
            slots: Slots::zeroed(len),
            mask: (len - 1) & !1,
            entries: PhantomData,
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

    pub fn probe(&self, key: u64) -> Option<E> {
        let i = key as usize & self.mask;
        self.slots[i..i + 2].iter().find_map(|s| {
            let data = s.data.load(Relaxed);
            (data != 0 && s.check.load(Relaxed) ^ data == key).then(|| E::unpack(data))
        })
    }

    pub fn store(&self, key: u64, entry: E) {
        let i = key as usize & self.mask;
        let deep = &self.slots[i];
        let data = deep.data.load(Relaxed);
        let same = deep.check.load(Relaxed) ^ data == key;
        let slot = if same || data == 0 || E::unpack(data).depth() <= entry.depth() {
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

    /// A made-up entry: two halves that must always be read together.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    struct Pair(u32, u32);

    impl Packed for Pair {
        fn pack(self) -> u64 {
            u64::from(self.0) | u64::from(self.1) << 32
        }
        fn unpack(data: u64) -> Pair {
            Pair(data as u32, (data >> 32) as u32)
        }
        fn depth(&self) -> i32 {
            (self.0 % 16) as i32
        }
    }

    #[test]
    fn keeps_the_deepest_and_the_newest_of_a_bucket() {
        let t = Table::<Pair>::new(0);
        assert_eq!(t.probe(4), None);
        t.store(4, Pair(9, 1));
        // A shallower result for another key in the same bucket goes to the second slot…
        t.store(6, Pair(2, 2));
        assert_eq!(
            (t.probe(4), t.probe(6)),
            (Some(Pair(9, 1)), Some(Pair(2, 2)))
        );
        // …and the next one replaces it; the same key always updates.
        t.store(8, Pair(3, 3));
        assert_eq!((t.probe(6), t.probe(8)), (None, Some(Pair(3, 3))));
        t.store(4, Pair(1, 4));
        assert_eq!(t.probe(4), Some(Pair(1, 4)));
        t.clear();
        assert_eq!(t.probe(4), None);
    }

    /// A table made where one of the same size was just dropped starts empty, whatever the
    /// memory held before (the searches make one after another many times a game).
    #[test]
    fn a_new_table_is_empty_after_a_used_one_goes() {
        for megabytes in [0, 1, 16] {
            for round in 0..3u32 {
                let t = Table::<Pair>::new(megabytes);
                for key in 1..2_000u64 {
                    assert_eq!(t.probe(key), None, "{megabytes} MiB, round {round}");
                    t.store(key, Pair(key as u32, round + 1));
                }
                assert_eq!(t.probe(1_999), Some(Pair(1_999, round + 1)));
            }
        }
    }

    /// Threads writing and reading the same few keys at once never read an entry that was not
    /// written whole for that key (a torn slot reads as empty).
    #[test]
    fn threads_never_read_a_torn_entry() {
        let t = Table::<Pair>::new(0);
        std::thread::scope(|scope| {
            for thread in 0..4u32 {
                let t = &t;
                scope.spawn(move || {
                    for n in 0..100_000u32 {
                        let key = u64::from(n % 7 + 1);
                        // Both halves name the key, so a mixed read would show.
                        let tag = (key as u32) << 20 | thread << 16 | (n % 16);
                        t.store(key, Pair(tag, tag));
                        for k in 1..8u64 {
                            if let Some(Pair(a, b)) = t.probe(k) {
                                assert_eq!(a, b, "halves written together");
                                assert_eq!(u64::from(a >> 20), k, "the key's own entry");
                            }
                        }
                    }
                });
            }
        });
    }
}
