// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.contender;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The options every benchmark on the in-process ZooKeeper server shares, a picocli mixin: the
 * clients' session and connection timeouts ({@code BatonSession}'s defaults) and whether the server
 * syncs its log to disk.
 */
public final class ZkOptions {
  @Option(names = "--session-timeout-ms", defaultValue = "15000")
  int sessionTimeoutMs;

  @Option(names = "--connection-timeout-ms", defaultValue = "5000")
  int connectionTimeoutMs;

  @Mixin Fsync fsync = new Fsync();

  /** Whether the in-process server syncs its log to disk, a mixin of its own for fence-overhead. */
  public static final class Fsync {
    @Option(names = "--fsync", arity = "0..1", fallbackValue = "true", defaultValue = "true")
    public boolean fsync;
  }

  /** The client settings for the server at {@code connectString}. */
  public ZkClient client(String connectString) {
    return new ZkClient(connectString, sessionTimeoutMs, connectionTimeoutMs);
  }

  public int sessionTimeoutMs() {
    return sessionTimeoutMs;
  }

  public int connectionTimeoutMs() {
    return connectionTimeoutMs;
  }

  public boolean fsync() {
    return fsync.fsync;
  }
}
