// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing.support;

import dev.baton.fencing.FencingToken;

/** The check that a recipe's path can scope its fencing tokens. */
public final class TokenScopes {
  private TokenScopes() {}

  /**
   * Checks that {@code path} (already a valid ZooKeeper path) is a valid token scope: at most
   * {@value FencingToken#MAX_SCOPE_LENGTH} characters, no {@code @}. ZooKeeper allows both, but a
   * term on such a path could never be given its token: the candidate would retry forever without
   * leading.
   *
   * @param kind what the path is for, e.g. "election", named in the message
   * @throws IllegalArgumentException naming the problem
   */
  public static String check(String kind, String path) {
    try {
      FencingToken.of(path, 0);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "the "
              + kind
              + " path scopes its fencing tokens, so it must be "
              + "at most "
              + FencingToken.MAX_SCOPE_LENGTH
              + " characters without '@'",
          e);
    }
    return path;
  }
}
