// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition.internal;

import dev.baton.fencing.FencingToken;
import dev.baton.internal.Validation;
import dev.baton.partition.GroupStatus;
import dev.baton.partition.MalformedRecordException;
import dev.baton.partition.internal.record.AssignmentRecord;
import dev.baton.partition.internal.record.MemberRecord;
import dev.baton.partition.internal.record.OwnerRecord;
import dev.baton.partition.strategy.MemberProfile;
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.CoordinationException;
import dev.baton.recipes.election.ElectionObserver;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.api.CuratorEvent;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;
import org.jspecify.annotations.Nullable;

/** Reads a {@link GroupStatus}; ownership znodes are read with pipelined asynchronous requests. */
public final class StatusReader {
  private static final long TIMEOUT_SECONDS = 30;

  private final BatonSession session;
  private final CuratorFramework client;
  private final GroupPaths paths;
  private final List<String> problems = new ArrayList<>();

  public StatusReader(BatonSession session, String group) {
    this.session = session;
    this.client = session.curator();
    this.paths = new GroupPaths(Validation.path("group", group));
  }

  public GroupStatus read() {
    try {
      List<GroupStatus.MemberStatus> members = members();
      AssignmentRecord assignment = assignment();
      Map<Integer, Owner> owners = owners();
      TreeSet<Integer> all = new TreeSet<>(owners.keySet());
      if (assignment != null) {
        all.addAll(assignment.partitions());
      }
      List<GroupStatus.PartitionStatus> partitions = new ArrayList<>();
      for (int p : all) {
        Owner o = owners.get(p);
        partitions.add(
            new GroupStatus.PartitionStatus(
                p,
                Optional.ofNullable(assignment == null ? null : assignment.owners().get(p)),
                Optional.ofNullable(o == null ? null : o.member),
                Optional.ofNullable(
                    o == null ? null : FencingToken.of(paths.tokenScope(p), o.czxid)),
                Optional.ofNullable(o == null ? null : Instant.ofEpochMilli(o.ctime))));
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

  private List<GroupStatus.MemberStatus> members() throws Exception {
    List<GroupStatus.MemberStatus> out = new ArrayList<>();
    List<String> names;
    try {
      names = new ArrayList<>(client.getChildren().forPath(paths.members()));
    } catch (KeeperException.NoNodeException e) {
      return out;
    }
    names.sort(null);
    for (String name : names) {
      String path = paths.member(name);
      Stat stat = new Stat();
      try {
        MemberProfile m =
            MemberRecord.decode(path, name, client.getData().storingStatIn(stat).forPath(path));
        out.add(
            new GroupStatus.MemberStatus(
                m.id(),
                m.weight(),
                Optional.ofNullable(m.zone()),
                stat.getEphemeralOwner(),
                Instant.ofEpochMilli(stat.getCtime())));
      } catch (MalformedRecordException e) {
        problems.add(e.getMessage());
      } catch (KeeperException.NoNodeException e) {
        // left while we read: not a member any more
      }
    }
    return out;
  }

  private @Nullable AssignmentRecord assignment() throws Exception {
    try {
      return AssignmentRecord.decode(
          paths.assignment(), client.getData().forPath(paths.assignment()));
    } catch (KeeperException.NoNodeException e) {
      return null;
    } catch (MalformedRecordException e) {
      problems.add(e.getMessage());
      return null;
    }
  }

  private record Owner(String member, long czxid, long ctime) {}

  private Map<Integer, Owner> owners() throws Exception {
    List<String> names;
    try {
      names = client.getChildren().forPath(paths.owners());
    } catch (KeeperException.NoNodeException e) {
      return Map.of();
    }
    Map<Integer, Owner> owners = new ConcurrentHashMap<>();
    List<String> bad = java.util.Collections.synchronizedList(new ArrayList<>());
    CountDownLatch done = new CountDownLatch(names.size());
    for (String name : names) {
      int p;
      try {
        p = Integer.parseInt(name);
      } catch (NumberFormatException e) {
        problems.add("unexpected znode " + paths.owners() + "/" + name);
        done.countDown();
        continue;
      }
      String path = paths.owner(p);
      client
          .getData()
          .inBackground(
              (c, event) -> {
                collect(p, path, event, owners, bad);
                done.countDown();
              })
          .forPath(path);
    }
    if (!done.await(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
      throw new CoordinationException("timed out reading the ownership znodes of " + paths.group());
    }
    problems.addAll(bad);
    return new TreeMap<>(owners);
  }

  private static void collect(
      int p, String path, CuratorEvent event, Map<Integer, Owner> owners, List<String> bad) {
    if (event.getResultCode() != KeeperException.Code.OK.intValue()) {
      return; // released while we read
    }
    try {
      OwnerRecord r = OwnerRecord.decode(path, event.getData());
      owners.put(
          p, new Owner(r.memberId(), event.getStat().getCzxid(), event.getStat().getCtime()));
    } catch (MalformedRecordException e) {
      bad.add(e.getMessage());
    }
  }
}
