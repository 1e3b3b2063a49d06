package dev.baton.demo;

import dev.baton.recipes.BatonSession;
import dev.baton.recipes.SessionConfig;
import dev.baton.recipes.election.ElectionConfig;
import dev.baton.recipes.election.LeaderElection;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.election.LeadershipListener;
import dev.baton.recipes.election.RevocationReason;
import java.io.File;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingServer;

/**
 * A small runnable election: starts an embedded ZooKeeper server, enters a few candidates, prints who
 * leads with which fencing token, then makes the leader leave a few times and prints each handover.
 *
 * <p>Run it with {@code demo-cluster/run} from the repository root. Arguments: the number of candidates
 * (default 3) and of handovers (default 3).
 */
public final class ElectionDemo {
  private static final String PATH = "/baton-demo/scheduler-leader";

  private ElectionDemo() {}

  public static void main(String[] args) throws Exception {
    int candidates = args.length > 0 ? Integer.parseInt(args[0]) : 3;
    int handovers = args.length > 1 ? Integer.parseInt(args[1]) : 3;
    if (candidates < 1 || handovers < 0 || handovers >= candidates + 1) {
      System.err.println("usage: ElectionDemo [candidates>=1] [handovers<=candidates]");
      System.exit(2);
    }
    File dataDir = Files.createTempDirectory("baton-demo-zk").toFile();
    InstanceSpec spec = new InstanceSpec(dataDir, -1, -1, -1, true, -1, -1, 1000,
        Map.of("maxClientCnxns", "0"));
    try (TestingServer server = new TestingServer(spec, true)) {
      System.out.println("ZooKeeper (embedded) at " + server.getConnectString());
      BlockingQueue<String> events = new LinkedBlockingQueue<>();
      List<BatonSession> sessions = new ArrayList<>();
      List<LeaderElection> elections = new ArrayList<>();
      for (int i = 1; i <= candidates; i++) {
        String id = "worker-" + i;
        BatonSession session = BatonSession.start(SessionConfig.builder(server.getConnectString())
            .sessionTimeout(Duration.ofSeconds(10)).build());
        LeaderElection election = LeaderElection.create(session,
            ElectionConfig.builder(PATH).participantId(id).build(), printer(id, events));
        election.start();
        sessions.add(session);
        elections.add(election);
      }
      System.out.println(events.poll(30, TimeUnit.SECONDS));
      for (int round = 0; round < handovers; round++) {
        LeaderElection leader = elections.stream().filter(LeaderElection::isLeader).findFirst()
            .orElseThrow(() -> new IllegalStateException("no leader"));
        System.out.println("-- " + leader.participantId() + " leaves");
        leader.close();
        System.out.println(events.poll(30, TimeUnit.SECONDS)); // its revocation
        if (round < candidates - 1) {
          System.out.println(events.poll(30, TimeUnit.SECONDS)); // the successor
        }
      }
      for (LeaderElection e : elections) {
        e.close();
      }
      for (BatonSession s : sessions) {
        s.close();
      }
      System.out.println("done");
    }
  }

  private static LeadershipListener printer(String id, BlockingQueue<String> events) {
    return new LeadershipListener() {
      @Override
      public void elected(Leadership leadership) {
        events.add(id + " LEADS with fencing token " + leadership.token());
      }

      @Override
      public void revoked(Leadership leadership, RevocationReason reason) {
        events.add(id + " stopped leading (token " + leadership.token() + "): " + reason);
      }
    };
  }
}
