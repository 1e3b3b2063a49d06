// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.spi;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * A session's liveness, published for the recipes built on it, like etcd's {@code Session} and its
 * {@code Done()} channel: recipes consume connection epochs and never interpret the client
 * library's connection states themselves.
 *
 * <p>{@link #current()} changes at the moment the client reports a change, on whatever thread
 * reports it; listeners are told afterwards, in order, on the session's own event thread, never on
 * the store client's threads. A listener must be quick: flip a term's signal, enqueue work on a
 * loop.
 */
public interface Liveness {
  /** The current epoch; changes before any listener hears of it. */
  ConnectionEpoch current();

  /**
   * Subscribes {@code listener} to the epoch current now and to every later one, each once, in
   * rising order, none skipped: nothing falls between reading and subscribing.
   *
   * @return cancels the subscription
   */
  Subscription subscribe(Consumer<ConnectionEpoch> listener);

  /**
   * Completes with the ending epoch when the session current now is lost or closed (etcd's {@code
   * Done()}); a later session has a future of its own.
   */
  CompletableFuture<ConnectionEpoch> done();

  /**
   * How long a recipe that closes (or releases) may wait for the store to answer before it gives up
   * and leaves the rest to the background and the session's end: the session's close timeout, or
   * zero once a close has {@linkplain #closeGaveUp() given up} (the store did not answer then, and
   * nothing says it will now) until the link is connected again.
   */
  Duration closeWait();

  /**
   * Records that a close found the store unreachable (no answer in time, or a failed link): later
   * closes skip the wait until the link is connected again.
   */
  void closeGaveUp();
}
