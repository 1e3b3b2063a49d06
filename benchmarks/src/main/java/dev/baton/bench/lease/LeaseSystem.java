// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.lease;

import dev.baton.bench.contender.Candidate.Sink;
import java.util.Arrays;

/** The three systems the lease scenario compares, by their RESULT key. */
enum LeaseSystem {
  BATON("baton", "baton"),
  SHEDLOCK("shedlock", "shedlock"),
  SPRING_JDBC("spring-jdbc", "spring");

  private final String key;
  private final String tablePart;

  LeaseSystem(String key, String tablePart) {
    this.key = key;
    this.tablePart = tablePart;
  }

  /** The name in RESULT lines and {@code --systems}. */
  String key() {
    return key;
  }

  /** The part of its table names after the run's id. */
  String tablePart() {
    return tablePart;
  }

  /** Whether a stale holder's write can be rejected: only Baton's carries a token. */
  boolean fenced() {
    return this == BATON;
  }

  /**
   * How long after a crash a follower takes over at most: the lease (counted from the dead holder's
   * last renewal, which came before the kill) plus its longest wait between two attempts (Baton's
   * poll plus its jitter) plus 100 ms for the statements and the JVM.
   */
  long crashBoundMs(LeaseSetup setup) {
    long longestPoll =
        this == BATON
            ? (long) Math.ceil(setup.pollMs() * (1 + BatonLease.config(setup).pollJitter()))
            : setup.pollMs();
    return setup.leaseMs() + longestPoll + 100;
  }

  /** A new, not yet started candidate of this system with a data source of its own. */
  LeaseCandidate contender(LeaseSetup setup, String election, String id, Sink sink) {
    CountingDataSource ds = setup.dataSource(id);
    return switch (this) {
      case BATON -> new BatonLease(setup, election, id, ds, sink);
      case SHEDLOCK -> new ShedLockLease(setup, election, id, ds, sink);
      case SPRING_JDBC -> new SpringJdbcLease(setup, election, id, ds, sink);
    };
  }

  /**
   * The system named {@code key}.
   *
   * @throws IllegalArgumentException for an unknown name
   */
  static LeaseSystem parse(String key) {
    return Arrays.stream(values())
        .filter(s -> s.key.equals(key))
        .findFirst()
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "unknown system '" + key + "'; known: baton, shedlock, spring-jdbc"));
  }
}
