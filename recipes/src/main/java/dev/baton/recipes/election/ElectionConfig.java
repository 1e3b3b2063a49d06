// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.election;

import dev.baton.fencing.FencingToken;
import dev.baton.internal.Validation;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.kernel.NoMeters;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * Immutable settings of a {@link LeaderElection}, validated by {@link Builder#build()}.
 *
 * <table>
 *   <caption>Fields and defaults</caption>
 *   <tr><th>field</th><th>default</th><th>meaning</th></tr>
 *   <tr><td>path</td><td>required</td><td>the election's znode; candidates are its children. A valid
 *   absolute ZooKeeper path, not the root, at most 512 characters and without {@code @} (it is the
 *   fencing tokens' scope).</td></tr>
 *   <tr><td>participantId</td><td>{@code host-pid-random}</td><td>who this candidate is, stored in its
 *   znode or lease row and shown to observers; 1 to 256 bytes of UTF-8 (so 256 ASCII characters, or
 *   fewer of other scripts), not blank, no control characters, on both backends. Use a distinct id
 *   per process instance.</td></tr>
 *   <tr><td>connectionPolicy</td><td>{@link ConnectionPolicy#STANDARD}</td><td>what a suspended
 *   connection does to a term</td></tr>
 *   <tr><td>resignOnCallbackFailure</td><td>true</td><td>an exception from {@code elected} resigns the
 *   term ({@link RevocationReason#CALLBACK_FAILED}); false keeps leading (the failure is still logged
 *   and counted)</td></tr>
 *   <tr><td>interruptOnRevoke</td><td>true</td><td>interrupt the callback thread if it is still inside
 *   {@code elected} of the revoked term</td></tr>
 *   <tr><td>reentryJitter</td><td>1 s</td><td>after a lost session, re-enter after a random delay in
 *   [0, reentryJitter], so that a whole fleet does not re-enter at the same instant</td></tr>
 *   <tr><td>callbackDrainTimeout</td><td>5 s</td><td>how long {@link LeaderElection#close()} waits for
 *   the callbacks (the final {@code revoked}) to finish</td></tr>
 *   <tr><td>meterRegistry</td><td>no-op</td><td>where metrics go</td></tr>
 *   <tr><td>clock</td><td>system UTC</td><td>the time of {@link Leadership#electedAt()} and health</td></tr>
 * </table>
 */
public final class ElectionConfig {
  private final String path;
  private final String participantId;
  private final ConnectionPolicy connectionPolicy;
  private final boolean resignOnCallbackFailure;
  private final boolean interruptOnRevoke;
  private final Duration reentryJitter;
  private final Duration callbackDrainTimeout;
  private final MeterRegistry meterRegistry;
  private final Clock clock;

  private ElectionConfig(Builder b, String participantId) {
    this.path = b.path;
    this.participantId = participantId;
    this.connectionPolicy = b.connectionPolicy;
    this.resignOnCallbackFailure = b.resignOnCallbackFailure;
    this.interruptOnRevoke = b.interruptOnRevoke;
    this.reentryJitter = b.reentryJitter;
    this.callbackDrainTimeout = b.callbackDrainTimeout;
    this.meterRegistry = b.meterRegistry == null ? NoMeters.REGISTRY : b.meterRegistry;
    this.clock = b.clock;
  }

  /** A builder for an election on {@code path}. */
  /**
   * A builder for an election on {@code path}.
   *
   * @throws NullPointerException if {@code path} is null
   */
  public static Builder builder(String path) {
    return new Builder(Objects.requireNonNull(path, "path"));
  }

  public String path() {
    return path;
  }

  public String participantId() {
    return participantId;
  }

  public ConnectionPolicy connectionPolicy() {
    return connectionPolicy;
  }

  public boolean resignOnCallbackFailure() {
    return resignOnCallbackFailure;
  }

  public boolean interruptOnRevoke() {
    return interruptOnRevoke;
  }

  public Duration reentryJitter() {
    return reentryJitter;
  }

  public Duration callbackDrainTimeout() {
    return callbackDrainTimeout;
  }

  public MeterRegistry meterRegistry() {
    return meterRegistry;
  }

  public Clock clock() {
    return clock;
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
      Validation.path("election", path);
      FencingToken.checkScope("election", path);
      String id = participantId == null ? defaultParticipantId() : participantId;
      Validation.id("participantId", id);
      Validation.nonNegative("reentryJitter", reentryJitter);
      Validation.nonNegative("callbackDrainTimeout", callbackDrainTimeout);
      return new ElectionConfig(this, id);
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
