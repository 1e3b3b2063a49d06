// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import dev.baton.fencing.FencingToken;
import dev.baton.partition.MemberAction.BeginTerm;
import dev.baton.partition.MemberAction.EndTerm;
import dev.baton.partition.OwnershipHandles.OwnershipHandle;
import dev.baton.recipes.RevocationReason;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;

/**
 * Applies the machine's term actions: a {@link BeginTerm} publishes an {@link OwnershipHandle} and
 * later announces it to {@code assigned}; an {@link EndTerm} drops its signal and runs {@code
 * revoked}, whose return it reports. Loop-confined.
 */
final class Terms {
  private final String me;
  private final GroupPaths paths;
  private final Clock clock;
  private final OwnershipHandles ownerships;
  private final PartitionCallbacks callbacks;
  private final GroupMetrics metrics;

  /** OwnershipHandles begun whose {@code assigned} is not submitted yet; loop-confined. */
  private final List<OwnershipHandle> unannounced = new ArrayList<>();

  Terms(
      String me,
      GroupPaths paths,
      Clock clock,
      OwnershipHandles ownerships,
      PartitionCallbacks callbacks,
      GroupMetrics metrics) {
    this.me = me;
    this.paths = paths;
    this.clock = clock;
    this.ownerships = ownerships;
    this.callbacks = callbacks;
    this.metrics = metrics;
  }

  /**
   * Begins the term: its ownership is published now, its {@code assigned} submitted when the terms
   * begun are {@link #announce announced}. {@code linkChanged} non-null: the link changed since the
   * machine decided, so the ownership starts revoked for that reason (its {@code revoked} follows
   * when the machine hears of it).
   */
  void begin(BeginTerm b, @Nullable RevocationReason linkChanged) {
    int p = b.partition();
    OwnershipHandle previous = ownerships.latest(p);
    Instant since =
        b.resumed() && previous != null && previous.token().value() == b.czxid()
            ? previous.startedAt()
            : clock.instant();
    OwnershipHandle ownership =
        new OwnershipHandle(
            p,
            me,
            FencingToken.of(paths.tokenScope(p), b.czxid()),
            paths.owner(p),
            since,
            b.generation(),
            b.term());
    ownerships.begin(ownership);
    if (linkChanged != null) {
      ownership.revoke(linkChanged);
    }
    metrics.assigned(b.handoffNanos() < 0 ? null : Duration.ofNanos(b.handoffNanos()));
    unannounced.add(ownership);
  }

  /**
   * Submits {@code assigned} of the terms begun since the last call, in order, to their partitions'
   * callback loops. The member's I/O calls it after each run of terms begun together, before its
   * next action, so a partition's {@code assigned} is always submitted before its {@code revoked},
   * and the ownerships of the whole run are published before any of their callbacks.
   */
  void announce() {
    if (!unannounced.isEmpty()) {
      unannounced.forEach(callbacks::assigned);
      unannounced.clear();
    }
  }

  /** Ends the term; completes when its {@code revoked} returned (at once if there is none). */
  CompletableFuture<Void> end(EndTerm e) {
    OwnershipHandle ownership = ownerships.end(e.partition(), e.term());
    return ownership == null
        ? CompletableFuture.completedFuture(null)
        : revoke(ownership, e.reason());
  }

  /** The member stops on a fatal error: every open term ends now, as if closed. */
  void endAll() {
    for (OwnershipHandle ownership : ownerships.endAll().values()) {
      // The loop is gone: nobody waits for revoked (the future always completes normally).
      var unused = revoke(ownership, RevocationReason.CLOSED);
    }
  }

  /** Drops the signal, counts the actual reason and submits {@code revoked}. */
  private CompletableFuture<Void> revoke(OwnershipHandle ownership, RevocationReason reason) {
    ownership.revoke(reason);
    RevocationReason actual = ownership.revocationReason().orElse(reason);
    metrics.revoked(actual);
    return callbacks.revoked(ownership, actual);
  }

  /** The token of {@code p}'s latest term, for a log line. */
  Object token(int p) {
    OwnershipHandle ownership = ownerships.latest(p);
    return ownership == null ? "?" : ownership.token();
  }
}
