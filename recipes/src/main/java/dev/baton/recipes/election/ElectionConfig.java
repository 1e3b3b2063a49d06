// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.spi.NoMeters;
import dev.baton.recipes.spi.Validation;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * Immutable settings of a {@link LeaderElection}, built by {@link #builder(String)} and checked by
 * the constructor. Defaults and their reasons: {@code docs/recipes.md}.
 *
 * @param path the election's znode (candidates are its children) or lease row: an absolute
 *     ZooKeeper path, not the root, at most 512 characters, no {@code @} (it scopes the tokens)
 * @param participantId this candidate, shown to observers: 1 to 256 UTF-8 bytes, not blank, no
 *     control characters, distinct per process; default {@code host-pid-random}
 * @param connectionPolicy what a suspended connection does to a term; default {@code STANDARD}
 * @param resignOnCallbackFailure whether an exception from {@code elected} resigns the term ({@link
 *     RevocationReason#CALLBACK_FAILED}); default true
 * @param interruptOnRevoke whether revoking interrupts a running {@code elected}; default true
 * @param reentryJitter after a lost session, re-enter after a random delay up to this; default 1 s
 * @param callbackDrainTimeout how long {@link LeaderElection#close()} awaits callbacks; default 5 s
 * @param meterRegistry where metrics go; default no-op
 * @param clock the time of {@link Leadership#electedAt()} and health; default system UTC
 */
public record ElectionConfig(
    String path,
    String participantId,
    ConnectionPolicy connectionPolicy,
    boolean resignOnCallbackFailure,
    boolean interruptOnRevoke,
    Duration reentryJitter,
    Duration callbackDrainTimeout,
    MeterRegistry meterRegistry,
    Clock clock) {

  /**
   * Checks every setting.
   *
   * @throws IllegalArgumentException naming the first invalid setting
   */
  public ElectionConfig {
    Validation.path("election", path);
    FencingToken.checkScope("election", path);
    Validation.id("participantId", participantId);
    Objects.requireNonNull(connectionPolicy, "connectionPolicy");
    Validation.nonNegative("reentryJitter", reentryJitter);
    Validation.nonNegative("callbackDrainTimeout", callbackDrainTimeout);
    Objects.requireNonNull(meterRegistry, "meterRegistry");
    Objects.requireNonNull(clock, "clock");
  }

  /** A builder for an election on {@code path}. */
  public static Builder builder(String path) {
    return new Builder(Objects.requireNonNull(path, "path"));
  }

  /** Builder of {@link ElectionConfig}; not thread-safe. */
  public static final class Builder {
    private final String path;
    private @Nullable String participantId;
    private ConnectionPolicy connectionPolicy = ConnectionPolicy.STANDARD;
    private boolean resignOnCallbackFailure = true;
    private boolean interruptOnRevoke = true;
    private Duration reentryJitter = Duration.ofSeconds(1);
    private Duration callbackDrainTimeout = Duration.ofSeconds(5);
    private @Nullable MeterRegistry meterRegistry;
    private Clock clock = Clock.systemUTC();

    private Builder(String path) {
      this.path = path;
    }

    /** This candidate's id; {@code null} for the default ({@code host-pid-random}). */
    public Builder participantId(@Nullable String value) {
      this.participantId = value;
      return this;
    }

    public Builder connectionPolicy(ConnectionPolicy value) {
      this.connectionPolicy = Objects.requireNonNull(value, "connectionPolicy");
      return this;
    }

    public Builder resignOnCallbackFailure(boolean value) {
      this.resignOnCallbackFailure = value;
      return this;
    }

    public Builder interruptOnRevoke(boolean value) {
      this.interruptOnRevoke = value;
      return this;
    }

    public Builder reentryJitter(Duration value) {
      this.reentryJitter = Objects.requireNonNull(value, "reentryJitter");
      return this;
    }

    public Builder callbackDrainTimeout(Duration value) {
      this.callbackDrainTimeout = Objects.requireNonNull(value, "callbackDrainTimeout");
      return this;
    }

    /** Where the metrics go; {@code null} for none (the default: no-op). */
    public Builder meterRegistry(@Nullable MeterRegistry value) {
      this.meterRegistry = value;
      return this;
    }

    public Builder clock(Clock value) {
      this.clock = Objects.requireNonNull(value, "clock");
      return this;
    }

    /**
     * Validates and builds.
     *
     * @throws IllegalArgumentException naming the first invalid field
     */
    public ElectionConfig build() {
      return new ElectionConfig(
          path,
          participantId == null ? defaultParticipantId() : participantId,
          connectionPolicy,
          resignOnCallbackFailure,
          interruptOnRevoke,
          reentryJitter,
          callbackDrainTimeout,
          meterRegistry == null ? NoMeters.REGISTRY : meterRegistry,
          clock);
    }

    private static String defaultParticipantId() {
      String host;
      try {
        host = InetAddress.getLocalHost().getHostName();
      } catch (UnknownHostException e) {
        host = "unknown-host";
      }
      long pid = ProcessHandle.current().pid();
      return host + "-" + pid + "-" + UUID.randomUUID().toString().substring(0, 8);
    }
  }
}
