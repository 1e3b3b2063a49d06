// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.spi;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * A session's liveness, like etcd's {@code Session} and {@code Done()}: recipes consume connection
 * epochs, never the client library's states. {@link #current()} changes when the client reports a
 * change; listeners hear afterwards, in order, on the event thread, and must be quick.
 */
public interface Liveness {
  /** The current epoch; changes before any listener hears of it. */
  ConnectionEpoch current();

  /**
   * Subscribes {@code listener} to the epoch current now and to every later one, each once, in
   * rising order, none skipped: nothing falls between reading and subscribing.
   */
  Subscription subscribe(Consumer<ConnectionEpoch> listener);

  /** Completes with the ending epoch once this session is lost or closed, like etcd's Done(). */
  CompletableFuture<ConnectionEpoch> done();

  /**
   * How long a closing (or releasing) recipe may wait for the store before leaving the rest to the
   * background: the close timeout, or zero once a close {@linkplain #closeGaveUp() gave up}, until
   * the link reconnects.
   */
  Duration closeWait();

  /** Records a close finding the store unreachable: later ones skip the wait till reconnected. */
  void closeGaveUp();
}
