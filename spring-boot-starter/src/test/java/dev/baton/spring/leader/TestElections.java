// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.leader;

import dev.baton.recipes.BatonSession;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.SessionConfig;
import dev.baton.recipes.election.ElectionConfig;
import dev.baton.recipes.election.LeaderElection;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.election.LeadershipListener;
import dev.baton.spring.election.ElectionTerms;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The tests' {@link ElectionTerms}: real {@link LeaderElection}s on a real ZooKeeper, one session
 * per instance, until the starter's own election beans are used.
 */
public final class TestElections implements ElectionTerms, AutoCloseable {
  private final BatonSession session;
  private final Map<String, LeaderElection> elections = new LinkedHashMap<>();

  private TestElections(BatonSession session) {
    this.session = session;
  }

  /** Starts a session and one election per entry of {@code paths} (name to path). */
  public static TestElections start(
      String connectString, String participantId, Map<String, String> paths) {
    BatonSession session =
        BatonSession.start(
            SessionConfig.builder(connectString).sessionTimeout(Duration.ofSeconds(4)).build());
    TestElections terms = new TestElections(session);
    paths.forEach(
        (name, path) -> {
          LeaderElection election =
              LeaderElection.create(
                  session,
                  ElectionConfig.builder(path)
                      .participantId(participantId)
                      .reentryJitter(Duration.ofMillis(50))
                      .build(),
                  new LeadershipListener() {
                    @Override
                    public void elected(Leadership leadership) {}

                    @Override
                    public void revoked(Leadership leadership, RevocationReason reason) {}
                  });
          election.start();
          terms.elections.put(name, election);
        });
    return terms;
  }

  /** The session of this instance, to expire it on the server. */
  public BatonSession session() {
    return session;
  }

  /** The election called {@code name}. */
  public LeaderElection election(String name) {
    LeaderElection election = elections.get(name);
    if (election == null) {
      throw new IllegalArgumentException("no election " + name + " among " + elections.keySet());
    }
    return election;
  }

  @Override
  public Set<String> names() {
    return Set.copyOf(elections.keySet());
  }

  @Override
  public Optional<Leadership> leadership(String name) {
    return election(name).leadership();
  }

  @Override
  public void close() {
    elections.values().forEach(LeaderElection::close);
    session.close();
  }
}
