//! The one random generator: xorshift64 (Marsaglia's 13, 7, 17). Small, fast and
//! deterministic from its seed, so that self-play, tuning and tests can be replayed; nothing
//! in heibai needs randomness an adversary cannot predict (resume codes come from the system).

/// A xorshift64 state, never zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed` (made odd: xorshift must not start from zero).
    pub fn new(seed: u64) -> Rng {
        Rng(seed | 1)
    }

    /// A generator seeded from the clock, different from run to run.
    pub fn from_time() -> Rng {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default();
        Rng::new(now.as_nanos() as u64 ^ 0x9e37_79b9_7f4a_7c15)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n` (not zero).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// A number in `0..1`.
    pub fn uniform(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replays_from_its_seed_and_spreads() {
        let (mut a, mut b) = (Rng::new(42), Rng::new(42));
        let mut counts = [0u32; 10];
        for _ in 0..10_000 {
            let x = a.below(10);
            assert_eq!(x, b.below(10));
            counts[x] += 1;
        }
        assert!(
            counts.iter().all(|&c| (900..1100).contains(&c)),
            "{counts:?}"
        );
        let u = a.uniform();
        assert!((0.0..1.0).contains(&u));
    }
}
