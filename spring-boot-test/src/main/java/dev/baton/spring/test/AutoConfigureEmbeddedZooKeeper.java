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
 * context of the annotated test class and points Baton at it: it sets {@code baton.connect-string}
 * ahead of every other property source, and registers a {@code BatonConnectionDetails} bean and the
 * server as beans. The server belongs to the context (shared through Spring's context cache) and
 * stops after every other bean of it is destroyed, so the Baton session closes while its server
 * still answers. See spring-boot-test/README.md.
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
