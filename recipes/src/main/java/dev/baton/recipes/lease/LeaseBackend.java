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
 * The lease-record backend: leader election on one row per election in a PostgreSQL (or H2) table,
 * for teams with a relational database and no ZooKeeper. Pass it where a {@code BatonSession} would
 * go:
 *
 * <pre>{@code
 * LeaseBackend backend = LeaseBackend.create(dataSource, LeaseConfig.defaults());
 * LeaderElection election = LeaderElection.create(backend,
 *     ElectionConfig.builder("/services/billing/leader").participantId("billing-7").build(),
 *     listener);
 * }</pre>
 *
 * <p>A holder takes the row with one conditional statement when it is absent, released or expired,
 * renews it every {@linkplain LeaseConfig#renewInterval() renew interval} on a thread of its own,
 * and releases it on close. Each acquisition draws a new token from the table's sequence ({@code
 * <table>_tokens}), never from the row: it is the term's fencing token, scoped to the election's
 * path, so a {@code SqlFence} rejects a stale holder exactly as for ZooKeeper's tokens. Tokens rise
 * on every change of holder, by one unless other elections of the table, or candidates racing for
 * the row, drew values in between. Expiry is computed and compared by the database's clock only;
 * the holder stops acting by its own monotonic clock, at the time its last confirmed grant was sent
 * plus the lease duration minus the safety margin.
 *
 * <p>Guarantees: at most one candidate holds an active term whose local deadline has not passed,
 * given the database is linearizable for the row (one PostgreSQL primary) and nobody but the
 * backend writes the row; tokens of successive terms strictly increase and are never handed out
 * twice, whatever is written to the row: a stranger who deletes the row, or edits its holder, token
 * or expiry, can end the running term (its next renewal is refused) and let a new one overlap it
 * until then, but the new term's token is higher, so a fence rejects the older holder. Not
 * guaranteed: that a paused holder stops writing (the token and a fence downstream do that); tokens
 * after a change to the sequence itself ({@code ALTER SEQUENCE ... RESTART}, {@code setval}, a
 * dropped sequence) or a restored backup, which {@link #create} refuses when it finds the sequence
 * below the table's highest token, but not while running; and that a failover to an asynchronous
 * replica keeps the last grant: the new primary may hand out a token again that the old one had
 * already given, so two holders can present the same token, which no fence can tell apart (a stale
 * holder with a lower token is still rejected). Use synchronous replication for the lease table. A
 * lease is not a queue: followers poll (with jitter) and, on PostgreSQL, also wake on {@code
 * LISTEN/NOTIFY} when a holder releases; failover after a crash takes up to the lease duration plus
 * a poll.
 *
 * <p>Use a connection pool with a connection timeout below {@link LeaseConfig#renewTimeout()}:
 * every statement borrows a connection from the data source, and the renew timeout bounds the
 * statement on the network (the JDBC network timeout), not the opening of a new connection.
 *
 * <p>Pool size: on PostgreSQL with {@link LeaseConfig#listen()}, one connection of the pool listens
 * for releases, shared by all candidates of this JVM on the same data source and table, and held
 * while any of them runs; every other statement holds a connection only while it runs. So the pool
 * needs, besides what the application uses, one connection per lease table for the listener and at
 * least one for the candidates' statements (more with many elections, so that a renewal does not
 * wait for a follower's poll): two suffice for any number of candidates of one table. With fewer to
 * spare, a statement fails waiting for a connection (a renewal that does ends the term); the
 * listener, if it holds one that works, then gives it back and stays away for a minute, twice as
 * long each time after, up to an hour, so that the candidates go on by polling. {@link
 * dev.baton.recipes.election.ElectionHealth#degraded()} says why while wake-ups are off or
 * statements fail (the latter also makes the election unhealthy). Or turn {@link
 * LeaseConfig#listen()} off: followers then only poll, and the pool needs no connection more.
 *
 * <p>Immutable and thread-safe; one backend serves any number of elections.
 */
public final class LeaseBackend implements Backend {
  private final DataSource dataSource;
  private final LeaseConfig config;
  private final SqlDialect dialect;

  private LeaseBackend(DataSource dataSource, LeaseConfig config, SqlDialect dialect) {
    this.dataSource = dataSource;
    this.config = config;
    this.dialect = dialect;
  }

  /**
   * A backend on {@code dataSource}: checks that the database is PostgreSQL or H2 and, if {@link
   * LeaseConfig#createTable()} is set, creates the lease table and its token sequence if they are
   * missing, or upgrades a table of an earlier version (see {@link #ddl(String)} to apply them by
   * hand); then checks the table and that the sequence is above the table's highest token.
   *
   * @throws NullPointerException if an argument is null
   * @throws LeaseTableException if the database is not supported, the table or its sequence is
   *     missing or misshapen, or the sequence is below the table's highest token
   * @throws dev.baton.recipes.kernel.StoreUnavailableException if the database cannot be reached
   */
  public static LeaseBackend create(DataSource dataSource, LeaseConfig config) {
    Objects.requireNonNull(dataSource, "dataSource");
    Objects.requireNonNull(config, "config");
    return new LeaseBackend(dataSource, config, LeaseSchema.prepare(dataSource, config));
  }

  /**
   * The DDL of the lease table {@code table} and its token sequence, two statements, for PostgreSQL
   * and H2 alike.
   *
   * @throws IllegalArgumentException naming {@code LeaseConfig.table} if the name is not a plain
   *     SQL identifier
   */
  public static String ddl(String table) {
    return LeaseSchema.ddl(table);
  }

  /**
   * Joins the contest for the row {@code contest.name()}: the candidate takes the row when it is
   * absent, released or expired, renews it while it holds it, and polls (or, on PostgreSQL, also
   * wakes on a release) while it follows.
   */
  @Override
  public Candidacy join(Contest contest, Candidacy.Listener listener) {
    Objects.requireNonNull(contest, "contest");
    Objects.requireNonNull(listener, "listener");
    return LeaseCandidacy.join(
        LeaseStores.store(dataSource, dialect, config, contest.name()),
        LeaseStores.wakeups(dataSource, dialect, config, contest.name()),
        config,
        contest,
        listener);
  }

  /** The holder of the row {@code name} while its lease is live; its node name is the row's. */
  @Override
  public Optional<Holder> holder(String name) {
    Optional<LeaseRecord> row = LeaseStores.store(dataSource, dialect, config, name).read();
    if (row.isEmpty() || !row.get().live() || row.get().holder() == null) {
      return Optional.empty();
    }
    LeaseRecord r = row.get();
    return Optional.of(
        new Holder(
            LeaseHolder.participantOf(String.valueOf(r.holder())),
            FencingToken.of(name, r.token()),
            "lease:" + config.table() + ":" + name));
  }

  /** A lease has no queue: only its live holder, if any. */
  @Override
  public List<Holder> participants(String name) {
    return holder(name).map(List::of).orElse(List.of());
  }

  public DataSource dataSource() {
    return dataSource;
  }

  public LeaseConfig config() {
    return config;
  }

  /** The database, as the SQL fence names it. */
  public SqlDialect dialect() {
    return dialect;
  }

  @Override
  public String toString() {
    return "LeaseBackend{" + dialect + ", " + config + "}";
  }
}
