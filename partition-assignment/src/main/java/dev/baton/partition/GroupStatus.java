// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import dev.baton.fencing.FencingToken;
import dev.baton.partition.strategy.MemberProfile;
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.CoordinationException;
import dev.baton.recipes.election.ElectionObserver;
import dev.baton.recipes.election.LeaderInfo;
import dev.baton.recipes.spi.Validation;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * A point-in-time view of a group, read by {@link #read}: members with a valid znode, the assigner
 * with its token, the published generation (0 if none), every partition assigned or owned, and
 * malformed records found ({@code problems}).
 */
public record GroupStatus(
    String group,
    List<MemberStatus> members,
    Optional<LeaderInfo> assigner,
    long generation,
    List<PartitionStatus> partitions,
    List<String> problems) {

  public GroupStatus {
    members = List.copyOf(members);
    partitions = List.copyOf(partitions);
    problems = List.copyOf(problems);
  }

  /** A member of the group. */
  public record MemberStatus(
      String id, int weight, Optional<String> zone, long sessionId, Instant joinedAt) {}

  /** One partition: its assigned member and its owner now (they differ during a handoff). */
  public record PartitionStatus(
      int partition,
      Optional<String> assignedTo,
      Optional<String> owner,
      Optional<FencingToken> token,
      Optional<Instant> since) {}

  /** Assigned partitions that have no owner now. */
  public long unowned() {
    return partitions.stream()
        .filter(p -> p.assignedTo().isPresent() && p.owner().isEmpty())
        .count();
  }

  /**
   * Reads the status of the group at {@code group} from any client.
   *
   * @throws dev.baton.recipes.CoordinationException if ZooKeeper cannot be read
   */
  public static GroupStatus read(BatonSession session, String group) {
    Objects.requireNonNull(session, "session");
    Objects.requireNonNull(group, "group");
    GroupPaths paths = new GroupPaths(Validation.path("group", group));
    Znodes znodes = new Znodes(session.curator());
    List<String> problems = new ArrayList<>();
    try {
      List<MemberStatus> members = members(znodes, paths, problems);
      AssignmentRecord assignment = assignment(znodes, paths, problems);
      Map<Integer, Owner> owners = owners(znodes, paths, problems);
      TreeSet<Integer> all = new TreeSet<>(owners.keySet());
      if (assignment != null) {
        all.addAll(assignment.partitions());
      }
      List<PartitionStatus> partitions = new ArrayList<>();
      for (int p : all) {
        Optional<Owner> o = Optional.ofNullable(owners.get(p));
        partitions.add(
            new PartitionStatus(
                p,
                Optional.ofNullable(assignment == null ? null : assignment.owners().get(p)),
                o.map(Owner::member),
                o.map(x -> FencingToken.of(paths.tokenScope(p), x.czxid())),
                o.map(x -> Instant.ofEpochMilli(x.ctime()))));
      }
      return new GroupStatus(
          paths.group(),
          members,
          new ElectionObserver(session, paths.assigner()).currentLeader(),
          assignment == null ? 0 : assignment.generation(),
          partitions,
          problems);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CoordinationException("interrupted reading the status of " + paths.group(), e);
    } catch (CoordinationException e) {
      throw e;
    } catch (Exception e) {
      throw new CoordinationException("cannot read the status of " + paths.group() + ": " + e, e);
    }
  }

  private static List<MemberStatus> members(Znodes znodes, GroupPaths paths, List<String> problems)
      throws Exception {
    List<String> names = znodes.children(paths.members(), null);
    List<MemberStatus> out = new ArrayList<>();
    for (String name : names == null ? List.<String>of() : new TreeSet<>(names)) {
      String path = paths.member(name);
      Znodes.Data data = znodes.read(path);
      try {
        if (data != null) { // else it left while we read: not a member any more
          MemberProfile m = RecordFormat.decodeMember(path, name, data.bytes());
          out.add(
              new MemberStatus(
                  m.id(),
                  m.weight(),
                  Optional.ofNullable(m.zone()),
                  data.owner(),
                  Instant.ofEpochMilli(data.ctime())));
        }
      } catch (MalformedRecordException e) {
        problems.add(e.getMessage());
      }
    }
    return out;
  }

  private static @Nullable AssignmentRecord assignment(
      Znodes znodes, GroupPaths paths, List<String> problems) throws Exception {
    Znodes.Data data = znodes.read(paths.assignment());
    try {
      return data == null ? null : AssignmentRecord.decode(paths.assignment(), data.bytes());
    } catch (MalformedRecordException e) {
      problems.add(e.getMessage());
      return null;
    }
  }

  private record Owner(String member, long czxid, long ctime) {}

  private static Map<Integer, Owner> owners(Znodes znodes, GroupPaths paths, List<String> problems)
      throws Exception {
    List<String> names = znodes.children(paths.owners(), null);
    Map<String, Integer> partitionOf = new TreeMap<>();
    for (String name : names == null ? List.<String>of() : names) {
      try {
        partitionOf.put(paths.owner(Integer.parseInt(name)), Integer.parseInt(name));
      } catch (NumberFormatException e) {
        problems.add("unexpected znode " + paths.owners() + "/" + name);
      }
    }
    Map<Integer, Owner> owners = new TreeMap<>();
    for (Map.Entry<String, Znodes.Data> e :
        znodes.readAll(new ArrayList<>(partitionOf.keySet())).entrySet()) {
      String path = e.getKey();
      try {
        owners.put(
            Objects.requireNonNull(partitionOf.get(path), "a path read was asked for"),
            new Owner(
                RecordFormat.decodeOwner(path, e.getValue().bytes()).memberId(),
                e.getValue().czxid(),
                e.getValue().ctime()));
      } catch (MalformedRecordException bad) {
        problems.add(bad.getMessage());
      }
    }
    return owners;
  }
}
