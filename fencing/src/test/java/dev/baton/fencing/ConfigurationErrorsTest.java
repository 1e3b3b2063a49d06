// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.baton.fencing.sql.SqlFence;
import dev.baton.fencing.sql.SqlFenceSchema;
import dev.baton.testkit.ApiErrorRules;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The configuration-error rule of the package documentation, across every public factory of this
 * module: a null argument is a {@link NullPointerException} naming the parameter, thrown at once;
 * an invalid value is an {@link IllegalArgumentException} naming the setting and the rule.
 */
class ConfigurationErrorsTest {
  private static final ApiErrorRules.Samples SAMPLES =
      new ApiErrorRules.Samples()
          .value(DataSource.class, ConfigurationErrorsTest::h2)
          .value(Exception.class, () -> new Exception("x"))
          .value(FencingToken.class, () -> FencingToken.of("/s", 1));

  static List<ApiErrorRules.Case> nullArguments() {
    return ApiErrorRules.cases(
        ApiErrorRules.publicClasses(Fence.class, "dev.baton.fencing", Set.of("internal")), SAMPLES);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource
  void nullArguments(ApiErrorRules.Case c) {
    c.run();
  }

  static Stream<Arguments> invalidValues() {
    return Stream.of(
        invalid("a negative token", () -> FencingToken.of("/s", -1), "negative"),
        invalid("a scope with '@'", () -> FencingToken.of("a@b", 1), "scope"),
        invalid("a malformed token", () -> FencingToken.parse("ft:x"), "not a fencing token"),
        invalid("a table name with a quote", () -> SqlFence.create(h2(), "a'b", null), "table"),
        invalid("an empty table name", () -> SqlFenceSchema.ddl(""), "table"),
        invalid("a three-part table name", () -> SqlFenceSchema.create(h2(), "a.b.c"), "table"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource
  void invalidValues(String what, ThrowingCallable call, String named) {
    assertThatThrownBy(call)
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(named);
  }

  private static Arguments invalid(String what, ThrowingCallable call, String named) {
    return Arguments.of(what, call, named);
  }

  private static DataSource h2() {
    JdbcDataSource ds = new JdbcDataSource();
    ds.setURL("jdbc:h2:mem:baton-errors;DB_CLOSE_DELAY=-1");
    return ds;
  }
}
