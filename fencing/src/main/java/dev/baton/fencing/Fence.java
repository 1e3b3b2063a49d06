// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing;

import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Protects resources with fencing tokens: a write is accepted only if its token is at least the
 * highest token the resource has accepted, and the check, the new high-water mark and the caller's
 * own write happen atomically. A new term registers with its first write (its token is higher);
 * later writes of the same term pass (equal token); any lower token is rejected with {@link
 * StaleTokenException} and nothing of the write is committed. A write whose outcome the fence
 * cannot know (its commit was sent, the answer lost) is never reported as rejected: it is a {@link
 * WriteOutcomeUnknownException}.
 *
 * <p>The first token a resource accepts binds it to that token's {@linkplain FencingToken#scope()
 * scope}; tokens of another scope are rejected with {@link ForeignTokenException}.
 *
 * <p>Writing a fence for another store: start {@link #write} with {@link #checkWrite}, decide with
 * {@link #checkToken} against the highest token read in the store's atomic unit, and throw {@link
 * #rethrow} for what the caller's action threw, so that every fence rejects the same input with the
 * same exceptions and words; then run {@code FenceContractTest} (baton-fencing's test jar) on it.
 *
 * @param <C> the context the caller's write runs with (see {@link FencedAction})
 */
public interface Fence<C> {
  /** Longest resource name a fence accepts, in characters. */
  int MAX_RESOURCE_LENGTH = 255;

  /**
   * Runs {@code action} atomically with the fence check for {@code resource}.
   *
   * @return what the action returned
   * @throws StaleTokenException if a higher token was accepted before
   * @throws ForeignTokenException if the resource is bound to another scope
   * @throws FenceConfigurationException if the store is not set up for fencing
   * @throws FencingException if the store failed or the action threw a checked exception
   * @throws WriteOutcomeUnknownException if the write was sent but the store's answer was lost, so
   *     it may have committed (not a {@code FencingException}: those mean nothing was committed)
   * @throws IllegalArgumentException if the resource or token is null or invalid
   */
  <T> T write(String resource, FencingToken token, FencedAction<C, T> action);

  /** The highest token {@code resource} has accepted, if any. */
  Optional<FencingToken> highest(String resource);

  /**
   * The argument checks of {@link #write}, which a fence runs before it touches its store.
   *
   * @throws IllegalArgumentException if {@code resource} is null, blank, longer than {@value
   *     #MAX_RESOURCE_LENGTH} characters or contains a control character, or {@code token} is null
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
   * The decision of {@link #write} against the highest token {@code resource} has accepted: a token
   * of another scope or a lower one is rejected; an equal or higher one passes.
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
   * What {@link #write} throws when the caller's action threw {@code thrown}: an unchecked
   * exception as it is, a checked one wrapped in a {@link FencingException} for {@code resource};
   * an {@link InterruptedException} sets the interrupt flag again. Use it as {@code throw
   * Fence.rethrow(resource, e)}, after the store's unit was rolled back.
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
