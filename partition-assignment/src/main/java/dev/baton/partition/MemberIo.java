// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import dev.baton.partition.MemberAction.BeginTerm;
import dev.baton.partition.MemberAction.CheckOwnerNodes;
import dev.baton.partition.MemberAction.CreateOwnerNodes;
import dev.baton.partition.MemberAction.DeleteOwnerNodes;
import dev.baton.partition.MemberAction.DrainTimedOut;
import dev.baton.partition.MemberAction.EndTerm;
import dev.baton.partition.MemberAction.Join;
import dev.baton.partition.MemberAction.Leave;
import dev.baton.partition.MemberAction.ReadAssignment;
import dev.baton.partition.MemberAction.Released;
import dev.baton.partition.MemberAction.Schedule;
import dev.baton.partition.MemberAction.ScheduleRetry;
import dev.baton.partition.MemberAction.Warn;
import dev.baton.partition.MemberEvent.AssignmentChanged;
import dev.baton.partition.MemberEvent.AssignmentRead;
import dev.baton.partition.MemberEvent.AssignmentReadFailed;
import dev.baton.partition.MemberEvent.Checked;
import dev.baton.partition.MemberEvent.CreateResults;
import dev.baton.partition.MemberEvent.Deleted;
import dev.baton.partition.MemberEvent.Epoch;
import dev.baton.partition.MemberEvent.Joined;
import dev.baton.partition.MemberEvent.MemberNodeDeleted;
import dev.baton.partition.MemberEvent.OwnerNodeDeleted;
import dev.baton.partition.MemberEvent.Revoked;
import dev.baton.partition.strategy.MemberProfile;
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.spi.Backoff;
import dev.baton.recipes.spi.ConnectionEpoch;
import dev.baton.recipes.spi.Io;
import dev.baton.recipes.spi.SerialLoop;
import dev.baton.recipes.spi.Shell;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apache.zookeeper.Watcher;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The member's io: applies {@link MemberMachine}'s actions to ZooKeeper, the ownerships and the
 * callback loops on the member's loop ({@link Shell}), feeding every answer (failures too) back.
 * Other threads only post to the loop, except that a link going down drops every signal at once.
 */
final class MemberIo implements Io<MemberEvent, MemberAction> {
  private static final Logger log = LoggerFactory.getLogger(MemberIo.class);

  private final BatonSession session;
  private final Shell<MemberEvent, MemberAction> shell;
  private final Backoff backoff;
  private final GroupPaths paths;
  private final GroupConfig config;
  private final String me;
  private final GroupMetrics metrics;
  private final MemberMachine machine;
  private final OwnershipHandles ownerships = new OwnershipHandles();
  private final Terms terms;
  private final Znodes znodes;
  private final OwnerZnodes owners;
  private final MemberZnode memberZnode;
  private final PartitionCallbacks callbacks;
  private final Watcher ownerWatch;
  private final Watcher memberWatch;
  private final Watcher assignmentWatch;

  private final CompletableFuture<Void> released = new CompletableFuture<>();
  private final CompletableFuture<Void> stopped = new CompletableFuture<>();
  private volatile View view = new View(false, false, 0);

  /** The number of the last epoch handed to the machine; written on the loop. */
  private volatile long appliedEpoch;

  /** What {@code health()} shows of the machine, published after each event. */
  public record View(boolean joined, boolean duplicate, long generation) {}

  public MemberIo(
      BatonSession session,
      SerialLoop loop,
      Backoff backoff,
      GroupPaths paths,
      GroupConfig config,
      MemberProfile profile,
      PartitionListener listener,
      GroupMetrics metrics) {
    this.session = session;
    this.backoff = backoff;
    this.paths = paths;
    this.config = config;
    this.me = profile.id();
    this.metrics = metrics;
    this.machine = new MemberMachine(me, config.drainTimeout().toNanos());
    this.shell = new Shell<>(loop, (event, now) -> machine.on(applied(event), now));
    this.ownerWatch = OwnerZnodes.onOwnerDeleted(p -> shell.post(new OwnerNodeDeleted(p)));
    this.memberWatch = MemberZnode.onDeleted(() -> shell.post(new MemberNodeDeleted()));
    this.assignmentWatch = Znodes.onChange(() -> shell.post(new AssignmentChanged()));
    this.callbacks = new PartitionCallbacks(listener, me, metrics);
    this.terms = new Terms(me, paths, config.clock(), ownerships, callbacks, metrics);
    this.znodes = new Znodes(session.curator());
    this.owners = new OwnerZnodes(session.curator(), paths);
    this.memberZnode =
        new MemberZnode(
            session.curator(), paths.member(profile.id()), RecordFormat.encodeMember(profile));
  }

  /** Follows the session's epochs; the first (the current one) starts the member. */
  public void start() {
    shell.start(this);
    shell.keep(session.liveness().subscribe(this::onEpoch));
  }

  /** Leaves the group; completes when every partition is released (or went with the session). */
  public CompletableFuture<Void> beginClose() {
    shell.post(new MemberEvent.Close());
    return released;
  }

  /** Ends every open term and stops, on the loop after what is queued (never beside onFatal). */
  public CompletableFuture<Void> shutdown() {
    shell.withdraw(new MemberEvent.Shutdown(), () -> stopped.complete(null));
    return stopped;
  }

  public void closeCallbacks(Duration wait) {

    callbacks.close(wait);
  }

  /** The loop died of a fatal error (on the loop): every open term ends now, as if closed. */
  public void onFatal() {
    terms.announce();
    terms.endAll();
    released.complete(null);
    stopped.complete(null);
  }

  public void recover() {
    shell.feed(new MemberEvent.Recover());
  }

