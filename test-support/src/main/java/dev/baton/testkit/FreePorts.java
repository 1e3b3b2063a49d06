// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.HashSet;
import java.util.Set;

/** Free loopback ports for test servers, each handed out at most once per JVM. */
public final class FreePorts {
  private static final Set<Integer> ISSUED = new HashSet<>();

  private FreePorts() {}

  /** A port free on 127.0.0.1 now and never returned before by this JVM. */
  public static synchronized int next() {
    for (int attempt = 0; attempt < 1000; attempt++) {
      try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
        int port = probe.getLocalPort();
        if (ISSUED.add(port)) {
          return port;
        }
      } catch (IOException e) {
        throw new UncheckedIOException("no free port on the loopback address", e);
      }
    }
    throw new IllegalStateException("no fresh free port after 1000 tries");
  }
}
