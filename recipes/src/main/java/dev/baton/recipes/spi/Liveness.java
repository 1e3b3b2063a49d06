// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.spi;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * A session's liveness for its recipes, like etcd's {@code Session} and {@code Done()}: recipes
 * consume connection epochs, never the client library's states. {@link #current()} changes when the
 * client reports a change; listeners hear afterwards, in order, on the session's event thread, and
 * must be quick (flip a signal, enqueue work).
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
   * How long a closing (or releasing) recipe may wait for the store before leaving the rest to the
   * background: the close timeout, or zero after a close {@linkplain #closeGaveUp() gave up} until
   * the link is connected again.
   */
  Duration closeWait();

  /**
   * Records that a close found the store unreachable (no answer in time, or a failed link): later
   * closes skip the wait until the link is connected again.
   */
  void closeGaveUp();
}
