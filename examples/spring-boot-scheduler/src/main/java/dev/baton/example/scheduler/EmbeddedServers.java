// SPDX-License-Identifier: Apache-2.0
package dev.baton.example.scheduler;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Properties;
import org.apache.zookeeper.server.embedded.ExitHandler;
import org.apache.zookeeper.server.embedded.ZooKeeperServerEmbedded;
import org.h2.tools.Server;
import org.jspecify.annotations.Nullable;

/**
 * The launcher's own servers, in its JVM: one ZooKeeper server and one H2 database server that
 * every instance connects to over TCP. Not for production: one server is no ensemble.
 */
final class EmbeddedServers implements AutoCloseable {
  private @Nullable ZooKeeperServerEmbedded zookeeper;
  private @Nullable Server h2;

  /** Starts a ZooKeeper server on a free port with its data in a temporary directory. */
  String startZooKeeper() {
    try {
      Path dir = Files.createTempDirectory("baton-example-zk");
      Properties config = new Properties();
      config.setProperty("clientPort", Integer.toString(freePort()));
      config.setProperty("tickTime", "500");
      config.setProperty("maxSessionTimeout", "20000");
      config.setProperty("admin.enableServer", "false");
      zookeeper =
          ZooKeeperServerEmbedded.builder()
              .baseDir(dir)
              .configuration(config)
              .exitHandler(ExitHandler.LOG_ONLY)
              .build();
      zookeeper.start(30_000);
      return zookeeper.getConnectionString();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot prepare the embedded ZooKeeper", e);
    } catch (Exception e) {
      throw new IllegalStateException("the embedded ZooKeeper did not start", e);
    }
  }

  /** Starts an H2 TCP server on a free port; returns the JDBC URL of its in-memory database. */
  String startH2() {
    try {
      h2 = Server.createTcpServer("-tcpPort", Integer.toString(freePort()), "-ifNotExists").start();
      return "jdbc:h2:tcp://127.0.0.1:" + h2.getPort() + "/mem:baton_example;DB_CLOSE_DELAY=-1";
    } catch (SQLException e) {
      throw new IllegalStateException("the embedded H2 server did not start", e);
    }
  }

  static int freePort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      socket.setReuseAddress(true);
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("no free port", e);
    }
  }

  @Override
  public void close() {
    if (h2 != null) {
      h2.stop();
    }
    if (zookeeper != null) {
      zookeeper.close();
    }
  }
}
