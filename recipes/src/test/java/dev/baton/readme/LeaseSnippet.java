// SPDX-License-Identifier: Apache-2.0
package dev.baton.readme;

// README:begin
import dev.baton.recipes.election.ElectionConfig;
import dev.baton.recipes.election.LeaderElection;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.election.LeadershipListener;
import dev.baton.recipes.lease.LeaseBackend;
import dev.baton.recipes.lease.LeaseConfig;
import java.time.Duration;
import javax.sql.DataSource;
// README:end

/**
 * The README's lease-backend election as it stands: the same election as the quick start, on a
 * lease row in the reader's database instead of a ZooKeeper session.
 */
public abstract class LeaseSnippet {
  /** The reader's listener, as in the quick start. */
  protected abstract LeadershipListener listener();

  /** The README's code, given the application's data source; returns the term it led. */
  public Leadership run(DataSource dataSource) throws InterruptedException {
    // README:begin
    LeaseBackend backend = LeaseBackend.create(dataSource,
        LeaseConfig.builder().leaseDuration(Duration.ofSeconds(15)).build());
    try (LeaderElection election = LeaderElection.create(backend,
        ElectionConfig.builder("/services/billing/scheduler-leader")
            .participantId("billing-7")
            .build(),
        listener())) {
      election.start();
      Leadership term = election.awaitLeadership(Duration.ofSeconds(30)).orElseThrow();
      System.out.println("leading with " + term.token()); // ft:1@/services/billing/scheduler-leader
      // README:end
      return term;
      // README:begin
    }
    // README:end
  }
}
