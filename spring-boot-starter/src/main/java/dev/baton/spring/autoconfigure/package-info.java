// SPDX-License-Identifier: Apache-2.0
/**
 * Spring Boot auto-configuration and properties for Baton.
 *
 * <table>
 *   <caption>Auto-configurations and their beans</caption>
 *   <tr><th>auto-configuration</th><th>when</th><th>beans</th></tr>
 *   <tr><td>{@link dev.baton.spring.autoconfigure.BatonAutoConfiguration}</td><td>{@code
 *   baton.connect-string} or a {@link dev.baton.spring.autoconfigure.BatonConnectionDetails}
 *   bean, unless {@code baton.backend=lease}</td><td>{@code batonConnectionDetails}, {@code
 *   batonSession}</td></tr>
 *   <tr><td>{@link dev.baton.spring.autoconfigure.BatonLeaseAutoConfiguration}</td><td>{@code
 *   baton.backend=lease} and a single {@code DataSource}</td><td>{@code batonLeaseBackend}</td></tr>
 *   <tr><td>{@link dev.baton.spring.autoconfigure.BatonElectionAutoConfiguration}</td><td>a
 *   {@code BatonSession} bean, or with {@code baton.backend=lease} a {@code LeaseBackend}
 *   bean</td><td>{@code <name>Election} per {@code baton.election.<name>}, {@code
 *   batonElections}</td></tr>
 *   <tr><td>{@link dev.baton.spring.autoconfigure.BatonPartitionAutoConfiguration}</td><td>a
 *   {@code BatonSession} bean and baton-partition-assignment</td><td>{@code <name>PartitionGroup}
 *   per {@code baton.partitions.<name>}, {@code batonPartitionGroups}</td></tr>
 *   <tr><td>{@link dev.baton.spring.autoconfigure.BatonIntegrationAutoConfiguration}</td><td>Spring
 *   Integration on the class path</td><td>{@code batonLeaderEventBridge}</td></tr>
 *   <tr><td>{@link dev.baton.spring.autoconfigure.BatonHealthAutoConfiguration}</td><td>Spring
 *   Boot's health module, {@code management.health.baton.enabled}</td><td>{@code
 *   batonHealthContributor} (shown as {@code baton})</td></tr>
 *   <tr><td>{@link dev.baton.spring.autoconfigure.BatonInfoAutoConfiguration}</td><td>Actuator,
 *   {@code management.info.baton.enabled}</td><td>{@code batonInfoContributor}</td></tr>
 *   <tr><td>{@link dev.baton.spring.autoconfigure.BatonAvailabilityAutoConfiguration}</td><td>{@code
 *   baton.availability.resign-when-unavailable=true}</td><td>{@code batonAvailabilityGuard},
 *   {@code batonHealthProbe} (with the health module)</td></tr>
 * </table>
 *
 * <p>A refused property fails start-up with a {@link
 * dev.baton.spring.autoconfigure.BatonPropertyException} naming it; Spring Boot's failure analyzer
 * prints it with the value's origin.
 */
@NullMarked
package dev.baton.spring.autoconfigure;

import org.jspecify.annotations.NullMarked;
