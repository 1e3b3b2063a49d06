// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import dev.baton.recipes.spi.ConnectionEpoch;

/**
 * One term as the recipe publishes it (an election's {@code Leadership}, a lock's hold): ACTIVE and
 * PAUSED back and forth, then REVOKED once, for good, like the real {@code TermHandle}. A term that
 * began again with the same token (re-elected after a reconnect) is a new record.
 */
final class TermRecord {
  enum State {
    ACTIVE,
    PAUSED,
    REVOKED
  }

  final int id;
  final Client client;
  final int attempt;
  final long token;
  final String name;

  /** The session that owns the term's entry, as the store reported it to the loop. */
  final long entrySession;

  final long begunAtStep;

  /**
   * True if, when it began, the entry's session had already ended on the server or the entry was
   * gone.
   */
  final boolean staleAtBegin;

  /** {@code liveness.current()} when the term last became active (began or resumed). */
  ConnectionEpoch activeSince;

  private State state = State.ACTIVE;
  private RevocationReason reason;
  private int revocations;

  TermRecord(
      int id,
      Client client,
      int attempt,
      long token,
      String name,
      long entrySession,
      long begunAtStep,
      boolean staleAtBegin,
      ConnectionEpoch activeSince) {
    this.activeSince = activeSince;
    this.id = id;
    this.client = client;
    this.attempt = attempt;
    this.token = token;
    this.name = name;
    this.entrySession = entrySession;
    this.begunAtStep = begunAtStep;
    this.staleAtBegin = staleAtBegin;
  }

  State state() {
    return state;
  }

  boolean isActive() {
    return state == State.ACTIVE;
  }

  boolean isRevoked() {
    return state == State.REVOKED;
  }

  RevocationReason reason() {
    return reason;
  }

  int revocations() {
    return revocations;
  }

  /** ACTIVE to PAUSED; true if it paused now. */
  boolean pause() {
    if (state != State.ACTIVE) {
      return false;
    }
    state = State.PAUSED;
    return true;
  }

  /**
   * PAUSED to ACTIVE in epoch {@code now}; true if it resumed now. A revoked term never comes back.
   */
  boolean resume(ConnectionEpoch now) {
    if (state != State.PAUSED) {
      return false;
    }
    state = State.ACTIVE;
    activeSince = now;
    return true;
  }

  /** To REVOKED; true (and {@code revoked} reported) only the first time. */
  boolean revoke(RevocationReason why) {
    if (state == State.REVOKED) {
      return false;
    }
    state = State.REVOKED;
    reason = why;
    revocations++;
    return true;
  }

  @Override
  public String toString() {
    return "term#"
        + id
        + "{"
        + client.label
        + " token="
        + token
        + " "
        + name
        + " "
        + state
        + (reason == null ? "" : " " + reason)
        + (staleAtBegin ? " stale-at-begin" : "")
        + "}";
  }
}
