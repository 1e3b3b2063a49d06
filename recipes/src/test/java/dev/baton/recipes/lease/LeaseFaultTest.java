// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lease;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.fencing.FencingToken;
import dev.baton.fencing.sql.SqlFence;
import dev.baton.fencing.sql.SqlFenceSchema;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.election.ElectionConfig;
import dev.baton.recipes.election.LeaderElection;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.election.LeadershipListener;
import dev.baton.testkit.ChildJvm;
import dev.baton.testkit.PostgresFixture;
import dev.baton.testkit.SqlTables;
import dev.baton.testkit.TcpProxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The lease backend under real faults, on the test's PostgreSQL: a holder in a child JVM killed
 * (SIGKILL) or paused (SIGSTOP) past its lease, and a holder whose connection to the database is
 * cut by a TCP proxy.
 */
class LeaseFaultTest {
  private static final long LEASE_MS = 2_000;
  private static final Duration WITHIN = Duration.ofSeconds(30);

  private final DataSource db = PostgresFixture.dataSource();
  private final String leases = LeaseDatabases.table();
  private final String fence = LeaseDatabases.table();
  private final String data = LeaseDatabases.table();
  private final String path = "/lease/fault/" + System.nanoTime();

  @BeforeEach
  void tables() throws Exception {
    SqlFenceSchema.create(db, fence);
    try (Connection c = db.getConnection();
        Statement s = c.createStatement()) {
      s.execute("CREATE TABLE " + data + " (label VARCHAR(64) NOT NULL)");
    }
  }

  @AfterEach
  void drop() {
    SqlTables.drop(db, leases, fence, data);
    SqlTables.dropSequences(db, leases + "_tokens");
  }

  @Test
  void aKilledHoldersSuccessorLeadsWithinTheLeasePlusAPoll() throws Exception {
    LeaseBackend backend =
        LeaseBackend.create(db, LeaseHolderMain.config(leases, LEASE_MS).build());
    try (ChildJvm a = holder("A");
        Candidate b = new Candidate(backend, "B")) {
      FencingToken aToken = FencingToken.parse(a.awaitLine("ELECTED ", 0, WITHIN).substring(8));
      b.election.start();
      long killed = System.nanoTime();
      a.kill();
      Leadership bTerm = b.election.awaitLeadership(WITHIN).orElseThrow();
      // the term is active before its elected callback runs: wait for the callback's time
      assertThat(b.elected.await(WITHIN.toSeconds(), TimeUnit.SECONDS)).isTrue();
      long tookMs = TimeUnit.NANOSECONDS.toMillis(b.electedAt.get() - killed);
      assertThat(bTerm.token().value()).isEqualTo(aToken.value() + 1);
      // the database expires A's lease at most LEASE_MS after its last renewal; B polls every 200
      // ms (plus up to 25 %): B cannot lead before the expiry, and should not lag it by much
      assertThat(tookMs).isLessThan(LEASE_MS + 1_000);
    }
  }

  @Test
  void aPausedHolderWakesPastItsLeaseAndTheFenceRejectsItsWrite() throws Exception {
    LeaseBackend backend =
        LeaseBackend.create(db, LeaseHolderMain.config(leases, LEASE_MS).build());
    try (ChildJvm a = holder("A");
        Candidate b = new Candidate(backend, "B")) {
      FencingToken aToken = FencingToken.parse(a.awaitLine("ELECTED ", 0, WITHIN).substring(8));
      a.send("WRITE a1");
      a.awaitLine("DONE", 0, WITHIN);
      a.pause(); // SIGSTOP: A still believes it leads
      b.election.start();
      Leadership bTerm = b.election.awaitLeadership(WITHIN).orElseThrow();
      assertThat(bTerm.token()).isGreaterThan(aToken);
      SqlFence.create(db, fence, "B").write("lease-test", bTerm.token(), c -> insert(c, "b1"));

      int seen = a.lines().size();
      a.resume(); // SIGCONT: A writes with its old token at once
      a.send("WRITE a2");
      a.awaitLine("DONE", seen, WITHIN);
      List<String> now = a.lines(); // one snapshot: A goes on printing (its REVOKED line)
      assertThat(now.subList(seen, now.size()))
          .filteredOn(l -> l.startsWith("RESULT "))
          .singleElement()
          .asString()
          .startsWith("RESULT REJECTED StaleTokenException");
      assertThat(labels()).containsExactlyInAnyOrder("a1", "b1");
      // and A learns by its own clock that its term is over
      String revoked = a.awaitLine("REVOKED ", 0, WITHIN);
      assertThat(revoked).startsWith("REVOKED " + aToken);
      assertThat(revoked).containsAnyOf("LEASE_EXPIRED", "LEASE_LOST", "RENEWAL_FAILED");
    }
  }

