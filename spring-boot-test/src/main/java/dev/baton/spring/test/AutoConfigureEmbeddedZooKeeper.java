// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.test;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Starts an in-process ZooKeeper server ({@link EmbeddedZooKeeperServer}) for the Spring test
 * context of the annotated test class, and points Baton at it:
 *
 * <ul>
 *   <li>the property {@code baton.connect-string} is set to the server's connect string, ahead of
 *       every other property source (so it replaces the application's own);
 *   <li>a {@code dev.baton.spring.autoconfigure.BatonConnectionDetails} bean (named {@value
 *       #CONNECTION_DETAILS_BEAN}) gives the same connect string, and the starter uses it;
 *   <li>the server itself is a bean (named {@value #SERVER_BEAN}), for example to expire a session:
 *       {@code @Autowired EmbeddedZooKeeperServer zooKeeper; ...
 *       zooKeeper.expireSession(batonSession);}.
 * </ul>
 *
 * <p>The server belongs to the application context: Spring's test context cache shares it between
 * the test classes that share the context (same configuration, properties, mocks...), and a test
 * class whose context differs gets its own server. The server stops when its context is closed (by
 * {@code @DirtiesContext}, by eviction from the cache, or at the end of the test JVM), after every
 * other bean of the context has been destroyed, so the application's Baton session closes while its
 * server still answers.
 *
 * <p>The annotation is read by a {@code ContextCustomizerFactory} registered in this artifact's
 * {@code META-INF/spring.factories}; it works on {@code @SpringBootTest}, the test slices and plain
 * {@code @SpringJUnitConfig} tests, and on enclosing classes of {@code @Nested} tests.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
public @interface AutoConfigureEmbeddedZooKeeper {
  /** The name of the {@link EmbeddedZooKeeperServer} bean. */
  String SERVER_BEAN = "batonEmbeddedZooKeeperServer";

  /** The name of the {@code BatonConnectionDetails} bean. */
  String CONNECTION_DETAILS_BEAN = "batonEmbeddedZooKeeperConnectionDetails";

  /** The property that the annotation sets to the server's connect string. */
  String CONNECT_STRING_PROPERTY = "baton.connect-string";
}
