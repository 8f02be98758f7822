//! One SSH connection. The handler answers the protocol (authentication, the pty, the shell;
//! everything else is refused) and passes the client's bytes and window sizes to the session
//! task, which runs an App exactly as the local terminal does and writes its frames back.

use super::input::Decoder;
use super::limits::{Bucket, FLOOD_FOR, Flood, Place, Ticket};
use super::paste::{Limiter, MAX_PASTE};
use super::{Shared, player_dir};
use crate::driver::{Driver, History};
use crate::engine::{Reply, Worker};
use crate::i18n::Lang;
use crate::settings::Settings;
use crate::store::Store;
use crate::ui::{App, Input, Options, Start};
use ratatui::backend::CrosstermBackend;
use ratatui::layout::Rect;
use ratatui::{Terminal, TerminalOptions, Viewport};
use russh::server::{Auth, ChannelOpenHandle, Handle, Msg, Session};
use russh::{Channel, ChannelId, MethodKind, MethodSet};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender, unbounded_channel};

/// How often a session wakes without input, to run the App's timers.
const TICK: Duration = Duration::from_millis(50);
/// How long the client must be quiet after an Esc for it to be the Esc key.
const ESC_WAIT: Duration = Duration::from_millis(30);
/// The longest a client may leave the session's output unread before it is taken for gone.
const WRITE_PATIENCE: Duration = Duration::from_secs(60);
/// Window sizes beyond these are treated as these.
const MAX_WIDTH: u16 = 400;
const MAX_HEIGHT: u16 = 200;
/// The client's terminal, as the App leaves it: alternate screen, no cursor, clicks (SGR
/// reports) and bracketed paste. Only presses are asked for, not motion.
const ENTER: &str = "\x1b[?1049h\x1b[?25l\x1b[?1000h\x1b[?1006h\x1b[?2004h\x1b[2J";
/// And back as it was.
const LEAVE: &str = "\x1b[?2004l\x1b[?1006l\x1b[?1000l\x1b[0m\x1b[?25h\x1b[?1049l";

/// What reaches a session task.
pub enum Event {
    Bytes(Vec<u8>),
    /// Bytes were dropped (over the input rate) after those sent: see [`Pending::cut`].
    Cut,
    /// The window changed size: see [`Pending::size`].
    Resize,
    /// A paste was cut short at its end (the rest of its text dropped).
    PasteCut,
    Engine(Reply),
    /// News from the hub of games between people.
    Hub(Input),
    /// The connection has gone.
    Closed,
}

/// What a connection's handler has for its session task beyond its events, kept as state so
/// that a client flooding window changes or input while its session is busy (or blocked on a
/// client that does not read) costs one event, not one each: the queue stays bounded.
#[derive(Default)]
pub struct Pending {
    /// The latest window size, while a `Resize` event for it is queued.
    size: std::sync::Mutex<Option<(u16, u16)>>,
    /// Input was cut off and the `Cut` event is queued.
    cut: std::sync::atomic::AtomicBool,
    /// Bytes of input queued and not yet read by the session.
    queued: std::sync::atomic::AtomicUsize,
}

/// What each keyed player may keep in saved games on the server.
const SAVED_GAMES: crate::store::Quota = crate::store::Quota {
    games: 200,
    bytes: 4 << 20,
};

/// Channel requests a client may send a second on average, and at once: dragging a window's
/// corner sends a few dozen window changes a second.
const REQUEST_RATE: usize = 100;
const REQUEST_BURST: usize = 1000;

/// The most input a session may have queued; a client sending more is disconnected.
const MAX_QUEUED: usize = 64 * 1024;

/// Who is connected: the key's fingerprint when one was offered, and the name they gave.
#[derive(Clone, Debug, Default)]
pub struct Identity {
    pub user: String,
    pub key: Option<String>,
    /// Where the connection comes from, for the limits on guessing codes.
    pub addr: Option<std::net::IpAddr>,
}

