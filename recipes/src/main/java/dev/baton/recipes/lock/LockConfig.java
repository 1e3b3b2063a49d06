// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.lock;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.spi.NoMeters;
import dev.baton.recipes.spi.Validation;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Objects;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * Immutable settings of a {@link FencedLock}, built by {@link #builder(String)}.
 *
 * @param path the lock's znode (contenders are its children) or lease row: at most 512 characters,
 *     without {@code @} (it is the fencing tokens' scope)
 * @param ownerId stored in the lock znode, for observers: 1 to 256 bytes; default random
 * @param meterRegistry gets {@code baton.lock.acquired}, {@code .timeouts}, {@code .lost} (holds
 *     ended before release) and {@code .wait} (acquire to hold), tagged {@code lock}; default no-op
 * @param watchHeldNode watch the lock znode while held (one more request per hold): a deletion by
 *     someone else ends the hold at once ({@link LockLostException}) and a waiting attempt confirms
 *     its own entry before taking the lock; else only {@link FencedLock#release()} returning false
 *     tells. Default false
 */
public record LockConfig(
    String path, String ownerId, MeterRegistry meterRegistry, boolean watchHeldNode) {

  /** Checks every setting, throwing IllegalArgumentException naming the first invalid one. */
  public LockConfig {
    Validation.path("lock", path);
    FencingToken.checkScope("lock", path);
    Validation.id("ownerId", ownerId);
    Objects.requireNonNull(meterRegistry, "meterRegistry");
  }

  /** A builder for a lock on {@code path}. */
  public static Builder builder(String path) {
    return new Builder(Objects.requireNonNull(path, "path"));
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

    /** Validates and builds; throws IllegalArgumentException naming the first invalid field. */
    public LockConfig build() {
      return new LockConfig(
          path,
          ownerId == null ? "lock-" + UUID.randomUUID() : ownerId,
          meterRegistry == null ? NoMeters.REGISTRY : meterRegistry,
          watchHeldNode);
    }
  }
}
