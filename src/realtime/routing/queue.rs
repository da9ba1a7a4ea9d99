//! A socket's queue: what routing hands one socket, in order, up to a capacity (a socket
//! that falls that far behind is cut off as a slow consumer, `routing/registry/mod.rs`).
//! Many senders (every topic the socket is subscribed to, each routed by whichever task
//! routes it), one receiver (the socket's task).
//!
//! Why not tokio's `mpsc`: its bounded channel costs every socket about 1.2 KiB before the
//! first event (a channel with cache-padded halves and a first block of 32 slots), the
//! largest allocation an idle socket had after its task, on every one of a node's ~20,000
//! sockets. This queue is a mutex-guarded `VecDeque`, which allocates only while events are
//! queued and gives the room back once they are written, and the receiving task's waker:
//! about 100 bytes idle. The mutex is held for a push or a pop, never across an await;
//! senders and the receiver meet on it only when the socket is being written to as it is
//! routed to.

use std::collections::VecDeque;
use std::future::poll_fn;
use std::sync::{Arc, Mutex, MutexGuard};
use std::task::Poll;

use futures_util::task::AtomicWaker;

/// A queue of at most `capacity` items.
pub fn channel<T>(capacity: usize) -> (Sender<T>, Receiver<T>) {
    let shared = Arc::new(Shared {
        state: Mutex::new(State {
            items: VecDeque::new(),
            closed: false,
        }),
        receiver: AtomicWaker::new(),
        capacity,
    });
    (Sender(shared.clone()), Receiver(shared))
}

/// The sending side; cheap to clone (an `Arc`).
#[derive(Debug)]
pub struct Sender<T>(Arc<Shared<T>>);

impl<T> Clone for Sender<T> {
    fn clone(&self) -> Self {
        Sender(self.0.clone())
    }
}

/// The receiving side. Dropping it closes the queue: what was queued is dropped, and every
/// later send is refused as [`TrySendError::Closed`].
#[derive(Debug)]
pub struct Receiver<T>(Arc<Shared<T>>);

/// Why an item was not queued; the item is dropped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TrySendError {
    /// The queue holds its capacity already.
    Full,
    /// Its receiver is gone.
    Closed,
}

#[derive(Debug)]
struct Shared<T> {
    state: Mutex<State<T>>,
    receiver: AtomicWaker,
    capacity: usize,
}

#[derive(Debug)]
struct State<T> {
    items: VecDeque<T>,
    closed: bool,
}

/// A queue that grew past this many slots gives the room back once it is empty again, so
/// a burst does not stay on the socket's bill.
const KEEP_EMPTY_CAPACITY: usize = 8;

impl<T> Shared<T> {
    /// The state, whether or not a holder panicked (no invariant spans a push or a pop).
    fn state(&self) -> MutexGuard<'_, State<T>> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl<T> Sender<T> {
    /// Queues an item unless the queue is full or closed, and wakes the receiver.
    pub(crate) fn try_send(&self, item: T) -> Result<(), TrySendError> {
        {
            let mut state = self.0.state();
            if state.closed {
                return Err(TrySendError::Closed);
            }
            if state.items.len() >= self.0.capacity {
                return Err(TrySendError::Full);
            }
            state.items.push_back(item);
        }
        self.0.receiver.wake();
        Ok(())
    }
}

impl<T> Receiver<T> {
    /// The next item, if one is queued.
    pub fn try_recv(&mut self) -> Option<T> {
        let mut state = self.0.state();
        let item = state.items.pop_front();
        if state.items.is_empty() && state.items.capacity() > KEEP_EMPTY_CAPACITY {
            state.items = VecDeque::new();
        }
        item
    }

    /// Waits for the next item. Cancel-safe: an item is taken only by the poll that answers
    /// it.
    pub(crate) async fn recv(&mut self) -> T {
        poll_fn(|cx| {
            if let Some(item) = self.try_recv() {
                return Poll::Ready(item);
            }
            // Registered before looking again, so an item queued after the first look
            // wakes this task.
            self.0.receiver.register(cx.waker());
            match self.try_recv() {
                Some(item) => Poll::Ready(item),
                None => Poll::Pending,
            }
        })
        .await
    }
}

impl<T> Drop for Receiver<T> {
    fn drop(&mut self) {
        let mut state = self.0.state();
        state.closed = true;
        state.items = VecDeque::new();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_come_out_in_order_up_to_the_capacity() {
        let (tx, mut rx) = channel(3);
        let other = tx.clone();
        assert_eq!(tx.try_send(1), Ok(()));
        assert_eq!(other.try_send(2), Ok(()));
        assert_eq!(tx.try_send(3), Ok(()));
        assert_eq!(other.try_send(4), Err(TrySendError::Full));
        assert_eq!(rx.try_recv(), Some(1));
        assert_eq!(tx.try_send(5), Ok(()));
        assert_eq!(
            std::iter::from_fn(|| rx.try_recv()).collect::<Vec<_>>(),
            [2, 3, 5]
        );
        assert_eq!(rx.try_recv(), None);
    }

    #[test]
    fn a_dropped_receiver_refuses_sends_and_lets_go_of_what_was_queued() {
        let (tx, rx) = channel(4);
        let item = Arc::new(());
        tx.try_send(item.clone()).unwrap();
        drop(rx);
        assert_eq!(Arc::strong_count(&item), 1, "the queued clone was dropped");
        assert_eq!(tx.try_send(item), Err(TrySendError::Closed));
    }

    #[test]
    fn an_emptied_queue_gives_back_what_a_burst_grew() {
        let (tx, mut rx) = channel(256);
        for i in 0..100 {
            tx.try_send(i).unwrap();
        }
        while rx.try_recv().is_some() {}
        assert_eq!(rx.0.state().items.capacity(), 0);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_waiting_receiver_is_woken_by_a_send_from_another_thread() {
        let (tx, mut rx) = channel(16);
        let sender = tokio::spawn(async move {
            for i in 0..10_000 {
                while tx.try_send(i) == Err(TrySendError::Full) {
                    tokio::task::yield_now().await;
                }
            }
        });
        let mut got = Vec::new();
        while got.len() < 10_000 {
            got.push(rx.recv().await);
        }
        sender.await.unwrap();
        assert_eq!(got, (0..10_000).collect::<Vec<_>>());
    }

    #[test]
    fn a_receive_dropped_while_waiting_takes_nothing() {
        use futures_util::FutureExt;
        let (tx, mut rx) = channel(4);
        assert_eq!(rx.recv().now_or_never(), None);
        tx.try_send(1).unwrap();
        assert_eq!(rx.recv().now_or_never(), Some(1));
    }
}
