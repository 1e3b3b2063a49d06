// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.election;

import dev.baton.recipes.BatonSession;
import dev.baton.recipes.backend.Backend;
import dev.baton.recipes.election.ConnectionPolicy;
import dev.baton.recipes.election.ElectionConfig;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.PropertyMapper;

/**
 * Builds a {@link BatonElection} for your own beans, e.g. {@code BatonElection.builder("billing",
 * "/services/billing/leader").build(backend)}. Not thread-safe.
 */
public final class BatonElectionBuilder {
  final String name;
  private final String path;
  private @Nullable String participantId;
  private @Nullable ConnectionPolicy connectionPolicy;
  @Nullable String role;
  private @Nullable Duration callbackDrainTimeout;
  boolean autoStartup = true;
  int phase = BatonElection.DEFAULT_PHASE;
  private @Nullable MeterRegistry meterRegistry;
  private Consumer<ElectionConfig.Builder> customizer = b -> {};

  BatonElectionBuilder(String name, String path) {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("an election's name must not be blank");
    }
    this.name = name;
    this.path = Objects.requireNonNull(path, "path");
  }

  /** This instance's participant id; the library's default ({@code host-pid-random}) if unset. */
  public BatonElectionBuilder participantId(@Nullable String value) {
    this.participantId = value;
    return this;
  }

  /** What a suspended connection does to a term; the library's {@code STANDARD} if unset. */
  public BatonElectionBuilder connectionPolicy(ConnectionPolicy value) {
    this.connectionPolicy = Objects.requireNonNull(value, "connectionPolicy");
    return this;
  }

  /** The Spring Integration role of the election's endpoints; the name if unset. */
  public BatonElectionBuilder role(@Nullable String value) {
    this.role = value;
    return this;
  }

  /** How long leaving waits for the last {@code revoked} callback; the library's 5 s if unset. */
  public BatonElectionBuilder callbackDrainTimeout(@Nullable Duration value) {
    this.callbackDrainTimeout = value;
    return this;
  }

  /** Whether the election starts with the application context (default true). */
  public BatonElectionBuilder autoStartup(boolean value) {
    this.autoStartup = value;
    return this;
  }

  /** The lifecycle phase (default {@link BatonElection#DEFAULT_PHASE}). */
  public BatonElectionBuilder phase(int value) {
    this.phase = value;
    return this;
  }

  /** Where the election's metrics go; none if unset. */
  public BatonElectionBuilder meterRegistry(@Nullable MeterRegistry value) {
    this.meterRegistry = value;
    return this;
  }

  /** Further settings of the underlying {@link ElectionConfig}, applied last. */
  public BatonElectionBuilder configure(Consumer<ElectionConfig.Builder> value) {
    this.customizer = Objects.requireNonNull(value, "customizer");
    return this;
  }

  /**
   * Builds a latent election on {@code backend}; an {@link IllegalArgumentException} names the
   * first invalid setting (or {@code SESSION} policy off a {@link BatonSession}).
   */
  public BatonElection build(Backend backend) {
    Objects.requireNonNull(backend, "backend");
    if (connectionPolicy == ConnectionPolicy.SESSION && !(backend instanceof BatonSession)) {
      throw new IllegalArgumentException(
          "connectionPolicy SESSION pauses a term while a ZooKeeper connection is suspended and"
              + " needs ZooKeeper; the lease backend has no session (a failed renewal revokes the"
              + " term): use STANDARD");
    }
    ElectionConfig.Builder b = ElectionConfig.builder(path).participantId(participantId);
    PropertyMapper map = PropertyMapper.get();
    map.from(connectionPolicy).to(b::connectionPolicy);
    map.from(callbackDrainTimeout).to(b::callbackDrainTimeout);
    map.from(meterRegistry).to(b::meterRegistry);
    customizer.accept(b);
    return new BatonElection(this, backend, b.build());
  }
}
