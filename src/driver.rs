//! What every driver of an App does with its effects: the local terminal and each SSH session
//! carry them out the same way, and differ only in where the bytes go.

use crate::engine::Worker;
use crate::store::Store;
use crate::table::NetRequest;
use crate::ui::{App, Effect, Input};

/// Carries out effects for one App.
pub struct Driver {
    pub worker: Worker,
    /// Where games saved under a name go; `None` where this player cannot save (the message
    /// says why).
    pub store: Result<Store, String>,
    /// Where requests about games between terminals go (the SSH server's hub); locally
    /// there are none.
    pub net: Option<Box<dyn FnMut(NetRequest) + Send>>,
    /// Where the settings are kept, or why they cannot be.
    pub config: Result<std::path::PathBuf, String>,
    /// The unfinished-game file, where this player has one.
    pub slot: Option<std::path::PathBuf>,
    /// The space the settings and the unfinished game share with others' (on a server).
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
                    Effect::Autosave(autosave) => {
                        if let Some(path) = &self.slot
                            && let Err(e) =
                                crate::store::save(path, autosave, self.budget.as_deref())
                        {
                            let t = app.text();
                            let said = if e.kind() == std::io::ErrorKind::StorageFull {
                                t.server_storage_full().to_string()
                            } else {
                                let what = self.named(path, t.your_unfinished_game());
                                t.cannot_write(&what, &e.to_string())
                            };
                            // It is not kept after all: leaving must not say it is.
                            app.cannot_keep();
                            app.notify(said);
                        }
                    }
                    Effect::Net(request) => {
                        if let Some(net) = &mut self.net {
                            net(request);
                        }
                    }
                    Effect::Rename { from, to } => {
                        if let Ok(store) = &self.store {
                            if let Err(failure) = store.rename(&from, &to) {
                                let t = app.text();
                                app.notify(t.save_failure(&failure));
                            }
                            later.extend(app.handle(Input::Library(store.list())));
                        }
                    }
                    Effect::Delete(name) => {
                        if let Ok(store) = &self.store {
                            if let Err(failure) = store.delete(&name) {
                                let t = app.text();
                                app.notify(t.save_failure(&failure));
                            }
                            later.extend(app.handle(Input::Library(store.list())));
                        }
                    }
                    Effect::Keep { name, game } => {
                        if let Ok(store) = &self.store {
                            match store.save(&name, &game) {
                                Ok(_) => later.extend(app.handle(Input::Library(store.list()))),
                                Err(failure) => {
                                    let t = app.text();
                                    app.notify(t.not_saved(&t.save_failure(&failure)));
                                }
                            }
                        }
                    }
                    Effect::SaveAs { name, game } => {
                        let saved = match &self.store {
                            Ok(store) => {
                                let saved = store
                                    .save(&name, &game)
                                    .map_err(|failure| app.text().save_failure(&failure));
                                app.handle(Input::Library(store.list()));
                                saved
                            }
                            Err(why) => Err(why.clone()),
                        };
                        later.extend(app.handle(Input::Saved(saved)));
                    }
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
