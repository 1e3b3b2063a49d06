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

/** Applies the machine's {@link BeginTerm} and {@link EndTerm} to ownerships and callbacks. */
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

  /** Publishes the ownership now, revoked at once if the link changed since the machine decided. */
  void begin(BeginTerm b, @Nullable RevocationReason linkChanged) {
    int p = b.partition();
    OwnershipHandle previous = ownerships.latest(p);
    Instant now = clock.instant();
    Instant since =
        b.resumed() && previous != null && previous.token().value() == b.czxid()
            ? previous.since()
            : now;
    OwnershipHandle ownership =
        new OwnershipHandle(
            p,
            me,
            FencingToken.of(paths.tokenScope(p), b.czxid()),
            paths.owner(p),
            now,
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
   * Submits {@code assigned} of the terms begun since the last call, in order. The io calls it
   * after each run of terms begun together, before its next action: so {@code assigned} precedes
   * {@code revoked}, and a run is published before its callbacks.
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

  Object token(int p) {
    OwnershipHandle ownership = ownerships.latest(p);
    return ownership == null ? "?" : ownership.token();
  }
}
