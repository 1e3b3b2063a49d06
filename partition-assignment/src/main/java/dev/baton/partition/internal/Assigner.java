package dev.baton.partition.internal;

import dev.baton.partition.GroupConfig;
import dev.baton.partition.internal.record.AssignmentRecord;
import dev.baton.partition.strategy.MemberProfile;
import dev.baton.recipes.election.Leadership;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The assigner of one election term: it watches the members and the partition set, computes the
 * assignment (coalescing bursts of changes), and publishes it as a fenced write: one multi that checks the
 * term's election znode and replaces the assignment at the version it read, so a deposed assigner can
 * publish nothing and two assigners never overwrite each other. All state is confined to its own thread.
 *
 * <p>Here: the debounce, the rebalance, retries and the lifecycle. Its parts, on the same thread:
 * {@link AssignerInputs} (what it computes from) and {@link AssignmentPublisher} (the fenced write).
 */
public final class Assigner {
  private static final Logger log = LoggerFactory.getLogger(Assigner.class);
  private static final long RETRY_MS = 1000;

  private final GroupPaths paths;
  private final GroupConfig config;
  private final Leadership term;
  private final GroupMetrics metrics;
  private final ScheduledExecutorService thread;
  private final GraceTracker grace;
  private final Map<String, MemberProfile> lastSeen;
  private final AssignerInputs inputs;
  private final AssignmentPublisher publisher;

  private ScheduledFuture<?> pending;
  private long firstChangeNanos;
  private boolean retryScheduled;
  private volatile boolean stopped;

  /**
   * @param grace and {@code lastSeen} outlive the term (they belong to the member), so that a term
   *     revoked by a connection blip does not restart the grace periods of departed members
   */
  public Assigner(CuratorFramework client, GroupPaths paths, GroupConfig config, Leadership term,
      GroupMetrics metrics, GraceTracker grace, Map<String, MemberProfile> lastSeen) {
    this.paths = paths;
    this.config = config;
    this.term = term;
    this.metrics = metrics;
    this.grace = grace;
    this.lastSeen = lastSeen;
    this.thread = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "baton-assigner-" + config.memberId());
      t.setDaemon(true);
      return t;
    });
    this.inputs = new AssignerInputs(this, thread, client, paths, config, metrics, lastSeen);
    this.publisher = new AssignmentPublisher(this, inputs, client, paths, config, term, metrics);
  }

  public void start() {
    log.info("member {} is the assigner of {} (token {})", config.memberId(), paths.group(), term.token());
    execute(() -> {
      inputs.readAll();
      changed();
    });
  }

  public void stop() {
    stopped = true;
    thread.shutdownNow();
    try {
      if (!thread.awaitTermination(5, TimeUnit.SECONDS)) {
        log.warn("assigner thread of {} did not stop within 5 s", config.memberId());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    metrics.unowned(-1);
  }

  // ---- compute and publish ----

  /** Something changed: compute after the quiet period, at most rebalanceMaxDelay after the first change. */
  void changed() {
    if (stopped) {
      return;
    }
    long now = System.nanoTime();
    if (pending == null || pending.isDone()) {
      firstChangeNanos = now;
    } else {
      pending.cancel(false);
    }
    long quiet = config.rebalanceDelay().toNanos();
    long deadline = firstChangeNanos + config.rebalanceMaxDelay().toNanos();
    long at = Math.min(now + quiet, deadline);
    pending = thread.schedule(() -> guarded(this::rebalance), Math.max(0, at - now),
        TimeUnit.NANOSECONDS);
  }

  private void rebalance() {
    if (stopped) {
      return;
    }
    if (inputs.missingPartitions()) {
      return;
    }
    SortedSet<Integer> partitions = inputs.partitions();
    AssignmentRecord previous = inputs.previous();
    Map<String, MemberProfile> members = inputs.members();
    Instant now = config.clock().instant();
    Set<String> assigned = previous == null ? Set.of() : new TreeSet<>(previous.owners().values());
    Set<String> ghosts = grace.ghosts(members.keySet(), assigned, now);
    List<MemberProfile> everyone = new ArrayList<>(members.values());
    for (String id : ghosts) {
      everyone.add(lastSeen.getOrDefault(id, MemberProfile.of(id)));
    }
    if (everyone.isEmpty()) {
      return;
    }
    Rebalance.Result result;
    try {
      result = Rebalance.compute(config.strategy(), partitions, everyone,
          previous == null ? inputs.currentOwners() : previous.owners());
    } catch (RuntimeException e) {
      log.error("assigner: the strategy failed; nothing published", e);
      return;
    }
    if (!ghosts.isEmpty()) {
      log.info("assigner: keeping the partitions of {} for their rejoin grace", ghosts);
    }
    grace.nextExpiry(now).ifPresent(at ->
        thread.schedule(() -> guarded(this::changed),
            java.time.Duration.between(now, at).toMillis() + 1, TimeUnit.MILLISECONDS));
    if (previous != null && previous.partitions().equals(partitions)
        && previous.owners().equals(result.owners())) {
      return;
    }
    publisher.publish(result);
  }

  /** The term's election znode is gone: this assigner does nothing more. */
  void termOver() {
    stopped = true;
  }

  // ---- helpers ----

  void retry(String what, Exception e) {
    if (stopped) {
      return;
    }
    log.warn("assigner: cannot {}; retrying in {} ms: {}", what, RETRY_MS, e.toString());
    if (retryScheduled) {
      return;
    }
    retryScheduled = true;
    try {
      thread.schedule(() -> {
        retryScheduled = false;
        inputs.readAll();
        changed();
      }, RETRY_MS, TimeUnit.MILLISECONDS);
    } catch (RejectedExecutionException stoppedMeanwhile) {
      log.debug("assigner stopped");
    }
  }

  void execute(Runnable task) {
    try {
      thread.execute(() -> guarded(task));
    } catch (RejectedExecutionException e) {
      log.debug("assigner stopped; dropping a task");
    }
  }

  private void guarded(Runnable task) {
    try {
      task.run();
    } catch (RuntimeException e) {
      log.error("assigner task failed; retrying", e);
      retry("complete a task", e);
    }
  }
}
