// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.test.testcontainers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A user without Testcontainers (its two jars are optional dependencies of this artifact) but with
 * another user of Spring Boot's connection details factories, such as spring-boot-docker-compose:
 * the factory registered in this artifact's spring.factories cannot load, and Spring Boot skips it
 * rather than failing. Checked on this test's classpath less every Testcontainers jar.
 */
class WithoutTestcontainersTest {
  private static final String FACTORIES =
      "org.springframework.boot.autoconfigure.service.connection.ConnectionDetailsFactories";

  @Test
  void springBootSkipsTheFactoryWhenTestcontainersIsAbsent() throws Exception {
    try (URLClassLoader withoutTestcontainers = classpathWithout("testcontainers")) {
      assertThatThrownBy(
              () ->
                  Class.forName(
                      ZooKeeperContainerConnectionDetailsFactory.class.getName(),
                      true,
                      withoutTestcontainers))
          .isInstanceOf(NoClassDefFoundError.class);

      Object factories =
          Class.forName(FACTORIES, true, withoutTestcontainers)
              .getConstructor(ClassLoader.class)
              .newInstance(withoutTestcontainers);
      Object source = "not a container";
      Object details =
          factories
              .getClass()
              .getMethod("getConnectionDetails", Object.class, boolean.class)
              .invoke(factories, source, false);
      assertThat((Map<?, ?>) details).isEmpty();
    }
  }

  private static URLClassLoader classpathWithout(String jarNamePart) throws MalformedURLException {
    List<URL> urls = new ArrayList<>();
    int dropped = 0;
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      if (new File(entry).getName().contains(jarNamePart)) {
        dropped++;
      } else {
        urls.add(new File(entry).toURI().toURL());
      }
    }
    assertThat(dropped).as("Testcontainers jars on the test classpath").isGreaterThanOrEqualTo(3);
    return new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
  }
}
