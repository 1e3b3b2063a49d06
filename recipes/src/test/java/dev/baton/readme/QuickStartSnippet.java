// SPDX-License-Identifier: Apache-2.0
package dev.baton.readme;

// README:begin
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.SessionConfig;
import dev.baton.recipes.election.ElectionConfig;
import dev.baton.recipes.election.LeaderElection;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.election.LeadershipListener;
import java.time.Duration;
// README:end

/**
 * The README's quick start as it stands: the README's imports are this file's only ones, and its
 * code is the body of {@link #run}, an ordinary method that declares no exception. The two abstract
 * methods are the reader's own.
 */
public abstract class QuickStartSnippet {
  /** The reader's: starts the term's work. */
  protected abstract void startScheduler(Leadership leadership);

  /** The reader's: stops it. */
  protected abstract void stopScheduler();

  /** The README's code, given the ensemble's connect string. */
  public void run(String connectString) {
    // README:begin
    try (BatonSession session = BatonSession.start(
            SessionConfig.builder(connectString).sessionTimeout(Duration.ofSeconds(15)).build());
        LeaderElection election = LeaderElection.create(session,
            ElectionConfig.builder("/services/billing/scheduler-leader")
                .participantId("billing-7")
                .build(),
            new LeadershipListener() {
              @Override
              public void elected(Leadership leadership) {
                // Runs on the election's own thread. Pass the token to every protected write.
                System.out.println("leading with " + leadership.token());
                startScheduler(leadership);
              }

              @Override
              public void revoked(Leadership leadership, RevocationReason reason) {
                System.out.println("stopped leading: " + reason);
                stopScheduler();
              }
            })) {
      election.start();
      election.awaitLeadership(Duration.ofSeconds(30))
          .ifPresent(l -> System.out.println("leader " + l.participantId() + ", token " + l.token()));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // awaitLeadership was interrupted; the election is closed
    }
    // README:end
  }
}
