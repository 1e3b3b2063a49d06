package dev.baton.partition.internal;

import dev.baton.partition.GroupConfig;
import dev.baton.partition.MalformedRecordException;
import dev.baton.partition.strategy.MemberProfile;
import dev.baton.recipes.election.Leadership;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.api.transaction.CuratorOp;
import org.apache.curator.framework.api.transaction.CuratorTransactionResult;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.OpResult;
import org.apache.zookeeper.WatchedEvent;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.data.Stat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The assigner of one election term: it watches the members and the partition set, computes the
 * assignment (coalescing bursts of changes), and publishes it as a fenced write: one multi that checks the
 * term's election znode and replaces the assignment at the version it read, so a deposed assigner can
 * publish nothing and two assigners never overwrite each other. All state is confined to its own thread.
 */
public final class Assigner {
  private static final Logger log = LoggerFactory.getLogger(Assigner.class);
  private static final long RETRY_MS = 1000;
  private static final long OWNERS_READ_INTERVAL_MS = 500;

  private final CuratorFramework client;
  private final GroupPaths paths;
  private final GroupConfig config;
  private final Leadership term;
  private final GroupMetrics metrics;
  private final ScheduledExecutorService thread;
  private final GraceTracker grace;
  private final Watcher membersWatcher = e -> onEvent(e, this::readMembers);
  private final Watcher partitionsWatcher = e -> onEvent(e, this::readPartitions);
  private final Watcher ownersWatcher = e -> onEvent(e, this::scheduleOwnersRead);

  private SortedSet<Integer> partitions;
  private final Map<String, MemberProfile> members = new TreeMap<>();
  private final Map<String, MemberProfile> lastSeen;
  private final Set<String> malformedMembers = new HashSet<>();
  private AssignmentRecord previous;
  private int previousVersion = -1;
  private ScheduledFuture<?> pending;
  private long firstChangeNanos;
  private boolean ownersReadScheduled;
  private boolean warnedNoPartitions;
  private boolean retryScheduled;
  private volatile boolean stopped;

  /**
   * @param grace and {@code lastSeen} outlive the term (they belong to the member), so that a term
   *     revoked by a connection blip does not restart the grace periods of departed members
   */
  public Assigner(CuratorFramework client, GroupPaths paths, GroupConfig config, Leadership term,
      GroupMetrics metrics, GraceTracker grace, Map<String, MemberProfile> lastSeen) {
    this.client = client;
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
  }

