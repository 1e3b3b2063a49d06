// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.contender;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.curator.drivers.TracerDriver;
import org.apache.zookeeper.ZooKeeper;

/**
 * One candidate of a ZooKeeper election benchmark: its own session and its library's election
 * recipe ({@link BatonCandidate}, {@link CuratorCandidate}, the election handover's floor).
 */
public abstract class ZkCandidate extends Candidate {
  private final TracerDriver tracer;

  protected ZkCandidate(String id, TracerDriver tracer, Sink sink) {
    super(id, sink);
    this.tracer = tracer;
  }

  /**
   * Connects a candidate of {@code library} ({@link Library#BATON} or {@link Library#CURATOR}) to
   * election {@code path}, with {@code tracer} (request counting) on its client if not null; it is
   * not in the election until {@link #join()}.
   */
  public static ZkCandidate connect(
      Library library, String id, String path, ZkClient client, TracerDriver tracer, Sink sink)
      throws InterruptedException {
    return switch (library) {
      case BATON -> new BatonCandidate(id, path, client, tracer, sink);
      case CURATOR -> new CuratorCandidate(id, path, client, tracer, sink);
      default -> throw new IllegalArgumentException("no election candidate of " + library);
    };
  }

  /** The tracer driver this candidate was connected with, or null. */
  public final TracerDriver tracer() {
    return tracer;
  }

  /** Leaves the election (the session stays). */
  public abstract void closeRecipe() throws Exception;

  /** Closes the session. */
  public abstract void closeSession() throws Exception;

  /** The session's current ZooKeeper handle. */
  public abstract ZooKeeper handle() throws Exception;

  /** The id of this candidate's ZooKeeper session. */
  public long sessionId() throws Exception {
    return handle().getSessionId();
  }

  /** The graceful exit: the election recipe, then (even if that failed) the session. */
  @Override
  public final void close() throws Exception {
    try {
      closeRecipe();
    } finally {
      closeSession();
    }
  }

  /**
   * Closes {@code queue}: the recipes one by one from the back (nobody watches the last znode, so
   * no handover and no callback happens on the way out), then the sessions, 16 at a time (each
   * ZooKeeper close spends ~100 ms shutting its threads down), each waited for at most {@code
   * timeoutMs}. A failure is reported on stderr and does not stop the others.
   */
  public static void closeAll(List<? extends ZkCandidate> queue, long timeoutMs) {
    for (int i = queue.size() - 1; i >= 0; i--) {
      try {
        queue.get(i).closeRecipe();
      } catch (Exception x) {
        System.err.println("closing the recipe of " + queue.get(i) + " failed: " + x);
      }
    }
    ExecutorService pool = Executors.newFixedThreadPool(16);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (ZkCandidate c : queue) {
        done.add(
            pool.submit(
                () -> {
                  c.closeSession();
                  return null;
                }));
      }
      for (int i = 0; i < done.size(); i++) {
        try {
          done.get(i).get(timeoutMs, TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException x) {
          System.err.println("closing the session of " + queue.get(i) + " failed: " + x);
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      pool.shutdownNow();
    }
  }
}
