// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.test;

import dev.baton.recipes.BatonSession;
import org.apache.curator.framework.CuratorFramework;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A real, in-process ZooKeeper server ({@link EmbeddedZooKeeperServer}) for a JUnit 5 test, without
 * Spring: {@code @RegisterExtension static final EmbeddedZooKeeperExtension ZK = new
 * EmbeddedZooKeeperExtension();}. In a {@code static} field the server runs from before the class's
 * first test to after its last (nested classes share it); in an instance field each test gets a
 * fresh server, closed after it.
 */
public final class EmbeddedZooKeeperExtension
    implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback, AfterEachCallback {
  private volatile @Nullable EmbeddedZooKeeperServer server;
  private volatile @Nullable String startedBy;

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

  @Override
  public void afterEach(ExtensionContext context) {
    stopIfStartedBy(context);
  }

  @Override
  public void afterAll(ExtensionContext context) {
    stopIfStartedBy(context);
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

  private synchronized void startFor(ExtensionContext context) {
    if (server == null) {
      server = EmbeddedZooKeeperServer.start();
      startedBy = context.getUniqueId();
    }
  }

  private synchronized void stopIfStartedBy(ExtensionContext context) {
    EmbeddedZooKeeperServer current = server;
    if (current != null && context.getUniqueId().equals(startedBy)) {
      server = null;
      startedBy = null;
      current.close();
    }
  }
}
