// SPDX-License-Identifier: Apache-2.0
package dev.baton.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The public types of the library modules that are not API: types an application's compiler and IDE
 * offer although no application should use them. Java gives a library two ways to hide a type:
 * package-private classes, and module descriptors that export only the API. The second does not
 * serve Baton: ZooKeeper's two jars ({@code zookeeper} and {@code zookeeper-jute}) share the
 * packages {@code org.apache.zookeeper.server.persistence} and {@code .quorum}, so no module path
 * can hold both, and Baton's ZooKeeper modules cannot be named modules. So the count falls only as
 * internals become package-private next to the API that uses them.
 *
 * <p>This test holds the count where it is, so that it can only fall: a new public type in a
 * not-API package fails it (raise {@link #CEILING} only together with a reason in the commit). The
 * target is zero (issue 30).
 */
class PublicInternalsTest {
  /** The count at the last commit that lowered it; lower it whenever types become hidden. */
  static final int CEILING = 3;

  /** Packages that are not API: internal, and kernel and support (retired words for it). */
  static final Pattern NOT_API = Pattern.compile("(^|\\.)(internal|kernel|support)(\\.|$)");

  static final Predicate<JavaClass> PUBLIC_NOT_API =
      c ->
          c.getModifiers().contains(JavaModifier.PUBLIC)
              && !c.isNestedClass()
              && !c.getSimpleName().equals("package-info")
              && NOT_API.matcher(c.getPackageName()).find();

  @Test
  void publicTypesOutsideTheApiNeverIncrease() {
    List<String> found = publicNotApi(libraryClasses());
    System.out.printf("PublicInternalsTest: %d public types outside the API:%n", found.size());
    found.forEach(name -> System.out.println("  " + name));
    assertThat(found)
        .as("public types in not-API packages (at most %d, target 0)", CEILING)
        .hasSizeLessThanOrEqualTo(CEILING);
  }

  /** Negative control: the check sees a public type in an internal package. */
  @Test
  void theCheckSeesPublicTypesInInternalPackages() {
    assertThat(PUBLIC_NOT_API)
        .accepts(new ClassFileImporter().importClass(dev.baton.internal.SafeText.class))
        .rejects(new ClassFileImporter().importClass(dev.baton.fencing.FencingToken.class));
    assertThat(publicNotApi(libraryClasses()))
        .as("the library's classes were imported")
        .contains("dev.baton.internal.SafeText");
  }

  static JavaClasses libraryClasses() {
    return new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages(
            "dev.baton.internal",
            "dev.baton.fencing",
            "dev.baton.recipes",
            "dev.baton.partition",
            "dev.baton.spring");
  }

  static List<String> publicNotApi(JavaClasses classes) {
    return classes.stream()
        .filter(PUBLIC_NOT_API)
        .filter(c -> !c.getPackageName().startsWith("dev.baton.spring.test"))
        .map(JavaClass::getName)
        .sorted()
        .toList();
  }
}
