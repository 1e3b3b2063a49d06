// SPDX-License-Identifier: Apache-2.0
package dev.baton.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import com.tngtech.archunit.lang.ViolationHandler;
import dev.baton.archfixture.bench.BenchApp;
import dev.baton.archfixture.demo.DemoApp;
import dev.baton.archfixture.example.ExampleApp;
import dev.baton.archfixture.fencing.FenceApi;
import dev.baton.archfixture.fencing.internal.FenceSecret;
import dev.baton.archfixture.internal.SharedHelper;
import dev.baton.archfixture.partition.PartitionApi;
import dev.baton.archfixture.partition.internal.PartitionSecret;
import dev.baton.archfixture.recipes.RecipeApi;
import dev.baton.archfixture.recipes.election.UsesOwnInternal;
import dev.baton.archfixture.recipes.election.internal.ElectionSecret;
import dev.baton.archfixture.recipes.spi.SpiPart;
import dev.baton.archfixture.spring.SpringApi;
import dev.baton.archfixture.testkit.TestHelper;
import java.util.Collection;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Negative controls: every rule of {@link BatonRules}, built for the fixture root {@code
 * dev.baton.archfixture}, reports exactly the fixture classes that break it, and nothing in the
 * fixtures that respect it. So a rule that passes on the real code has been seen to fail.
 */
class NegativeControlsArchTest {
  private static final String F = "dev.baton.archfixture.";
  private static final BatonRules RULES = BatonRules.forRoot("dev.baton.archfixture");
  private static final JavaClasses ALL_FIXTURES =
      new ClassFileImporter().importPackages("dev.baton.archfixture");
  private static final JavaClasses GOOD_FIXTURES =
      new ClassFileImporter()
          .importClasses(
              FenceApi.class,
              FenceSecret.class,
              SharedHelper.class,
              RecipeApi.class,
              UsesOwnInternal.class,
              ElectionSecret.class,
              PartitionApi.class,
              PartitionSecret.class,
              DemoApp.class,
              BenchApp.class,
              TestHelper.class,
              SpiPart.class,
              SpringApi.class,
              ExampleApp.class);

  @Test
  void recipesUseNoFencingInternals() {
    assertReports(BatonRules::recipesUseNoFencingInternals, "recipes.UsesFencingInternal");
  }

  @Test
  void partitionUsesNoRecipesOrFencingInternals() {
    assertReports(
        BatonRules::partitionUsesNoRecipesOrFencingInternals,
        "partition.UsesRecipesInternal",
        "partition.UsesFencingInternal");
  }

  @Test
  void demoAndBenchmarksUsePublicApiOnly() {
    assertReports(
        BatonRules::demoAndBenchmarksUsePublicApiOnly,
        "demo.UsesPartitionInternal",
        "demo.UsesSupport",
        "bench.UsesFencingInternal");
  }

  @Test
  void internalPackagesAreUsedOnlyUnderTheirParent() {
    assertReports(
        BatonRules::internalPackagesAreUsedOnlyUnderTheirParent,
        "recipes.UsesFencingInternal",
        "recipes.lock.UsesElectionInternal",
        "partition.UsesRecipesInternal",
        "partition.UsesFencingInternal",
        "demo.UsesPartitionInternal",
        "bench.UsesFencingInternal");
  }

  @Test
  void fencingDependsOnNoOtherModule() {
    assertReports(BatonRules::fencingDependsOnNoOtherModule, "fencing.UsesRecipes");
  }

  @Test
  void recipesDependOnNoPartitionDemoOrBenchmarks() {
    assertReports(BatonRules::recipesDependOnNoPartitionDemoOrBenchmarks, "recipes.UsesPartition");
  }

  @Test
  void partitionDependsOnNoDemoOrBenchmarks() {
    assertReports(BatonRules::partitionDependsOnNoDemoOrBenchmarks, "partition.UsesDemo");
  }

  @Test
  void libraryUsesNoTestSupport() {
    assertReports(BatonRules::libraryUsesNoTestSupport, "recipes.UsesTestkit");
  }

  @Test
  void libraryUsesNoJUnit() {
    assertReports(BatonRules::libraryUsesNoJUnit, "fencing.UsesJUnit");
  }

  @Test
  void springAndExamplesUsePublicApiOnly() {
    assertReports(
        BatonRules::springAndExamplesUsePublicApiOnly, "spring.UsesSpi", "example.UsesSupport");
  }

  @Test
  void libraryUsesNoSpring() {
    assertReports(BatonRules::libraryUsesNoSpring, "partition.UsesSpring");
  }

  @Test
  void everyRuleHasANegativeControl() {
    assertThat(RULES.all()).hasSize(11); // one test above per rule; add both when adding a rule
  }

  /**
   * The rule reports exactly {@code violators} among all fixtures (and fails a check), and nothing
   * among the fixtures that respect every boundary.
   */
  private static void assertReports(Function<BatonRules, ArchRule> rule, String... violators) {
    EvaluationResult bad = rule.apply(RULES).evaluate(ALL_FIXTURES);
    assertThat(bad.hasViolation()).as("the rule fails on its fixtures").isTrue();
    Set<String> expected = new TreeSet<>();
    for (String v : violators) {
      expected.add(F + v);
    }
    assertThat(originsOf(bad)).isEqualTo(expected);
    EvaluationResult good = rule.apply(RULES).evaluate(GOOD_FIXTURES);
    assertThat(good.hasViolation()).as("%s", good.getFailureReport()).isFalse();
  }

  private static Set<String> originsOf(EvaluationResult result) {
    Set<String> origins = new TreeSet<>();
    result.handleViolations(
        new ViolationHandler<Dependency>() {
          @Override
          public void handle(Collection<Dependency> violatingObjects, String message) {
            violatingObjects.forEach(d -> origins.add(d.getOriginClass().getName()));
          }
        });
    assertThat(origins)
        .as("each violation is a dependency: %s", result.getFailureReport())
        .isNotEmpty();
    return origins;
  }
}
