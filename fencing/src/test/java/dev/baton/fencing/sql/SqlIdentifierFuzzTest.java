// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.baton.fencing.FencingException;
import dev.baton.fencing.FencingToken;
import dev.baton.fencing.StaleTokenException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
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
 * Table names come only from validated configuration: any string is either a plain identifier
 * (optionally schema-qualified) or rejected when the fence is created; and a fence row that holds
 * no valid token is a clear error, never a crash or an accepted write.
 */
class SqlIdentifierFuzzTest {
  private static final JdbcDataSource H2 = new JdbcDataSource();
  private static final AtomicInteger TABLES = new AtomicInteger();

  static {
    H2.setURL("jdbc:h2:mem:baton-identifiers;DB_CLOSE_DELAY=-1;LOCK_TIMEOUT=30000");
  }

  /** The documented rule, checked character by character rather than by the production regex. */
  static boolean isPlainName(String s) {
    int dot = s.indexOf('.');
    if (dot < 0) {
      return isIdentifier(s);
    }
    return isIdentifier(s.substring(0, dot)) && isIdentifier(s.substring(dot + 1));
  }

  private static boolean isIdentifier(String s) {
    if (s.isEmpty() || s.length() > 63 || (s.charAt(0) >= '0' && s.charAt(0) <= '9')) {
      return false;
    }
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      boolean ok =
          (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
      if (!ok) {
        return false;
      }
    }
    return true;
  }

  @Property(tries = 3000)
  void anyStringIsAPlainTableNameOrRejectedAtCreation(@ForAll("names") String name) {
    boolean accepted;
    try {
      assertThat(SqlFence.create(H2, name, null).table()).isEqualTo(name);
      assertThat(SqlFenceSchema.ddl(name)).startsWith("CREATE TABLE IF NOT EXISTS " + name + " (");
      accepted = true;
    } catch (IllegalArgumentException rejected) {
      assertThat(rejected.getMessage()).startsWith("invalid fence table name ");
      assertThat(rejected.getMessage()).doesNotContain("\n", "\r", "\u0000");
      accepted = false;
    }
    assertThat(accepted).as(name).isEqualTo(isPlainName(name));
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
      "\"baton_fence\"",
      "a'b",
      "a`b",
      "[a]",
      "a--b",
      "a -- b",
      "a/*b*/",
      "a/**/b",
      "a b",
      "a\tb",
      "a\nb",
      " a",
      "a ",
      "a\u0000b",
      "a.b.c",
      ".a",
      "a.",
      "a..b",
      "a(b)",
      "a,b",
      "a=b",
      "a%b",
      "a-b",
      "1abc",
      "",
      "ba\u0442on_fence" /* Cyrillic te */,
      "\u0432aton" /* Cyrillic ve */,
      "\uff42aton" /* fullwidth b */,
      "baton\u200bfence" /* zero width */,
      "caf\u00e9",
      "\u212aelvin" /* Kelvin sign */,
      "baton_fence\u037e" /* Greek question mark */,
      "a".repeat(64),
      "a".repeat(200),
      "s".repeat(64) + ".t",
      "s." + "t".repeat(64),
      "x".repeat(200),
    };
    for (String attack : attacks) {
      assertThatThrownBy(() -> SqlFence.create(H2, attack, null))
          .as(attack)
          .isInstanceOf(IllegalArgumentException.class);
      assertThatThrownBy(() -> SqlFenceSchema.ddl(attack))
          .as(attack)
          .isInstanceOf(IllegalArgumentException.class);
      assertThatThrownBy(() -> SqlFenceSchema.create(H2, attack))
          .as(attack)
          .isInstanceOf(IllegalArgumentException.class);
    }
    assertThatThrownBy(() -> SqlFence.create(H2, null, null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("table");
    assertThat(SqlFence.create(H2, "a".repeat(63), null).table()).hasSize(63);
    assertThat(SqlFence.create(H2, "s".repeat(63) + "." + "t".repeat(63), null).table())
        .hasSize(127);
    assertThat(SqlFence.create(H2, "_x1.Baton_Fence_2", null).table())
        .isEqualTo("_x1.Baton_Fence_2");
  }

  @Test
  void aRejectedNameIsQuotedAbbreviatedAndEscapedInTheMessage() {
    assertThatThrownBy(() -> SqlFence.create(H2, "x\ny;" + "z".repeat(300), null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("invalid fence table name 'x\\u000ay;zzz")
        .hasMessageContaining("(304 characters)")
        .hasMessageNotContaining("\n");
  }

  @Test
  void valuesAreBoundParametersNotSql() throws Exception {
    String table = "ident_values_" + TABLES.incrementAndGet();
    SqlFenceSchema.create(H2, table);
    String resource = "r'); DROP TABLE " + table + "; --";
    String scope = "/s' OR '1'='1";
    SqlFence fence = SqlFence.create(H2, table, "holder'--");
    fence.write(resource, FencingToken.of(scope, 5), c -> null);
    assertThat(fence.highest(resource)).contains(FencingToken.of(scope, 5));
    assertThatThrownBy(() -> fence.write(resource, FencingToken.of(scope, 4), c -> null))
        .isInstanceOf(StaleTokenException.class);
    try (Connection c = H2.getConnection();
        PreparedStatement p = c.prepareStatement("SELECT resource, scope, holder FROM " + table)) {
      try (ResultSet rs = p.executeQuery()) {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getString(1)).isEqualTo(resource);
        assertThat(rs.getString(2)).isEqualTo(scope);
        assertThat(rs.getString(3)).isEqualTo("holder'--");
        assertThat(rs.next()).isFalse();
      }
    }
  }

  @Test
  void aFenceRowWithoutAValidTokenRefusesWritesWithAClearError() throws Exception {
    String table = "ident_damaged_" + TABLES.incrementAndGet();
    SqlFenceSchema.create(H2, table);
    try (Connection c = H2.getConnection();
        Statement s = c.createStatement()) {
      s.execute(
          "INSERT INTO "
              + table
              + " (resource, scope, highest_token, updated_at) VALUES "
              + "('bad-scope', 'a@b', 1, CURRENT_TIMESTAMP), ('negative', '/s', -7, CURRENT_TIMESTAMP)");
    }
    SqlFence fence = SqlFence.create(H2, table, null);
    AtomicInteger ran = new AtomicInteger();
    assertThatThrownBy(
            () -> fence.write("bad-scope", FencingToken.of("/s", 5), c -> ran.incrementAndGet()))
        .isExactlyInstanceOf(FencingException.class)
        .hasMessageContaining("bad-scope")
        .hasMessageContaining("holds no valid token");
    assertThat(ran).hasValue(0);
    assertThatThrownBy(() -> fence.highest("negative"))
        .isExactlyInstanceOf(FencingException.class)
        .hasMessageContaining("holds no valid token");
  }

  @Provide
  Arbitrary<String> names() {
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
}
