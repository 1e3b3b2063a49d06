// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import dev.baton.recipes.election.ConnectionPolicy;
import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code baton.election.<name>.*}: one election, run by the bean {@code <name>Election}. Unset
 * values take {@code ElectionConfig}'s defaults.
 *
 * @param path The election's znode path (absolute, not the root, no '@'). Required.
 * @param participantId Who this instance is in the election; defaults to baton.instance-id.
 * @param connectionPolicy What a suspended connection does to a term: STANDARD (revoke at once) or
 *     SESSION (pause).
 * @param enabled Whether the election bean exists at all.
 * @param autoStartup Whether the election is joined when the application context starts.
 * @param role The Spring Integration role whose endpoints start on grant and stop on revoke;
 *     defaults to the election's name.
 * @param callbackDrainTimeout How long leaving the election (shutdown, availability) waits for the
 *     last revoked callback.
 */
public record ElectionProperties(
    @Nullable String path,
    @Nullable String participantId,
    @Nullable ConnectionPolicy connectionPolicy,
    @DefaultValue("true") boolean enabled,
    @DefaultValue("true") boolean autoStartup,
    @Nullable String role,
    @Nullable Duration callbackDrainTimeout)
    implements NamedBeanRegistrar.Entry {}
