// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.awaitility.Awaitility;
import org.awaitility.pollinterval.FibonacciPollInterval;
import org.junit.jupiter.api.Test;

/**
 * The rule checker passes factories and builders that follow the rule and fails each way of
 * breaking it (the negative controls of every module's configuration-error test).
 */
class ApiErrorRulesTest {
  private static final ApiErrorRules.Samples SAMPLES =
      new ApiErrorRules.Samples()
          .value(Good.class, () -> Good.create("g", Duration.ZERO))
          .builder(Good.Builder.class, Good.Builder::new)
          .builder(EagerSetter.Builder.class, EagerSetter.Builder::new)
          .builder(NoValidation.Builder.class, NoValidation.Builder::new);

  @Test
  void aFactoryAndABuilderThatFollowTheRulePass() {
    List<ApiErrorRules.Case> cases =
        ApiErrorRules.cases(List.of(Good.class, Good.Builder.class), SAMPLES);
    assertThat(cases)
        .extracting(ApiErrorRules.Case::name)
        .contains(
            "ApiErrorRulesTest.Good.create(String, Duration) with a null name",
            "ApiErrorRulesTest.Good.create(String, Duration) with a null timeout",
            "ApiErrorRulesTest.Good.Builder.timeout(Duration) with a null timeout",
            "ApiErrorRulesTest.Good.Builder.timeout(Duration)(PT-0.001S) then build()",
            "ApiErrorRulesTest.Good.Builder.label(String) with a null label")
        .doesNotContain(
            "ApiErrorRulesTest.Good.Builder.note(String) with a null note"); // @Nullable
    cases.forEach(ApiErrorRules.Case::run);
  }

  @Test
  void aFactoryThatThrowsTheWrongTypeFails() {
    assertFails(
        WrongType.class,
        "expected a NullPointerException naming 'name'",
        "IllegalArgumentException");
  }

  @Test
  void aNullPointerExceptionThatDoesNotNameTheParameterFails() {
    assertFails(Unnamed.class, "naming 'name'", "NullPointerException");
  }

  @Test
  void aFactoryThatAcceptsNullFails() {
    assertFails(Lenient.class, "naming 'name'", "no exception");
  }

  @Test
  void aSetterThatValidatesEagerlyFails() {
    assertFails(EagerSetter.Builder.class, "the setter threw", "build() validates it");
  }

  @Test
  void aBuildThatAcceptsAnInvalidValueFails() {
    assertFails(
        NoValidation.Builder.class, "expected an IllegalArgumentException naming size", "got null");
  }

  @Test
  void aParameterTypeWithoutASampleFails() {
    assertFails(NeedsSample.class, "no sample of java.lang.Thread", "add one");
  }

  @Test
  void publicClassesReadsTheClassesOfTheAnchorsModuleAndLeavesOutExcludedPackages() {
    List<Class<?>> found =
        ApiErrorRules.publicClasses(ApiErrorRules.class, "dev.baton.testkit", Set.of("sim"));
    assertThat(found).contains(ApiErrorRules.class, ApiErrorRules.Samples.class);
    assertThat(found).noneMatch(c -> c.getPackageName().endsWith(".sim"));
  }

  @Test
  void publicClassesReadsAClassesDirectory() {
    // This module's test classes: a directory whatever phase the build ran to.
    List<Class<?>> found =
        ApiErrorRules.publicClasses(EchoMain.class, "dev.baton.testkit", Set.of("sim"));
    assertThat(found).contains(EchoMain.class).doesNotContain(StateLog.class);
    assertThat(found).noneMatch(c -> c.getPackageName().endsWith(".sim"));
  }

  @Test
  void publicClassesReadsAJar() {
    List<Class<?>> found =
        ApiErrorRules.publicClasses(Awaitility.class, "org.awaitility", Set.of("core"));
    assertThat(found).contains(Awaitility.class, FibonacciPollInterval.class);
    assertThat(found).noneMatch(c -> c.getPackageName().endsWith(".core"));
  }

  private static void assertFails(Class<?> fixture, String... fragments) {
    List<ApiErrorRules.Case> cases = ApiErrorRules.cases(List.of(fixture), SAMPLES);
    assertThat(cases).isNotEmpty();
    for (ApiErrorRules.Case c : cases) {
      assertThatThrownBy(c::run)
          .isInstanceOf(AssertionError.class)
          .hasMessageContainingAll(fragments);
    }
  }

  /** Like JSpecify's: the checker knows a nullable parameter by the annotation's simple name. */
  @Target(ElementType.TYPE_USE)
  @Retention(RetentionPolicy.RUNTIME)
  @interface Nullable {}

  /** Follows the rule. */
  public static final class Good {
    public static Good create(String name, Duration timeout) {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(timeout, "timeout");
      return new Good();
    }

    /** A builder that follows the rule. */
    public static final class Builder {
      private Duration timeout = Duration.ofSeconds(1);

      public Builder timeout(Duration timeout) {
        this.timeout = Objects.requireNonNull(timeout, "timeout");
        return this;
      }

      public Builder label(String value) {
        Objects.requireNonNull(value, "label");
        return this;
      }

      public Builder note(@Nullable String value) {
        return this;
      }

      public Good build() {
        if (timeout.isNegative()) {
          throw new IllegalArgumentException("timeout must not be negative");
        }
        return new Good();
      }
    }
  }

  /** Null is an IllegalArgumentException. */
  public static final class WrongType {
    public static WrongType create(String name) {
      if (name == null) {
        throw new IllegalArgumentException("name must not be null");
      }
      return new WrongType();
    }
  }

  /** Null is a NullPointerException that does not say which argument. */
  public static final class Unnamed {
    public static int create(String name) {
      return name.length();
    }
  }

  /** Null is accepted. */
  public static final class Lenient {
    public static Lenient create(String name) {
      return new Lenient();
    }
  }

  /** Validates in the setter. */
  public static final class EagerSetter {
    /** Its builder. */
    public static final class Builder {
      public Builder size(int size) {
        if (size < 0) {
          throw new IllegalArgumentException("size must not be negative");
        }
        return this;
      }

      public Object build() {
        return this;
      }
    }
  }

  /** Never validates. */
  public static final class NoValidation {
    /** Its builder. */
    public static final class Builder {
      public Builder size(int size) {
        return this;
      }

      public Object build() {
        return this;
      }
    }
  }

  /** Takes a type the samples do not have. */
  public static final class NeedsSample {
    public static NeedsSample create(Thread thread, Thread other) {
      Objects.requireNonNull(thread, "thread");
      Objects.requireNonNull(other, "other");
      return new NeedsSample();
    }
  }
}
