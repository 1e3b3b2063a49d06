// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.failover;

import dev.baton.bench.Cli;
import dev.baton.bench.contender.ZkClient;
import dev.baton.testkit.ZkProcessEnsemble;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The settings of a failover scenario ({@code --key=value}, else {@code -Dbench.key}, else the
 * scenario's default); their meanings are in docs/benchmarks.md, "Options".
 *
 * @param sessionTimeoutsMs the requested session timeouts, one RESULT line each
 * @param connectionTimeoutMs 0 for the lower of 5 s and the session timeout
 * @param servers ZooKeeper server processes ({@link ZkProcessEnsemble}), or 0 for one in-process
 *     server ({@code --servers=embedded})
 */
record FailoverOptions(
    List<Integer> sessionTimeoutsMs,
    int rounds,
    int warmup,
    int followers,
    long settleMs,
    int connectionTimeoutMs,
    int servers) {

  /**
   * A scenario's session timeout option and the defaults of the shared options.
   *
   * @param sessionKey {@code session-timeouts-ms} (a list) or {@code session-timeout-ms} (one
   *     value)
   * @param sessions the default session timeouts, comma-separated
   */
  record Defaults(
      String sessionKey,
      boolean several,
      String sessions,
      int rounds,
      int warmup,
      String servers) {}

  /**
   * The options of a scenario: the {@link Args} it mixes in, with {@code defaults} where they were
   * not given, and the values of its session timeout option.
   *
   * @throws IllegalArgumentException for a value out of range
   */
  static FailoverOptions of(Args a, List<Integer> sessions, Defaults defaults) {
    String sessionKey = defaults.sessionKey();
    Cli.check(
        defaults.several() || sessions.size() == 1,
        sessionKey + " takes one value, was " + sessions);
    for (int t : sessions) {
      Cli.check(t > 0, sessionKey + " must be positive, was " + t);
    }
    FailoverOptions o =
        new FailoverOptions(
            List.copyOf(sessions),
            a.rounds == null ? defaults.rounds() : a.rounds,
            a.warmup == null ? defaults.warmup() : a.warmup,
            a.followers,
            a.settleMs,
            a.connectionTimeoutMs,
            servers(a.servers == null ? defaults.servers() : a.servers));
    Cli.check(
        o.rounds() >= 1 && o.warmup() >= 0 && o.followers() >= 1 && o.settleMs() >= 0,
        "rounds and followers must be at least 1, warmup and settle-ms at least 0");
    Cli.check(o.connectionTimeoutMs() >= 0, "connection-timeout-ms must not be negative");
    return o;
  }

  /** The options both scenarios share (a picocli mixin); each adds its session timeout option. */
  static final class Args {
    @Option(names = "--rounds")
    Integer rounds;

    @Option(names = "--warmup")
    Integer warmup;

    @Option(names = "--followers", defaultValue = "2")
    int followers;

    @Option(names = "--settle-ms", defaultValue = "100")
    long settleMs;

    @Option(names = "--connection-timeout-ms", defaultValue = "0")
    int connectionTimeoutMs;

    @Option(names = "--servers")
    String servers;
  }

  private static int servers(String value) {
    if (value.equals("embedded")) {
      return 0;
    }
    try {
      int n = Integer.parseInt(value.trim());
      if (n >= 1 && n <= ZkProcessEnsemble.MAX_SIZE) {
        return n;
      }
    } catch (NumberFormatException e) {
      // not a number: rejected below
    }
    throw new IllegalArgumentException(
        "servers must be 'embedded' or a number of server processes from 1 to "
            + ZkProcessEnsemble.MAX_SIZE
            + ", was '"
            + value
            + "'");
  }

  /** The clients' settings at session timeout {@code sessionMs}. */
  ZkClient clientSettings(String connectString, int sessionMs) {
    int connection = connectionTimeoutMs == 0 ? Math.min(5000, sessionMs) : connectionTimeoutMs;
    return new ZkClient(connectString, sessionMs, connection);
  }

  /** The value of the {@code servers} result key: {@code embedded} or the number of processes. */
  static String serversKey(int servers) {
    return servers == 0 ? "embedded" : Integer.toString(servers);
  }

  /** Starts the servers these options name. */
  Servers startServers() {
    return servers == 0 ? Servers.embedded() : Servers.processes(servers);
  }
}