impl Identity {
    /// Who and from where, for the server's log: "alice at 192.0.2.7".
    pub fn described(&self) -> String {
        let addr = self.addr.map_or("?".into(), |a| a.to_string());
        format!("{} at {addr}", self.user)
    }
}

/// The protocol side of one connection.
pub struct Connection {
    shared: Arc<Shared>,
    /// Holds the connection's place among the server's limits until it closes (so that a
    /// shutdown waits for the goodbyes to be sent).
    ticket: Ticket,
    /// Whether a session is running on this connection, for the deadline that closes
    /// connections without one.
    live: Arc<tokio::sync::watch::Sender<bool>>,
    identity: Identity,
    channel: Option<ChannelId>,
    term: String,
    size: (u16, u16),
    no_color: bool,
    /// The locale the client sent (LC_ALL, LC_MESSAGES, LANG), as OpenSSH's SendEnv does.
    locale: Vec<(String, String)>,
    events: Option<UnboundedSender<Event>>,
    pending: Arc<Pending>,
    limiter: Limiter,
    /// Input over the rate lately.
    flood: Flood,
    /// The rate of channel requests (window changes, environment, …).
    requests: Bucket,
}

impl Connection {
    pub fn new(
        shared: Arc<Shared>,
        ticket: Ticket,
        live: Arc<tokio::sync::watch::Sender<bool>>,
    ) -> Connection {
        let addr = ticket.ip();
        let rate = shared.input_rate;
        let limiter = Limiter::new(rate, rate * 4, std::time::Instant::now());
        Connection {
            shared,
            ticket,
            live,
            identity: Identity {
                addr: Some(addr),
                ..Identity::default()
            },
            channel: None,
            term: String::new(),
            size: (80, 24),
            no_color: false,
            locale: vec![],
            events: None,
            pending: Arc::default(),
            limiter,
            flood: Flood::default(),
            requests: Bucket::new(REQUEST_RATE, REQUEST_BURST, std::time::Instant::now()),
        }
    }

    /// Counts one channel request against the rate a client may send them; a client far
    /// over it (a flood, not a person) is disconnected, and that is logged.
    fn request(&mut self) -> Result<(), russh::Error> {
        if self.requests.take(1, std::time::Instant::now()) == 1 {
            return Ok(());
        }
        eprintln!(
            "heibai serve: disconnected {}: a flood of channel requests",
            self.identity.described()
        );
        Err(russh::Error::Disconnect)
    }

    /// The language of the locale the client sent, if it sent one.
    fn lang(&self) -> Option<Lang> {
        (!self.locale.is_empty()).then(|| {
            Lang::from_locale(|name| {
                let found = self.locale.iter().find(|(n, _)| n == name);
                found.map(|(_, v)| v.clone())
            })
        })
    }

    fn send(&self, event: Event) {
        if let Some(events) = &self.events {
            let _ = events.send(event);
        }
    }
}

impl Drop for Connection {
    fn drop(&mut self) {
        self.send(Event::Closed);
    }
}

/// A user name fit to show: in Unicode's compatibility form (so that `ａｌｉｃｅ` is `alice`),
/// without control or invisible characters (so that `al\u{200b}ice` is too), without `#` (it
/// sets off a keyed player's fingerprint, so that `kate#Xq3e` cannot be typed as a name), at
/// most 16 characters.
fn display_name(user: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    let name: String = user
        .nfkc()
        .filter(|&c| !c.is_control() && !crate::visible::invisible(c) && c != '#')
        .take(16)
        .collect();
    let name = name.trim();
    if name.is_empty() {
        "player".into()
    } else {
        name.to_string()
    }
}

/// A keyed player's name as others see it: with the start of their key's fingerprint, so that
/// two players who chose the same name are told apart ("alice#Xy3q").
fn keyed_name(user: &str, fingerprint: &str) -> String {
    let short: String = fingerprint
        .trim_start_matches("SHA256:")
        .chars()
        .take(4)
        .collect();
    format!("{}#{short}", display_name(user))
}

