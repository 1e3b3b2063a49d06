// SPDX-License-Identifier: Apache-2.0
package dev.baton.readme;

// README:begin
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.SessionConfig;
import dev.baton.recipes.election.ElectionConfig;
import dev.baton.recipes.election.LeaderElection;
import dev.baton.recipes.security.AclPolicy;
import dev.baton.recipes.security.Authentication;
import dev.baton.recipes.security.TlsConfig;
import dev.baton.recipes.security.ZkIdentity;
// README:end

/**
 * The README's security example as it stands: the README's imports are this file's only ones, and
 * its code is the body of {@link #run}, an ordinary method that declares no exception.
 */
public final class SecuritySnippet {
  private SecuritySnippet() {}

  /** What the README's code started, for the test to check and close. */
  public record Started(BatonSession session, LeaderElection election) {}

  /** The README's code, given what it names. */
  public static Started run(
      String connectString,
      String billingPassword,
      String observerPassword,
      java.nio.file.Path trustStore,
      String trustStorePassword,
      java.nio.file.Path keyStore,
      String keyStorePassword,
      dev.baton.recipes.election.LeadershipListener listener) {
    // README:begin
    SessionConfig config = SessionConfig.builder(connectString)            // the servers' secure ports
        .authentication(Authentication.digest("billing", billingPassword))
        .tls(TlsConfig.builder()
            .trustStore(trustStore, trustStorePassword)                     // the CA of the servers
            .keyStore(keyStore, keyStorePassword)                           // this client's certificate
            .build())
        .aclPolicy(AclPolicy.creatorOnly()
            .withReaders(ZkIdentity.digest("observer", observerPassword)))  // an observer may read
        .build();
    BatonSession session = BatonSession.start(config);
    LeaderElection election = LeaderElection.create(session,
        ElectionConfig.builder("/billing/scheduler").participantId("billing-1").build(), listener);
    election.start();
    // every znode of the election carries the policy: only "billing" may change or delete it
    // README:end
    return new Started(session, election);
  }
}
