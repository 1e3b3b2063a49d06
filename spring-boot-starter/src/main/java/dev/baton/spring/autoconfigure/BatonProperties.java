// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import java.time.Duration;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.NestedConfigurationProperty;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Baton's settings under {@code baton.*}: backend, session (connect string, timeouts, security),
 * lease backend, elections, partition groups and availability. On ZooKeeper (the default), without
 * {@code baton.connect-string} or a {@link BatonConnectionDetails} bean the auto-configuration
 * backs off. Unset values are null: the library's configuration supplies their defaults.
 *
 * @param backend Elections run on zookeeper, or lease (a row in the app's DataSource; no groups).
 * @param connectString host:port[,host:port...][/chroot]; needed without BatonConnectionDetails.
 * @param sessionTimeout Session timeout (2-20 ticks): how long a dead instance may keep its roles.
 * @param connectionTimeout Connection wait of a call or start-up; default min(5s, session timeout).
 * @param closeTimeout How long closing the session, elections and groups waits in an outage.
 * @param namespace A chroot-like prefix of every Baton path, without a leading slash.
 * @param closeOnShutdown Close the session (after elections and groups) with the context, so a
 *     rolling restart hands over in milliseconds; else a JVM shutdown hook does.
 * @param instanceId Default participant-id and member-id: spring.application.name joined with
 *     POD_NAME, HOSTNAME or the host name; set it if instances share a host.
 * @param authentication How the session authenticates to ZooKeeper.
 * @param tls TLS to the servers' secure client port.
 * @param acl The ACL of every znode Baton creates.
 * @param election Elections by name: baton.election.NAME.path starts an election bean NAMEElection.
 * @param partitions Partition groups: baton.partitions.NAME.path joins bean NAMEPartitionGroup.
 * @param lease The lease backend's settings, used with baton.backend=lease.
 * @param availability What Baton does while the application is not ready or not healthy.
 */
@ConfigurationProperties("baton")
public record BatonProperties(
    @DefaultValue("zookeeper") Backend backend,
    @Nullable String connectString,
    @Nullable Duration sessionTimeout,
    @Nullable Duration connectionTimeout,
    @Nullable Duration closeTimeout,
    @Nullable String namespace,
    @DefaultValue("true") boolean closeOnShutdown,
    @Nullable String instanceId,
    @NestedConfigurationProperty @DefaultValue AuthenticationProperties authentication,
    @NestedConfigurationProperty @DefaultValue TlsProperties tls,
    @NestedConfigurationProperty @DefaultValue AclProperties acl,
    @DefaultValue Map<String, ElectionProperties> election,
    @DefaultValue Map<String, PartitionGroupProperties> partitions,
    @NestedConfigurationProperty @DefaultValue LeaseProperties lease,
    @NestedConfigurationProperty @DefaultValue AvailabilityProperties availability) {

  /** What Baton's elections run on ({@code baton.backend}). */
  public enum Backend {
    /** A ZooKeeper ensemble, baton.connect-string: elections, partition groups, locks. */
    ZOOKEEPER,
    /** A lease record in the application's SQL database (PostgreSQL or H2): elections only. */
    LEASE
  }
}
