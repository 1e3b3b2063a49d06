// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.scheduler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.baton.fencing.FencingToken;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

/**
 * The job store's table prefix comes only from validated configuration: any string is a plain
 * identifier (optionally schema-qualified) short enough for every derived table, or rejected when
 * the store is created; and values never become SQL.
 */
class SqlJobStorePrefixFuzzTest {
  private static final JdbcDataSource H2 = new JdbcDataSource();
  private static final AtomicInteger PREFIXES = new AtomicInteger();

  static {
    H2.setURL("jdbc:h2:mem:baton-prefixes;DB_CLOSE_DELAY=-1;LOCK_TIMEOUT=30000");
  }

  /** The documented rule, stated independently of the production regex. */
  private static boolean isValidPrefix(String s) {
    int dot = s.indexOf('.');
    if (dot < 0) {
      return isIdentifier(s, 54);
    }
    return isIdentifier(s.substring(0, dot), 63) && isIdentifier(s.substring(dot + 1), 54);
  }

  private static boolean isIdentifier(String s, int max) {
    if (s.isEmpty() || s.length() > max || Character.isDigit(s.charAt(0))) {
      return false;
    }
    return s.chars()
        .allMatch(
            c ->
                (c >= 'a' && c <= 'z')
                    || (c >= 'A' && c <= 'Z')
                    || (c >= '0' && c <= '9')
                    || c == '_');
  }

  @Property(tries = 3000)
  void anyPrefixIsAPlainIdentifierOrRejectedAtCreation(@ForAll("prefixes") String prefix) {
    boolean accepted;
    try {
      SqlJobStore.create(H2, prefix);
      List<String> ddl = SqlJobStore.ddl(prefix);
      String name = prefix.substring(prefix.indexOf('.') + 1);
      assertThat(ddl).hasSize(5);
      assertThat(ddl.subList(0, 3))
          .allSatisfy(s -> assertThat(s).startsWith("CREATE TABLE IF NOT EXISTS " + prefix + "_"));
      assertThat(ddl.subList(3, 5))
          .allSatisfy(s -> assertThat(s).startsWith("CREATE INDEX IF NOT EXISTS " + name + "_"))
          .allSatisfy(s -> assertThat(s).contains(" ON " + prefix + "_jobs ("));
      accepted = true;
    } catch (IllegalArgumentException rejected) {
      assertThat(rejected.getMessage())
          .startsWith("invalid scheduler table prefix ")
          .doesNotContain("\n", "\r", "\u0000");
      assertThatThrownBy(() -> SqlJobStore.ddl(prefix))
          .isInstanceOf(IllegalArgumentException.class);
      accepted = false;
    }
    assertThat(accepted).as(prefix).isEqualTo(isValidPrefix(prefix));
    Statistics.collect(accepted ? "accepted" : "rejected");
    Statistics.coverage(
        c -> {
          c.check("accepted").count(n -> n > 0);
          c.check("rejected").count(n -> n > 0);
        });
  }

