//! A client's input held to its rate without ever cutting inside a key or a paste: keys pass a
//! packet at a time or not at all (a packet carries whole keys: a client sends each key's bytes
//! at once), and a bracketed paste passes whole up to [`MAX_PASTE`] bytes, then is cut at its
//! end marker — the rest of its text dropped, never read as keys.

use super::limits::Bucket;
use std::time::{Duration, Instant};

/// Where a bracketed paste starts and ends.
const START: &[u8] = b"\x1b[200~";
const END: &[u8] = b"\x1b[201~";
/// The most of one paste that is kept.
pub const MAX_PASTE: usize = 16 << 10;
/// A paste whose end has not come this long after it began is given up.
const PASTE_TIME: Duration = Duration::from_secs(5);

/// The limiter of one client's input.
pub struct Limiter {
    bucket: Bucket,
    paste: Option<Paste>,
}

/// A paste under way.
struct Paste {
    since: Instant,
    kept: usize,
    /// Some of its text was dropped.
    cut: bool,
    /// The last bytes, held back because they may be the start of the end marker.
    held: Vec<u8>,
}

/// What passes of some input.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Passed {
    pub bytes: Vec<u8>,
    /// Keys were dropped (over the rate), or a paste whose end never came was given up.
    pub cut: bool,
    /// A paste was cut short: its first [`MAX_PASTE`] bytes were kept.
    pub paste_cut: bool,
}

impl Limiter {
    /// Keys at `rate` bytes a second on average, bursts of `burst`.
    pub fn new(rate: usize, burst: usize, now: Instant) -> Limiter {
        Limiter {
            bucket: Bucket::new(rate, burst, now),
            paste: None,
        }
    }

    /// What passes of `data`, arriving at `now`.
    pub fn feed(&mut self, data: &[u8], now: Instant) -> Passed {
        let mut out = Passed::default();
        let mut rest = data.to_vec();
        loop {
            let Some(paste) = &mut self.paste else {
                // Keys, up to a paste's start: the whole packet or none of it.
                let start = find(&rest, START);
                let keys = &rest[..start.unwrap_or(rest.len())];
                if !keys.is_empty() {
                    if self.bucket.take_all(keys.len(), now) {
                        out.bytes.extend_from_slice(keys);
                    } else {
                        out.cut = true;
                    }
                }
                let Some(start) = start else {
                    return out;
                };
                out.bytes.extend_from_slice(START);
                rest.drain(..start + START.len());
                self.paste = Some(Paste {
                    since: now,
                    kept: 0,
                    cut: false,
                    held: vec![],
                });
                continue;
            };
            let mut text = std::mem::take(&mut paste.held);
            text.extend_from_slice(&rest);
            match find(&text, END) {
                Some(end) => {
                    paste.keep(&text[..end], &mut out);
                    out.bytes.extend_from_slice(END);
                    out.paste_cut |= paste.cut;
                    self.paste = None;
                    rest = text[end + END.len()..].to_vec();
                }
                None if now.duration_since(paste.since) > PASTE_TIME => {
                    // The end is not coming: what was sent of the paste is let go.
                    self.paste = None;
                    out.cut = true;
                    return out;
                }
                None => {
                    let hold = (1..END.len())
                        .rev()
                        .find(|&n| text.ends_with(&END[..n]))
                        .unwrap_or(0);
                    let split = text.len() - hold;
                    paste.keep(&text[..split], &mut out);
                    paste.held = text[split..].to_vec();
                    return out;
                }
            }
        }
    }
}

impl Paste {
    /// Passes what fits of the paste's `text`; the rest is dropped.
    fn keep(&mut self, text: &[u8], out: &mut Passed) {
        let room = MAX_PASTE - self.kept;
        let kept = text.len().min(room);
        out.bytes.extend_from_slice(&text[..kept]);
        self.kept += kept;
        self.cut |= kept < text.len();
    }
}

/// Where `needle` first starts in `haystack`.
fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limiter(now: Instant) -> Limiter {
        Limiter::new(2048, 8192, now)
    }

    #[test]
    fn keys_pass_a_packet_at_a_time() {
        let now = Instant::now();
        let mut l = limiter(now);
        assert_eq!(l.feed(b"\x1b[A", now).bytes, b"\x1b[A");
        // A packet bigger than the burst is dropped whole: no half sequence comes out.
        let flood = [b"\x1b[B".as_slice(); 3000].concat();
        let passed = l.feed(&flood, now);
        assert!(passed.bytes.is_empty() && passed.cut);
        assert_eq!(l.feed(b"q", now).bytes, b"q");
    }

    #[test]
    fn a_long_paste_is_cut_at_its_end_and_keys_after_it_work() {
        let now = Instant::now();
        let mut l = limiter(now);
        let mut paste = START.to_vec();
        paste.extend(std::iter::repeat_n(b'x', 40_000));
        paste.extend(END);
        paste.extend(b"\x1b[A");
        // In packets of 1000 bytes, the end marker split across two of them.
        let mut passed = Passed::default();
        for chunk in paste.chunks(1000) {
            let p = l.feed(chunk, now);
            passed.bytes.extend(p.bytes);
            passed.cut |= p.cut;
            passed.paste_cut |= p.paste_cut;
        }
        assert!(passed.paste_cut && !passed.cut);
        let mut want = START.to_vec();
        want.extend(std::iter::repeat_n(b'x', MAX_PASTE));
        want.extend(END);
        want.extend(b"\x1b[A");
        assert_eq!(passed.bytes, want);
    }

    #[test]
    fn a_short_paste_passes_whole_and_one_that_never_ends_is_given_up() {
        let now = Instant::now();
        let mut l = limiter(now);
        let p = l.feed(b"a\x1b[200~f5 d6\x1b[201~b", now);
        assert_eq!(p.bytes, b"a\x1b[200~f5 d6\x1b[201~b");
        assert!(!p.paste_cut && !p.cut);
        assert_eq!(l.feed(b"\x1b[200~half", now).bytes, b"\x1b[200~half");
        let later = now + PASTE_TIME + Duration::from_secs(1);
        let p = l.feed(b"more", later);
        assert!(p.cut && p.bytes.is_empty());
        assert_eq!(l.feed(b"q", later).bytes, b"q");
    }
}
