// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lease;

import dev.baton.fencing.FencingToken;
import dev.baton.fencing.sql.SqlDialect;
import dev.baton.recipes.backend.Backend;
import dev.baton.recipes.backend.Candidacy;
import dev.baton.recipes.backend.Contest;
import dev.baton.recipes.backend.Holder;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * The lease-record backend: leader election and the fenced lock on one row per election in a
 * PostgreSQL (or H2) table; pass it where a {@code BatonSession} would go. A holder takes the row
 * with one conditional statement when it is absent, released or expired, renews it on its own
 * thread and releases it on close. Tokens come from the table's sequence, never the row, so they
 * rise on every change of holder. Expiry is by the database's clock only; the holder stops acting
 * by its own monotonic clock. Use a pool whose connection timeout is below {@link
 * LeaseConfig#renewTimeout()}, which bounds only the statement. Guarantees, pool size and replica
 * failover: {@code docs/backends.md#the-lease-row}. Immutable and thread-safe.
 */
public final class LeaseBackend implements Backend {
  private final LeaseTable table;

  private LeaseBackend(LeaseTable table) {
    this.table = table;
  }

  /**
   * A backend on {@code dataSource}: checks that the database is PostgreSQL or H2; if {@link
   * LeaseConfig#createTable()}, creates or upgrades the lease table and its token sequence ({@link
   * #ddl(String)} does it by hand); then checks both.
   *
   * @throws LeaseTableException if the database is unsupported, or the table or sequence is wrong
   * @throws dev.baton.recipes.spi.StoreUnavailableException if the database cannot be reached
   */
  public static LeaseBackend create(DataSource dataSource, LeaseConfig config) {
    Objects.requireNonNull(dataSource, "dataSource");
    Objects.requireNonNull(config, "config");
    return new LeaseBackend(
        new LeaseTable(dataSource, LeaseSchema.prepare(dataSource, config), config));
  }

  /**
   * The DDL of the lease table {@code table} and its token sequence, two statements.
   *
   * @throws IllegalArgumentException if the name is not a plain SQL identifier
   */
  public static String ddl(String table) {
    return LeaseSchema.ddl(table);
  }

  /** Takes the row when free, renews it while held, else polls (PostgreSQL: also wakes). */
  @Override
  public Candidacy join(Contest contest, Candidacy.Listener listener) {
    Objects.requireNonNull(contest, "contest");
    Objects.requireNonNull(listener, "listener");
    return LeaseCandidacy.join(
        table.store(contest.name()),
        table.wakeups(contest.name()),
        table.config(),
        contest,
        listener);
  }

  /** The holder of the row {@code name} while its lease is live; its node name is the row's. */
  @Override
  public Optional<Holder> holder(String name) {
    Optional<LeaseRecord> row = table.store(name).read();
    if (row.isEmpty() || !row.get().live() || row.get().holder() == null) {
      return Optional.empty();
    }
    LeaseRecord r = row.get();
    return Optional.of(
        new Holder(
            LeaseHolder.participantOf(String.valueOf(r.holder())),
            FencingToken.of(name, r.token()),
            "lease:" + table.config().table() + ":" + name));
  }

  /** A lease has no queue: only its live holder, if any. */
  @Override
  public List<Holder> participants(String name) {
    return holder(name).map(List::of).orElse(List.of());
  }

  /** The data source of the lease table. */
  public DataSource dataSource() {
    return table.dataSource();
  }

  /** The configuration. */
  public LeaseConfig config() {
    return table.config();
  }

  /** The database, as the SQL fence names it. */
  public SqlDialect dialect() {
    return table.dialect();
  }

  @Override
  public String toString() {
    return "LeaseBackend{" + table.dialect() + ", " + table.config() + "}";
  }
}