  @Test
  void classicInjectionAttemptsAreRejected() {
    String[] attacks = {
      "jobs; DROP TABLE x",
      "jobs;DROP TABLE x",
      "a\"b",
      "\"baton_scheduler\"",
      "a'b",
      "a`b",
      "a--b",
      "a -- b",
      "a/*b*/",
      "a b",
      "a\tb",
      "a\nb",
      " a",
      "a ",
      "a\u0000b",
      "a.b.c",
      ".a",
      "a.",
      "a-b",
      "1abc",
      "",
      "ba\u0442on" /* Cyrillic te */,
      "\uff42aton" /* fullwidth b */,
      "baton\u200b",
      "\u212aelvin" /* Kelvin sign */,
      "a".repeat(55) /* a_progress would exceed 63 */,
      "a".repeat(200),
      "s".repeat(64) + ".t",
      "x".repeat(200) + "; DROP TABLE x",
    };
    for (String attack : attacks) {
      assertThatThrownBy(() -> SqlJobStore.create(H2, attack))
          .as(attack)
          .isInstanceOf(IllegalArgumentException.class);
      assertThatThrownBy(() -> SqlJobStore.ddl(attack))
          .as(attack)
          .isInstanceOf(IllegalArgumentException.class);
    }
    assertThatThrownBy(() -> SqlJobStore.create(H2, null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("prefix");
    assertThatThrownBy(() -> SqlJobStore.create(H2, "x\ny" + "z".repeat(300)))
        .hasMessageStartingWith("invalid scheduler table prefix 'x\\u000ayzzz")
        .hasMessageNotContaining("\n");
    SqlJobStore.create(H2, "a".repeat(54));
    SqlJobStore.create(H2, "s".repeat(63) + "." + "t".repeat(54));
  }

  @Test
  void theLongestPrefixWorksAndValuesStayValues() {
    String prefix = ("p" + PREFIXES.incrementAndGet() + "_" + "x".repeat(60)).substring(0, 54);
    SqlJobStore store = SqlJobStore.create(H2, prefix);
    store.createSchema();
    String schedule = "s'); DROP TABLE jobs; --";
    FencingToken token = FencingToken.of("/leader", 3);
    store.registerTerm(schedule, token);
    assertThat(
            store.createSlotJob(
                schedule, token, 0, Instant.parse("2026-01-01T00:00:00Z"), "t' OR '1'='1"))
        .isTrue();
    String worker = "w'; DELETE FROM x; --";
    ScheduledJob claim = store.claim(worker).orElseThrow();
    assertThat(claim.schedule()).isEqualTo(schedule);
    assertThat(claim.jobType()).isEqualTo("t' OR '1'='1");
    assertThat(claim.claimedBy()).contains(worker);
    assertThat(store.renew(claim)).isTrue();
    assertThat(store.complete(claim)).isTrue();
    assertThat(store.jobs(schedule))
        .singleElement()
        .satisfies(j -> assertThat(j.status()).isEqualTo("DONE"));
    assertThat(store.lastScheduledSlot(schedule)).isZero();
  }

  @Provide
  Arbitrary<String> prefixes() {
    Arbitrary<String> near =
        Arbitraries.strings()
            .withChars("abzAZ_09.;\"'-/* \t\n\u0000\u00e9\u0430\u212a\uff41")
            .ofMaxLength(12);
    Arbitrary<String> plain =
        Arbitraries.strings().withChars("abcxyzABCXYZ_0123456789").ofMinLength(1).ofMaxLength(70);
    Arbitrary<String> qualified = Combinators.combine(plain, plain).as((a, b) -> a + "." + b);
    Arbitrary<String> any = Arbitraries.strings().ofMaxLength(200);
    return Arbitraries.oneOf(near, plain, qualified, any);
  }

  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(strings = {"h2", "postgresql"})
  void aSchemaQualifiedPrefixGetsItsTablesAndIndexes(String db) throws java.sql.SQLException {
    javax.sql.DataSource ds = LeaderSchedulerTest.dataSource(db);
    String schema = "baton_schema_" + ProcessHandle.current().pid();
    String name = "qualified_" + PREFIXES.incrementAndGet();
    try (java.sql.Connection c = ds.getConnection();
        java.sql.Statement s = c.createStatement()) {
      s.execute("CREATE SCHEMA IF NOT EXISTS " + schema);
    }
    SqlJobStore store = SqlJobStore.create(ds, schema + "." + name);
    store.createSchema();
    store.createSchema();
    assertThat(store.needsMigration()).isFalse();
    FencingToken token = FencingToken.of("/s", 1);
    store.registerTerm("s", token);
    assertThat(store.createSlotJob("s", token, 0, Instant.EPOCH, "t")).isTrue();
    assertThat(store.claim("w")).isPresent();
    try (java.sql.Connection c = ds.getConnection();
        java.sql.Statement s = c.createStatement()) {
      s.execute("DROP SCHEMA " + schema + " CASCADE");
    }
  }
}
