// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.failover;

import dev.baton.bench.contender.ZkClient;
import java.time.Duration;
import java.util.Locale;

/**
 * What both failover scenarios set up: the ZooKeeper servers the options name, the probe that
 * watches each election from sessions of its own, and for a session timeout a {@link FailoverRound}
 * of child-JVM candidates; closing it stops the probe, then the servers.
 */
record FailoverBench(FailoverOptions options, Servers servers, ElectionProbe probe)
    implements AutoCloseable {
  /** The session timeout of the probe's own sessions, in ms. */
  private static final int PROBE_SESSION_MS = 30_000;

  /** How long a round waits for its candidates to start and settle. */
  private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

  /** Beyond the requested session timeout, how long a round waits for the successor. */
  private static final Duration FAILOVER_SLACK = Duration.ofSeconds(30);

  /** Starts the servers of {@code options} and connects the probe to them. */
  static FailoverBench start(FailoverOptions options) throws Exception {
    Servers servers = options.startServers();
    try {
      return new FailoverBench(options, servers, ElectionProbe.connect(servers, PROBE_SESSION_MS));
    } catch (Exception | Error e) {
      try {
        servers.close();
      } catch (RuntimeException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
  }

  /** A round whose candidates request a session timeout of {@code sessionMs}. */
  FailoverRound round(int sessionMs) {
    ZkClient settings = options.clientSettings(servers.connectString(), sessionMs);
    return new FailoverRound(
        new FailoverRound.Setup(
            servers,
            probe,
            settings,
            options.followers(),
            options.settleMs(),
            START_TIMEOUT,
            Duration.ofMillis(sessionMs).plus(FAILOVER_SLACK)));
  }

  /** Prints a progress line of scenario {@code name} on stderr. */
  static void progress(String name, String format, Object... args) {
    System.err.println(name + ": " + String.format(Locale.ROOT, format, args));
  }

  @Override
  public void close() {
    try {
      probe.close();
    } finally {
      servers.close();
    }
  }
}
