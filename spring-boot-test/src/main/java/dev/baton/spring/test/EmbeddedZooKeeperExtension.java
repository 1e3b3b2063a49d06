// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.test;

import dev.baton.recipes.BatonSession;
import org.apache.curator.framework.CuratorFramework;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A real in-process ZooKeeper server ({@link EmbeddedZooKeeperServer}) for a JUnit 5 test without
 * Spring, registered with {@code @RegisterExtension}: in a {@code static} field it serves the whole
 * class (nested ones too), in an instance field each test gets a fresh one.
 */
public final class EmbeddedZooKeeperExtension implements BeforeAllCallback, BeforeEachCallback {
  private volatile @Nullable EmbeddedZooKeeperServer server;

  /** Creates the extension; the server starts when the test class (or test) starts. */
  public EmbeddedZooKeeperExtension() {}

  @Override
  public void beforeAll(ExtensionContext context) {
    startFor(context);
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    startFor(context);
  }

  /** The running server; {@link IllegalStateException} outside the test class or test served. */
  public EmbeddedZooKeeperServer server() {
    EmbeddedZooKeeperServer current = server;
    if (current == null) {
      throw new IllegalStateException(
          "the embedded ZooKeeper server runs only while its test class (static field) or test"
              + " (instance field) runs");
    }
    return current;
  }

  /** The running server's connect string, {@code 127.0.0.1:<port>}. */
  public String connectString() {
    return server().connectString();
  }

  /** The running server's client port. */
  public int port() {
    return server().port();
  }

  /** Expires the current session of {@code session} on the server, as a real timeout would. */
  public void expireSession(BatonSession session) {
    server().expireSession(session);
  }

  /** Expires the current session of a Curator client on the server, as a real timeout would. */
  public void expireSession(CuratorFramework client) {
    server().expireSession(client);
  }

  /** Starts a server unless one runs, closed with its starting context (nested ones share it). */
  private synchronized void startFor(ExtensionContext context) {
    if (server == null) {
      EmbeddedZooKeeperServer started = EmbeddedZooKeeperServer.start();
      server = started;
      AutoCloseable stopping =
          () -> {
            synchronized (this) {
              server = null;
            }
            started.close();
          };
      context.getStore(ExtensionContext.Namespace.create(getClass())).put(this, stopping);
    }
  }
}
