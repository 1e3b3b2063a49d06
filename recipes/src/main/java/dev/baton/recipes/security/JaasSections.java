// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.security;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.security.auth.login.AppConfigurationEntry;
import javax.security.auth.login.Configuration;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The JVM's JAAS configuration plus Baton's DIGEST-MD5 sections: ZooKeeper's SASL client reads only
 * the process-wide one, so Baton installs this, delegating other names to the previous one.
 */
final class JaasSections extends Configuration {
  private static final Logger log = LoggerFactory.getLogger(JaasSections.class);
  private static final String DIGEST_LOGIN_MODULE =
      "org.apache.zookeeper.server.auth.DigestLoginModule";
  private static final Map<String, AppConfigurationEntry[]> SECTIONS = new ConcurrentHashMap<>();

  /** Section names by credentials, kept for the JVM's life like the sections. */
  private static final Map<String, String> NAMES = new ConcurrentHashMap<>();

  private final @Nullable Configuration previous;

  private JaasSections(@Nullable Configuration previous) {
    this.previous = previous;
  }

  /** Registers a DIGEST-MD5 login section for these credentials, once; returns its name. */
  static synchronized String registerDigest(String user, String password) {
    // Numbered, not named after the credentials: ZooKeeper logs the section's name.
    String name =
        NAMES.computeIfAbsent(user + '\0' + password, k -> "baton-sasl-digest-" + NAMES.size());
    SECTIONS.computeIfAbsent(
        name,
        n ->
            new AppConfigurationEntry[] {
              new AppConfigurationEntry(
                  DIGEST_LOGIN_MODULE,
                  AppConfigurationEntry.LoginModuleControlFlag.REQUIRED,
                  Map.of("username", user, "password", password))
            });
    Configuration current = currentOrNull();
    if (!(current instanceof JaasSections)) {
      Configuration.setConfiguration(new JaasSections(current));
      log.debug("installed Baton's JAAS login sections in front of {}", current);
    }
    return name;
  }

  private static @Nullable Configuration currentOrNull() {
    try {
      return Configuration.getConfiguration();
    } catch (SecurityException e) {
      // None loads (e.g. java.security.auth.login.config names a missing file): only Baton's then.
      log.warn(
          "the JVM's JAAS configuration cannot be loaded; only Baton's login sections are known",
          e);
      return null;
    }
  }

  @Override
  public AppConfigurationEntry @Nullable [] getAppConfigurationEntry(String name) {
    AppConfigurationEntry[] own = SECTIONS.get(name);
    if (own != null) {
      return own.clone();
    }
    return previous == null ? null : previous.getAppConfigurationEntry(name);
  }

  @Override
  public void refresh() {
    if (previous != null) {
      previous.refresh();
    }
  }
}
