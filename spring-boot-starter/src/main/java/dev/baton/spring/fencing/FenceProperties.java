// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.fencing;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.sql.init.DatabaseInitializationMode;

/** The fence on the application's {@code DataSource}: {@code baton.fence.*}. */
@ConfigurationProperties("baton.fence")
public class FenceProperties {
  /**
   * The fence table, optionally schema-qualified: 1 to 63 ASCII letters, digits and underscores per
   * part, not starting with a digit.
   */
  private String table = "baton_fence";

  /**
   * When to create the fence table at start-up if it is missing: always, embedded (only on an
   * embedded database such as H2) or never (apply SqlFenceSchema's DDL yourself).
   */
  private DatabaseInitializationMode createSchema = DatabaseInitializationMode.EMBEDDED;

  /** Recorded with each accepted write, for diagnosis; defaults to spring.application.name. */
  private @Nullable String holder;

  /** The fence table. */
  public String getTable() {
    return table;
  }

  /** Sets the fence table (checked at start-up). */
  public void setTable(String table) {
    this.table = table;
  }

  /** When to create the fence table. */
  public DatabaseInitializationMode getCreateSchema() {
    return createSchema;
  }

  /** Sets when to create the fence table. */
  public void setCreateSchema(DatabaseInitializationMode createSchema) {
    this.createSchema = createSchema;
  }

  /** What accepted writes record as their holder, if set. */
  public @Nullable String getHolder() {
    return holder;
  }

  /** Sets what accepted writes record as their holder. */
  public void setHolder(@Nullable String holder) {
    this.holder = holder;
  }
}
