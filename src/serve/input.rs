//! Bytes from an SSH client's terminal turned into the App's inputs. The bytes arrive in packets
//! that need not match keys: an escape sequence may be split across two, one packet may carry many
//! keys or a paste. termwiz's input parser keeps the unfinished part between packets; a lone Esc is
//! told from the start of a sequence by the quiet that follows it ([`Decoder::flush`]).

use crate::ui::{Input, Key};
use termwiz::input::{InputEvent, InputParser, KeyCode, Modifiers, MouseButtons};

/// A stateful decoder for one client.
pub struct Decoder {
    parser: InputParser,
    /// Bytes have arrived since the last flush, so the parser may hold an undecided Esc.
    pending: bool,
    /// Bytes fed since the last input came out: what the parser may be holding.
    unfinished: usize,
}

/// More bytes than this without an input (a paste whose end never comes) are let go.
const MAX_UNFINISHED: usize = 64 << 10;

impl Default for Decoder {
    fn default() -> Self {
        Decoder {
            parser: InputParser::new(),
            pending: false,
            unfinished: 0,
        }
    }
}

impl Decoder {
    /// The inputs these bytes complete; an incomplete sequence waits for more, up to a limit.
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<Input> {
        self.pending = true;
        let mut inputs = vec![];
        self.parser
            .parse(bytes, |event| inputs.extend(input_of(event)), true);
        self.unfinished = if inputs.is_empty() {
            self.unfinished + bytes.len()
        } else {
            0
        };
        if self.unfinished > MAX_UNFINISHED {
            self.reset();
        }
        inputs
    }

    /// Forgets any unfinished sequence or paste: after bytes were dropped (the rest of it is
    /// not coming), so that what follows is read afresh and not swallowed by a paste that
    /// never ends or turned into a lone Esc.
    pub fn reset(&mut self) {
        *self = Decoder::default();
    }

    /// Decides what is left once the client has been quiet for a moment: a lone Esc is Esc.
    pub fn flush(&mut self) -> Vec<Input> {
        if !std::mem::take(&mut self.pending) {
            return vec![];
        }
        let mut inputs = vec![];
        self.parser
            .parse(&[], |event| inputs.extend(input_of(event)), false);
        inputs
    }
}

fn input_of(event: InputEvent) -> Option<Input> {
    match event {
        InputEvent::Key(k) => {
            let ctrl = k.modifiers.contains(Modifiers::CTRL);
            let alt = k.modifiers.contains(Modifiers::ALT);
            let key = match k.key {
                KeyCode::Char('c') if ctrl => Key::Interrupt,
                KeyCode::Char('u') if ctrl => Key::ClearLine,
                _ if ctrl || alt => Key::Other,
                KeyCode::UpArrow | KeyCode::ApplicationUpArrow => Key::Up,
                KeyCode::DownArrow | KeyCode::ApplicationDownArrow => Key::Down,
                KeyCode::LeftArrow | KeyCode::ApplicationLeftArrow => Key::Left,
                KeyCode::RightArrow | KeyCode::ApplicationRightArrow => Key::Right,
                KeyCode::Enter => Key::Enter,
                KeyCode::Escape => Key::Esc,
                KeyCode::Function(1) => Key::F1,
                KeyCode::Home => Key::Home,
                KeyCode::End => Key::End,
                KeyCode::PageUp => Key::PageUp,
                KeyCode::PageDown => Key::PageDown,
                KeyCode::Backspace => Key::Backspace,
                KeyCode::Char(c) if !c.is_control() => Key::Char(c),
                _ => Key::Other,
            };
            Some(Input::Key(key))
        }
        // Only presses of the left button are asked for; the report counts from 1.
        InputEvent::Mouse(m) if m.mouse_buttons.contains(MouseButtons::LEFT) => {
            Some(Input::Click {
                x: m.x.saturating_sub(1),
                y: m.y.saturating_sub(1),
            })
        }
        InputEvent::Paste(text) => Some(Input::Paste(text)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(inputs: Vec<Input>) -> Vec<Key> {
        inputs
            .into_iter()
            .map(|i| match i {
                Input::Key(k) => k,
                other => panic!("{other:?}"),
            })
            .collect()
    }

    #[test]
    fn several_keys_in_one_packet() {
        let mut d = Decoder::default();
        let got = keys(d.feed(b"\x1b[A\x1b[Bq\r"));
        assert_eq!(got, [Key::Up, Key::Down, Key::Char('q'), Key::Enter]);
    }

    #[test]
    fn a_sequence_split_across_packets() {
        let mut d = Decoder::default();
        assert!(d.feed(b"\x1b").is_empty());
        assert!(d.feed(b"[").is_empty());
        assert_eq!(keys(d.feed(b"C")), [Key::Right]);
        assert!(d.flush().is_empty());
    }

    #[test]
    fn a_lone_esc_after_a_quiet_moment() {
        let mut d = Decoder::default();
        assert!(d.feed(b"\x1b").is_empty());
        assert_eq!(keys(d.flush()), [Key::Esc]);
        assert!(d.flush().is_empty());
    }

    #[test]
    fn utf8_even_split() {
        let mut d = Decoder::default();
        let bytes = "黑".as_bytes();
        assert!(d.feed(&bytes[..1]).is_empty());
        assert_eq!(keys(d.feed(&bytes[1..])), [Key::Char('黑')]);
    }

    #[test]
    fn control_keys_and_interrupt() {
        let mut d = Decoder::default();
        let got = keys(d.feed(b"\x03\x15\x7f\x1bOP\x1b[H\x1b[6~"));
        assert_eq!(
            got,
            [
                Key::Interrupt,
                Key::ClearLine,
                Key::Backspace,
                Key::F1,
                Key::Home,
                Key::PageDown
            ]
        );
    }

    #[test]
    fn clicks_and_pastes() {
        let mut d = Decoder::default();
        let got = d.feed(b"\x1b[<0;10;5M\x1b[<0;10;5m\x1b[200~f5 d6\x1b[201~");
        assert_eq!(
            got,
            [Input::Click { x: 9, y: 4 }, Input::Paste("f5 d6".into())]
        );
    }

    #[test]
    fn a_cut_stream_is_read_afresh() {
        // A paste whose end was dropped: the keys after it still arrive.
        let mut d = Decoder::default();
        assert!(d.feed(b"\x1b[200~f5 d6 c3").is_empty());
        d.reset();
        assert_eq!(keys(d.feed(b"\x1b[A")), [Key::Up]);
        // An arrow cut after its Esc: no lone Esc comes out.
        let mut d = Decoder::default();
        assert_eq!(keys(d.feed(b"xx\x1b")), [Key::Char('x'), Key::Char('x')]);
        d.reset();
        assert!(d.flush().is_empty());
        // A paste that never ends is let go after 64 KiB.
        let mut d = Decoder::default();
        d.feed(b"\x1b[200~");
        for _ in 0..70 {
            d.feed(&[b'x'; 1024]);
        }
        assert_eq!(keys(d.feed(b"\x1b[B")), [Key::Down]);
    }

    #[test]
    fn random_bytes_never_panic() {
        let mut d = Decoder::default();
        let mut rng = crate::rng::Rng::new(12345);
        for _ in 0..20_000 {
            let x = rng.next_u64();
            let n = (x % 7) as usize;
            let bytes: Vec<u8> = (0..n).map(|i| (x >> (i * 3)) as u8).collect();
            d.feed(&bytes);
            if x.is_multiple_of(5) {
                d.flush();
            }
        }
    }
}
