// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import dev.baton.recipes.election.ConnectionPolicy;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/** {@code baton.election.<name>.*}: one election, run by the bean {@code <name>Election}. */
public class ElectionProperties {
  /** The election's znode path (absolute, not the root, no '@'). Required. */
  private @Nullable String path;

  /** Who this instance is in the election; defaults to baton.instance-id. */
  private @Nullable String participantId;

  /** What a suspended connection does to a term: STANDARD (revoke at once) or SESSION (pause). */
  private ConnectionPolicy connectionPolicy = ConnectionPolicy.STANDARD;

  /** Whether the election bean exists at all. */
  private boolean enabled = true;

  /** Whether the election is joined when the application context starts. */
  private boolean autoStartup = true;

  /**
   * The Spring Integration role whose endpoints start on grant and stop on revoke; defaults to the
   * election's name.
   */
  private @Nullable String role;

  /** How long leaving the election (shutdown, availability) waits for the last revoked callback. */
  private Duration callbackDrainTimeout = Duration.ofSeconds(5);

  /** The path, if set. */
  public @Nullable String getPath() {
    return path;
  }

  /** Sets the path. */
  public void setPath(@Nullable String path) {
    this.path = path;
  }

  /** The participant id, if set. */
  public @Nullable String getParticipantId() {
    return participantId;
  }

  /** Sets the participant id. */
  public void setParticipantId(@Nullable String participantId) {
    this.participantId = participantId;
  }

  /** The connection policy. */
  public ConnectionPolicy getConnectionPolicy() {
    return connectionPolicy;
  }

  /** Sets the connection policy. */
  public void setConnectionPolicy(ConnectionPolicy connectionPolicy) {
    this.connectionPolicy = connectionPolicy;
  }

  /** Whether the election is enabled. */
  public boolean isEnabled() {
    return enabled;
  }

  /** Sets whether the election is enabled. */
  public void setEnabled(boolean enabled) {
    this.enabled = enabled;
  }

  /** Whether the election starts with the context. */
  public boolean isAutoStartup() {
    return autoStartup;
  }

  /** Sets whether the election starts with the context. */
  public void setAutoStartup(boolean autoStartup) {
    this.autoStartup = autoStartup;
  }

  /** The Spring Integration role, if set. */
  public @Nullable String getRole() {
    return role;
  }

  /** Sets the Spring Integration role. */
  public void setRole(@Nullable String role) {
    this.role = role;
  }

  /** The callback drain timeout. */
  public Duration getCallbackDrainTimeout() {
    return callbackDrainTimeout;
  }

  /** Sets the callback drain timeout. */
  public void setCallbackDrainTimeout(Duration callbackDrainTimeout) {
    this.callbackDrainTimeout = callbackDrainTimeout;
  }
}
