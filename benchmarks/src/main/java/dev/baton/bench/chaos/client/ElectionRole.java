// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.client;

import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.backend.Backend;
import dev.baton.recipes.election.ElectionConfig;
import dev.baton.recipes.election.LeaderElection;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.election.LeadershipListener;
import java.time.Duration;

/**
 * {@code --role=election}: a {@link LeaderElection} at {@code <path>/election}, a {@link
 * WriterLoop} per term. {@code began_at} is the term's start on the {@link NanoClock}; {@code
 * ended_at} when the revocation began (a held write can keep the drain waiting).
 */
final class ElectionRole implements ChaosRole {
  static final String RESOURCE = "leader";
  private static final Duration DRAIN = Duration.ofSeconds(5);

  private final LeaderElection election;
  private final LeaseLinkWatcher watcher;

  ElectionRole(ClientArgs args, Backend on, ProtectedWriter writer, EventOut out) {
    this.election =
        LeaderElection.create(
            on,
            ElectionConfig.builder(args.path() + "/election")
                .participantId(args.id())
                .clock(NanoClock.INSTANCE)
                .build(),
            new LeadershipListener() {
              private WriterLoop loop;

              @Override
              public void elected(Leadership leadership) {
                out.event(
                    "ELECTED",
                    "token",
                    leadership.token().value(),
                    "began_at",
                    NanoClock.nanos(leadership.startedAt()));
                loop =
                    new WriterLoop(
                        "chaos-writer-" + leadership.token().value(),
                        writer,
                        RESOURCE,
                        leadership.token(),
                        args.writeInterval(),
                        leadership::isActive);
                loop.start();
              }

              @Override
              public void revoked(Leadership leadership, RevocationReason reason) {
                long endedAt = System.nanoTime();
                if (loop != null) {
                  loop.stopAndJoin(DRAIN);
                  loop = null;
                }
                out.event(
                    "REVOKED",
                    "token",
                    leadership.token().value(),
                    "reason",
                    reason,
                    "ended_at",
                    endedAt);
              }
            });
    this.watcher = new LeaseLinkWatcher(on, election, out);
  }

  @Override
  public void start() {
    election.start();
    watcher.start();
  }

  @Override
  public void close() {
    watcher.stop();
    election.close();
  }
}
