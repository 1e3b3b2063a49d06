// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import dev.baton.partition.AssignerAction.Level;
import dev.baton.partition.AssignerEvent.Input;
import dev.baton.partition.strategy.AssignmentStrategy;
import dev.baton.partition.strategy.MemberProfile;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * The assigner's decisions, without I/O, threads or clocks: per term of the assigner election it
 * keeps its inputs, waits for a quiet period ({@link Debounce}), computes the assignment ({@link
 * Rebalance}) and publishes it if changed. Grace periods ({@link GraceTracker}) and last profiles
 * outlive a term. A strategy's RuntimeException publishes nothing (logged); its Error escapes.
 */
final class AssignerMachine {
  private static final long OWNERS_READ_INTERVAL_NANOS = TimeUnit.MILLISECONDS.toNanos(500);

  private final String me;

  /** The configured partition set, or null to read it from ZooKeeper. */
  private final @Nullable SortedSet<Integer> fixedPartitions;

  private final AssignmentStrategy strategy;
  private final Debounce debounce;
  private final GraceTracker grace;
  private final Map<String, MemberProfile> lastSeen = new HashMap<>();
  private final List<AssignerAction> out = new ArrayList<>();
  private long nowNanos;

  private Instant now = Instant.EPOCH;

  private long term;
  private long token;
  private boolean deposed;

  private @Nullable SortedSet<Integer> partitions;

  private Map<String, MemberProfile> members = Map.of();

  /** The published assignment, null when there is none or it is malformed. */
  private @Nullable AssignmentRecord previous;

  private int previousVersion = -1;

  private final Generations generations = new Generations();

  /** Who owns what now, read for a rebalance without a published assignment; null otherwise. */
  private @Nullable Map<Integer, String> currentOwners;

  /** When the watch told of a change of each input whose read has not answered yet; 0 if none. */
  private final Map<Input, Long> changeSeen = new EnumMap<>(Input.class);

  private boolean warnedNoPartitions;
  private boolean publishing;
  private boolean ownersDue;
  private boolean retryScheduled;
  private int failures;

  /** {@code partitionCount}: the configured count, or 0 to read the set from ZooKeeper. */
  public AssignerMachine(
      String memberId,
      int partitionCount,
      AssignmentStrategy strategy,
      Duration rebalanceDelay,
      Duration rebalanceMaxDelay,
      Duration rejoinGrace) {
    this.me = memberId;
    this.strategy = strategy;
    this.debounce = new Debounce(rebalanceDelay.toNanos(), rebalanceMaxDelay.toNanos());
    this.grace = new GraceTracker(rejoinGrace);
    this.fixedPartitions = partitionCount <= 0 ? null : RecordFormat.firstIds(partitionCount);
  }

  /** Applies {@code event} at loop time {@code nanos} and wall time {@code wall}. */
  public List<AssignerAction> on(AssignerEvent event, long nanos, Instant wall) {
    out.clear();
    nowNanos = nanos;
    now = wall;
    if (event instanceof AssignerEvent.TermBegan b) {
      begin(b);
    } else if (event instanceof AssignerEvent.Retry) {
      retryScheduled = false;
      publishing = false; // after a failed task its answer may never come
      if (active()) {
        readAll();
        changed();
      }
    } else if (event instanceof AssignerEvent.TermEnded e) {
      if (e.term() == term) {
        term = 0;
        out.add(new AssignerAction.SetUnowned(-1));
      }
    } else if (event.term() == term && active()) {
      onTermEvent(event);
    }
    return List.copyOf(out);
  }

  public boolean active() {
    return term != 0 && !deposed;
  }

  private void begin(AssignerEvent.TermBegan b) {
    term = b.term();
    token = b.token();
    deposed = false;
    partitions = null;
    members = Map.of();
    previous = null;
    previousVersion = -1;
    currentOwners = null;
    changeSeen.clear();
    debounce.reset();
    publishing = false;
    ownersDue = false;
    log(Level.INFO, "member " + me + " is the assigner (token " + token + ")", null);
    readAll();
    changed();
  }

  private void onTermEvent(AssignerEvent event) {
    if (event instanceof AssignerEvent.InputChanged c) {
      if (c.input() == Input.OWNERS) {
        if (!ownersDue) { // the unowned gauge is read at most twice a second
          ownersDue = true;
          out.add(
              new AssignerAction.Schedule(
                  new AssignerEvent.OwnersDue(term), OWNERS_READ_INTERVAL_NANOS));
        }
      } else {
        changeSeen.putIfAbsent(c.input(), c.seenNanos()); // the earliest unread change counts
        read(c.input());
      }
    } else if (event instanceof AssignerEvent.OwnersDue) {
      ownersDue = false;
      read(Input.OWNERS);
    } else if (event instanceof AssignerEvent.ReadFailed) {
      retry();
    } else if (event instanceof AssignerEvent.PartitionsRead r) {
      if (r.partitions() != null && r.partitions().isEmpty()) {
        log(Level.WARN, "the group has zero partitions: every partition is released", null);
      }
      if (r.partitions() != null) {
        partitions = r.partitions();
        warnedNoPartitions = false;
      }
      changed(Input.PARTITIONS);
    } else if (event instanceof AssignerEvent.MembersRead r) {
      members = new TreeMap<>(r.members());
      lastSeen.putAll(r.members());
      changed(Input.MEMBERS);
    } else if (event instanceof AssignerEvent.AssignmentRead r) {
      previous = r.record();
      previousVersion = r.version();
      generations.seen(r.record());
    } else if (event instanceof AssignerEvent.OwnersListed l) {
      unowned(l.owned());
    } else if (event instanceof AssignerEvent.CurrentOwnersRead r) {
      currentOwners = r.owners();
      rebalance();
    } else if (event instanceof AssignerEvent.RebalanceDue d) {
      if (debounce.fire(d.seq())) {
        rebalance();
      }
    } else if (event instanceof AssignerEvent.GraceDue) {
      changed();
    } else if (event instanceof AssignerEvent.Published p) {
      publishing = false;
      previous = p.record();
      previousVersion = p.version();
      generations.seen(p.record());
      failures = 0;
    } else if (event instanceof AssignerEvent.PublishRejected r) {
      rejected(r);
    }
  }