/// The hub, even if a session panicked while holding it (its state is still consistent: every
/// change is made before anything is sent).
fn lock(hub: &std::sync::Mutex<super::hub::Hub>) -> std::sync::MutexGuard<'_, super::hub::Hub> {
    hub.lock().unwrap_or_else(|e| e.into_inner())
}

fn clamp(width: u32, height: u32) -> (u16, u16) {
    (
        width.clamp(1, MAX_WIDTH.into()) as u16,
        height.clamp(1, MAX_HEIGHT.into()) as u16,
    )
}

impl russh::server::Handler for Connection {
    type Error = russh::Error;

    /// Nobody is turned away, but a key is asked for first: it is the player's identity.
    async fn auth_none(&mut self, user: &str) -> Result<Auth, Self::Error> {
        self.identity.user = display_name(user);
        Ok(Auth::Reject {
            proceed_with_methods: Some(MethodSet::from(
                &[MethodKind::PublicKey, MethodKind::KeyboardInteractive][..],
            )),
            partial_success: false,
        })
    }

    async fn auth_publickey(
        &mut self,
        user: &str,
        key: russh::server::VerifiedPublicKey<'_>,
    ) -> Result<Auth, Self::Error> {
        let fingerprint = super::host_key::fingerprint(key.public_key);
        self.identity.user = keyed_name(user, &fingerprint);
        self.identity.key = Some(fingerprint);
        Ok(Auth::Accept)
    }