  public Map<Integer, PartitionOwnership> owned() {
    return ownerships.owned();
  }

  public @Nullable PartitionOwnership ownership(int partition) {
    return ownerships.ownership(partition);
  }

  public int ownedCount() {
    return ownerships.activeCount();
  }

  public View view() {
    return view;
  }

  /** On the session's event thread: a link going down drops the signals now, not later. */
  private void onEpoch(ConnectionEpoch epoch) {
    if (!epoch.isConnected()) {
      ownerships.revokeAll(reasonOf(epoch));
    }
    shell.post(new Epoch(epoch));
  }

  private static RevocationReason reasonOf(ConnectionEpoch epoch) {
    return switch (epoch.link()) {
      case LOST -> RevocationReason.SESSION_LOST;
      case CLOSED -> RevocationReason.CLOSED;
      default -> RevocationReason.CONNECTION_SUSPENDED;
    };
  }

  /** {@code event} as the machine gets it: an epoch with its session id, and noted as applied. */
  private MemberEvent applied(MemberEvent event) {
    if (event instanceof Epoch e) {
      appliedEpoch = Math.max(appliedEpoch, e.epoch().number());
      return withSessionId(e);
    }
    return event;
  }

  /** After each event and its answers: the terms begun are announced, health sees the machine. */
  @Override
  public void settled() {
    terms.announce();
    view = new View(machine.isJoined(), machine.isDuplicate(), machine.generation());
  }

  /** A connected epoch whose session id could not be read takes it from the handle now. */
  private Epoch withSessionId(Epoch e) {
    ConnectionEpoch epoch = e.epoch();
    if (!epoch.isConnected() || epoch.sessionId() != 0) {
      return e;
    }
    try {
      return new Epoch(new ConnectionEpoch(epoch.number(), epoch.link(), session.sessionId()));
    } catch (RuntimeException ex) {
      log.warn("member {}: no session id after connecting: {}", me, ex.toString());
      return new Epoch(new ConnectionEpoch(epoch.number(), ConnectionEpoch.Link.SUSPENDED, 0));
    }
  }

  @Override
  public @Nullable MemberEvent apply(MemberAction action) {
    if (!(action instanceof BeginTerm)) {
      terms.announce(); // a run of terms begun is announced before anything else is done
    }
    if (action instanceof ReadAssignment r) {
      return read(r.epoch());
    } else if (action instanceof Join j) {
      return new Joined(
          j.session(), memberZnode.join(j.session(), j.earlierSessions(), memberWatch));
    } else if (action instanceof Leave l) {
      memberZnode.leave(l.session());
    } else if (action instanceof CreateOwnerNodes c) {
      if (c.ensureParents()) {
        znodes.ensureParents(paths);
      }
      byte[] record = RecordFormat.encodeOwner(new RecordFormat.Owner(me, c.generation()));
      OwnerZnodes.Outcome o = owners.create(c.partitions(), record, ownerWatch);
      return new CreateResults(c.epoch(), c.generation(), o.takes(), o.watched());
    } else if (action instanceof DeleteOwnerNodes d) {
      List<Integer> gone = owners.delete(d.partitions(), d.session());
      List<Integer> failed = new ArrayList<>(d.partitions());
      failed.removeAll(gone);
      return new Deleted(d.session(), gone, failed);
    } else if (action instanceof CheckOwnerNodes c) {
      return new Checked(c.epoch(), owners.check(c.partitions(), ownerWatch));
    } else if (action instanceof BeginTerm b) {
      ConnectionEpoch now = session.liveness().current();
      terms.begin(
          b,
          now.number() == appliedEpoch
              ? null // else the link changed: not active
              : now.isConnected() ? RevocationReason.CONNECTION_SUSPENDED : reasonOf(now));
    } else if (action instanceof EndTerm e) {
      // Nothing to lose: terms.end's future completes normally and post never throws.
      var unused =
          terms.end(e).whenComplete((v, t) -> shell.post(new Revoked(e.partition(), e.term())));
    } else if (action instanceof Schedule s) {
      shell.postAfter(s.delayNanos(), s::event);
    } else if (action instanceof ScheduleRetry r) {
      shell.postAfter(
          backoff.delayNanos(r.attempt()), () -> new MemberEvent.Tick(MemberEvent.TickKind.RETRY));
    } else if (action instanceof DrainTimedOut d) {
      metrics.drainTimedOut();
      log.warn(
          "member {}: revoked callback of partition {} (token {}) still running after {}; "
              + "releasing anyway: fence its writes",
          me,
          d.partition(),
          terms.token(d.partition()),
          config.drainTimeout());
    } else if (action instanceof Released) {
      released.complete(null);
    } else if (action instanceof Warn w) {
      log.warn(w.message());
    } else {
      throw new IllegalStateException("unknown action " + action);
    }
    return null;
  }

  /** A watched read of the assignment; a malformed one is logged, counted and read as none. */
  private MemberEvent read(long epoch) {
    try {
      Znodes.Data data = znodes.readWatched(paths.assignment(), assignmentWatch);
      return new AssignmentRead(
          epoch, data == null ? null : AssignmentRecord.decode(paths.assignment(), data.bytes()));
    } catch (MalformedRecordException bad) {
      metrics.malformedRecord();
      log.error(
          "member {}: ignoring the assignment, keeping the last good one: {}",
          me,
          bad.getMessage());
      return new AssignmentRead(epoch, null);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // the loop is being stopped
    } catch (Exception e) {
      log.warn("member {}: cannot read the assignment; retrying: {}", me, e.toString());
    }
    return new AssignmentReadFailed(epoch);
  }
}
