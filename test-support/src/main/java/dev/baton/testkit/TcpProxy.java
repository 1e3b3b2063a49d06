package dev.baton.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A TCP proxy on 127.0.0.1 between a ZooKeeper client and a server, for injecting network faults into
 * one client while its process keeps running: {@link #cut()}, {@link #blackhole()}, {@link #delay},
 * and, aware of ZooKeeper's framing, {@link #cutAfterNextRequest(int)}.
 *
 * <p>Each accepted connection gets its own pair of pump threads (daemon threads named after the
 * proxy). Thread-safe.
 */
public final class TcpProxy implements AutoCloseable {
  private enum Mode { FORWARD, CUT, BLACKHOLE, DELAY }

  private final ServerSocket listener;
  private final String targetHost;
  private volatile int targetPort;
  private volatile Mode mode = Mode.FORWARD;
  private volatile long delayNanos;
  private volatile boolean closed;
  private final Set<Link> links = ConcurrentHashMap.newKeySet();
  private final AtomicLong accepted = new AtomicLong();
  private final AtomicReference<Trigger> trigger = new AtomicReference<>();

  private record Trigger(int opcode, CompletableFuture<Void> fired) { }

  private TcpProxy(ServerSocket listener, String targetHost, int targetPort) {
    this.listener = listener;
    this.targetHost = targetHost;
    this.targetPort = targetPort;
    Thread acceptor = new Thread(this::acceptLoop, "tcp-proxy-" + port() + "-accept");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  /** Starts a proxy on an ephemeral loopback port that forwards to {@code targetHost:targetPort}. */
  public static TcpProxy start(String targetHost, int targetPort) {
    try {
      ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
      return new TcpProxy(listener, targetHost, targetPort);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open a proxy port", e);
    }
  }

  public int port() {
    return listener.getLocalPort();
  }

  /** {@code 127.0.0.1:port}, to give to a ZooKeeper client. */
  public String connectString() {
    return "127.0.0.1:" + port();
  }

  /** Sends later connections to another port of the target host. */
  public void retarget(int port) {
    this.targetPort = port;
  }

  /** Closes every open connection now and refuses new ones until {@link #heal()}. */
  public void cut() {
    mode = Mode.CUT;
    links.forEach(Link::close);
  }

  /** Keeps connections open but silently drops every byte, both ways, until {@link #heal()}. */
  public void blackhole() {
    mode = Mode.BLACKHOLE;
  }

  /** Forwards every chunk only after {@code delay}, order preserved, until {@link #heal()}. */
  public void delay(Duration delay) {
    delayNanos = delay.toNanos();
    mode = Mode.DELAY;
  }

  /** Back to plain forwarding. */
  public void heal() {
    mode = Mode.FORWARD;
  }

  /**
   * Cuts the connection that carries the next request of type {@code opcode} (see {@link ZkOpCodes}),
   * right after that request was forwarded whole: the server applies it, the client never sees the
   * reply. Only that connection is cut; reconnections pass.
   *
   * @return completed when the cut happened
   */
  public CompletableFuture<Void> cutAfterNextRequest(int opcode) {
    Trigger t = new Trigger(opcode, new CompletableFuture<>());
    if (!trigger.compareAndSet(null, t)) {
      throw new IllegalStateException("a cut is already armed");
    }
    return t.fired();
  }

  public int openConnections() {
    return links.size();
  }

  public long connectionsAccepted() {
    return accepted.get();
  }

  @Override
  public void close() {
    closed = true;
    try {
      listener.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      links.forEach(Link::close);
    }
  }

  private void acceptLoop() {
    while (!closed) {
      Socket client;
      try {
        client = listener.accept();
      } catch (IOException e) {
        return; // closed
      }
      accepted.incrementAndGet();
      if (mode == Mode.CUT) {
        closeQuietly(client);
        continue;
      }
      try {
        Socket server = new Socket();
        server.connect(new InetSocketAddress(targetHost, targetPort), 5000);
        Link link = new Link(client, server);
        links.add(link);
        link.start();
      } catch (IOException e) {
        closeQuietly(client);
      }
    }
  }

  private static void closeQuietly(Socket s) {
    try {
      s.close();
    } catch (IOException ignored) {
      // closing a socket that is already broken: nothing to report
    }
  }

  /** One proxied connection. */
  private final class Link {
    private final Socket client;
    private final Socket server;
    private final FrameParser requests = new FrameParser();

    Link(Socket client, Socket server) {
      this.client = client;
      this.server = server;
    }

    void start() {
      startPump(client, server, true);
      startPump(server, client, false);
    }

    private void startPump(Socket from, Socket to, boolean clientToServer) {
      Thread t = new Thread(() -> pump(from, to, clientToServer),
          "tcp-proxy-" + port() + (clientToServer ? "-up-" : "-down-") + from.getPort());
      t.setDaemon(true);
      t.start();
    }

    private void pump(Socket from, Socket to, boolean clientToServer) {
      byte[] buffer = new byte[16 * 1024];
      try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
        for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
          Mode m = mode;
          if (m == Mode.BLACKHOLE) {
            continue;
          }
          if (m == Mode.DELAY) {
            TimeUnit.NANOSECONDS.sleep(delayNanos);
          }
          int upTo = n;
          Trigger armed = trigger.get();
          if (clientToServer && armed != null) {
            upTo = requests.feed(buffer, n, armed.opcode());
          } else if (clientToServer) {
            requests.feed(buffer, n, -1);
          }
          out.write(buffer, 0, upTo);
          out.flush();
          if (upTo < n || (armed != null && requests.fired())) {
            if (trigger.compareAndSet(armed, null)) {
              close();
              armed.fired().complete(null);
              return;
            }
          }
        }
      } catch (IOException | InterruptedException e) {
        // the other side closed, or the link was cut
      } finally {
        close();
      }
    }

    void close() {
      links.remove(this);
      closeQuietly(client);
      closeQuietly(server);
    }
  }
}
