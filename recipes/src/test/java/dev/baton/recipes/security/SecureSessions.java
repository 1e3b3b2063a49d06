// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.security;

import dev.baton.recipes.BatonSession;
import dev.baton.recipes.SessionConfig;
import java.time.Duration;

/** The identities of the authorization tests and sessions for them. */
final class SecureSessions {
  static final String SERVICE = "billing";
  static final String SERVICE_PASSWORD = "billing-secret";
  static final String OBSERVER = "observer";
  static final String OBSERVER_PASSWORD = "observer-secret";
  static final String OTHER = "mallory";
  static final String OTHER_PASSWORD = "mallory-secret";

  /** The service's policy: creator only, readable by the observer. */
  static final AclPolicy POLICY =
      AclPolicy.creatorOnly().withReaders(ZkIdentity.digest(OBSERVER, OBSERVER_PASSWORD));

  private SecureSessions() {}

  /** A session of the service, with digest credentials and {@link #POLICY}. */
  static BatonSession service(String connectString) {
    return BatonSession.start(
        base(connectString)
            .authentication(Authentication.digest(SERVICE, SERVICE_PASSWORD))
            .aclPolicy(POLICY)
            .build());
  }

  /** A session of the read-only observer. */
  static BatonSession observer(String connectString) {
    return BatonSession.start(
        base(connectString)
            .authentication(Authentication.digest(OBSERVER, OBSERVER_PASSWORD))
            .build());
  }

  static SessionConfig.Builder base(String connectString) {
    return SessionConfig.builder(connectString)
        .sessionTimeout(Duration.ofSeconds(10))
        .connectionTimeout(Duration.ofSeconds(5));
  }
}
