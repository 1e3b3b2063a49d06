// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition.internal.assigner;

import dev.baton.partition.MalformedRecordException;
import dev.baton.partition.internal.GroupMetrics;
import dev.baton.partition.internal.GroupPaths;
import dev.baton.partition.internal.assigner.AssignerEvent.AssignmentRead;
import dev.baton.partition.internal.assigner.AssignerEvent.CurrentOwnersRead;
import dev.baton.partition.internal.assigner.AssignerEvent.Input;
import dev.baton.partition.internal.assigner.AssignerEvent.MembersRead;
import dev.baton.partition.internal.assigner.AssignerEvent.OwnersListed;
import dev.baton.partition.internal.assigner.AssignerEvent.PartitionsRead;
import dev.baton.partition.internal.assigner.AssignerEvent.ReadFailed;
import dev.baton.partition.internal.record.AssignmentRecord;
import dev.baton.partition.internal.record.MemberRecord;
import dev.baton.partition.internal.record.OwnerRecord;
import dev.baton.partition.internal.record.PartitionSetRecord;
import dev.baton.partition.strategy.MemberProfile;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiFunction;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.data.Stat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the assigner's inputs from ZooKeeper for one term, leaving watches that report changes: the
 * partition set, the members (each member znode read once while it lives; a malformed one is
 * counted and skipped), the published assignment with its version, the ownership znodes' names, and
 * who owns what now. Every read is answered with an event, a failure with {@link ReadFailed}.
 * Blocking; called on the member's loop.
 */
final class AssignerInputs {
  private static final Logger log = LoggerFactory.getLogger(AssignerInputs.class);

  private final CuratorFramework client;
  private final GroupPaths paths;
  private final GroupMetrics metrics;
  private final long term;
  private final Watcher partitionsWatcher;
  private final Watcher membersWatcher;
  private final Watcher ownersWatcher;
  private final Map<String, MemberProfile> members = new TreeMap<>();
  private final Set<String> malformedMembers = new HashSet<>();

  /**
   * @param changed told, on a ZooKeeper thread, that an input of term {@code term} changed
   */
  AssignerInputs(
      CuratorFramework client,
      GroupPaths paths,
      GroupMetrics metrics,
      long term,
      BiFunction<Long, Input, Watcher> changed) {
    this.client = client;
    this.paths = paths;
    this.metrics = metrics;
    this.term = term;
    this.partitionsWatcher = changed.apply(term, Input.PARTITIONS);
    this.membersWatcher = changed.apply(term, Input.MEMBERS);
    this.ownersWatcher = changed.apply(term, Input.OWNERS);
  }

  AssignerEvent read(Input input) {
    try {
      return switch (input) {
        case PARTITIONS -> partitions();
        case MEMBERS -> members();
        case ASSIGNMENT -> assignment();
        case OWNERS -> owners();
        case CURRENT_OWNERS -> new CurrentOwnersRead(term, currentOwners());
      };
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // stop: the loop is being stopped
      return new ReadFailed(term, input);
    } catch (Exception e) {
      log.warn(
          "assigner: cannot read the {}; retrying: {}",
          input.name().toLowerCase(Locale.ROOT),
          e.toString());
      return new ReadFailed(term, input);
    }
  }

  private AssignerEvent partitions() throws Exception {
    try {
      byte[] data = client.getData().usingWatcher(partitionsWatcher).forPath(paths.partitions());
      return new PartitionsRead(term, PartitionSetRecord.decode(paths.partitions(), data));
    } catch (KeeperException.NoNodeException e) {
      if (client.checkExists().usingWatcher(partitionsWatcher).forPath(paths.partitions())
          != null) {
        return partitions(); // created in between
      }
      return new PartitionsRead(term, null);
    } catch (MalformedRecordException e) {
      metrics.malformedRecord();
      log.error(
          "assigner: ignoring the partition set, keeping the previous one: {}", e.getMessage());
      return new PartitionsRead(term, null);
    }
  }

  private AssignerEvent members() throws Exception {
    List<String> names;
    try {
      names = client.getChildren().usingWatcher(membersWatcher).forPath(paths.members());
    } catch (KeeperException.NoNodeException e) {
      client.checkExists().usingWatcher(membersWatcher).forPath(paths.members());
      names = List.of();
    }
    members.keySet().retainAll(names);
    malformedMembers.retainAll(names);
    for (String name : names) {
      if (members.containsKey(name) || malformedMembers.contains(name)) {
        continue;
      }
      String path = paths.member(name);
      try {
        members.put(name, MemberRecord.decode(path, name, client.getData().forPath(path)));
      } catch (MalformedRecordException e) {
        malformedMembers.add(name);
        metrics.malformedRecord();
        log.error("assigner: ignoring member znode {}: {}", path, e.getMessage());
      } catch (KeeperException.NoNodeException e) {
        log.debug("member {} left while being read", name);
      }
    }
    return new MembersRead(term, members);
  }

  private AssignerEvent assignment() throws Exception {
    Stat stat = new Stat();
    try {
      byte[] data = client.getData().storingStatIn(stat).forPath(paths.assignment());
      try {
        return new AssignmentRead(
            term, AssignmentRecord.decode(paths.assignment(), data), stat.getVersion());
      } catch (MalformedRecordException e) {
        metrics.malformedRecord();
        log.error(
            "assigner: the published assignment is malformed; replacing it: {}", e.getMessage());
        return new AssignmentRead(term, null, stat.getVersion());
      }
    } catch (KeeperException.NoNodeException e) {
      return new AssignmentRead(term, null, -1);
    }
  }

  private AssignerEvent owners() throws Exception {
    try {
      Set<Integer> owned = new HashSet<>();
      for (String name : client.getChildren().usingWatcher(ownersWatcher).forPath(paths.owners())) {
        try {
          owned.add(Integer.parseInt(name));
        } catch (NumberFormatException e) {
          log.debug("assigner: skipping znode {} of the owners", name);
        }
      }
      return new OwnersListed(term, owned);
    } catch (KeeperException.NoNodeException e) {
      client.checkExists().usingWatcher(ownersWatcher).forPath(paths.owners());
      return new OwnersListed(term, null);
    }
  }

  /**
   * Without a readable published assignment (first start, or a malformed or deleted one),
   * stickiness comes from the ownership znodes: who owns what now. Unreadable owners are left out.
   */
  private Map<Integer, String> currentOwners() throws InterruptedException {
    Map<Integer, String> owners = new TreeMap<>();
    try {
      for (String name : client.getChildren().forPath(paths.owners())) {
        try {
          int p = Integer.parseInt(name);
          owners.put(
              p,
              OwnerRecord.decode(paths.owner(p), client.getData().forPath(paths.owner(p)))
                  .memberId());
        } catch (NumberFormatException
            | MalformedRecordException
            | KeeperException.NoNodeException e) {
          log.debug("assigner: skipping ownership znode {}: {}", name, e.toString());
        }
      }
    } catch (KeeperException.NoNodeException e) {
      return owners;
    } catch (InterruptedException e) {
      throw e;
    } catch (Exception e) {
      log.warn(
          "assigner: cannot read the current owners; computing without stickiness: {}",
          e.toString());
    }
    return owners;
  }
}
