// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.zookeeper.KeeperException;

/** A ZooKeeper client outside the service under test (anonymous, or its own credentials). */
public final class Intruder implements AutoCloseable {
  /** One operation of the intruder's. */
  @FunctionalInterface
  public interface Attempt {
    void run(CuratorFramework client) throws Exception;
  }

  private final String name;
  private final CuratorFramework client;

  private Intruder(String name, CuratorFramework client) {
    this.name = name;
    this.client = client;
  }

  /** A client without any authentication. */
  public static Intruder anonymous(String connectString) {
    return connect("anonymous", CuratorFrameworkFactory.builder().connectString(connectString));
  }

  /** A client authenticated with digest credentials of its own. */
  public static Intruder withDigest(String connectString, String user, String password) {
    return connect(
        "digest " + user,
        CuratorFrameworkFactory.builder()
            .connectString(connectString)
            .authorization("digest", (user + ":" + password).getBytes(StandardCharsets.UTF_8)));
  }

  private static Intruder connect(String name, CuratorFrameworkFactory.Builder builder) {
    CuratorFramework client =
        builder
            .sessionTimeoutMs(10_000)
            .connectionTimeoutMs(5_000)
            .retryPolicy(new RetryOneTime(100))
            .build();
    client.start();
    try {
      if (!client.blockUntilConnected(10, TimeUnit.SECONDS)) {
        client.close();
        throw new IllegalStateException("the " + name + " client did not connect");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      client.close();
      throw new IllegalStateException("interrupted while connecting", e);
    }
    return new Intruder(name, client);
  }

  /** The intruder's client, for reads and attacks that are expected to succeed. */
  public CuratorFramework client() {
    return client;
  }

  /**
   * Runs {@code attempt}; returns only if ZooKeeper refused it with {@code NoAuthException}.
   *
   * @throws AssertionError otherwise, naming {@code what}
   */
  public void refused(String what, Attempt attempt) {
    try {
      attempt.run(client);
    } catch (KeeperException.NoAuthException expected) {
      return;
    } catch (Exception e) {
      String failed = "the " + name + " client's attempt to " + what + " failed, but not with";
      throw new AssertionError(failed + " an authorization error: " + e, e);
    }
    throw new AssertionError("the " + name + " client managed to " + what);
  }

  @Override
  public void close() {
    client.close();
  }

  @Override
  public String toString() {
    return "Intruder[" + name + "]";
  }
}