  @Test
  void aHolderCutFromTheDatabaseStopsByItsOwnClockBeforeItsSuccessorLeads() throws Exception {
    LeaseConfig config = LeaseHolderMain.config(leases, LEASE_MS).build();
    LeaseBackend direct = LeaseBackend.create(db, config);
    try (TcpProxy proxy = TcpProxy.start("127.0.0.1", 5432)) {
      PGSimpleDataSource viaProxy = new PGSimpleDataSource();
      viaProxy.setURL(PostgresFixture.url().replace(":5432/", ":" + proxy.port() + "/"));
      LeaseBackend cut = LeaseBackend.create(viaProxy, config);
      // LeaseTerms checks, when B's term begins, that A no longer holds an active term
      LeaseTerms terms = new LeaseTerms();
      try {
        LeaderElection a = terms.candidate(cut, path, "A");
        LeaderElection b = terms.candidate(direct, path, "B");
        a.start();
        Leadership aTerm = a.awaitLeadership(WITHIN).orElseThrow();
        b.start();
        long cutAt = System.nanoTime();
        proxy.blackhole();
        assertThat(aTerm.awaitRevocation(WITHIN)).isTrue();
        long revokedAt = System.nanoTime();
        Leadership bTerm = b.awaitLeadership(WITHIN).orElseThrow();
        assertThat(bTerm.token().value()).isEqualTo(aTerm.token().value() + 1);
        await().atMost(WITHIN).until(() -> terms.elected().size() == 2);
        assertThat(terms.violations()).isEmpty();
        assertThat(aTerm.revocationReason())
            .hasValueSatisfying(
                r ->
                    assertThat(r)
                        .isIn(RevocationReason.RENEWAL_FAILED, RevocationReason.LEASE_EXPIRED));
        // by its own clock: within the lease minus the margin of its last renewal, before the cut
        assertThat(TimeUnit.NANOSECONDS.toMillis(revokedAt - cutAt))
            .isLessThan(LEASE_MS - config.safetyMargin().toMillis() + 200);
      } finally {
        terms.closeAll();
      }
    }
  }

  private ChildJvm holder(String id) {
    return ChildJvm.start(
        LeaseHolderMain.class,
        PostgresFixture.url(),
        leases,
        path,
        id,
        Long.toString(LEASE_MS),
        fence,
        data);
  }

  private int insert(Connection c, String label) throws Exception {
    try (PreparedStatement s = c.prepareStatement("INSERT INTO " + data + " (label) VALUES (?)")) {
      s.setString(1, label);
      return s.executeUpdate();
    }
  }

  private List<String> labels() throws Exception {
    List<String> out = new ArrayList<>();
    try (Connection c = db.getConnection();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT label FROM " + data)) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }

  /** A candidate in this JVM that notes when its elected callback ran. */
  private final class Candidate implements AutoCloseable {
    final AtomicLong electedAt = new AtomicLong();
    final CountDownLatch elected = new CountDownLatch(1);
    final LeaderElection election;

    Candidate(LeaseBackend backend, String id) {
      election =
          LeaderElection.create(
              backend,
              ElectionConfig.builder(path).participantId(id).build(),
              new LeadershipListener() {
                @Override
                public void elected(Leadership leadership) {
                  electedAt.compareAndSet(0, System.nanoTime());
                  elected.countDown();
                }

                @Override
                public void revoked(Leadership leadership, RevocationReason r) {}
              });
    }

    @Override
    public void close() {
      election.close();
    }
  }
}