    /// Without a key: in, with no questions asked.
    async fn auth_keyboard_interactive<'a>(
        &'a mut self,
        user: &str,
        _submethods: &str,
        _response: Option<russh::server::Response<'a>>,
    ) -> Result<Auth, Self::Error> {
        self.identity.user = display_name(user);
        Ok(Auth::Accept)
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.request()?;
        if self.channel.is_some() {
            // One game per connection.
            reply
                .reject(russh::ChannelOpenFailure::AdministrativelyProhibited)
                .await;
        } else {
            self.channel = Some(channel.id());
            reply.accept().await;
        }
        Ok(())
    }

    async fn pty_request(
        &mut self,
        channel: ChannelId,
        term: &str,
        width: u32,
        height: u32,
        _pix_width: u32,
        _pix_height: u32,
        _modes: &[(russh::Pty, u32)],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.request()?;
        self.term = term.to_string();
        self.size = clamp(width, height);
        session.channel_success(channel)
    }

    async fn env_request(
        &mut self,
        _channel: ChannelId,
        name: &str,
        value: &str,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.request()?;
        if name == "NO_COLOR" && !value.is_empty() {
            self.no_color = true;
        }
        if matches!(name, "LC_ALL" | "LC_MESSAGES" | "LANG") && self.locale.len() < 3 {
            self.locale.push((name.to_string(), value.to_string()));
        }
        Ok(())
    }

    async fn shell_request(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.request()?;
        if Some(channel) != self.channel || self.events.is_some() {
            return session.channel_failure(channel);
        }
        session.channel_success(channel)?;
        let place = match self.ticket.start() {
            Ok(place) => place,
            Err(full) => {
                self.shared.turned_away(self.ticket.ip(), &full);
                let t = self
                    .lang()
                    .unwrap_or(self.shared.options.settings.lang)
                    .text();
                let said = format!("{}\r\n", t.server_full());
                session.data(channel, said.into_bytes())?;
                session.exit_status_request(channel, 1)?;
                session.eof(channel)?;
                return session.close(channel);
            }
        };
        let (events, inbox) = unbounded_channel();
        self.events = Some(events.clone());
        let setup = Setup {
            shared: Arc::clone(&self.shared),
            identity: self.identity.clone(),
            colour: !self.no_color && !matches!(self.term.as_str(), "" | "dumb"),
            size: self.size,
            lang: self.lang(),
            pending: Arc::clone(&self.pending),
            live: Live::start(place, Arc::clone(&self.live)),
        };
        start(setup, session.handle(), channel, events, inbox);
        Ok(())
    }

    async fn exec_request(
        &mut self,
        channel: ChannelId,
        _data: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.request()?;
        session.channel_failure(channel)
    }

    async fn subsystem_request(
        &mut self,
        channel: ChannelId,
        _name: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.request()?;
        session.channel_failure(channel)
    }

    async fn x11_request(
        &mut self,
        channel: ChannelId,
        _single_connection: bool,
        _x11_auth_protocol: &str,
        _x11_auth_cookie: &str,
        _x11_screen_number: u32,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.request()?;
        session.channel_failure(channel)
    }

    async fn window_change_request(
        &mut self,
        _channel: ChannelId,
        width: u32,
        height: u32,
        _pix_width: u32,
        _pix_height: u32,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.request()?;
        self.size = clamp(width, height);
        let mut latest = self.pending.size.lock().unwrap_or_else(|e| e.into_inner());
        if latest.replace(self.size).is_none() {
            self.send(Event::Resize);
        }
        Ok(())
    }

    async fn data(
        &mut self,
        _channel: ChannelId,
        data: &[u8],
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        // Keys beyond the rate are dropped a packet at a time (nobody types that fast), a
        // paste beyond its size at its end marker: never inside a key or a paste.
        use std::sync::atomic::Ordering::SeqCst;
        if self.pending.queued.load(SeqCst) > MAX_QUEUED {
            // Far more than a person sends, while the session cannot keep up.
            eprintln!(
                "heibai serve: disconnected {}: a flood of input",
                self.identity.described()
            );
            return Err(russh::Error::Disconnect);
        }
        let now = std::time::Instant::now();
        let passed = self.limiter.feed(data, now);
        if passed.cut && self.flood.dropped(now) {
            eprintln!(
                "heibai serve: disconnected {}: input over {} bytes a second for {} s",
                self.identity.described(),
                self.shared.input_rate,
                FLOOD_FOR.as_secs()
            );
            return Err(russh::Error::Disconnect);
        }
        if !passed.bytes.is_empty() {
            self.pending.queued.fetch_add(passed.bytes.len(), SeqCst);
            self.send(Event::Bytes(passed.bytes));
        }
        if passed.cut && !self.pending.cut.swap(true, SeqCst) {
            self.send(Event::Cut);
        }
        if passed.paste_cut {
            self.send(Event::PasteCut);
        }
        Ok(())
    }

    async fn channel_close(
        &mut self,
        _channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.send(Event::Closed);
        Ok(())
    }
}

/// What a session task starts from.
struct Setup {
    shared: Arc<Shared>,
    identity: Identity,
    colour: bool,
    size: (u16, u16),
    /// The language of the client's locale, if it sent one.
    lang: Option<Lang>,
    pending: Arc<Pending>,
    live: Live,
}

/// A running session: its place among the server's sessions, and the connection's mark that
/// it has one. Both end with the session task (however it ends), not with the connection, so
/// that a client that quits, closes its channel or idles out while keeping its connection
/// open frees its place at once, and its connection is closed after the login deadline.
struct Live {
    _place: Place,
    live: Arc<tokio::sync::watch::Sender<bool>>,
}

impl Live {
    fn start(place: Place, live: Arc<tokio::sync::watch::Sender<bool>>) -> Live {
        live.send_replace(true);
        Live {
            _place: place,
            live,
        }
    }
}

impl Drop for Live {
    fn drop(&mut self) {
        self.live.send_replace(false);
    }
}

