// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election;

import dev.baton.recipes.BatonSession;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.SessionConfig;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.UnaryOperator;

/**
 * One candidate of a test: its own session (own ZooKeeper client), its election, and a listener
 * that reports to a shared {@link TermRecorder}.
 */
final class TestCandidate implements AutoCloseable {
  private final String id;
  private final BatonSession session;
  private final LeaderElection election;
  private final TermRecorder recorder;
  private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
  final List<RevocationReason> revocations = new CopyOnWriteArrayList<>();
  final List<Leadership> terms = new CopyOnWriteArrayList<>();

  TestCandidate(
      String id,
      String connectString,
      String path,
      Duration sessionTimeout,
      TermRecorder recorder,
      UnaryOperator<ElectionConfig.Builder> tweak) {
    this.id = id;
    this.recorder = recorder;
    this.session =
        BatonSession.start(
            SessionConfig.builder(connectString)
                .sessionTimeout(sessionTimeout)
                .connectionTimeout(Duration.ofMillis(Math.min(sessionTimeout.toMillis(), 3000)))
                .build());
    ElectionConfig config =
        tweak
            .apply(
                ElectionConfig.builder(path)
                    .participantId(id)
                    .reentryJitter(Duration.ofMillis(100))
                    .meterRegistry(meters))
            .build();
    this.election =
        LeaderElection.create(
            session,
            config,
            new LeadershipListener() {
              @Override
              public void elected(Leadership leadership) {
                terms.add(leadership);
                recorder.elected(id, leadership);
              }

              @Override
              public void revoked(Leadership leadership, RevocationReason reason) {
                revocations.add(reason);
                recorder.revoked(id, leadership, reason);
              }
            });
    recorder.register(this);
  }

  TestCandidate start() {
    election.start();
    return this;
  }

  String id() {
    return id;
  }

  LeaderElection election() {
    return election;
  }

  BatonSession session() {
    return session;
  }

  double watchEvents() {
    return meters
        .counter(
            "baton.election.watch.events", "election", election.config().path(), "participant", id)
        .count();
  }

  double meter(String name, String... tags) {
    return meters.get(name).tags(tags).counter().count();
  }

  @Override
  public void close() {
    recorder.unregister(this);
    election.close();
    session.close();
  }
}
