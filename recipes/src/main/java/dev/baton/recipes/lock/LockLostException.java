// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lock;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.TermLostException;
import org.jspecify.annotations.Nullable;

/** Thrown by {@link LockHandle#checkActive()} once the hold is no longer valid. */
public class LockLostException extends TermLostException {
  public LockLostException(String path, FencingToken token, @Nullable RevocationReason reason) {
    super("the hold of lock " + path, token, reason);
  }
}
