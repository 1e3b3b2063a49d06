// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A TCP proxy on 127.0.0.1 between ZooKeeper clients and a server, to inject network faults while
 * the client's process keeps running. Fault modes are exclusive (each call replaces the one before,
 * {@link #heal()} goes back to forwarding) and apply to the bytes read after the call. Blocking
 * sockets: an accepting thread and four daemon threads per connection. Thread-safe.
 */
public final class TcpProxy implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(TcpProxy.class);
  private static final int CONNECT_TIMEOUT_MS = 5000;
  private static final long JOIN_NANOS = TimeUnit.SECONDS.toNanos(2);

  /** What happens to bytes read from now on. */
  enum Mode {
    FORWARD,
    CUT,
    BLACKHOLE,
    DELAY,
    HOLD
  }

  /** An armed {@link #cutAfterNextRequest(int)}. */
  record Trigger(int opcode, CompletableFuture<Void> fired) {}

  /** Where accepted connections go. */
  private record Target(String host, int port) {}

  private final ServerSocket listener;
  private final Thread acceptor;
  private final Object lock = new Object();
  private final Set<ProxyLink> links = ConcurrentHashMap.newKeySet();
  private final AtomicLong accepted = new AtomicLong();
  private final AtomicReference<Trigger> armed = new AtomicReference<>();
  private volatile Target target;
  private volatile Mode mode = Mode.FORWARD;
  private volatile long delayNanos;
  private volatile boolean closed;

  private TcpProxy(ServerSocket listener, Target target) {
    this.listener = listener;
    this.target = target;
    this.acceptor = new Thread(this::acceptLoop, name() + "-accept");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  /** Starts a proxy on a free loopback port, forwarding to {@code targetHost:targetPort}. */
  public static TcpProxy start(String targetHost, int targetPort) {
    try {
      ServerSocket listener = new ServerSocket(0, 128, InetAddress.getLoopbackAddress());
      return new TcpProxy(listener, new Target(targetHost, targetPort));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open a proxy port", e);
    }
  }

  /** The port the proxy listens on, on 127.0.0.1. */
  public int port() {
    return listener.getLocalPort();
  }

  /** {@code 127.0.0.1:port}, to give to a ZooKeeper client. */
  public String connectString() {
    return "127.0.0.1:" + port();
  }

  /** Sends connections accepted from now on to {@code port} of the target host. */
  public void retarget(int port) {
    target = new Target(target.host(), port);
  }

  /** Closes every connection now and refuses new ones until {@link #heal()}. */
  public void cut() {
    List<ProxyLink> doomed;
    synchronized (lock) {
      mode = Mode.CUT;
      lock.notifyAll(); // writers held by hold() go on (into closed sockets)
      doomed = List.copyOf(links);
    }
    doomed.forEach(ProxyLink::close);
  }

  /**
   * Silently drops every byte both ways until {@link #heal()}, as a pulled cable would; a
   * connection that lost bytes stays silent and {@link #heal()} closes it.
   */
  public void blackhole() {
    synchronized (lock) {
      mode = Mode.BLACKHOLE;
      lock.notifyAll(); // bytes held by hold() were read before: they go out
    }
  }

  /** Forwards every chunk {@code delay} after it was read, in order, until {@link #heal()}. */
  public void delay(Duration delay) {
    if (delay.isNegative()) {
      throw new IllegalArgumentException("negative delay " + delay);
    }
    synchronized (lock) {
      delayNanos = delay.toNanos();
      mode = Mode.DELAY;
      lock.notifyAll();
    }
  }

  /** Holds every byte until {@link #heal()}, then delivers it all in order. */
  public void hold() {
    synchronized (lock) {
      mode = Mode.HOLD;
    }
  }

  /** Blocks a link's writer while the proxy holds traffic. */
  void awaitRelease() throws InterruptedException {
    synchronized (lock) {
      while (mode == Mode.HOLD && !closed) {
        lock.wait();
      }
    }
  }

  /** Back to plain forwarding; closes the connections a {@link #blackhole()} left with holes. */
  public void heal() {
    List<ProxyLink> doomed;
    synchronized (lock) {
      mode = Mode.FORWARD;
      lock.notifyAll();
      doomed = links.stream().filter(ProxyLink::tainted).toList();
    }
    doomed.forEach(ProxyLink::close);
  }

  /**
   * Cuts the connection that carries the next request of type {@code opcode} ({@link ZkOpCodes})
   * once the server has answered it (at most 5 s: ZooKeeper drops a queued request whose connection
   * closed), so the request is applied and the client never sees the answer. Reconnections pass.
   * The future completes right after the cut; it fails if the proxy closes first.
   *
   * @throws IllegalStateException if a cut is already armed
   */
  public CompletableFuture<Void> cutAfterNextRequest(int opcode) {
    Trigger t = new Trigger(opcode, new CompletableFuture<>());
    if (closed) {
      throw new IllegalStateException("proxy closed");
    }
    if (!armed.compareAndSet(null, t)) {
      throw new IllegalStateException("a cut is already armed");
    }
    return t.fired();
  }

  /** Connections currently forwarded (or silenced). */
  public int openConnections() {
    return links.size();
  }

  /** Connections accepted since the start, refused ones included. */
  public long connectionsAccepted() {
    return accepted.get();
  }

  /** Closes the listening socket and every connection, and waits briefly for the threads to end. */
  @Override
  public void close() {
    List<ProxyLink> doomed;
    synchronized (lock) {
      if (closed) {
        return;
      }
      closed = true;
      lock.notifyAll();
      doomed = List.copyOf(links);
    }
    ProxyLink.closeQuietly(listener);
    doomed.forEach(ProxyLink::close);
    Trigger t = armed.getAndSet(null);
    if (t != null) {
      t.fired().completeExceptionally(new IllegalStateException("proxy closed before the cut"));
    }
    long deadline = System.nanoTime() + JOIN_NANOS;
    try {
      TimeUnit.NANOSECONDS.timedJoin(acceptor, JOIN_NANOS);
      for (ProxyLink link : doomed) {
        link.join(deadline);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  Mode mode() {
    return mode;
  }

  long delayNanos() {
    return delayNanos;
  }

  Trigger armed() {
    return armed.get();
  }

  /** Takes the armed trigger for one connection; false if there is none or another took it. */
  boolean claim(Trigger t) {
    return t != null && armed.compareAndSet(t, null);
  }

  /** Puts back a claimed trigger whose request never went out (its connection closed first). */
  void rearm(Trigger t) {
    if (closed || !armed.compareAndSet(null, t)) {
      t.fired()
          .completeExceptionally(
              new IllegalStateException(
                  "the connection closed before the request went out, and the cut cannot be re-armed"));
    }
  }

  void unregister(ProxyLink link) {
    links.remove(link);
  }

  private String name() {
    return "tcp-proxy-" + port();
  }

  private void acceptLoop() {
    while (!closed) {
      Socket client;
      try {
        client = listener.accept();
      } catch (IOException e) {
        if (!closed) {
          LOG.warn("{} stops accepting", name(), e);
        }
        return;
      }
      long n = accepted.incrementAndGet();
      if (mode == Mode.CUT) {
        ProxyLink.closeQuietly(client);
        continue;
      }
      Target to = target;
      Socket server = new Socket();
      try {
        client.setTcpNoDelay(true);
        server.setTcpNoDelay(true);
        server.connect(new InetSocketAddress(to.host(), to.port()), CONNECT_TIMEOUT_MS);
      } catch (IOException e) {
        LOG.debug("{} cannot reach {}:{}", name(), to.host(), to.port(), e);
        ProxyLink.closeQuietly(client);
        ProxyLink.closeQuietly(server);
        continue;
      }
      ProxyLink link = new ProxyLink(this, name() + "-c" + n, client, server);
      synchronized (lock) {
        if (mode == Mode.CUT || closed) {
          link.close();
        } else {
          links.add(link);
          link.start();
        }
      }
    }
  }
}
