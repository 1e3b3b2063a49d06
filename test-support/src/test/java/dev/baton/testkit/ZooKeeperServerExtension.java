// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit;

import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One real ZooKeeper server for all the tests of a class, started before the first, closed after
 * the last: {@code @RegisterExtension static final ZooKeeperServerExtension ZK = ...}.
 */
public final class ZooKeeperServerExtension implements BeforeAllCallback, AfterAllCallback {
  private TestingServer server;

  @Override
  public void beforeAll(ExtensionContext context) {
    server = ZooKeeperFixtures.startServer();
  }

  @Override
  public void afterAll(ExtensionContext context) throws Exception {
    if (server != null) {
      server.close();
      server = null;
    }
  }

  /** The running server. */
  public TestingServer server() {
    if (server == null) {
      throw new IllegalStateException("the ZooKeeper server runs only while the test class runs");
    }
    return server;
  }

  public String connectString() {
    return server().getConnectString();
  }

  public int port() {
    return server().getPort();
  }
}
