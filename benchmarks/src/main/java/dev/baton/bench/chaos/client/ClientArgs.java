// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.client;

import dev.baton.bench.chaos.ChaosProtocol.Arg;
import dev.baton.bench.chaos.ChaosProtocol.Backend;
import dev.baton.bench.chaos.ChaosProtocol.FenceKind;
import dev.baton.bench.chaos.ChaosProtocol.Role;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The parsed command line of {@link ChaosClientMain}: {@code --key=value} for every {@link Arg}
 * key, lowercase enum values.
 *
 * <table>
 *   <caption>Arguments</caption>
 *   <tr><th>key</th><th>default</th></tr>
 *   <tr><td>role</td><td>required: election, lock, scheduler, partition</td></tr>
 *   <tr><td>id</td><td>required</td></tr>
 *   <tr><td>connect</td><td>required on ZooKeeper; ignored on the lease backend</td></tr>
 *   <tr><td>path</td><td>required, an absolute znode path</td></tr>
 *   <tr><td>session-ms</td><td>10000</td></tr>
 *   <tr><td>fence</td><td>sql</td></tr>
 *   <tr><td>jdbc</td><td>required for fence=sql and for the scheduler; optional for fence=none</td></tr>
 *   <tr><td>partitions</td><td>8</td></tr>
 *   <tr><td>write-interval-ms</td><td>20</td></tr>
 *   <tr><td>schedule-start-ms</td><td>scheduler: absent, the schedule starts at the current slot;
 *   given, slot 0 begins at this epoch millisecond and every slot from 0 gets a job</td></tr>
 *   <tr><td>backend</td><td>zk; lease elects on a lease row (roles election and scheduler, fences
 *   sql and none)</td></tr>
 *   <tr><td>lease-jdbc</td><td>required on the lease backend (as is jdbc): the lease's database
 *   (the trial's, through the client's lease proxy)</td></tr>
 * </table>
 */
