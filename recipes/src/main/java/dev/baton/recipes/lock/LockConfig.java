// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lock;

import dev.baton.fencing.FencingToken;
import dev.baton.internal.Validation;
import dev.baton.recipes.kernel.NoMeters;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Objects;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * Immutable settings of a {@link FencedLock}, validated by {@link Builder#build()}.
 *
 * <table>
 *   <caption>Fields and defaults</caption>
 *   <tr><th>field</th><th>default</th><th>meaning</th></tr>
 *   <tr><td>path</td><td>required</td><td>the lock's znode; contenders are its children. At most 512
 *   characters, without {@code @} (it is the fencing tokens' scope).</td></tr>
 *   <tr><td>ownerId</td><td>random</td><td>stored in the lock znode, for observers; 1 to 256 bytes</td></tr>
 *   <tr><td>watchHeldNode</td><td>false</td><td>watch the lock znode while it is held, so that a
 *   hold ends ({@link LockHandle#isActive()} false, {@link LockHandle#checkActive()} throws
 *   {@link LockLostException}) the moment someone else deletes it; costs one more (asynchronous)
 *   request per hold. Without it a hold does not notice a deletion by someone else (its release's
 *   delete then finds nothing to delete, and {@link FencedLock#release()} returns false), and a waiting attempt whose entry someone else deleted
 *   may still take the lock when the only entry ahead of it leaves (it takes the lock then without
 *   reading the queue); with it, the queue is read to confirm the entry. A suspended or lost
 *   connection ends the hold either way.</td></tr>
 *   <tr><td>meterRegistry</td><td>no-op</td><td>{@code baton.lock.acquired}, {@code baton.lock.timeouts},
 *   {@code baton.lock.lost}, {@code baton.lock.wait}</td></tr>
 * </table>
 */
public final class LockConfig {
  private final String path;
  private final String ownerId;
  private final MeterRegistry meterRegistry;
  private final boolean watchHeldNode;

  private LockConfig(Builder b) {
    this.watchHeldNode = b.watchHeldNode;
    this.path = b.path;
    this.ownerId = b.ownerId == null ? "lock-" + UUID.randomUUID() : b.ownerId;
    this.meterRegistry = b.meterRegistry == null ? NoMeters.REGISTRY : b.meterRegistry;
  }

  /**
   * A builder for a lock on {@code path}.
   *
   * @throws NullPointerException if {@code path} is null
   */
  public static Builder builder(String path) {
    return new Builder(Objects.requireNonNull(path, "path"));
  }

  public String path() {
    return path;
  }

  public String ownerId() {
    return ownerId;
  }

  public MeterRegistry meterRegistry() {
    return meterRegistry;
  }

  /** Whether a hold watches its znode (see the table above). */
  public boolean watchHeldNode() {
    return watchHeldNode;
  }

  /** Builder of {@link LockConfig}; not thread-safe. */
  public static final class Builder {
    private final String path;
    private @Nullable String ownerId;
    private @Nullable MeterRegistry meterRegistry;
    private boolean watchHeldNode;

    private Builder(String path) {
      this.path = path;
    }

    /** This instance's id; {@code null} for the default. */
    public Builder ownerId(@Nullable String value) {
      this.ownerId = value;
      return this;
    }

    /** Where the metrics go; {@code null} for none (the default: no-op). */
    public Builder meterRegistry(@Nullable MeterRegistry value) {
      this.meterRegistry = value;
      return this;
    }

    /** Watch the lock znode while held: a deletion by someone else ends the hold at once. */
    public Builder watchHeldNode(boolean value) {
      this.watchHeldNode = value;
      return this;
    }

    /**
     * Validates and builds.
     *
     * @throws IllegalArgumentException naming the first invalid field
     */
    public LockConfig build() {
      Validation.path("lock", path);
      FencingToken.checkScope("lock", path);
      if (ownerId != null) {
        Validation.id("ownerId", ownerId);
      }
      return new LockConfig(this);
    }
  }
}
