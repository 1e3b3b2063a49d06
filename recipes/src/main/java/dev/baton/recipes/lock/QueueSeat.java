// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lock;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.spi.HoldSeat;
import java.time.Instant;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A {@link FencedLock}'s seat in ZooKeeper: the session's own ({@link BatonSession#lockSeat}),
 * which takes each hold on the caller's thread, its entry's create and listing pipelined.
 */
final class QueueSeat implements LockSeat {
  private final HoldSeat<Hold> seat;

  QueueSeat(BatonSession session, LockConfig config, LockMeters meters, FencedLock lock) {
    this.seat =
        session.lockSeat(
            config.path(),
            config.ownerId(),
            config.watchHeldNode(),
            new HoldSeat.Holds<>() {
              @Override
              public Hold begin(FencingToken token, String nodePath) {
                return new Hold(lock, token, nodePath, Instant.now());
              }

              @Override
              public void lost() {
                meters.lost();
              }
            });
  }

  @Override
  public Optional<Hold> take(long deadline) throws InterruptedException {
    return seat.take(deadline);
  }

  @Override
  public @Nullable Hold current() {
    return seat.current();
  }

  @Override
  public boolean release() {
    return seat.release();
  }

  @Override
  public void close(boolean heldByCaller) {
    seat.close(heldByCaller);
  }
}
