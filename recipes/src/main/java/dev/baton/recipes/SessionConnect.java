// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.api.UnhandledErrorListener;

/**
 * Starts a Curator client for {@link BatonSession#start} and awaits its first connection, failing
 * at once if ZooKeeper refuses the settings (Curator only tells unhandled-error listeners of that).
 */
final class SessionConnect {
  private SessionConnect() {}

  /** Starts {@code client} and waits up to {@code timeout} for it; else closes it and throws. */
  static void startAndAwait(
      CuratorFramework client, String connectString, Duration timeout, boolean tls) {
    AtomicReference<Throwable> failure = new AtomicReference<>();
    UnhandledErrorListener onError = (message, e) -> failure.compareAndSet(null, e);
    client.getUnhandledErrorListenable().addListener(onError);
    boolean connected = false;
    try {
      client.start();
      Throwable refused = failure.get();
      if (refused != null) {
        throw new CoordinationException(
            "cannot connect to "
                + connectString
                + ": the ZooKeeper client refused to start: "
                + refused,
            refused);
      }
      connected = client.blockUntilConnected((int) timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CoordinationException("interrupted while connecting to " + connectString, e);
    } finally {
      client.getUnhandledErrorListenable().removeListener(onError);
      if (!connected) {
        client.close();
      }
    }
    if (!connected) {
      CoordinationException timedOut =
          new CoordinationException(
              "no ZooKeeper server at "
                  + connectString
                  + " answered within "
                  + timeout
                  + (tls ? " (with TLS: check the secure port and the trust store)" : ""));
      Throwable meanwhile = failure.get();
      if (meanwhile != null) {
        timedOut.initCause(meanwhile);
      }
      throw timedOut;
    }
  }
}
