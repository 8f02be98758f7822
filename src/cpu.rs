//! The processor's instruction sets, chosen once at run time, so that one binary runs on any
//! x86-64 and still at full speed where the newer instructions exist.
//!
//! The engines' hot code (perft, the searches, the solver, the evaluation) is generic over a
//! [`Cpu`], and [`on_cpu!`] runs the instance for the best level this processor has. Rust does not
//! pass `#[target_feature]` on to callees, and a recursive function cannot be inlined, so each
//! hot function that is not inlined is declared with [`levelled!`]: its body is inlined into a
//! function compiled with the level's instructions (POPCNT, LZCNT, AVX2, AVX-512 …).

use std::sync::atomic::{AtomicU8, Ordering};

mod sealed {
    pub trait Sealed {}
}

/// An instruction-set level. A value of a level's type exists only where the processor has its
/// instructions, so whoever holds one may use them.
pub trait Cpu: Copy + Send + Sync + sealed::Sealed + 'static {
    /// Which level this is.
    const LEVEL: Level;
    /// Whether AVX2 may be used (vector move generation).
    const AVX2: bool;
    /// Whether AVX-512 F, CD and VL may be used (vector flips).
    const AVX512: bool;
}

/// The levels, lowest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    /// What the binary was built for (x86-64 without POPCNT, unless built otherwise).
    Baseline,
    /// x86-64-v3: AVX2, BMI1/2, LZCNT, POPCNT, FMA (Intel since 2013, AMD since 2015).
    X86V3,
    /// x86-64-v4: x86-64-v3 and AVX-512 F, BW, CD, DQ, VL.
    X86V4,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Baseline, Level::X86V3, Level::X86V4];

    /// Its name on the command line and in benchmarks.
    pub fn name(self) -> &'static str {
        match self {
            Level::Baseline => "baseline",
            Level::X86V3 => "x86-64-v3",
            Level::X86V4 => "x86-64-v4",
        }
    }

    /// Whether this processor has the level's instructions.
    pub fn available(self) -> bool {
        match self {
            Level::Baseline => true,
            #[cfg(target_arch = "x86_64")]
            Level::X86V3 => X86V3::detect().is_some(),
            #[cfg(target_arch = "x86_64")]
            Level::X86V4 => X86V4::detect().is_some(),
            #[cfg(not(target_arch = "x86_64"))]
            _ => false,
        }
    }
}

/// What the binary was built for: always there.
#[derive(Clone, Copy, Debug)]
pub struct Baseline;

impl sealed::Sealed for Baseline {}

impl Cpu for Baseline {
    const LEVEL: Level = Level::Baseline;
    const AVX2: bool = cfg!(all(target_arch = "x86_64", target_feature = "avx2"));
    const AVX512: bool = cfg!(all(
        target_arch = "x86_64",
        target_feature = "avx512f",
        target_feature = "avx512cd",
        target_feature = "avx512vl"
    ));
}

#[cfg(target_arch = "x86_64")]
pub use x86::{X86V3, X86V4};

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::{Cpu, Level, sealed};

    /// The x86-64-v3 level (see [`Level::X86V3`]).
    #[derive(Clone, Copy, Debug)]
    pub struct X86V3(());

    /// The x86-64-v4 level (see [`Level::X86V4`]).
    #[derive(Clone, Copy, Debug)]
    pub struct X86V4(());

    /// Whether every named feature is detected.
    macro_rules! detected {
        ($($feature:tt),*) => { true $(&& std::arch::is_x86_feature_detected!($feature))* };
    }

    impl X86V3 {
        /// The level, if this processor has it.
        pub fn detect() -> Option<X86V3> {
            let v2 = detected!("popcnt", "sse3", "ssse3", "sse4.1", "sse4.2", "cmpxchg16b");
            let v3 = detected!(
                "avx", "avx2", "bmi1", "bmi2", "f16c", "fma", "lzcnt", "movbe"
            );
            (v2 && v3).then_some(X86V3(()))
        }
    }

    impl X86V4 {
        /// The level, if this processor has it.
        pub fn detect() -> Option<X86V4> {
            let v4 = detected!("avx512f", "avx512bw", "avx512cd", "avx512dq", "avx512vl");
            (X86V3::detect().is_some() && v4).then_some(X86V4(()))
        }
    }

    impl sealed::Sealed for X86V3 {}
    impl sealed::Sealed for X86V4 {}

    impl Cpu for X86V3 {
        const LEVEL: Level = Level::X86V3;
        const AVX2: bool = true;
        const AVX512: bool = false;
    }

    impl Cpu for X86V4 {
        const LEVEL: Level = Level::X86V4;
        const AVX2: bool = true;
        const AVX512: bool = true;
    }

    /// A level's value, once the processor is known to have it.
    pub(super) fn made(level: Level) -> super::Detected {
        match level {
            Level::Baseline => super::Detected::Baseline(super::Baseline),
            Level::X86V3 => super::Detected::X86V3(X86V3(())),
            Level::X86V4 => super::Detected::X86V4(X86V4(())),
        }
    }
}

/// The level in use, as a value to run code with (see [`on_cpu!`]).
#[derive(Clone, Copy, Debug)]
pub enum Detected {
    Baseline(Baseline),
    #[cfg(target_arch = "x86_64")]
    X86V3(X86V3),
    #[cfg(target_arch = "x86_64")]
    X86V4(X86V4),
}

/// The level in use as its index in [`Level::ALL`]; `UNKNOWN` until first asked.
static IN_USE: AtomicU8 = AtomicU8::new(UNKNOWN);
const UNKNOWN: u8 = u8::MAX;

