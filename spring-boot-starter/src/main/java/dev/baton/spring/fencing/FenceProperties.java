// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.fencing;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.boot.sql.init.DatabaseInitializationMode;

/**
 * The fence on the application's {@code DataSource}: {@code baton.fence.*}.
 *
 * @param table Fence table (optionally schema.table): parts of 1-63 [A-Za-z0-9_], not digit-first.
 * @param createSchema When to create a missing fence table: always, embedded (e.g. H2) or never.
 * @param holder Recorded with each accepted write for diagnosis; default spring.application.name.
 */
@ConfigurationProperties("baton.fence")
public record FenceProperties(
    @Nullable String table,
    @DefaultValue("embedded") DatabaseInitializationMode createSchema,
    @Nullable String holder) {}