/// Runs the session task; a panic in it ends this session only, with the client's terminal
/// put back.
fn start(
    setup: Setup,
    handle: Handle,
    channel: ChannelId,
    events: UnboundedSender<Event>,
    inbox: UnboundedReceiver<Event>,
) {
    let t = setup
        .lang
        .unwrap_or(setup.shared.options.settings.lang)
        .text();
    let task = tokio::spawn(run(setup, handle.clone(), channel, events, inbox));
    tokio::spawn(async move {
        if let Err(e) = task.await
            && e.is_panic()
        {
            eprintln!("heibai serve: a session failed and was closed: {e}");
            let _ = handle
                .data(channel, format!("{LEAVE}\r\n{}\r\n", t.session_failed()))
                .await;
            let _ = handle.exit_status_request(channel, 1).await;
            let _ = handle.close(channel).await;
        }
    });
}

/// How a session ended.
enum End {
    Quit,
    Idle,
    Shutdown,
    Gone,
}

async fn run(
    setup: Setup,
    handle: Handle,
    channel: ChannelId,
    events: UnboundedSender<Event>,
    mut inbox: UnboundedReceiver<Event>,
) {
    let Setup {
        shared,
        identity,
        colour,
        size,
        lang,
        pending,
        live,
    } = setup;
    let dir = identity
        .key
        .as_deref()
        .map(|key| player_dir(&shared.data_dir, key));
    // A keyed player's own settings file.
    let config = dir.as_ref().map(|d| d.join("settings.toml"));
    // Until the player's own settings say otherwise, the language of their locale.
    let base = Settings {
        lang: lang.unwrap_or(shared.options.settings.lang),
        ..shared.options.settings
    };
    let (settings, trouble) = match &config {
        Some(path) => crate::settings::load(path, base),
        None => (base, None),
    };
    let t = settings.lang.text();
    // A player without a key has a history for as long as they are connected.
    let guest = dir.is_none().then(|| guest_dir(&shared.data_dir));
    let store = Store::with_quota(
        dir.as_ref()
            .or(guest.as_ref())
            .expect("a folder either way"),
        SAVED_GAMES,
        Arc::clone(&shared.budget),
    );
    let history = History {
        store,
        naming: match &dir {
            Some(_) => Ok(()),
            None => Err(t.saving_needs_a_key().to_string()),
        },
    };
    let member = lock(&shared.hub).arrive(events.clone(), identity.clone(), Instant::now());
    let worker = Worker::on(&shared.pool, move |reply| {
        let _ = events.send(Event::Engine(reply));
    });
    let hub = Arc::clone(&shared.hub);
    let mut driver = Driver {
        worker,
        history,
        net: Some(Box::new(move |request| {
            lock(&hub).request(member, request, Instant::now())
        })),
        config: config.clone().ok_or_else(|| t.settings_need_a_key().into()),
        budget: Some(Arc::clone(&shared.budget)),
    };
    let options = Options {
        colour: colour && shared.options.colour,
        settings,
        ..shared.options
    };
    let start = Start::Lobby {
        user: identity.user.clone(),
        keyed: identity.key.is_some(),
    };
    let (mut app, mut effects) = App::new(options, start, Instant::now());
    app.set_today(crate::store::today());
    if let (Some(trouble), Some(path)) = (trouble, &config) {
        app.notify(t.settings_trouble(path, &trouble));
    }
    let store = &driver.history.store;
    if let Some(dir) = &dir
        && let Some(notice) = crate::driver::adopt_legacy(dir, store, t)
    {
        app.notify(notice);
    }
    app.handle(Input::Library(store.list()));
    let (width, height) = size;
    app.handle(Input::Resize { width, height });
    let viewport = Viewport::Fixed(Rect::new(0, 0, width, height));
    let frames = Sink::default();
    let Ok(mut term) = Terminal::with_options(
        CrosstermBackend::new(frames.clone()),
        TerminalOptions { viewport },
    ) else {
        return;
    };
    let mut out = ENTER.as_bytes().to_vec();
    let mut decoder = Decoder::default();
    use std::sync::atomic::Ordering::SeqCst;
    let mut shutdown = shared.shutdown.clone();
    let mut last_key = Instant::now();
    let mut dirty = true;
    let end = loop {
        if driver.carry_out(&mut app, std::mem::take(&mut effects), &mut out) {
            break End::Quit;
        }
        // An idle screen is not drawn again: only input, or time on an animated screen,
        // changes it.
        if dirty && term.draw(|f| app.draw(f)).is_ok() {
            let mut frame = frames.0.lock().unwrap_or_else(|e| e.into_inner());
            // A frame with nothing new is not worth a packet twenty times a second.
            if !unchanged(&frame) {
                out.append(&mut frame);
            }
            frame.clear();
        }
        if !out.is_empty() && !write(&handle, channel, std::mem::take(&mut out)).await {
            break End::Gone;
        }
        let first = tokio::select! {
            event = inbox.recv() => event,
            _ = tokio::time::sleep(TICK) => None,
            _ = shutdown.changed() => break End::Shutdown,
        };
        let mut batch: Vec<Event> = first.into_iter().collect();
        while let Ok(event) = inbox.try_recv() {
            batch.push(event);
        }
        let mut inputs = vec![];
        let mut gone = false;
        let mut paste_cut = false;
        for event in batch {
            match event {
                Event::Bytes(bytes) => {
                    last_key = Instant::now();
                    pending.queued.fetch_sub(bytes.len(), SeqCst);
                    inputs.extend(decoder.feed(&bytes));
                }
                Event::Cut => {
                    decoder.reset();
                    pending.cut.store(false, SeqCst);
                }
                Event::PasteCut => paste_cut = true,
                Event::Resize => {
                    let latest = pending
                        .size
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .take();
                    if let Some((width, height)) = latest {
                        let _ = term.resize(Rect::new(0, 0, width, height));
                        inputs.push(Input::Resize { width, height });
                    }
                }
                Event::Engine(reply) => inputs.push(Input::Engine(reply)),
                Event::Hub(input) => inputs.push(input),
                Event::Closed => gone = true,
            }
        }
        if gone {
            break End::Gone;
        }
        // An Esc with nothing after it is a key once the client has been quiet a moment; more
        // bytes may still be on their way as part of a sequence.
        if last_key.elapsed() >= ESC_WAIT {
            inputs.extend(decoder.flush());
        }
        let now = Instant::now();
        // Anything but the tick may change the screen; so may the tick on an animated screen.
        dirty = !inputs.is_empty() || app.animating();
        inputs.push(Input::Tick(now));
        for input in inputs {
            effects.extend(app.handle(input));
        }
        // Said after the keys that came with it, which would clear it.
        if paste_cut {
            app.notify(app.text().paste_cut(MAX_PASTE / 1024));
            dirty = true;
        }
        dirty |= !effects.is_empty();
        if now.duration_since(last_key) >= shared.idle {
            break End::Idle;
        }
    };
    driver.worker.cancel();
    lock(&shared.hub).depart(member, Instant::now());
    // The game on screen is written to the history (a failure says so to the App).
    for effect in app.closing() {
        driver.history.carry_out(&mut app, effect);
    }
    let unfinished = app.has_unfinished();
    let saved = unfinished && dir.is_some() && app.keeps_games();
    if let Some(guest) = &guest {
        forget(&driver.history.store, guest);
    }
    // The session is over: its place is free for the next player, whatever the client does
    // with the goodbye.
    drop(live);
    if matches!(end, End::Gone) {
        return;
    }
    let t = app.text();
    let mut said = vec![];
    match end {
        End::Idle => said.push(t.goodbye_idle(shared.idle.as_secs() / 60)),
        End::Shutdown => said.push(t.goodbye_shutdown().into()),
        End::Quit | End::Gone => {}
    }
    if saved {
        said.push(t.goodbye_saved().into());
    } else if unfinished && identity.key.is_none() {
        said.push(t.goodbye_use_a_key().into());
    } else if unfinished {
        said.push(t.goodbye_not_kept().into());
    }
    let mut goodbye = String::from(LEAVE);
    for line in said {
        goodbye.push_str(&format!("{line}\r\n"));
    }
    write(&handle, channel, goodbye.into_bytes()).await;
    let _ = handle.exit_status_request(channel, 0).await;
    let _ = handle.eof(channel).await;
    let _ = handle.close(channel).await;
}