  public void start() {
    log.info("member {} is the assigner of {} (token {})", config.memberId(), paths.group(), term.token());
    execute(() -> {
      readPartitions();
      readMembers();
      readAssignment();
      readOwners();
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

  // ---- inputs ----

  private void onEvent(WatchedEvent e, Runnable reread) {
    if (e.getType() != Watcher.Event.EventType.None) {
      execute(reread);
    }
  }

  private void readPartitions() {
    if (config.partitionCount().isPresent()) {
      TreeSet<Integer> fixed = new TreeSet<>();
      for (int i = 0; i < config.partitionCount().getAsInt(); i++) {
        fixed.add(i);
      }
      partitions = fixed;
      return;
    }
    try {
      byte[] data = client.getData().usingWatcher(partitionsWatcher).forPath(paths.partitions());
      partitions = PartitionSetRecord.decode(paths.partitions(), data);
      warnedNoPartitions = false;
      if (partitions.isEmpty()) {
        log.warn("group {} has zero partitions: every partition is released", paths.group());
      }
    } catch (KeeperException.NoNodeException e) {
      watchPartitionsNode();
    } catch (MalformedRecordException e) {
      metrics.malformedRecord();
      log.error("assigner: ignoring the partition set, keeping the previous one: {}", e.getMessage());
    } catch (Exception e) {
      retry("read the partition set", e);
    }
    changed();
  }

  private void watchPartitionsNode() {
    try {
      if (client.checkExists().usingWatcher(partitionsWatcher).forPath(paths.partitions()) != null) {
        execute(this::readPartitions);
      }
    } catch (Exception e) {
      retry("watch the partition set", e);
    }
  }

  private void readMembers() {
    List<String> names;
    try {
      names = client.getChildren().usingWatcher(membersWatcher).forPath(paths.members());
    } catch (KeeperException.NoNodeException e) {
      names = List.of();
      try {
        client.checkExists().usingWatcher(membersWatcher).forPath(paths.members());
      } catch (Exception ex) {
        retry("watch the members", ex);
      }
    } catch (Exception e) {
      retry("read the members", e);
      return;
    }
    members.keySet().retainAll(names);
    malformedMembers.retainAll(names);
    for (String name : names) {
      if (members.containsKey(name) || malformedMembers.contains(name)) {
        continue;
      }
      String path = paths.member(name);
      try {
        MemberProfile profile = MemberRecord.decode(path, name, client.getData().forPath(path));
        members.put(name, profile);
        lastSeen.put(name, profile);
      } catch (MalformedRecordException e) {
        malformedMembers.add(name);
        metrics.malformedRecord();
        log.error("assigner: ignoring member znode {}: {}", path, e.getMessage());
      } catch (KeeperException.NoNodeException e) {
        log.debug("member {} left while being read", name);
      } catch (Exception e) {
        retry("read member " + name, e);
      }
    }
    changed();
  }

  private void readAssignment() {
    Stat stat = new Stat();
    try {
      byte[] data = client.getData().storingStatIn(stat).forPath(paths.assignment());
      previousVersion = stat.getVersion();
      try {
        previous = AssignmentRecord.decode(paths.assignment(), data);
      } catch (MalformedRecordException e) {
        metrics.malformedRecord();
        log.error("assigner: the published assignment is malformed; replacing it: {}", e.getMessage());
        previous = null;
      }
    } catch (KeeperException.NoNodeException e) {
      previous = null;
      previousVersion = -1;
    } catch (Exception e) {
      retry("read the assignment", e);
    }
  }

  // ---- compute and publish ----

  /** Something changed: compute after the quiet period, at most rebalanceMaxDelay after the first change. */
  private void changed() {
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
    if (partitions == null) {
      if (!warnedNoPartitions) {
        warnedNoPartitions = true;
        log.warn("group {} has no partition set yet: configure partitionCount or use "
            + "GroupAdmin.setPartitions", paths.group());
      }
      return;
    }
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
          previous == null ? currentOwners() : previous.owners());
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
    publish(result);
  }

  private void publish(Rebalance.Result result) {
    long generation = previous == null ? 1 : previous.generation() + 1;
    AssignmentRecord next = new AssignmentRecord(generation, config.memberId(), term.token().value(),
        partitions, result.owners());
    try {
      byte[] data = next.encode();
      CuratorOp guard = client.transactionOp().check().forPath(term.nodePath());
      CuratorOp write = previousVersion < 0
          ? client.transactionOp().create().forPath(paths.assignment(), data)
          : client.transactionOp().setData().withVersion(previousVersion).forPath(paths.assignment(), data);
      List<CuratorTransactionResult> results = client.transaction().forOperations(guard, write);
      Stat stat = results.get(1).getResultStat();
      previousVersion = stat == null ? previousVersion + 1 : stat.getVersion();
      previous = next;
      metrics.published(generation, result.moved());
      log.info("assigner: published generation {} of {}: {} partitions, {} members, {} moved",
          generation, paths.group(), partitions.size(), new TreeSet<>(result.owners().values()).size(),
          result.moved());
    } catch (KeeperException e) {
      handlePublishFailure(e);
    } catch (Exception e) {
      retry("publish the assignment", e);
    }
  }

  private void handlePublishFailure(KeeperException e) {
    List<OpResult> results = e.getResults();
    int guardError = results != null && !results.isEmpty() && results.get(0) instanceof OpResult.ErrorResult r
        ? r.getErr() : 0;
    if (guardError == KeeperException.Code.NONODE.intValue()) {
      log.info("assigner: the term {} is over; not publishing", term.token());
      stopped = true;
      return;
    }
    if (e.code() == KeeperException.Code.BADVERSION || e.code() == KeeperException.Code.NODEEXISTS) {
      log.info("assigner: the assignment changed under us ({}); re-reading", e.code());
      readAssignment();
      changed();
      return;
    }
    if (e.code() == KeeperException.Code.NONODE) {
      GroupNodes.ensure(client, paths); // the group was wiped; recreate its parents
      readAssignment();
    }
    retry("publish the assignment", e);
  }

  /**
   * Without a readable published assignment (first start, or a malformed or deleted one), stickiness
   * comes from the ownership znodes: who owns what now.
   */
  private Map<Integer, String> currentOwners() {
    Map<Integer, String> owners = new TreeMap<>();
    try {
      for (String name : client.getChildren().forPath(paths.owners())) {
        try {
          int p = Integer.parseInt(name);
          owners.put(p, OwnerRecord.decode(paths.owner(p), client.getData().forPath(paths.owner(p)))
              .memberId());
        } catch (NumberFormatException | MalformedRecordException | KeeperException.NoNodeException e) {
          log.debug("assigner: skipping ownership znode {}: {}", name, e.toString());
        }
      }
    } catch (KeeperException.NoNodeException e) {
      return owners;
    } catch (Exception e) {
      log.warn("assigner: cannot read the current owners; computing without stickiness: {}", e.toString());
    }
    return owners;
  }

  // ---- unowned partitions ----

  private void scheduleOwnersRead() {
    if (!ownersReadScheduled) {
      ownersReadScheduled = true;
      thread.schedule(this::readOwners, OWNERS_READ_INTERVAL_MS, TimeUnit.MILLISECONDS);
    }
  }

  private void readOwners() {
    ownersReadScheduled = false;
    try {
      List<String> owned = client.getChildren().usingWatcher(ownersWatcher).forPath(paths.owners());
      Set<String> ownedSet = new HashSet<>(owned);
      if (partitions != null) {
        metrics.unowned(partitions.stream().filter(p -> !ownedSet.contains(p.toString())).count());
      }
    } catch (KeeperException.NoNodeException e) {
      metrics.unowned(partitions == null ? -1 : partitions.size());
      try {
        client.checkExists().usingWatcher(ownersWatcher).forPath(paths.owners());
      } catch (Exception ex) {
        retry("watch the owners", ex);
      }
    } catch (Exception e) {
      retry("read the owners", e);
    }
  }

  // ---- helpers ----

  private void retry(String what, Exception e) {
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
        readPartitions();
        readMembers();
        readAssignment();
        readOwners();
        changed();
      }, RETRY_MS, TimeUnit.MILLISECONDS);
    } catch (RejectedExecutionException stoppedMeanwhile) {
      log.debug("assigner stopped");
    }
  }

  private void execute(Runnable task) {
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
