// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.CoordinationException;
import dev.baton.recipes.MalformedCandidateException;
import dev.baton.recipes.backend.Backend;
import dev.baton.recipes.backend.Holder;
import dev.baton.recipes.spi.Validation;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Reads an election without taking part, afresh on each call. Children not named like candidates
 * are skipped; one so named with no participant id as data, or not ephemeral, fails the read
 * ({@link MalformedCandidateException}), as the queue is ordered by name alone. Thread-safe.
 */
public final class ElectionObserver {
  private final Backend backend;
  private final String path;

  /**
   * Observes the election on {@code path} through {@code session}.
   *
   * @throws IllegalArgumentException if the path is invalid
   */
  public ElectionObserver(BatonSession session, String path) {
    this((Backend) Objects.requireNonNull(session, "session"), path);
  }

  /**
   * Observes {@code path} on {@code backend} (lease backend: the participants are only the holder).
   *
   * @throws IllegalArgumentException if the path is invalid
   */
  public ElectionObserver(Backend backend, String path) {
    Objects.requireNonNull(backend, "backend");
    Objects.requireNonNull(path, "path");
    Validation.path("election", path);
    FencingToken.checkScope("election", path);
    this.backend = backend;
    this.path = path;
  }

  /**
   * The current leader, or empty when nobody is in the queue.
   *
   * @throws MalformedCandidateException if the first znode of the queue is not a candidate's
   * @throws CoordinationException if ZooKeeper cannot be read
   */
  public Optional<LeaderInfo> currentLeader() {
    return backend
        .holder(path)
        .map(h -> new LeaderInfo(h.participantId(), h.token(), h.nodeName()));
  }

  /**
   * The participants in queue order; the first one leads.
   *
   * @throws MalformedCandidateException if a znode of the queue is not a candidate's
   * @throws CoordinationException if ZooKeeper cannot be read
   */
  public List<Participant> participants() {
    List<Holder> queue = backend.participants(path);
    return java.util.stream.IntStream.range(0, queue.size())
        .mapToObj(i -> new Participant(i, queue.get(i).participantId(), queue.get(i).nodeName()))
        .toList();
  }
}
