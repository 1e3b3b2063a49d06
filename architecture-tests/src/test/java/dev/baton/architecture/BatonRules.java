// SPDX-License-Identifier: Apache-2.0
package dev.baton.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.List;

/**
 * Baton's module boundaries as ArchUnit rules, for the modules' packages under {@code root}: {@code
 * root.fencing}, {@code root.recipes}, {@code root.partition} (the library), {@code root.spring}
 * (the Spring Boot integration), {@code root.demo}, {@code root.bench}, {@code root.example} (its
 * users) and {@code root.testkit} (test support). The real check uses the root {@code dev.baton};
 * the negative controls build the same rules for {@code dev.baton.archfixture}, whose fixture
 * classes break each rule on purpose, to show that every rule can fail.
 */
final class BatonRules {
  private final String root;

  private BatonRules(String root) {
    this.root = root;
  }

  static BatonRules forRoot(String root) {
    return new BatonRules(root);
  }

  private String module(String name) {
    return root + "." + name + "..";
  }

  private String internalOf(String name) {
    return root + "." + name + "..internal..";
  }

  private String[] library() {
    return new String[] {
      module("internal"), module("fencing"), module("recipes"), module("partition")
    };
  }

  /** Every rule, for the real check. */
  List<ArchRule> all() {
    return List.of(
        recipesUseNoFencingInternals(),
        partitionUsesNoRecipesOrFencingInternals(),
        demoAndBenchmarksUsePublicApiOnly(),
        internalPackagesAreUsedOnlyUnderTheirParent(),
        fencingDependsOnNoOtherModule(),
        recipesDependOnNoPartitionDemoOrBenchmarks(),
        partitionDependsOnNoDemoOrBenchmarks(),
        libraryUsesNoTestSupport(),
        libraryUsesNoJUnit(),
        springAndExamplesUsePublicApiOnly(),
        libraryUsesNoSpring());
  }

  // (a) no module uses another module's internal packages

  ArchRule recipesUseNoFencingInternals() {
    return noClasses()
        .that()
        .resideInAPackage(module("recipes"))
        .should()
        .dependOnClassesThat()
        .resideInAPackage(internalOf("fencing"))
        .because(
            "fencing's internal packages are not part of its API; shared helpers go to "
                + "dev.baton.internal");
  }

  ArchRule partitionUsesNoRecipesOrFencingInternals() {
    return noClasses()
        .that()
        .resideInAPackage(module("partition"))
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(internalOf("recipes"), internalOf("fencing"))
        .because(
            "the internal packages of recipes and fencing are not part of their API; shared helpers "
                + "go to dev.baton.internal");
  }

  /**
   * Public API only: no internal package, nor the library's shared helpers (dev.baton.internal).
   */
  ArchRule demoAndBenchmarksUsePublicApiOnly() {
    return noClasses()
        .that()
        .resideInAnyPackage(module("demo"), module("bench"))
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(root + "..internal..", module("internal"))
        .because(
            "the demo and the benchmarks show and measure what applications can do: public API only");
  }

  /**
   * The general form of the rules above, within a module too: a package {@code p.internal} (and
   * below) is used only by classes in {@code p} and below. So {@code recipes.lock} may not use
   * {@code recipes.election.internal}.
   */
  ArchRule internalPackagesAreUsedOnlyUnderTheirParent() {
    return classes()
        .should(useInternalPackagesOnlyUnderTheirParent())
        .because("an internal package is the private machinery of the package that encloses it");
  }

  private ArchCondition<JavaClass> useInternalPackagesOnlyUnderTheirParent() {
    return new ArchCondition<>(
        "use the internal packages of " + root + " only from under their parent") {
      @Override
      public void check(JavaClass origin, ConditionEvents events) {
        for (Dependency d : origin.getDirectDependenciesFromSelf()) {
          String target = d.getTargetClass().getPackageName();
          if (!target.startsWith(root + ".")) {
            continue;
          }
          int internal = (target + ".").indexOf(".internal.");
          if (internal < 0) {
            continue;
          }
          String parent = target.substring(0, internal);
          String from = origin.getPackageName();
          if (!from.equals(parent) && !from.startsWith(parent + ".")) {
            events.add(SimpleConditionEvent.violated(d, d.getDescription()));
          }
        }
      }
    };
  }

  // (b) dependencies point one way: fencing <- recipes <- partition <- demo, benchmarks

  ArchRule fencingDependsOnNoOtherModule() {
    return noClasses()
        .that()
        .resideInAPackage(module("fencing"))
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(module("recipes"), module("partition"), module("demo"), module("bench"))
        .because("fencing is the lowest module");
  }

  ArchRule recipesDependOnNoPartitionDemoOrBenchmarks() {
    return noClasses()
        .that()
        .resideInAPackage(module("recipes"))
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(module("partition"), module("demo"), module("bench"))
        .because("dependencies point one way: fencing <- recipes <- partition <- demo, benchmarks");
  }

  ArchRule partitionDependsOnNoDemoOrBenchmarks() {
    return noClasses()
        .that()
        .resideInAPackage(module("partition"))
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(module("demo"), module("bench"))
        .because("dependencies point one way: fencing <- recipes <- partition <- demo, benchmarks");
  }

  ArchRule libraryUsesNoTestSupport() {
    return noClasses()
        .that()
        .resideInAnyPackage(library())
        .should()
        .dependOnClassesThat()
        .resideInAPackage(module("testkit"))
        .because("test support is for tests, the demo and the benchmarks, never for library code");
  }

  // (c) library code uses no test framework

  ArchRule libraryUsesNoJUnit() {
    return noClasses()
        .that()
        .resideInAnyPackage(library())
        .should()
        .dependOnClassesThat()
        .resideInAPackage("org.junit..")
        .because("JUnit is a test dependency; library code must not need it at run time");
  }

  // (d) the framework integration is built on the public API, and the library knows no framework

  /**
   * The Spring Boot starter, its test support and the examples use what any application can use: no
   * internal package, not the service interface for recipe and backend authors ({@code
   * recipes.spi}), not the library's shared helpers, not Baton's own test fixtures.
   */
  ArchRule springAndExamplesUsePublicApiOnly() {
    return noClasses()
        .that()
        .resideInAnyPackage(module("spring"), module("example"))
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            root + "..internal..", module("recipes.spi"), module("internal"), module("testkit"))
        .because(
            "framework integration and examples are written on the public API only, so that "
                + "what they do an application can do too");
  }

  ArchRule libraryUsesNoSpring() {
    return noClasses()
        .that()
        .resideInAnyPackage(library())
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(module("spring"), "org.springframework..")
        .because("the library serves every framework; Spring support lives in its own module");
  }
}