public record ClientArgs(
    Role role,
    String id,
    String connect,
    Duration session,
    String path,
    FenceKind fence,
    Optional<String> jdbc,
    int partitions,
    Duration writeInterval,
    Optional<Instant> scheduleStart,
    Backend backend,
    Optional<String> leaseJdbc) {

  public static final Duration DEFAULT_SESSION = Duration.ofSeconds(10);
  public static final int DEFAULT_PARTITIONS = 8;
  public static final Duration DEFAULT_WRITE_INTERVAL = Duration.ofMillis(20);

  /**
   * Parses and validates.
   *
   * @throws IllegalArgumentException naming the first bad argument
   */
  public static ClientArgs parse(String[] argv) {
    Map<Arg, String> values = new EnumMap<>(Arg.class);
    for (String a : argv) {
      if (!a.startsWith("--") || a.indexOf('=') < 3) {
        throw new IllegalArgumentException("expected --key=value, got '" + a + "'");
      }
      String key = a.substring(2, a.indexOf('='));
      String value = a.substring(a.indexOf('=') + 1);
      Arg arg = null;
      for (Arg candidate : Arg.values()) {
        if (candidate.key().equals(key)) {
          arg = candidate;
        }
      }
      if (arg == null) {
        throw new IllegalArgumentException("unknown argument --" + key);
      }
      if (values.put(arg, value) != null) {
        throw new IllegalArgumentException("--" + key + " given twice");
      }
    }
    Role role = enumValue(Role.class, Arg.ROLE, required(values, Arg.ROLE));
    String id = required(values, Arg.ID);
    if (!id.matches("[A-Za-z0-9._-]{1,100}")) {
      throw new IllegalArgumentException("--id must be 1 to 100 letters, digits, '.', '_' or '-'");
    }
    Backend backend =
        values.containsKey(Arg.BACKEND) ? Backend.of(values.get(Arg.BACKEND)) : Backend.ZK;
    String connect =
        backend == Backend.ZK
            ? required(values, Arg.CONNECT)
            : values.getOrDefault(Arg.CONNECT, "");
    String path = required(values, Arg.PATH);
    if (!path.startsWith("/") || path.endsWith("/") || path.contains("//") || path.length() > 200) {
      throw new IllegalArgumentException(
          "--path must be an absolute znode path without a trailing "
              + "slash, was '"
              + path
              + "'");
    }
    Duration session =
        Duration.ofMillis(positive(values, Arg.SESSION_MS, DEFAULT_SESSION.toMillis()));
    FenceKind fence =
        values.containsKey(Arg.FENCE)
            ? enumValue(FenceKind.class, Arg.FENCE, values.get(Arg.FENCE))
            : FenceKind.SQL;
    Optional<String> jdbc = Optional.ofNullable(values.get(Arg.JDBC)).filter(s -> !s.isBlank());
    if (jdbc.isEmpty() && (fence == FenceKind.SQL || role == Role.SCHEDULER)) {
      throw new IllegalArgumentException(
          "--"
              + Arg.JDBC.key()
              + " is required with "
              + (role == Role.SCHEDULER ? "--role=scheduler" : "--fence=sql"));
    }
    Optional<String> leaseJdbc =
        Optional.ofNullable(values.get(Arg.LEASE_JDBC)).filter(s -> !s.isBlank());
    if (backend == Backend.LEASE) {
      if (!backend.supports(role)) {
        throw new IllegalArgumentException(
            "--backend=lease runs the election and the scheduler, not --role="
                + role.name().toLowerCase(Locale.ROOT));
      }
      if (!backend.supports(fence)) {
        throw new IllegalArgumentException(
            "--backend=lease has no ZooKeeper for --fence="
                + fence.name().toLowerCase(Locale.ROOT)
                + ": use sql or none");
      }
      if (leaseJdbc.isEmpty() || jdbc.isEmpty()) {
        throw new IllegalArgumentException(
            "--"
                + Arg.LEASE_JDBC.key()
                + " and --"
                + Arg.JDBC.key()
                + " are required with --backend=lease (the writes log in SQL)");
      }
    }
    int partitions = (int) positive(values, Arg.PARTITIONS, DEFAULT_PARTITIONS);
    Duration interval =
        Duration.ofMillis(
            positive(values, Arg.WRITE_INTERVAL_MS, DEFAULT_WRITE_INTERVAL.toMillis()));
    Optional<Instant> start =
        values.containsKey(Arg.SCHEDULE_START_MS)
            ? Optional.of(
                Instant.ofEpochMilli(positive(values, Arg.SCHEDULE_START_MS, 0, Long.MAX_VALUE)))
            : Optional.empty();
    return new ClientArgs(
        role,
        id,
        connect,
        session,
        path,
        fence,
        jdbc,
        partitions,
        interval,
        start,
        backend,
        leaseJdbc);
  }

  /** The id given on a command line that may fail to parse, for the ERROR line; else "?". */
  public static String idOf(String[] argv) {
    String prefix = "--" + Arg.ID.key() + "=";
    for (String a : argv) {
      if (a.startsWith(prefix) && a.length() > prefix.length() && !a.contains(" ")) {
        return a.substring(prefix.length());
      }
    }
    return "?";
  }

  private static String required(Map<Arg, String> values, Arg arg) {
    String v = values.get(arg);
    if (v == null || v.isBlank()) {
      throw new IllegalArgumentException("--" + arg.key() + " is required");
    }
    return v;
  }

  private static long positive(Map<Arg, String> values, Arg arg, long fallback) {
    return positive(values, arg, fallback, Integer.MAX_VALUE);
  }

  private static long positive(Map<Arg, String> values, Arg arg, long fallback, long max) {
    String v = values.get(arg);
    if (v == null) {
      return fallback;
    }
    try {
      long n = Long.parseLong(v.trim());
      if (n <= 0 || n > max) {
        throw new IllegalArgumentException(
            "--" + arg.key() + " must be a positive number up to " + max + ", was " + v);
      }
      return n;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--" + arg.key() + " must be a number, was '" + v + "'");
    }
  }

  private static <E extends Enum<E>> E enumValue(Class<E> type, Arg arg, String value) {
    for (E e : type.getEnumConstants()) {
      if (e.name().toLowerCase(Locale.ROOT).equals(value)) {
        return e;
      }
    }
    StringBuilder allowed = new StringBuilder();
    for (E e : type.getEnumConstants()) {
      allowed.append(allowed.length() == 0 ? "" : ", ").append(e.name().toLowerCase(Locale.ROOT));
    }
    throw new IllegalArgumentException(
        "--" + arg.key() + " must be one of " + allowed + ", was '" + value + "'");
  }
}
