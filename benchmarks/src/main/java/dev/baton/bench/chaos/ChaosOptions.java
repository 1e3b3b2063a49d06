// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos;

import dev.baton.bench.chaos.ChaosProtocol.Backend;
import dev.baton.bench.chaos.ChaosProtocol.FenceKind;
import java.time.Duration;

/**
 * The knobs of a trial (docs/testing.md has their meaning and defaults); {@link FenceKind#NONE} for
 * the negative control only; on {@link Backend#LEASE} the lease is as long as the session.
 */
public record ChaosOptions(
    int sessionMs,
    int writeIntervalMs,
    int clients,
    int partitions,
    FenceKind fence,
    Duration recoveryBound,
    Db db,
    Backend backend) {
  public enum Db implements ChaosProtocol.Keyed {
    /** an H2 TCP server in the orchestrating JVM, a fresh in-memory database per trial */
    H2,
    /** PostgreSQL ({@link ChaosCluster#postgresUrl()}), a fresh schema per trial */
    POSTGRES;

    /** System property naming the database of options built without one: h2 or postgres. */
    public static final String PROPERTY = "baton.chaos.db";

    /** The database {@code -Dbaton.chaos.db} names; H2 when unset. */
    public static Db configured() {
      String name = System.getProperty(PROPERTY);
      return name == null || name.isBlank() ? H2 : of(name);
    }

    /** The database named {@code h2} or {@code postgres} (also {@code postgresql}, {@code pg}). */
    public static Db of(String name) {
      return switch (name.trim().toLowerCase(java.util.Locale.ROOT)) {
        case "h2" -> H2;
        case "postgres", "postgresql", "pg" -> POSTGRES;
        default ->
            throw new IllegalArgumentException("db must be h2 or postgres, was '" + name + "'");
      };
    }
  }

  public static ChaosOptions defaults() {
    return new ChaosOptions(
        4000, 100, 2, 4, FenceKind.SQL, Duration.ofSeconds(30), Db.configured(), Backend.ZK);
  }

  public ChaosOptions withFence(FenceKind kind) {
    return new ChaosOptions(
        sessionMs, writeIntervalMs, clients, partitions, kind, recoveryBound, db, backend);
  }

  /** The same options on database {@code other}. */
  public ChaosOptions withDb(Db other) {
    return new ChaosOptions(
        sessionMs, writeIntervalMs, clients, partitions, fence, recoveryBound, other, backend);
  }

  /** The same options electing on {@code other}. */
  public ChaosOptions withBackend(Backend other) {
    return new ChaosOptions(
        sessionMs, writeIntervalMs, clients, partitions, fence, recoveryBound, db, other);
  }

  public Duration session() {
    return Duration.ofMillis(sessionMs);
  }

  /** Longer than the session timeout by a margin: a fault this long expires the session. */
  public Duration beyondSession() {
    return Duration.ofMillis(sessionMs + 2000L);
  }
}
