// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.test.testcontainers;

import dev.baton.spring.test.EmbeddedZooKeeperServer;
import org.jspecify.annotations.Nullable;
import org.testcontainers.containers.wait.strategy.WaitStrategy;

/**
 * A {@link ZooKeeperContainer} for the tests of a machine without Docker: {@code start()} starts an
 * in-process server instead of a container, and the host and mapped port are that server's. What
 * Spring Boot does with the container (find the connection details factory, start the container
 * when the details are read, map host and port to a connect string) runs unchanged.
 */
class StandInZooKeeperContainer extends ZooKeeperContainer {
  private volatile @Nullable EmbeddedZooKeeperServer server;
  private volatile Runnable whenStopping = () -> {};

  @Override
  public synchronized void start() {
    if (server == null) {
      server = EmbeddedZooKeeperServer.start();
    }
  }

  @Override
  public synchronized void stop() {
    whenStopping.run();
    EmbeddedZooKeeperServer current = server;
    server = null;
    if (current != null) {
      current.close();
    }
  }

  /** The image name, without resolving the image (which needs Docker). */
  @Override
  public String getDockerImageName() {
    return DEFAULT_IMAGE_NAME;
  }

  @Override
  public boolean isRunning() {
    return server != null;
  }

  @Override
  public String getHost() {
    return "127.0.0.1";
  }

  @Override
  public Integer getMappedPort(int originalPort) {
    EmbeddedZooKeeperServer current = server;
    if (originalPort != CLIENT_PORT || current == null) {
      throw new IllegalStateException("no mapped port " + originalPort + ": not started");
    }
    return current.port();
  }

  /** Runs {@code action} at the start of each {@code stop()}, to observe what still runs then. */
  void whenStopping(Runnable action) {
    whenStopping = action;
  }

  /** The server behind the stand-in. */
  EmbeddedZooKeeperServer server() {
    EmbeddedZooKeeperServer current = server;
    if (current == null) {
      throw new IllegalStateException("the stand-in is not started");
    }
    return current;
  }

  /** The wait strategy the container was configured with (protected in GenericContainer). */
  WaitStrategy configuredWaitStrategy() {
    return getWaitStrategy();
  }
}