/// A folder for the history of a player without a key, which lasts as long as their session.
fn guest_dir(data_dir: &std::path::Path) -> std::path::PathBuf {
    // The count keeps two sessions apart even without the system's random source.
    static COUNT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let count = COUNT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let mut bytes = [0; 8];
    let _ = getrandom::fill(&mut bytes);
    let id = u64::from_le_bytes(bytes);
    data_dir
        .join("players")
        .join(format!("{GUEST}{id:016x}-{count}"))
}

/// Guest folders are named so, which no key's folder can be (see `player_dir`).
pub(super) const GUEST: &str = ".guest-";

/// Deletes a guest's history and its folder, the shared budget given back.
pub(super) fn forget(store: &Store, dir: &std::path::Path) {
    for entry in store.list() {
        let _ = store.delete(&entry.name);
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// Sends `bytes` to the client; whether they went. A client that stops reading (its window
/// stays full) for [`WRITE_PATIENCE`] is taken for gone: it must not hold its session, and the
/// session's place, by never reading.
async fn write(handle: &Handle, channel: ChannelId, bytes: Vec<u8>) -> bool {
    let sent = tokio::time::timeout(WRITE_PATIENCE, handle.data(channel, bytes)).await;
    matches!(sent, Ok(Ok(())))
}

/// Whether a frame's bytes change nothing on screen: ratatui writes a style reset and hides
/// the (hidden) cursor again even when no cell changed.
fn unchanged(frame: &[u8]) -> bool {
    let mut rest = frame;
    while !rest.is_empty() {
        let Some(body) = rest.strip_prefix(b"\x1b[") else {
            return false;
        };
        let Some(end) = body.iter().position(|b| (0x40..=0x7e).contains(b)) else {
            return false;
        };
        let (params, last) = (&body[..end], body[end]);
        if !(last == b'm' || (params == b"?25" && last == b'l')) {
            return false;
        }
        rest = &body[end + 1..];
    }
    true
}

/// Where the terminal writes its frames, to be sent on the channel.
#[derive(Clone, Default)]
struct Sink(Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for Sink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let mut bytes = self.0.lock().unwrap_or_else(|e| e.into_inner());
        bytes.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn look_alike_names_are_told_apart() {
        assert_eq!(super::display_name("al\u{200b}ice"), "alice");
        assert_eq!(super::display_name("ａｌｉｃｅ"), "alice");
        assert_eq!(super::display_name("\u{202e}\u{200b}"), "player");
        assert_eq!(super::display_name("黑白"), "黑白");
        assert_eq!(super::keyed_name("alice", "SHA256:Xy3qAbCd"), "alice#Xy3q");
        // Nobody can name themself like a keyed player.
        assert_eq!(super::display_name("alice#Xy3q"), "aliceXy3q");
        assert_eq!(super::display_name("alice＃Xy3q\u{200b}"), "aliceXy3q");
        assert_eq!(super::keyed_name("a#b", "SHA256:Xy3q"), "ab#Xy3q");
    }

    #[test]
    fn only_style_resets_and_cursor_hiding_are_unchanged_frames() {
        assert!(super::unchanged(b""));
        assert!(super::unchanged(
            b"\x1b[39m\x1b[49m\x1b[59m\x1b[0m\x1b[?25l"
        ));
        assert!(!super::unchanged(b"\x1b[3;4Hx\x1b[0m"));
        assert!(!super::unchanged(b"\x1b[2J"));
        assert!(!super::unchanged(b"\x1b[0mx"));
        assert!(!super::unchanged(b"\x1b["));
    }
}
