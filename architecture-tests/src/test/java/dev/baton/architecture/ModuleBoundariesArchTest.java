// SPDX-License-Identifier: Apache-2.0
package dev.baton.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import java.util.List;

/**
 * The module boundaries of Baton's main code (test classes are not imported): see {@link
 * BatonRules}. The classes come from the other modules' jars or class directories on this module's
 * test class path.
 */
@AnalyzeClasses(packages = "dev.baton", importOptions = ImportOption.DoNotIncludeTests.class)
class ModuleBoundariesArchTest {
  private static final BatonRules RULES = BatonRules.forRoot("dev.baton");

  // (a) no module uses another module's internal packages
  @ArchTest
  static final ArchRule recipesUseNoFencingInternals = RULES.recipesUseNoFencingInternals();

  @ArchTest
  static final ArchRule partitionUsesNoRecipesOrFencingInternals =
      RULES.partitionUsesNoRecipesOrFencingInternals();

  @ArchTest
  static final ArchRule demoAndBenchmarksUsePublicApiOnly =
      RULES.demoAndBenchmarksUsePublicApiOnly();

  @ArchTest
  static final ArchRule internalPackagesAreUsedOnlyUnderTheirParent =
      RULES.internalPackagesAreUsedOnlyUnderTheirParent();

  // (b) dependencies point one way
  @ArchTest
  static final ArchRule fencingDependsOnNoOtherModule = RULES.fencingDependsOnNoOtherModule();

  @ArchTest
  static final ArchRule recipesDependOnNoPartitionDemoOrBenchmarks =
      RULES.recipesDependOnNoPartitionDemoOrBenchmarks();

  @ArchTest
  static final ArchRule partitionDependsOnNoDemoOrBenchmarks =
      RULES.partitionDependsOnNoDemoOrBenchmarks();

  @ArchTest static final ArchRule libraryUsesNoTestSupport = RULES.libraryUsesNoTestSupport();

  // (c) library code uses no test framework
  @ArchTest static final ArchRule libraryUsesNoJUnit = RULES.libraryUsesNoJUnit();

  // (d) framework integration on the public API; no framework in the library
  @ArchTest
  static final ArchRule springAndExamplesUsePublicApiOnly =
      RULES.springAndExamplesUsePublicApiOnly();

  @ArchTest static final ArchRule libraryUsesNoSpring = RULES.libraryUsesNoSpring();

  /** The rules above would pass vacuously on a class path that lacks a module. */
  @ArchTest
  static void everyModulesMainClassesAreImported(JavaClasses classes) {
    for (String module :
        List.of(
            "fencing",
            "internal",
            "recipes",
            "partition",
            "spring",
            "spring.test",
            "demo",
            "bench",
            "example",
            "testkit")) {
      assertThat(
              classes.stream()
                  .map(JavaClass::getPackageName)
                  .anyMatch(
                      p ->
                          p.equals("dev.baton." + module)
                              || p.startsWith("dev.baton." + module + ".")))
          .as("classes of dev.baton.%s are imported", module)
          .isTrue();
    }
    assertThat(
            classes.stream()
                .map(JavaClass::getPackageName)
                .filter(p -> p.startsWith("dev.baton.arch")))
        .as("no test classes (the fixtures of the negative controls) are imported")
        .isEmpty();
  }
}
