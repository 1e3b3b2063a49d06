// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.test;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Starts an in-process ZooKeeper server ({@link EmbeddedZooKeeperServer}) for the annotated test
 * class's Spring context and points Baton at it: {@code baton.connect-string} ahead of every other
 * property source, plus the server and a {@code BatonConnectionDetails} as beans. The server
 * belongs to the context and stops after all its other beans, so the Baton session closes first.
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
