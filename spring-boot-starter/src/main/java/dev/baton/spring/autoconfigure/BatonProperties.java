// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import dev.baton.recipes.SessionConfig;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.NestedConfigurationProperty;

/**
 * Baton's settings under {@code baton.*}: the backend ({@code baton.backend}), the session (connect
 * string, timeouts, security), the lease backend ({@code baton.lease.*}), the elections ({@code
 * baton.election.<name>.*}), the partition groups ({@code baton.partitions.<name>.*}) and the
 * availability option. On ZooKeeper (the default), without {@code baton.connect-string} (or a
 * {@link BatonConnectionDetails} bean) the auto-configuration backs off.
 */
@ConfigurationProperties("baton")
public class BatonProperties {
  /** What Baton's elections run on ({@code baton.backend}). */
  public enum Backend {
    /** A ZooKeeper ensemble, baton.connect-string: elections, partition groups, locks. */
    ZOOKEEPER,
    /** A lease record in the application's SQL database (PostgreSQL or H2): elections only. */
    LEASE
  }

  /**
   * What the elections run on: zookeeper (baton.connect-string) or lease (a lease record in the
   * application's DataSource, PostgreSQL or H2, set by baton.lease.*). Partition groups need
   * zookeeper.
   */
  private Backend backend = Backend.ZOOKEEPER;

  /**
   * The ZooKeeper ensemble, host:port[,host:port...][/chroot]. Required unless a
   * BatonConnectionDetails bean (e.g. a Testcontainers service connection) says where it is.
   */
  private @Nullable String connectString;

  /**
   * Requested ZooKeeper session timeout; the server clamps it to [2, 20] ticks. It bounds how long
   * a crashed or paused instance keeps its leadership and partitions.
   */
  private Duration sessionTimeout = Duration.ofSeconds(15);

  /**
   * How long a ZooKeeper call waits for a connection, and how long start-up waits for the first
   * one. Unset: 5s, or the session timeout if that is shorter (SessionConfig's default).
   */
  private @Nullable Duration connectionTimeout;

  /**
   * How long closing the session (and each election or group on it) waits for the ensemble during
   * an outage before it gives up with one log line; the ephemeral nodes then go with the session.
   */
  private Duration closeTimeout = SessionConfig.DEFAULT_CLOSE_TIMEOUT;

  /** A chroot-like prefix applied to every Baton path, without a leading slash. */
  private @Nullable String namespace;

  /**
   * Close the session (after the elections and groups) when the application context closes, so that
   * a rolling restart hands leadership and partitions over in milliseconds. When false the session
   * stays open until the JVM exits (a JVM shutdown hook closes it).
   */
  private boolean closeOnShutdown = true;

  /**
   * This instance's name, the default of every election's participant-id and every group's
   * member-id. Defaults to spring.application.name joined with the POD_NAME or HOSTNAME environment
   * variable, or the host name. Set it when several instances share a host.
   */
  private @Nullable String instanceId;

  /** How the session authenticates to ZooKeeper. */
  @NestedConfigurationProperty
  private final AuthenticationProperties authentication = new AuthenticationProperties();

  /** TLS to the servers' secure client port. */
  @NestedConfigurationProperty private final TlsProperties tls = new TlsProperties();

  /** The ACL of every znode Baton creates. */
  @NestedConfigurationProperty private final AclProperties acl = new AclProperties();

  /**
   * Elections by name: baton.election.NAME.path starts a leader election bean named NAMEElection.
   */
  private final Map<String, ElectionProperties> election = new LinkedHashMap<>();

  /**
   * Partition groups by name: baton.partitions.NAME.path joins a partition group as a bean named
   * NAMEPartitionGroup.
   */
  private final Map<String, PartitionGroupProperties> partitions = new LinkedHashMap<>();

  /** The lease backend's settings, used with baton.backend=lease. */
  @NestedConfigurationProperty private final LeaseProperties lease = new LeaseProperties();

  /** What Baton does while the application is not ready or not healthy. */
  @NestedConfigurationProperty
  private final AvailabilityProperties availability = new AvailabilityProperties();

  /** The backend. */
  public Backend getBackend() {
    return backend;
  }

  /** Sets the backend. */
  public void setBackend(Backend backend) {
    this.backend = backend;
  }

  /** The lease backend's settings. */
  public LeaseProperties getLease() {
    return lease;
  }

  /** The connect string, if set. */
  public @Nullable String getConnectString() {
    return connectString;
  }

  /** Sets the connect string. */
  public void setConnectString(@Nullable String connectString) {
    this.connectString = connectString;
  }

  /** The requested session timeout. */
  public Duration getSessionTimeout() {
    return sessionTimeout;
  }

  /** Sets the requested session timeout. */
  public void setSessionTimeout(Duration sessionTimeout) {
    this.sessionTimeout = sessionTimeout;
  }

  /** The connection timeout, or null for {@code SessionConfig}'s default. */
  public @Nullable Duration getConnectionTimeout() {
    return connectionTimeout;
  }

  /** Sets the connection timeout (null: {@code SessionConfig}'s default). */
  public void setConnectionTimeout(@Nullable Duration connectionTimeout) {
    this.connectionTimeout = connectionTimeout;
  }

  /** The close timeout. */
  public Duration getCloseTimeout() {
    return closeTimeout;
  }

  /** Sets the close timeout. */
  public void setCloseTimeout(Duration closeTimeout) {
    this.closeTimeout = closeTimeout;
  }

  /** The namespace, if set. */
  public @Nullable String getNamespace() {
    return namespace;
  }

  /** Sets the namespace. */
  public void setNamespace(@Nullable String namespace) {
    this.namespace = namespace;
  }

  /** Whether the context closes the session at shutdown. */
  public boolean isCloseOnShutdown() {
    return closeOnShutdown;
  }

  /** Sets whether the context closes the session at shutdown. */
  public void setCloseOnShutdown(boolean closeOnShutdown) {
    this.closeOnShutdown = closeOnShutdown;
  }

  /** The configured instance id, if set. */
  public @Nullable String getInstanceId() {
    return instanceId;
  }

  /** Sets the instance id. */
  public void setInstanceId(@Nullable String instanceId) {
    this.instanceId = instanceId;
  }

  /** The authentication settings. */
  public AuthenticationProperties getAuthentication() {
    return authentication;
  }

  /** The TLS settings. */
  public TlsProperties getTls() {
    return tls;
  }

  /** The ACL settings. */
  public AclProperties getAcl() {
    return acl;
  }

  /** The elections by name. */
  public Map<String, ElectionProperties> getElection() {
    return election;
  }

  /** The partition groups by name. */
  public Map<String, PartitionGroupProperties> getPartitions() {
    return partitions;
  }

  /** The availability settings. */
  public AvailabilityProperties getAvailability() {
    return availability;
  }
}
