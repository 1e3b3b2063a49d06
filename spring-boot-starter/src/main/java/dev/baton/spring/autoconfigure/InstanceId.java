// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import java.net.InetAddress;
import java.net.UnknownHostException;
import org.jspecify.annotations.Nullable;
import org.springframework.core.env.Environment;

/** Default instance id: spring.application.name plus POD_NAME, HOSTNAME or the host name. */
final class InstanceId {
  private static final int MAX_MEMBER_ID = 128;

  private InstanceId() {}

  static String of(BatonProperties props, Environment env) {
    String configured = props.instanceId();
    if (configured != null && !configured.isBlank()) {
      return configured;
    }
    String host = firstNonBlank(env.getProperty("POD_NAME"), env.getProperty("HOSTNAME"));
    if (host == null) {
      host = localHostName();
    }
    String app = env.getProperty("spring.application.name");
    return app == null || app.isBlank() ? host : app + "-" + host;
  }

  /** The instance id made a valid member id: characters A-Za-z0-9._:@- only, at most 128. */
  static String memberId(String instanceId) {
    String id = instanceId.replaceAll("[^A-Za-z0-9._:@-]", "-");
    return id.length() > MAX_MEMBER_ID ? id.substring(0, MAX_MEMBER_ID) : id;
  }

  private static @Nullable String firstNonBlank(@Nullable String a, @Nullable String b) {
    if (a != null && !a.isBlank()) {
      return a;
    }
    return b != null && !b.isBlank() ? b : null;
  }

  private static String localHostName() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      return "unknown-host";
    }
  }
}
