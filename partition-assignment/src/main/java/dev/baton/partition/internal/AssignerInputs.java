package dev.baton.partition.internal;

import dev.baton.partition.GroupConfig;
import dev.baton.partition.MalformedRecordException;
import dev.baton.partition.internal.record.AssignmentRecord;
import dev.baton.partition.internal.record.MemberRecord;
import dev.baton.partition.internal.record.OwnerRecord;
import dev.baton.partition.internal.record.PartitionSetRecord;
import dev.baton.partition.strategy.MemberProfile;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.WatchedEvent;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.data.Stat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What an {@link Assigner} computes from: the partition set, the live members and the published
 * assignment (with the version it was read at), kept up to date by watches; the current owners as a
 * fallback for stickiness; and the count of unowned partitions, for the metric. A change re-reads its
 * input and tells the assigner; a failure asks it for a retry. Confined to the assigner's thread.
 */
final class AssignerInputs {
  /** Logs as the assigner, whose part this is. */
  private static final Logger log = LoggerFactory.getLogger(Assigner.class);
  private static final long OWNERS_READ_INTERVAL_MS = 500;

  private final Assigner assigner;
  private final ScheduledExecutorService thread;
  private final CuratorFramework client;
  private final GroupPaths paths;
  private final GroupConfig config;
  private final GroupMetrics metrics;
  private final Watcher membersWatcher = e -> onEvent(e, this::readMembers);
  private final Watcher partitionsWatcher = e -> onEvent(e, this::readPartitions);
  private final Watcher ownersWatcher = e -> onEvent(e, this::scheduleOwnersRead);

  private SortedSet<Integer> partitions;
  private final Map<String, MemberProfile> members = new TreeMap<>();
  private final Map<String, MemberProfile> lastSeen;
  private final Set<String> malformedMembers = new HashSet<>();
  private AssignmentRecord previous;
  private int previousVersion = -1;
  private boolean ownersReadScheduled;
  private boolean warnedNoPartitions;

  /** @param lastSeen the profile each member was last seen with, written here as members are read */
  AssignerInputs(Assigner assigner, ScheduledExecutorService thread, CuratorFramework client,
      GroupPaths paths, GroupConfig config, GroupMetrics metrics, Map<String, MemberProfile> lastSeen) {
    this.assigner = assigner;
    this.thread = thread;
    this.client = client;
    this.paths = paths;
    this.config = config;
    this.metrics = metrics;
    this.lastSeen = lastSeen;
  }

  /** The partition set, or null if there is none yet. */
  SortedSet<Integer> partitions() {
    return partitions;
  }

  /** The live members with a readable member znode, by id. */
  Map<String, MemberProfile> members() {
    return Collections.unmodifiableMap(members);
  }

  /** The published assignment, or null if there is none or it is malformed. */
  AssignmentRecord previous() {
    return previous;
  }

  /** The version of the assignment znode read, or -1 if there is none. */
  int previousVersion() {
    return previousVersion;
  }

  /** Records the assignment this assigner just published, at {@code version}. */
  void published(AssignmentRecord next, int version) {
    previous = next;
    previousVersion = version;
  }

  /** Whether there is no partition set yet; warns once, until one is read. */
  boolean missingPartitions() {
    if (partitions == null) {
      if (!warnedNoPartitions) {
        warnedNoPartitions = true;
        log.warn("group {} has no partition set yet: configure partitionCount or use "
            + "GroupAdmin.setPartitions", paths.group());
      }
      return true;
    }
    return false;
  }

  /** Reads every input again. */
  void readAll() {
    readPartitions();
    readMembers();
    readAssignment();
    readOwners();
  }

  private void onEvent(WatchedEvent e, Runnable reread) {
    if (e.getType() != Watcher.Event.EventType.None) {
      assigner.execute(reread);
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
      assigner.retry("read the partition set", e);
    }
    assigner.changed();
  }

  private void watchPartitionsNode() {
    try {
      if (client.checkExists().usingWatcher(partitionsWatcher).forPath(paths.partitions()) != null) {
        assigner.execute(this::readPartitions);
      }
    } catch (Exception e) {
      assigner.retry("watch the partition set", e);
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
        assigner.retry("watch the members", ex);
      }
    } catch (Exception e) {
      assigner.retry("read the members", e);
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
        assigner.retry("read member " + name, e);
      }
    }
    assigner.changed();
  }

  void readAssignment() {
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
      assigner.retry("read the assignment", e);
    }
  }

  /**
   * Without a readable published assignment (first start, or a malformed or deleted one), stickiness
   * comes from the ownership znodes: who owns what now.
   */
  Map<Integer, String> currentOwners() {
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
        assigner.retry("watch the owners", ex);
      }
    } catch (Exception e) {
      assigner.retry("read the owners", e);
    }
  }
}
