// SPDX-License-Identifier: Apache-2.0
package dev.baton.readme;

// README:begin
import dev.baton.fencing.sql.SqlFence;
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.SessionConfig;
import dev.baton.recipes.election.ElectionConfig;
import dev.baton.recipes.election.LeaderElection;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.election.LeadershipListener;
import java.sql.PreparedStatement;
// README:end

/**
 * The README's first code: an election whose leader writes through a fence. The README's imports
 * are this file's only ones; its code is the body of {@link #run}, which declares no exception. The
 * abstract method is the reader's own.
 */
public abstract class FencedLeaderSnippet {
  /** The reader's: returns when the process should stop. */
  protected abstract void runUntilShutdown();

  /** The README's code, given the ensemble's connect string and the database. */
  public void run(String connectString, javax.sql.DataSource dataSource) {
    // README:begin
    SqlFence fence = SqlFence.create(dataSource); // rejects stale tokens (table baton_fence)
    LeadershipListener listener = new LeadershipListener() {
      @Override
      public void elected(Leadership term) { // on the election's own thread, never ZooKeeper's
        fence.write("billing-run", term.token(), connection -> {
          try (PreparedStatement insert =
              connection.prepareStatement("INSERT INTO billing_runs (token) VALUES (?)")) {
            insert.setLong(1, term.token().value());
            return insert.executeUpdate(); // commits only if no newer leader wrote billing-run
          }
        });
      }

      @Override
      public void revoked(Leadership term, RevocationReason reason) {} // exactly once, after elected
    };
    try (BatonSession session = BatonSession.start(SessionConfig.builder(connectString).build());
        LeaderElection election = LeaderElection.create(session,
            ElectionConfig.builder("/services/billing/leader").participantId("billing-7").build(),
            listener)) {
      election.start();
      runUntilShutdown();
    }
    // README:end
  }
}
