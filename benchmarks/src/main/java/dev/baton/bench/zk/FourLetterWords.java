package dev.baton.bench.zk;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * ZooKeeper four-letter words over a plain socket. A four-letter word is answered on its own connection
 * and is not itself counted in {@code zk_packets_received} (the server counts request packets of client
 * sessions: connect requests, pings, reads, writes, closeSession).
 *
 * <p>A private stand-in for {@code dev.baton.testkit.FourLetterWords} of baton-test-support.
 */
public final class FourLetterWords {
  private static final int TIMEOUT_MS = 5000;

  private FourLetterWords() {}

  /** Sends {@code mntr} and returns its key/value lines. */
  public static Map<String, String> mntr(String host, int port) {
    String text = send(host, port, "mntr");
    Map<String, String> values = new LinkedHashMap<>();
    for (String line : text.split("\n")) {
      int tab = line.indexOf('\t');
      if (tab > 0) {
        values.put(line.substring(0, tab).trim(), line.substring(tab + 1).trim());
      }
    }
    if (values.isEmpty()) {
      throw new IllegalStateException("mntr on " + host + ":" + port + " answered: " + text.strip()
          + " (is the four-letter word whitelisted?)");
    }
    return values;
  }

  /** The server's {@code zk_packets_received}. */
  public static long packetsReceived(String host, int port) {
    return longValue(mntr(host, port), "zk_packets_received");
  }

  static long longValue(Map<String, String> mntr, String key) {
    String v = mntr.get(key);
    if (v == null) {
      throw new IllegalStateException("mntr has no " + key + ": " + mntr.keySet());
    }
    return Long.parseLong(v);
  }

  /** Sends a four-letter word and reads the answer until the server closes the connection. */
  public static String send(String host, int port, String word) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(host, port), TIMEOUT_MS);
      socket.setSoTimeout(TIMEOUT_MS);
      socket.setTcpNoDelay(true);
      OutputStream out = socket.getOutputStream();
      out.write(word.getBytes(StandardCharsets.US_ASCII));
      out.flush();
      InputStream in = socket.getInputStream();
      ByteArrayOutputStream answer = new ByteArrayOutputStream();
      in.transferTo(answer);
      return answer.toString(StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("four-letter word " + word + " to " + host + ":" + port + " failed", e);
    }
  }
}
