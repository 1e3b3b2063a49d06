// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import dev.baton.partition.AssignerEvent.AssignmentRead;
import dev.baton.partition.AssignerEvent.CurrentOwnersRead;
import dev.baton.partition.AssignerEvent.Input;
import dev.baton.partition.AssignerEvent.MembersRead;
import dev.baton.partition.AssignerEvent.OwnersListed;
import dev.baton.partition.AssignerEvent.PartitionsRead;
import dev.baton.partition.AssignerEvent.ReadFailed;
import dev.baton.partition.strategy.MemberProfile;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiFunction;
import org.apache.zookeeper.Watcher;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the assigner's inputs for a term, leaving watches that report changes: the partition set,
 * the members (each member znode read once), the assignment, the ownership znodes' names, and who
 * owns what. A failure answers {@link ReadFailed}. Blocking.
 */
final class AssignerInputs {
  private static final Logger log = LoggerFactory.getLogger(AssignerInputs.class);

  private final Znodes znodes;
  private final GroupPaths paths;
  private final GroupMetrics metrics;
  private final long term;
  private final Watcher partitionsWatch;
  private final Watcher membersWatch;
  private final Watcher ownersWatch;
  private final Map<String, MemberProfile> members = new TreeMap<>();
  private final Set<String> malformedMembers = new HashSet<>();

  /** {@code changed} is told, on a ZooKeeper thread, that an input of term {@code term} changed. */
  AssignerInputs(
      Znodes znodes,
      GroupPaths paths,
      GroupMetrics metrics,
      long term,
      BiFunction<Long, Input, Watcher> changed) {
    this.znodes = znodes;
    this.paths = paths;
    this.metrics = metrics;
    this.term = term;
    this.partitionsWatch = changed.apply(term, Input.PARTITIONS);
    this.membersWatch = changed.apply(term, Input.MEMBERS);
    this.ownersWatch = changed.apply(term, Input.OWNERS);
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
    Znodes.Data data = znodes.readWatched(paths.partitions(), partitionsWatch);
    try {
      return new PartitionsRead(
          term,
          data == null ? null : RecordFormat.decodePartitions(paths.partitions(), data.bytes()));
    } catch (MalformedRecordException e) {
      metrics.malformedRecord();
      log.error(
          "assigner: ignoring the partition set, keeping the previous one: {}", e.getMessage());
      return new PartitionsRead(term, null);
    }
  }

  private AssignerEvent members() throws Exception {
    List<String> names = znodes.children(paths.members(), membersWatch);
    if (names == null) {
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
        Znodes.Data data = znodes.read(path);
        if (data == null) {
          log.debug("member {} left while being read", name);
        } else {
          members.put(name, RecordFormat.decodeMember(path, name, data.bytes()));
        }
      } catch (MalformedRecordException e) {
        malformedMembers.add(name);
        metrics.malformedRecord();
        log.error("assigner: ignoring member znode {}: {}", path, e.getMessage());
      }
    }
    return new MembersRead(term, members);
  }

  private AssignerEvent assignment() throws Exception {
    Znodes.Data data = znodes.read(paths.assignment());
    if (data == null) {
      return new AssignmentRead(term, null, -1);
    }
    try {
      return new AssignmentRead(
          term, AssignmentRecord.decode(paths.assignment(), data.bytes()), data.version());
    } catch (MalformedRecordException e) {
      metrics.malformedRecord();
      log.error(
          "assigner: the published assignment is malformed; replacing it: {}", e.getMessage());
      return new AssignmentRead(term, null, data.version());
    }
  }

  private AssignerEvent owners() throws Exception {
    List<String> names = znodes.children(paths.owners(), ownersWatch);
    return new OwnersListed(term, names == null ? null : numbered(names));
  }

  private static Set<Integer> numbered(List<String> names) {
    Set<Integer> owned = new HashSet<>();
    for (String name : names) {
      try {
        owned.add(Integer.parseInt(name));
      } catch (NumberFormatException e) {
        log.debug("assigner: skipping znode {} of the owners", name);
      }
    }
    return owned;
  }

  /** Who owns what now: stickiness without a readable published assignment; unreadable skipped. */
  private Map<Integer, String> currentOwners() throws InterruptedException {
    Map<Integer, String> owners = new TreeMap<>();
    try {
      List<String> names = znodes.children(paths.owners(), null);
      for (int p : names == null ? Set.<Integer>of() : numbered(names)) {
        owner(p, znodes.read(paths.owner(p)), owners);
      }
    } catch (InterruptedException e) {
      throw e;
    } catch (Exception e) {
      log.warn(
          "assigner: cannot read the current owners; computing without stickiness: {}",
          e.toString());
    }
    return owners;
  }

  private void owner(int p, Znodes.@Nullable Data data, Map<Integer, String> owners) {
    try {
      if (data != null) {
        owners.put(p, RecordFormat.decodeOwner(paths.owner(p), data.bytes()).memberId());
      }
    } catch (MalformedRecordException e) {
      log.debug("assigner: skipping ownership znode {}: {}", p, e.toString());
    }
  }
}
