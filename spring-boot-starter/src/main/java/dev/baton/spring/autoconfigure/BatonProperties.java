// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import java.time.Duration;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.NestedConfigurationProperty;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Baton's settings under {@code baton.*}: the backend ({@code baton.backend}), the session (connect
 * string, timeouts, security), the lease backend ({@code baton.lease.*}), the elections ({@code
 * baton.election.<name>.*}), the partition groups ({@code baton.partitions.<name>.*}) and the
 * availability option. On ZooKeeper (the default), without {@code baton.connect-string} (or a
 * {@link BatonConnectionDetails} bean) the auto-configuration backs off.
 *
 * <p>A value is null when the application did not set it: the library's configuration ({@code
 * SessionConfig}, {@code LeaseConfig}, ...) then supplies its default, and checks what is set.
 *
 * @param backend What the elections run on: zookeeper (baton.connect-string) or lease (a lease
 *     record in the application's DataSource, PostgreSQL or H2, set by baton.lease.*). Partition
 *     groups need zookeeper.
 * @param connectString The ZooKeeper ensemble, host:port[,host:port...][/chroot]. Required unless a
 *     BatonConnectionDetails bean (e.g. a Testcontainers service connection) says where it is.
 * @param sessionTimeout Requested ZooKeeper session timeout; the server clamps it to [2, 20] ticks.
 *     It bounds how long a crashed or paused instance keeps its leadership and partitions.
 * @param connectionTimeout How long a ZooKeeper call waits for a connection, and how long start-up
 *     waits for the first one. Unset: 5s, or the session timeout if that is shorter.
 * @param closeTimeout How long closing the session (and each election or group on it) waits for the
 *     ensemble during an outage before it gives up with one log line; the ephemeral nodes then go
 *     with the session.
 * @param namespace A chroot-like prefix applied to every Baton path, without a leading slash.
 * @param closeOnShutdown Close the session (after the elections and groups) when the application
 *     context closes, so that a rolling restart hands leadership and partitions over in
 *     milliseconds. When false the session stays open until the JVM exits (a JVM shutdown hook
 *     closes it).
 * @param instanceId This instance's name, the default of every election's participant-id and every
 *     group's member-id. Defaults to spring.application.name joined with the POD_NAME or HOSTNAME
 *     environment variable, or the host name. Set it when several instances share a host.
 * @param authentication How the session authenticates to ZooKeeper.
 * @param tls TLS to the servers' secure client port.
 * @param acl The ACL of every znode Baton creates.
 * @param election Elections by name: baton.election.NAME.path starts a leader election bean named
 *     NAMEElection.
 * @param partitions Partition groups by name: baton.partitions.NAME.path joins a partition group as
 *     a bean named NAMEPartitionGroup.
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
