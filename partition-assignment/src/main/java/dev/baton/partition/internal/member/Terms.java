// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition.internal.member;

import dev.baton.fencing.FencingToken;
import dev.baton.partition.internal.GroupMetrics;
import dev.baton.partition.internal.GroupPaths;
import dev.baton.partition.internal.member.MemberAction.BeginTerm;
import dev.baton.partition.internal.member.MemberAction.EndTerm;
import dev.baton.recipes.RevocationReason;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;

/**
 * Applies the machine's term actions: a {@link BeginTerm} becomes a {@link LeaseHandle}, published
 * in {@link Leases} and counted, then announced: handed to {@code assigned} on the callback pool;
 * an {@link EndTerm} drops the lease's signal, counts it and runs {@code revoked}, whose return it
 * reports. Called on the member's loop.
 */
final class Terms {
  private final String me;
  private final GroupPaths paths;
  private final Clock clock;
  private final Leases leases;
  private final PartitionCallbacks callbacks;
  private final GroupMetrics metrics;

  Terms(
      String me,
      GroupPaths paths,
      Clock clock,
      Leases leases,
      PartitionCallbacks callbacks,
      GroupMetrics metrics) {
    this.me = me;
    this.paths = paths;
    this.clock = clock;
    this.leases = leases;
    this.callbacks = callbacks;
    this.metrics = metrics;
  }

  /**
   * Begins the term and returns its lease, published but not yet announced: its {@code assigned}
   * runs once it is {@link #announce announced}. {@code linkChanged} non-null: the link changed
   * since the machine decided, so the lease starts revoked for that reason (its {@code revoked}
   * follows when the machine hears of it).
   */
  LeaseHandle begin(BeginTerm b, @Nullable RevocationReason linkChanged) {
    int p = b.partition();
    LeaseHandle previous = leases.latest(p);
    Instant since =
        b.resumed() && previous != null && previous.token().value() == b.czxid()
            ? previous.startedAt()
            : clock.instant();
    LeaseHandle lease =
        new LeaseHandle(
            p,
            me,
            FencingToken.of(paths.tokenScope(p), b.czxid()),
            paths.owner(p),
            since,
            b.generation(),
            b.term());
    leases.begin(lease);
    if (linkChanged != null) {
      lease.revoke(linkChanged);
    }
    metrics.assigned(b.handoffNanos() < 0 ? null : Duration.ofNanos(b.handoffNanos()));
    return lease;
  }

  /** Runs {@code assigned} of the leases begun, in order, on the callback pool. */
  void announce(List<LeaseHandle> leases) {
    callbacks.assigned(leases);
  }

  /**
   * Ends the term; completes when its {@code revoked} returned (at once if there is no such term).
   */
  CompletableFuture<Void> end(EndTerm e) {
    LeaseHandle lease = leases.end(e.partition(), e.term());
    if (lease == null) {
      return CompletableFuture.completedFuture(null);
    }
    lease.revoke(e.reason());
    RevocationReason actual = lease.revocationReason().orElse(e.reason());
    metrics.revoked(actual);
    return callbacks.revoked(lease, actual);
  }

  /** The member stops on a fatal error: every open term ends now, as if closed. */
  void endAll() {
    leases
        .endAll()
        .values()
        .forEach(
            lease -> {
              lease.revoke(RevocationReason.CLOSED);
              RevocationReason actual = lease.revocationReason().orElse(RevocationReason.CLOSED);
              metrics.revoked(actual);
              // The loop is gone: nobody waits for revoked to return (the future always completes
              // normally).
              var unused = callbacks.revoked(lease, actual);
            });
  }

  /** The token of {@code p}'s latest term, for a log line. */
  Object token(int p) {
    LeaseHandle lease = leases.latest(p);
    return lease == null ? "?" : lease.token();
  }
}
