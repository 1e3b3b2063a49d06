// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing;

import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Protects resources with fencing tokens: a write is accepted only if its token is at least the
 * highest the resource accepted, atomically with the new high-water mark and the caller's own
 * write. A lower token gets {@link StaleTokenException}, a token of another {@linkplain
 * FencingToken#scope() scope} than the first one accepted {@link ForeignTokenException}, and
 * nothing is committed; a lost answer is never reported as rejected but as {@link
 * WriteOutcomeUnknownException}. A fence for another store uses {@link #checkWrite}, {@link
 * #checkToken} (against the highest token read in the store's atomic unit) and {@link #rethrow}, so
 * all fences reject alike; {@code FenceContractTest} (baton-fencing's test jar) checks it.
 *
 * @param <C> the context the caller's write runs with (see {@link FencedAction})
 */
public interface Fence<C> {
  /** Longest resource name a fence accepts, in characters. */
  int MAX_RESOURCE_LENGTH = 255;

  /**
   * Runs {@code action} atomically with the fence check for {@code resource}.
   *
   * @throws StaleTokenException if a higher token was accepted before
   * @throws ForeignTokenException if the resource is bound to another scope
   * @throws FencingException if the store failed or the action threw a checked exception
   * @throws WriteOutcomeUnknownException if the store's answer was lost, so it may have committed
   */
  <T> T write(String resource, FencingToken token, FencedAction<C, T> action);

  /** The highest token {@code resource} has accepted, if any. */
  Optional<FencingToken> highest(String resource);

  /**
   * {@link #write}'s argument checks: an {@link IllegalArgumentException} unless {@code resource}
   * is non-blank, control-free, at most {@value #MAX_RESOURCE_LENGTH} long and {@code token} set.
   */
  static void checkWrite(@Nullable String resource, @Nullable FencingToken token) {
    if (resource == null || resource.isBlank()) {
      throw new IllegalArgumentException("the fenced resource name must not be empty");
    }
    if (resource.length() > MAX_RESOURCE_LENGTH) {
      throw new IllegalArgumentException(
          "the fenced resource name is longer than " + MAX_RESOURCE_LENGTH);
    }
    if (resource.chars().anyMatch(Character::isISOControl)) {
      throw new IllegalArgumentException(
          "the fenced resource name must not contain control characters");
    }
    if (token == null) {
      throw new IllegalArgumentException("a fenced write needs a fencing token, got null");
    }
  }

  /**
   * The decision of {@link #write} against the highest token {@code resource} has accepted.
   *
   * @throws ForeignTokenException if {@code token} comes from another scope than {@code highest}
   * @throws StaleTokenException if {@code token} is lower than {@code highest}
   */
  static void checkToken(String resource, FencingToken token, FencingToken highest) {
    Objects.requireNonNull(resource, "resource");
    Objects.requireNonNull(token, "token");
    if (!Objects.requireNonNull(highest, "highest").sameScopeAs(token)) {
      throw new ForeignTokenException(resource, token, highest.scope());
    }
    if (token.isOlderThan(highest)) {
      throw new StaleTokenException(resource, token, highest);
    }
  }

  /**
   * What {@link #write} throws for the action's {@code thrown}: unchecked as is, checked wrapped in
   * a {@link FencingException} (re-interrupting if interrupted). Throw it after the rollback.
   */
  static RuntimeException rethrow(String resource, Exception thrown) {
    Objects.requireNonNull(resource, "resource");
    if (Objects.requireNonNull(thrown, "thrown") instanceof RuntimeException r) {
      return r;
    }
    if (thrown instanceof InterruptedException) {
      Thread.currentThread().interrupt();
    }
    return new FencingException(
        resource, "the fenced write to '" + resource + "' failed: " + thrown, thrown);
  }
}
