// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.client;

import dev.baton.bench.chaos.ChaosArgs;
import dev.baton.bench.chaos.ChaosProtocol.Backend;
import dev.baton.bench.chaos.ChaosProtocol.FenceKind;
import dev.baton.bench.chaos.ChaosProtocol.Role;
import dev.baton.recipes.lease.LeaseConfig;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The command line of {@link ChaosClientMain} (picocli, enum values in any case): {@code --connect}
 * required on ZooKeeper, {@code --jdbc} with the SQL fence and for the scheduler, {@code
 * --lease-jdbc} on the lease backend.
 */
@Command(name = "ChaosClientMain")
public final class ClientArgs {
  public static final int DEFAULT_PARTITIONS = 8;
  public static final Duration DEFAULT_WRITE_INTERVAL = Duration.ofMillis(20);

  @Option(names = "--role", required = true, description = "election, lock, scheduler, partition")
  private Role role;

  @Option(names = "--id", required = true)
  private String id;

  @Option(names = "--connect", description = "ZooKeeper connect string")
  private String connect = "";

  @Option(names = "--session-ms")
  private long sessionMs = 10_000;

  @Option(names = "--path", required = true, description = "an absolute znode path")
  private String path;

  @Option(names = "--fence")
  private FenceKind fence = FenceKind.SQL;

  @Option(names = "--jdbc")
  private String jdbc;

  @Option(names = "--partitions")
  private long partitions = DEFAULT_PARTITIONS;

  @Option(names = "--write-interval-ms")
  private long writeIntervalMs = DEFAULT_WRITE_INTERVAL.toMillis();

  @Option(
      names = "--schedule-start-ms",
      description = "scheduler: slot 0 begins at this epoch ms (default: the current slot)")
  private Long scheduleStartMs;

  @Option(names = "--backend", description = "zk or lease")
  private Backend backend = Backend.ZK;

  @Option(names = "--lease-jdbc", description = "the lease backend's database")
  private String leaseJdbc;

  private ClientArgs() {}

  /** Parses and validates; {@link IllegalArgumentException} names the first bad argument. */
  public static ClientArgs parse(String[] argv) {
    ClientArgs a = ChaosArgs.parse(new ClientArgs(), List.of(argv));
    if (!a.id.matches("[A-Za-z0-9._-]{1,100}")) {
      throw new IllegalArgumentException("--id must be 1 to 100 letters, digits, '.', '_' or '-'");
    }
    if (a.backend == Backend.ZK && a.connect.isBlank()) {
      throw new IllegalArgumentException("--connect is required on ZooKeeper");
    }
    if (!a.path.startsWith("/")
        || a.path.endsWith("/")
        || a.path.contains("//")
        || a.path.length() > 200) {
      throw new IllegalArgumentException(
          "--path must be an absolute znode path without a trailing slash, was '" + a.path + "'");
    }
    positive("--session-ms", a.sessionMs, Integer.MAX_VALUE);
    positive("--partitions", a.partitions, Integer.MAX_VALUE);
    positive("--write-interval-ms", a.writeIntervalMs, Integer.MAX_VALUE);
    if (a.scheduleStartMs != null) {
      positive("--schedule-start-ms", a.scheduleStartMs, Long.MAX_VALUE);
    }
    if (a.jdbc().isEmpty() && (a.fence == FenceKind.SQL || a.role == Role.SCHEDULER)) {
      throw new IllegalArgumentException(
          "--jdbc is required with "
              + (a.role == Role.SCHEDULER ? "--role=scheduler" : "--fence=sql"));
    }
    if (a.backend == Backend.LEASE) {
      if (!a.backend.supports(a.role)) {
        throw new IllegalArgumentException(
            "--backend=lease runs the election and the scheduler, not --role=" + a.role.key());
      }
      if (!a.backend.supports(a.fence)) {
        throw new IllegalArgumentException(
            "--backend=lease has no ZooKeeper for --fence=" + a.fence.key() + ": use sql or none");
      }
      if (a.leaseJdbc().isEmpty() || a.jdbc().isEmpty()) {
        throw new IllegalArgumentException(
            "--lease-jdbc and --jdbc are required with --backend=lease (the writes log in SQL)");
      }
    }
    return a;
  }

  /** The id given on a command line that may fail to parse, for the ERROR line; else "?". */
  public static String idOf(String[] argv) {
    String prefix = "--id=";
    for (String a : argv) {
      if (a.startsWith(prefix) && a.length() > prefix.length() && !a.contains(" ")) {
        return a.substring(prefix.length());
      }
    }
    return "?";
  }

  private static void positive(String option, long n, long max) {
    if (n <= 0 || n > max) {
      throw new IllegalArgumentException(
          option + " must be a positive number up to " + max + ", was " + n);
    }
  }

  public Role role() {
    return role;
  }

  /** This client's id, also its participant or member id. */
  public String id() {
    return id;
  }

  /** ZooKeeper connect string; empty on the lease backend. */
  public String connect() {
    return connect;
  }

  public Duration session() {
    return Duration.ofMillis(sessionMs);
  }

  public String path() {
    return path;
  }

  public FenceKind fence() {
    return fence;
  }

  /** The shared database (SQL fence, write table, the scheduler's jobs), if given. */
  public Optional<String> jdbc() {
    return Optional.ofNullable(jdbc).filter(s -> !s.isBlank());
  }

  public int partitions() {
    return (int) partitions;
  }

  public Duration writeInterval() {
    return Duration.ofMillis(writeIntervalMs);
  }

  /** Scheduler: when slot 0 begins; empty: the schedule starts at the current slot. */
  public Optional<Instant> scheduleStart() {
    return Optional.ofNullable(scheduleStartMs).map(Instant::ofEpochMilli);
  }

  public Backend backend() {
    return backend;
  }

  /** The lease as long as the session; margin, renewal and its timeout a fifth; polls a tenth. */
  public LeaseConfig leaseConfig() {
    Duration fifth = session().dividedBy(5);
    return LeaseConfig.builder()
        .leaseDuration(session())
        .safetyMargin(fifth)
        .renewInterval(fifth)
        .renewTimeout(fifth)
        .pollInterval(session().dividedBy(10))
        .build();
  }

  /** The lease backend's database (through the client's lease proxy). */
  public Optional<String> leaseJdbc() {
    return Optional.ofNullable(leaseJdbc).filter(s -> !s.isBlank());
  }
}