/// The best level this processor has.
pub fn best() -> Level {
    *Level::ALL
        .iter()
        .rev()
        .find(|l| l.available())
        .unwrap_or(&Level::Baseline)
}

/// The level the engines use: the best this processor has, unless [`limit`] lowered it.
pub fn level() -> Level {
    match IN_USE.load(Ordering::Relaxed) {
        UNKNOWN => {
            let best = best();
            IN_USE.store(best as u8, Ordering::Relaxed);
            best
        }
        k => Level::ALL[usize::from(k)],
    }
}

/// Makes the engines use `level` (to compare levels): an error naming the best level when this
/// processor does not have it.
pub fn limit(level: Level) -> Result<(), Level> {
    if !level.available() {
        return Err(best());
    }
    IN_USE.store(level as u8, Ordering::Relaxed);
    Ok(())
}

/// The level in use as a value; see [`on_cpu!`].
#[inline]
pub fn detected() -> Detected {
    // Only levels found available are ever in use.
    #[cfg(target_arch = "x86_64")]
    return x86::made(level());
    #[cfg(not(target_arch = "x86_64"))]
    Detected::Baseline(Baseline)
}

/// `on_cpu!(cpu => expr)`: evaluates `expr` with `cpu` bound to the level in use, so that the
/// generic code in `expr` runs as compiled for it (each level is a separate instance).
macro_rules! on_cpu {
    ($cpu:ident => $body:expr) => {
        match $crate::cpu::detected() {
            $crate::cpu::Detected::Baseline($cpu) => $body,
            #[cfg(target_arch = "x86_64")]
            $crate::cpu::Detected::X86V3($cpu) => $body,
            #[cfg(target_arch = "x86_64")]
            $crate::cpu::Detected::X86V4($cpu) => $body,
        }
    };
}
pub(crate) use on_cpu;

/// Declares a hot function once for every level:
///
/// ```ignore
/// levelled! {
///     /// Docs.
///     fn search(self: &mut Solver<'_>, p: u64, o: u64) -> i32 = search_in;
/// }
/// ```
///
/// defines `fn search<C: Cpu>(&mut self, cpu: C, p: u64, o: u64) -> i32` (or a free function
/// without `self`), which calls `search_in` (an `#[inline(always)]` function of the same
/// arguments) inlined into a function compiled for `C`'s instructions: a plain one for the
/// baseline, a `#[target_feature]` one for each x86-64 level. `C::LEVEL` picks it when the code
/// is generated. The arguments pass in registers, as in any call (a closure would pass them
/// through memory, which cost the solver a tenth of its speed).
macro_rules! levelled {
    ($(#[$meta:meta])* $vis:vis fn $name:ident(self: &mut $ty:ty $(, $arg:ident: $t:ty)* $(,)?)
        -> $ret:ty = $body:ident;) => {
        $(#[$meta])*
        #[inline(always)]
        $vis fn $name<C: $crate::cpu::Cpu>(&mut self, cpu: C $(, $arg: $t)*) -> $ret {
            $crate::cpu::levelled!(@levels (s: &mut $ty, cpu: C $(, $arg: $t)*) -> $ret
                { s.$body(cpu $(, $arg)*) } (self, cpu $(, $arg)*))
        }
    };
    ($(#[$meta:meta])* $vis:vis fn $name:ident($($arg:ident: $t:ty),* $(,)?) -> $ret:ty
        = $body:ident;) => {
        $(#[$meta])*
        #[inline(always)]
        $vis fn $name<C: $crate::cpu::Cpu>(cpu: C $(, $arg: $t)*) -> $ret {
            $crate::cpu::levelled!(@levels (cpu: C $(, $arg: $t)*) -> $ret
                { $body(cpu $(, $arg)*) } (cpu $(, $arg)*))
        }
    };
    // One function per level taking `$params` and running `$call`, and the call of the one for
    // `C` with `$args`. The features are those `X86V3::detect` and `X86V4::detect` look for.
    (@levels ($($params:tt)*) -> $ret:ty $call:block ($($args:expr),*)) => {{
        fn baseline<C: $crate::cpu::Cpu>($($params)*) -> $ret $call
        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = "popcnt,sse3,ssse3,sse4.1,sse4.2,cmpxchg16b")]
        #[target_feature(enable = "avx,avx2,bmi1,bmi2,f16c,fma,lzcnt,movbe")]
        fn v3<C: $crate::cpu::Cpu>($($params)*) -> $ret $call
        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = "popcnt,sse3,ssse3,sse4.1,sse4.2,cmpxchg16b")]
        #[target_feature(enable = "avx,avx2,bmi1,bmi2,f16c,fma,lzcnt,movbe")]
        #[target_feature(enable = "avx512f,avx512bw,avx512cd,avx512dq,avx512vl")]
        fn v4<C: $crate::cpu::Cpu>($($params)*) -> $ret $call
        match C::LEVEL {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: a value of a level's type exists only where its instructions do.
            $crate::cpu::Level::X86V3 => unsafe { v3($($args),*) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: as above.
            $crate::cpu::Level::X86V4 => unsafe { v4($($args),*) },
            _ => baseline($($args),*),
        }
    }};
}
pub(crate) use levelled;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_best_level_is_available_and_limits_are_checked() {
        assert!(best().available());
        assert!(Level::Baseline.available());
        for level in Level::ALL {
            assert_eq!(limit(level).is_ok(), level.available(), "{}", level.name());
        }
        limit(best()).unwrap();
        assert_eq!(level(), best());
    }
}
