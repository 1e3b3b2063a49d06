// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing;

import java.util.Optional;

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
 * @param <C> the context the caller's write runs with (see {@link FencedAction})
 */
public interface Fence<C> {
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
}
