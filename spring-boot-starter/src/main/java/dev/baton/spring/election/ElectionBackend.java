// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.election;

import dev.baton.recipes.BatonSession;
import dev.baton.recipes.election.ElectionConfig;
import dev.baton.recipes.election.LeaderElection;
import dev.baton.recipes.election.LeadershipListener;
import dev.baton.recipes.lease.LeaseBackend;
import java.util.Objects;

/**
 * Where a {@link BatonElection} runs its elections: on a ZooKeeper {@link BatonSession} or on a
 * {@link LeaseBackend} (a lease record in a SQL database). Both make the same {@link
 * LeaderElection}: the terms, tokens, callbacks and health do not depend on the backend.
 *
 * <p>Immutable and thread-safe.
 */
public sealed interface ElectionBackend {
  /** The elections of {@code session}, on ZooKeeper. */
  static ElectionBackend of(BatonSession session) {
    return new ZooKeeper(session);
  }

  /** The elections of {@code backend}, on a lease record in its database. */
  static ElectionBackend of(LeaseBackend backend) {
    return new Lease(backend);
  }

  /** Creates a latent election; the caller starts and closes it. */
  LeaderElection create(ElectionConfig config, LeadershipListener listener);

  /**
   * Whether the backend is reachable as far as it is known without an election: the session's
   * connection state on ZooKeeper; always true on the lease backend, which holds no connection
   * outside an election.
   */
  boolean isConnected();

  /** The backend's name for health details and logs: {@code zookeeper} or {@code lease}. */
  String kind();

  /**
   * Elections on a ZooKeeper session.
   *
   * @param session the session
   */
  record ZooKeeper(BatonSession session) implements ElectionBackend {
    /** Checks the session. */
    public ZooKeeper {
      Objects.requireNonNull(session, "session");
    }

    @Override
    public LeaderElection create(ElectionConfig config, LeadershipListener listener) {
      return LeaderElection.create(session, config, listener);
    }

    @Override
    public boolean isConnected() {
      return session.isConnected();
    }

    @Override
    public String kind() {
      return "zookeeper";
    }
  }

  /**
   * Elections on a lease record.
   *
   * @param backend the lease backend
   */
  record Lease(LeaseBackend backend) implements ElectionBackend {
    /** Checks the backend. */
    public Lease {
      Objects.requireNonNull(backend, "backend");
    }

    @Override
    public LeaderElection create(ElectionConfig config, LeadershipListener listener) {
      return LeaderElection.create(backend, config, listener);
    }

    @Override
    public boolean isConnected() {
      return true;
    }

    @Override
    public String kind() {
      return "lease";
    }
  }
}
