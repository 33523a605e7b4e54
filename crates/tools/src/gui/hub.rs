//! The hub: the table under its lock, and the channel that publishes a new snapshot of it to
//! the pages after every change. The server's requests and the engine drivers' threads both
//! change the table through it, and it ends the engines when the GUI ends.

use super::engine_driver::Reporter;
use super::engine_driver::{Driver, DriverEvent};
use super::engine_pool::GuiConfig;
use super::snapshot::Snapshot;
use super::table::Table;
use super::view::snapshot;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Instant;

/// The table under its lock, and the channel its snapshots go out on.
pub struct Hub {
    table: Mutex<Table>,
    snapshots: tokio::sync::watch::Sender<Arc<str>>,
    /// When the table wants to be woken next (a person's clock runs out), for the alarm
    /// thread.
    alarm: Mutex<Option<Instant>>,
    alarm_set: Condvar,
}

impl Hub {
    /// A hub with a game against the first engine from the standard layout (no engine runs
    /// yet: `run` starts them).
    pub fn new(config: GuiConfig) -> Arc<Hub> {
        let table = Table::new(config);
        let snapshot = snapshot_text(&snapshot(&table));
        let (snapshots, _) = tokio::sync::watch::channel(Arc::from(snapshot));
        let hub = Arc::new(Hub {
            table: Mutex::new(table),
            snapshots,
            alarm: Mutex::new(None),
            alarm_set: Condvar::new(),
        });
        let ringer = Arc::clone(&hub);
        // One thread waits for the next wake-up the table asked for; it lives as long as the
        // server does.
        let started = std::thread::Builder::new()
            .name("gui-clock".into())
            .spawn(move || ringer.ring_alarms());
        if let Err(error) = started {
            log::warn!("no clock thread ({error}): a person's clock will not flag");
        }
        hub
    }

    /// Waits for each wake-up the table asks for, and wakes it then.
    fn ring_alarms(self: Arc<Hub>) {
        let mut alarm = self.alarm.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            match *alarm {
                Some(when) if when <= Instant::now() => {
                    *alarm = None;
                    drop(alarm);
                    self.update(|table, reporter| table.on_clock(reporter));
                    alarm = self.alarm.lock().unwrap_or_else(|e| e.into_inner());
                }
                Some(when) => {
                    let wait = when.saturating_duration_since(Instant::now());
                    alarm = (self.alarm_set.wait_timeout(alarm, wait))
                        .unwrap_or_else(|e| e.into_inner())
                        .0;
                }
                None => {
                    alarm = self
                        .alarm_set
                        .wait(alarm)
                        .unwrap_or_else(|e| e.into_inner())
                }
            }
        }
    }

    /// Locks the table; a panic in another thread does not stop the server.
    fn lock(&self) -> MutexGuard<'_, Table> {
        self.table.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Changes the table with `change` and publishes the new state, if there is one: a
    /// refused request that changed nothing sends no event. `change` gets the way for the
    /// engines it may start to report back.
    pub fn update<R>(self: &Arc<Hub>, change: impl FnOnce(&mut Table, &dyn Reporter) -> R) -> R {
        let mut table = self.lock();
        let result = change(&mut table, self);
        // Written once, as the next version, and published only if it differs from the last
        // snapshot in more than that number.
        let mut next = snapshot(&table);
        next.version += 1;
        let text = snapshot_text(&next);
        if after_version(&text) != after_version(&self.snapshots.borrow()) {
            table.version = next.version;
            self.snapshots.send_replace(Arc::from(text));
        }
        result
    }

    /// The state now, as JSON text, of the last published version: a published snapshot
    /// gives a running clock's time left as it stood then, this one as it stands, so that a
    /// page that (re)connects, or a client that asks, counts down from the right time.
    pub fn current(&self) -> String {
        snapshot_text(&snapshot(&self.lock()))
    }

    /// The current snapshot, as JSON text.
    pub fn snapshot(&self) -> Arc<str> {
        self.snapshots.borrow().clone()
    }

    /// A receiver of every new snapshot.
    pub fn subscribe(&self) -> tokio::sync::watch::Receiver<Arc<str>> {
        self.snapshots.subscribe()
    }

    /// Ends every engine and waits for them to quit: the engines end with the GUI.
    pub fn shut_down(&self) {
        let drivers: Vec<Driver> = self.lock().dismiss_engines();
        for driver in drivers {
            driver.finish();
        }
    }

    /// Reads the table without changing it.
    pub fn read<R>(&self, look: impl FnOnce(&Table) -> R) -> R {
        look(&self.lock())
    }
}

/// Each driver's events go through the hub: it locks the table, hands it the event and
/// publishes the change.
impl Reporter for Arc<Hub> {
    fn for_driver(&self, seat: usize, generation: u64) -> Box<dyn Fn(DriverEvent) + Send> {
        let hub = Arc::clone(self);
        Box::new(move |event| {
            hub.update(|table, reporter| table.on_event(seat, generation, event, reporter));
        })
    }

    fn for_probe(&self, index: usize) -> Box<dyn Fn(DriverEvent) + Send> {
        let hub = Arc::clone(self);
        Box::new(move |event| hub.update(|table, _| table.on_probe(index, event)))
    }

    fn wake_at(&self, when: Instant) {
        *self.alarm.lock().unwrap_or_else(|e| e.into_inner()) = Some(when);
        self.alarm_set.notify_one();
    }
}

/// A snapshot's JSON text after its first field, the version: what a change changes.
fn after_version(text: &str) -> &str {
    text.split_once(',').map_or(text, |(_, rest)| rest)
}

/// `snapshot` as JSON text.
fn snapshot_text(snapshot: &Snapshot) -> String {
    serde_json::to_string(snapshot).expect("a snapshot is plain data")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::actions::tests::table_of;

    #[test]
    fn the_version_is_the_first_field_of_a_snapshot_and_all_that_after_version_drops() {
        let mut table = table_of(1);
        let before = snapshot_text(&snapshot(&table));
        assert!(before.starts_with("{\"version\":0,"), "{before}");
        table.version = 7;
        let after = snapshot_text(&snapshot(&table));
        assert_ne!(before, after);
        assert_eq!(after_version(&before), after_version(&after));
    }
}
