// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lock;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.spi.TermHandle;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/** One hold of a {@link FencedLock}: the spi's {@link TermHandle} with the lock's fields. */
final class Hold extends TermHandle implements LockHandle {
  private final FencedLock lock;

  Hold(FencedLock lock, FencingToken token, String nodePath, Instant since) {
    super(token, since, nodePath);
    this.lock = lock;
  }

  @Override
  protected RuntimeException lost(@Nullable RevocationReason reason) {
    return new LockLostException(lock.path(), token(), reason);
  }

  @Override
  public void close() {
    lock.release();
  }

  @Override
  public String toString() {
    return "LockHandle{" + nodePath() + ", " + token() + ", " + describeState() + "}";
  }
}
