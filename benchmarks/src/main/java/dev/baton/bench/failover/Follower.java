// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.failover;

import dev.baton.recipes.BatonSession;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.election.ElectionConfig;
import dev.baton.recipes.election.LeaderElection;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.election.LeadershipListener;
import java.util.function.Consumer;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.leader.LeaderLatch;
import org.apache.curator.framework.recipes.leader.LeaderLatchListener;

/**
 * A candidate in the benchmark's JVM, with its own session: the successor of a failover round or
 * one of the candidates behind it. Its elected callback takes {@link System#nanoTime()} as its
 * first statement and reports it to the round.
 */
abstract class Follower implements AutoCloseable {
  /** An elected callback: who, and when. */
  record Elected(Follower who, long nanos) {}

  private final String label;
  private final Consumer<Elected> sink;

  Follower(String label, Consumer<Elected> sink) {
    this.label = label;
    this.sink = sink;
  }

  /** Connects a follower of {@code library} (not yet in the election; see {@link #join()}). */
  static Follower connect(
      Library library, ClientSettings settings, String path, String label, Consumer<Elected> sink)
      throws InterruptedException {
    return library == Library.BATON
        ? new BatonFollower(settings, path, label, sink)
        : new CuratorFollower(settings, path, label, sink);
  }

  /** For the library's elected callback. */
  protected final void reportElected() {
    long now = System.nanoTime();
    sink.accept(new Elected(this, now));
  }

  /** Enters the election. */
  abstract void join() throws Exception;

  /** The ZooKeeper session id of this follower's client. */
  abstract long sessionId() throws Exception;

  /** What the recipe says right now. */
  abstract boolean isLeader();

  /** Leaves the election (the session stays). */
  abstract void closeRecipe();

  /** Closes the session. */
  abstract void closeSession();

  /** Leaves: the recipe, then the session. */
  @Override
  public final void close() {
    try {
      closeRecipe();
    } finally {
      closeSession();
    }
  }

  @Override
  public String toString() {
    return label;
  }

  /** Baton: {@code BatonSession.start} and a {@code LeaderElection}. */
  private static final class BatonFollower extends Follower {
    private final BatonSession session;
    private final LeaderElection election;

    BatonFollower(ClientSettings settings, String path, String label, Consumer<Elected> sink) {
      super(label, sink);
      session = BatonSession.start(settings.baton(false));
      election =
          LeaderElection.create(
              session,
              ElectionConfig.builder(path).participantId(label).build(),
              new LeadershipListener() {
                @Override
                public void elected(Leadership leadership) {
                  reportElected();
                }

                @Override
                public void revoked(Leadership leadership, RevocationReason reason) {
                  // The round checks leadership through isLeader().
                }
              });
    }

    @Override
    void join() {
      election.start();
    }

    @Override
    long sessionId() {
      return session.sessionId();
    }

    @Override
    boolean isLeader() {
      return election.isLeader();
    }

    @Override
    void closeRecipe() {
      election.close();
    }

    @Override
    void closeSession() {
      session.close();
    }
  }

  /**
   * Curator: a client built as {@code BatonSession.start} builds its own, and a {@code
   * LeaderLatch}.
   */
  private static final class CuratorFollower extends Follower {
    private final CuratorFramework client;
    private final LeaderLatch latch;

    CuratorFollower(ClientSettings settings, String path, String label, Consumer<Elected> sink)
        throws InterruptedException {
      super(label, sink);
      client = settings.curator();
      latch = new LeaderLatch(client, path, label);
      latch.addListener(
          new LeaderLatchListener() {
            @Override
            public void isLeader() {
              reportElected();
            }

            @Override
            public void notLeader() {
              // The round checks leadership through hasLeadership().
            }
          });
    }

    @Override
    void join() throws Exception {
      latch.start();
    }

    @Override
    long sessionId() throws Exception {
      return client.getZookeeperClient().getZooKeeper().getSessionId();
    }

    @Override
    boolean isLeader() {
      return latch.hasLeadership();
    }

    @Override
    void closeRecipe() {
      try {
        latch.close();
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException("closing the latch of " + this, e);
      }
    }

    @Override
    void closeSession() {
      client.close();
    }
  }
}
