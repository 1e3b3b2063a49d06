// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One connection through a {@link TcpProxy}: per direction, a reader thread that decides each
 * chunk's fate (forward, drop, delay, cut after) and a writer thread that sends them in order when
 * due. A link that dropped bytes is tainted and never forwards again.
 */
final class ProxyLink {
  private static final Chunk END = new Chunk(new byte[0], 0, null);
  private static final int BUFFER = 16 * 1024;

  /** How long a cut waits for the server's answer to its request before cutting anyway. */
  private static final long ANSWER_WAIT_S = 5;

  private final TcpProxy proxy;
  private final Socket client;
  private final Socket server;
  private final FrameParser requests = new FrameParser();
  private final FrameParser replies = new FrameParser();
  private final Direction up;
  private final Direction down;
  private final AtomicBoolean closed = new AtomicBoolean();
  private volatile boolean tainted;

  /** Set just before the cut's request is written: nothing reaches the client after. */
  private volatile boolean sealed;

  /** The xid of the request that triggers the cut, once it is read. */
  private volatile int cutXid = FrameParser.NONE;

  /** Opens when the server's answer to that request arrived, or the server's side ended. */
  private final CountDownLatch answered = new CountDownLatch(1);

  private record Chunk(byte[] bytes, long dueNanos, TcpProxy.Trigger cutAfter) {}

  ProxyLink(TcpProxy proxy, String name, Socket client, Socket server) {
    this.proxy = proxy;
    this.client = client;
    this.server = server;
    this.up = new Direction(name + "-up", client, server, true);
    this.down = new Direction(name + "-down", server, client, false);
  }

  void start() {
    up.start();
    down.start();
  }

  boolean tainted() {
    return tainted;
  }

  /** Closes both sockets and stops the threads; idempotent. */
  void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    proxy.unregister(this);
    closeQuietly(client);
    closeQuietly(server);
    up.stopWriter();
    down.stopWriter();
  }

  /** Waits, until {@code deadlineNanos} at most, for the link's threads to end. */
  void join(long deadlineNanos) throws InterruptedException {
    for (Thread t : List.of(up.reader, up.writer, down.reader, down.writer)) {
      long left = deadlineNanos - System.nanoTime();
      if (left > 0) {
        TimeUnit.NANOSECONDS.timedJoin(t, left);
      }
    }
  }

  static void closeQuietly(AutoCloseable c) {
    try {
      c.close();
    } catch (Exception ignored) {
      // closing something already broken: nothing to report
    }
  }

  /** One direction of the link. */
  private final class Direction {
    private final Socket from;
    private final Socket to;
    private final boolean upstream;
    private final Thread reader;
    private final Thread writer;
    private final BlockingQueue<Chunk> queue = new LinkedBlockingQueue<>();
    private volatile boolean ended;

    Direction(String name, Socket from, Socket to, boolean upstream) {
      this.from = from;
      this.to = to;
      this.upstream = upstream;
      this.reader = daemon(this::read, name + "-read");
      this.writer = daemon(this::write, name + "-write");
    }

    void start() {
      reader.start();
      writer.start();
    }

    void stopWriter() {
      if (writer != Thread.currentThread()) {
        writer.interrupt();
      }
    }

    private Direction other() {
      return upstream ? down : up;
    }

    private void read() {
      byte[] buffer = new byte[BUFFER];
      try {
        InputStream in = from.getInputStream();
        for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
          TcpProxy.Mode mode = proxy.mode();
          if (mode == TcpProxy.Mode.BLACKHOLE || tainted) {
            tainted = true;
            continue;
          }
          long due = System.nanoTime() + (mode == TcpProxy.Mode.DELAY ? proxy.delayNanos() : 0);
          if (upstream ? enqueueRequests(buffer, n, due) : enqueueReplies(buffer, n, due)) {
            return; // a cut is due after the chunk just queued: read nothing more
          }
        }
      } catch (IOException e) {
        // the peer reset the connection, or the link was closed
      } finally {
        ended = true;
        if (!upstream) {
          answered.countDown(); // no answer can come any more
        }
        if (!tainted) {
          queue.add(END);
        } else if (other().ended) {
          close();
        }
      }
    }

    /** Queues client bytes, cut short after a request the armed trigger waits for, if any. */
    private boolean enqueueRequests(byte[] buffer, int n, long due) {
      int pos = 0;
      while (pos < n) {
        TcpProxy.Trigger armed = proxy.armed();
        int end = requests.feed(buffer, pos, n, armed == null ? FrameParser.NONE : armed.opcode());
        if (end < 0) {
          break;
        }
        pos = end;
        if (proxy.claim(armed)) {
          cutXid = requests.matchedXid();
          return enqueue(buffer, end, due, armed);
        }
      }
      return enqueue(buffer, n, due, null);
    }

    /** Queues server bytes, noting when the answer to the request a cut waits on went by. */
    private boolean enqueueReplies(byte[] buffer, int n, long due) {
      if (replies.feedUntilXid(buffer, 0, n, cutXid) >= 0) {
        answered.countDown();
      }
      return enqueue(buffer, n, due, null);
    }

    private boolean enqueue(byte[] buffer, int n, long due, TcpProxy.Trigger cutAfter) {
      queue.add(new Chunk(Arrays.copyOf(buffer, n), due, cutAfter));
      return cutAfter != null;
    }

    private void write() {
      Chunk current = null;
      try {
        OutputStream out = to.getOutputStream();
        for (current = queue.take(); current != END; current = queue.take()) {
          long wait = current.dueNanos() - System.nanoTime();
          if (wait > 0) {
            TimeUnit.NANOSECONDS.sleep(wait); // the injected delay itself
          }
          proxy.awaitRelease();
          TcpProxy.Trigger cut = current.cutAfter();
          if (cut != null) {
            sealed = true;
          } else if (!upstream && sealed) {
            continue;
          }
          out.write(current.bytes());
          out.flush();
          if (cut != null) {
            current = null;
            awaitAnswer();
            close();
            cut.fired().complete(null);
            return;
          }
        }
      } catch (IOException | InterruptedException e) {
        // the link was closed
      } finally {
        close();
        if (current != null && current.cutAfter() != null) {
          proxy.rearm(current.cutAfter());
        }
        for (Chunk left : queue) {
          if (left.cutAfter() != null) {
            proxy.rearm(left.cutAfter());
          }
        }
      }
    }
  }

  /**
   * Waits until the server answered the cut's request (dropped: {@link #sealed}), its side ended,
   * or {@link #ANSWER_WAIT_S} passed: ZooKeeper drops a request still queued when its connection
   * closes, so cutting earlier might leave it unapplied.
   */
  private void awaitAnswer() {
    try {
      answered.await(ANSWER_WAIT_S, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // the link is closing: cut now
    }
  }

  private static Thread daemon(Runnable body, String name) {
    Thread t = new Thread(body, name);
    t.setDaemon(true);
    return t;
  }
}
