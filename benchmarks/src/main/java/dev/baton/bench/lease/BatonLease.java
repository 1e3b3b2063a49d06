// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.lease;

import dev.baton.fencing.FencingException;
import dev.baton.fencing.FencingToken;
import dev.baton.fencing.sql.SqlFence;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.election.ElectionConfig;
import dev.baton.recipes.election.LeaderElection;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.election.LeadershipListener;
import dev.baton.recipes.lease.LeaseBackend;
import dev.baton.recipes.lease.LeaseConfig;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Baton: {@code LeaderElection} on a {@code LeaseBackend} of the candidate's own data source, with
 * the common lease and poll ({@link #config}), and a {@code SqlFence} for the pause test's write.
 * Mapping: docs/benchmarks.md, "Lease".
 */
final class BatonLease extends LeaseCandidate {
  private final LeaderElection leaderElection;
  private final SqlFence fence;
  private final AtomicReference<Leadership> last = new AtomicReference<>();

  BatonLease(LeaseSetup setup, String election, String id, CountingDataSource ds, Sink sink) {
    super(setup, LeaseSystem.BATON, election, id, ds, sink);
    LeaseBackend backend = LeaseBackend.create(ds, config(setup));
    this.fence = SqlFence.create(ds, setup.fenceTable(), id);
    this.leaderElection =
        LeaderElection.create(
            backend,
            ElectionConfig.builder(election).participantId(id).build(),
            new LeadershipListener() {
              @Override
              public void elected(Leadership leadership) {
                last.set(leadership);
                markElected(Optional.of(leadership.token()));
              }

              @Override
              public void revoked(Leadership leadership, RevocationReason reason) {
                markRevoked();
              }
            });
  }

  /** Baton's settings for the common lease and poll interval; see the class comment. */
  static LeaseConfig config(LeaseSetup setup) {
    Duration fifth = Duration.ofMillis(setup.leaseMs() / 5);
    return LeaseConfig.builder()
        .table(setup.lockTable(LeaseSystem.BATON))
        .leaseDuration(setup.lease())
        .safetyMargin(fifth)
        .renewInterval(Duration.ofMillis(setup.leaseMs() / 3))
        .renewTimeout(fifth)
        .pollInterval(setup.poll())
        .build();
  }

  @Override
  public void join() {
    leaderElection.start();
  }

  @Override
  public Optional<FencingToken> token() {
    return leaderElection.leadership().map(Leadership::token);
  }

  @Override
  boolean ready() {
    return dataSource().listened();
  }

  @Override
  void leave() {
    leaderElection.close();
  }

  @Override
  public WriteResult write(String label) {
    Leadership term = last.get();
    if (term == null) {
      throw new IllegalStateException(this + " was never elected: it has no token to write with");
    }
    try {
      // one fenced resource per election: tokens are scoped to their election
      fence.write("data:" + election, term.token(), c -> insert(c, label));
      return WriteResult.acceptedWrite();
    } catch (FencingException e) {
      return new WriteResult(false, e.getClass().getSimpleName());
    }
  }
}