  private void readAll() {
    read(Input.PARTITIONS);
    read(Input.MEMBERS);
    read(Input.ASSIGNMENT);
    read(Input.OWNERS);
  }

  private void read(Input input) {
    if (input == Input.PARTITIONS && fixedPartitions != null) {
      partitions = fixedPartitions; // configured: nothing to read
      return;
    }
    out.add(new AssignerAction.Read(term, input));
  }

  private void unowned(@Nullable Set<Integer> owned) {
    if (owned == null || partitions != null) {
      out.add(
          new AssignerAction.SetUnowned(
              partitions == null
                  ? -1
                  : owned == null
                      ? partitions.size()
                      : partitions.stream().filter(p -> !owned.contains(p)).count()));
    }
  }

  private void changed() {
    changedAt(nowNanos);
  }

  /** {@code input} was read: the quiet period runs from when its watch told of the change. */
  private void changed(Input input) {
    Long seen = changeSeen.remove(input);
    changedAt(seen == null ? nowNanos : seen);
  }

  private void changedAt(long changeNanos) {
    if (active()) {
      long delay = debounce.changed(changeNanos, nowNanos);
      out.add(
          new AssignerAction.Schedule(new AssignerEvent.RebalanceDue(term, debounce.seq()), delay));
    }
  }

  private void rebalance() {
    if (partitions == null) {
      if (!warnedNoPartitions) {
        warnedNoPartitions = true;
        log(
            Level.WARN,
            "the group has no partition set yet: configure partitionCount "
                + "or use GroupAdmin.setPartitions",
            null);
      }
      return;
    }
    if (publishing) {
      changed(); // compute again once the publish in flight is answered
      return;
    }
    Set<String> assigned = previous == null ? Set.of() : new TreeSet<>(previous.owners().values());
    Set<String> ghosts = grace.ghosts(members.keySet(), assigned, now);
    List<MemberProfile> everyone = new ArrayList<>(members.values());
    ghosts.forEach(id -> everyone.add(lastSeen.getOrDefault(id, MemberProfile.of(id))));
    if (everyone.isEmpty()) {
      return;
    }
    Map<Integer, String> sticky = previous != null ? previous.owners() : currentOwners;
    if (sticky == null) {
      out.add(new AssignerAction.Read(term, Input.CURRENT_OWNERS)); // computed when they are read
      return;
    }
    currentOwners = null;
    Rebalance.Result result;
    try {
      result = Rebalance.compute(strategy, partitions, everyone, sticky);
    } catch (RuntimeException e) {
      log(Level.ERROR, "the strategy failed; nothing published", e);
      return;
    }
    if (!ghosts.isEmpty()) {
      log(Level.INFO, "keeping the partitions of " + ghosts + " for their rejoin grace", null);
    }
    grace
        .nextExpiry(now)
        .ifPresent(
            at ->
                out.add(
                    new AssignerAction.Schedule(
                        new AssignerEvent.GraceDue(term),
                        Duration.between(now, at).toNanos() + TimeUnit.MILLISECONDS.toNanos(1))));
    if (previous != null
        && previous.partitions().equals(partitions)
        && previous.owners().equals(result.owners())) {
      return;
    }
    long generation = generations.next(previousVersion);
    if (generations.restarted()) {
      log(Level.ERROR, generations.restartMessage(generation), null);
    }
    publishing = true;
    out.add(
        new AssignerAction.Publish(
            term,
            new AssignmentRecord(generation, me, token, partitions, result.owners()),
            previousVersion,
            result.moved()));
  }

  private void rejected(AssignerEvent.PublishRejected r) {
    publishing = false;
    switch (r.why()) {
      case TERM_OVER -> {
        deposed = true; // the election revokes the term; nothing more is published in it
        log(Level.INFO, "the term (token " + token + ") is over; not publishing", null);
      }
      case CONFLICT -> {
        read(Input.ASSIGNMENT);
        changed();
      }
      case FAILED -> {
        read(Input.ASSIGNMENT);
        retry();
      }
      default -> throw new IllegalArgumentException("unknown rejection " + r.why());
    }
  }

  private void retry() {
    failures++;
    if (!retryScheduled) {
      retryScheduled = true;
      out.add(new AssignerAction.ScheduleRetry(failures));
    }
  }

  private void log(Level level, String message, @Nullable Throwable error) {
    out.add(new AssignerAction.Log(level, message, error));
  }
}
