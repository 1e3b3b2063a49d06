// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The options that name what a worker reads on the ensemble and how it reaches it with TLS: a
 * picocli mixin of the worker's command line, which checks them.
 */
public final class TargetOptions {
  /** The scheduler's election path. */
  @Option(
      names = "--election",
      paramLabel = "PATH",
      description = "the election's path (default ${DEFAULT-VALUE})")
  public String election = DemoDefaults.ELECTION_PATH;

  /** The stream's group path. */
  @Option(
      names = "--group",
      paramLabel = "PATH",
      description = "the group's path (default ${DEFAULT-VALUE})")
  public String group = DemoDefaults.GROUP_PATH;

  /** The trust store (CA certificates); null without TLS. */
  @Option(
      names = "--tls-trust",
      paramLabel = "FILE",
      description =
          "connect with TLS, trusting the CA certificates in FILE (the connect string then names the secure client ports)")
  public Path tlsTrust;

  /** The client's key store; null without one. */
  @Option(
      names = "--tls-key",
      paramLabel = "FILE",
      description = "the client's key store (certificate and key) for TLS")
  public Path tlsKey;

  /** The password of both stores; null without one. */
  @Option(
      names = "--tls-password",
      paramLabel = "PASSWORD",
      description = "the password of the TLS trust store and key store")
  public String tlsPassword;
}
