//! What every driver of an App does with its effects: the local terminal and each SSH session
//! carry them out the same way, and differ only in where the bytes go.

use crate::engine::Worker;
use crate::game::SavedGame;
use crate::i18n::Text;
use crate::store::{Adoption, Store};
use crate::table::NetRequest;
use crate::ui::{App, Effect, Input};
use std::path::Path;

/// Carries out effects for one App.
pub struct Driver {
    pub worker: Worker,
    /// Where every game is kept.
    pub history: History,
    /// Where requests about games between terminals go (the SSH server's hub); locally
    /// there are none.
    pub net: Option<Box<dyn FnMut(NetRequest) + Send>>,
    /// Where the settings are kept, or why they cannot be.
    pub config: Result<std::path::PathBuf, String>,
    /// The space the settings share with others' (on a server).
    pub budget: Option<std::sync::Arc<crate::store::Budget>>,
}

impl Driver {
    /// Carries out `effects` (and those the App asks for in answer); bytes for the terminal (the
    /// bell, the clipboard) are added to `out`. Returns whether the App asked to quit.
    pub fn carry_out(&mut self, app: &mut App, effects: Vec<Effect>, out: &mut Vec<u8>) -> bool {
        let mut effects = effects;
        while !effects.is_empty() {
            let mut later = vec![];
            for effect in effects {
                match effect {
                    Effect::Quit => return true,
                    Effect::Bell => out.push(0x07),
                    Effect::Ask { id, request } => self.worker.ask(id, request),
                    Effect::Cancel => self.worker.cancel(),
                    Effect::Copy(text) => {
                        // OSC 52: the terminal (even over SSH) puts the text on the clipboard.
                        let osc = format!("\x1b]52;c;{}\x07", base64(text.as_bytes()));
                        out.extend_from_slice(osc.as_bytes());
                    }
                    Effect::SaveSettings(settings) => {
                        let t = app.text();
                        let saved = match &self.config {
                            Ok(path) => {
                                let toml = settings.to_toml();
                                let budget = self.budget.as_deref();
                                crate::store::write_within(budget, path, &toml).map_err(|e| match e
                                {
                                    crate::store::BudgetError::Full => {
                                        t.server_storage_full().to_string()
                                    }
                                    crate::store::BudgetError::Io(e) => t.cannot_write(
                                        &self.named(path, t.your_settings()),
                                        &format!("{e:#}"),
                                    ),
                                })
                            }
                            Err(why) => Err(why.clone()),
                        };
                        if let Err(why) = saved {
                            app.notify(t.settings_not_kept(&why));
                        }
                    }
                    Effect::Net(request) => {
                        if let Some(net) = &mut self.net {
                            net(request);
                        }
                    }
                    effect => later.extend(self.history.carry_out(app, effect)),
                }
            }
            effects = later;
        }
        false
    }

    /// How a file is named to the player: its path here, what it is on a server (whose paths
    /// are the server's business).
    fn named(&self, path: &std::path::Path, what: &str) -> String {
        match self.budget {
            Some(_) => what.to_string(),
            None => path.display().to_string(),
        }
    }
}

/// The history as a driver keeps it: the folder of games, and whether they may be named.
pub struct History {
    pub store: Store,
    /// Why games cannot be given a name here, where they cannot (a player without a key on a
    /// server, whose history lasts only while they are connected).
    pub naming: Result<(), String>,
}

impl History {
    /// Carries out one of the App's effects on the history (any other is dropped); returns
    /// the App's answers. Every change is followed by the history as it now is.
    pub fn carry_out(&self, app: &mut App, effect: Effect) -> Vec<Effect> {
        let t = app.text();
        let (failure, saved) = match effect {
            Effect::Rename { from, to } => {
                let renamed = self.naming.clone().and_then(|_| {
                    let renamed = self.store.rename(&from, &to);
                    renamed.map(|_| ()).map_err(|f| t.save_failure(&f))
                });
                (renamed.err(), None)
            }
            Effect::Delete(name) => {
                let deleted = self.store.delete(&name);
                (deleted.err().map(|f| t.save_failure(&f)), None)
            }
            Effect::Keep { name, game } => match self.store.save(&name, &game) {
                Ok(_) => (None, None),
                Err(failure) => {
                    // It is not kept after all: leaving must not say it is.
                    app.cannot_keep();
                    (Some(t.not_saved(&t.save_failure(&failure))), None)
                }
            },
            Effect::SaveAs {
                name,
                game,
                replaces,
            } => {
                let saved = self.naming.clone().and_then(|_| {
                    let saved = self.store.save(&name, &game);
                    saved.map_err(|f| t.save_failure(&f))
                });
                // The game's entry under its old name goes: renamed, not copied.
                if let (Ok(saved), Some(old)) = (&saved, replaces)
                    && *saved != old
                {
                    let _ = self.store.delete(&old);
                }
                (None, Some(saved))
            }
            _ => return vec![],
        };
        if let Some(why) = failure {
            app.notify(why);
        }
        let mut later = app.handle(Input::Library(self.store.list()));
        if let Some(saved) = saved {
            later.extend(app.handle(Input::Saved(saved)));
        }
        later
    }
}

/// Moves the game of an earlier version's unfinished-game file in `data_dir` into `store`'s
/// history; what the player should be told, if anything went wrong.
pub fn adopt_legacy(data_dir: &Path, store: &Store, t: &dyn Text) -> Option<String> {
    let name = |game: &SavedGame, date: &str| crate::ui::default_name(game, date, t);
    match crate::store::adopt(data_dir, store, name) {
        Adoption::Done => None,
        Adoption::Unreadable { path, why } => {
            Some(t.saved_game_not_loaded(&path.display().to_string(), &t.load_error(&why)))
        }
        Adoption::NotSaved(failure) => Some(t.not_saved(&t.save_failure(&failure))),
    }
}

/// Standard base64 (RFC 4648, with padding), for OSC 52.
fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ABC[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn base64_as_rfc_4648() {
        for (plain, coded) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foobar", "Zm9vYmFy"),
            ("f5d6c3", "ZjVkNmMz"),
        ] {
            assert_eq!(super::base64(plain.as_bytes()), coded);
        }
    }
}
