// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.fencing;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.boot.sql.init.DatabaseInitializationMode;

/**
 * The fence on the application's {@code DataSource}: {@code baton.fence.*}. An unset table is
 * {@code SqlFenceSchema}'s default.
 *
 * @param table The fence table, optionally schema-qualified: 1 to 63 ASCII letters, digits and
 *     underscores per part, not starting with a digit.
 * @param createSchema When to create the fence table at start-up if it is missing: always, embedded
 *     (only on an embedded database such as H2) or never (apply SqlFenceSchema's DDL yourself).
 * @param holder Recorded with each accepted write, for diagnosis; defaults to
 *     spring.application.name.
 */
@ConfigurationProperties("baton.fence")
public record FenceProperties(
    @Nullable String table,
    @DefaultValue("embedded") DatabaseInitializationMode createSchema,
    @Nullable String holder) {}
