// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.security;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.apache.curator.framework.api.ACLProvider;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.data.ACL;

/**
 * The ACL of every znode Baton creates (parents included). One policy per {@linkplain
 * dev.baton.recipes.SessionConfig session}: {@link #creatorOnly()}, the default when authenticated
 * (only the creating identities; add {@link #withReaders} and {@link #withWriters}), or {@link
 * #open()}, the default otherwise. ZooKeeper checks the parent's ACL to create or delete, so every
 * identity running candidates of one path must write the parents: hence one policy for all. ACLs
 * are not inherited: apply it to older paths with {@link AclMigration}. Immutable.
 */
public final class AclPolicy {
  private static final int READ_ONLY = ZooDefs.Perms.READ;

  /** Everything except changing the ACL: writers of the same service need not re-grant access. */
  private static final int WRITE_ALL =
      ZooDefs.Perms.READ | ZooDefs.Perms.WRITE | ZooDefs.Perms.CREATE | ZooDefs.Perms.DELETE;

  private final boolean creator;
  private final List<ACL> acl;

  private AclPolicy(boolean creator, List<ACL> acl) {
    this.creator = creator;
    // Not List.copyOf: ZooKeeper's client calls contains(null), which immutable lists throw on.
    this.acl = Collections.unmodifiableList(new ArrayList<>(acl));
  }

  /** Only the creating identity has access (ZooKeeper's {@code auth} scheme, all permissions). */
  public static AclPolicy creatorOnly() {
    return new AclPolicy(true, List.of(new ACL(ZooDefs.Perms.ALL, ZooDefs.Ids.AUTH_IDS)));
  }

  /** Anyone may do anything ({@code world:anyone}, all permissions): ZooKeeper's default. */
  public static AclPolicy open() {
    return new AclPolicy(false, List.of(new ACL(ZooDefs.Perms.ALL, ZooDefs.Ids.ANYONE_ID_UNSAFE)));
  }

  /** A fixed, non-empty ACL list of the caller's own, every entry with an id. */
  public static AclPolicy of(List<ACL> acl) {
    Objects.requireNonNull(acl, "acl");
    if (acl.isEmpty()) {
      throw new IllegalArgumentException("an ACL list must not be empty");
    }
    boolean usesAuth = false;
    for (ACL entry : acl) {
      if (entry == null || entry.getId() == null || entry.getId().getScheme() == null) {
        throw new IllegalArgumentException("every ACL entry needs an id, got " + acl);
      }
      usesAuth |= "auth".equals(entry.getId().getScheme());
    }
    return new AclPolicy(usesAuth, acl);
  }

  /** This policy with read access for these identities as well (observers, status tools). */
  public AclPolicy withReaders(ZkIdentity... readers) {
    return with(READ_ONLY, readers);
  }

  /** This policy with read, write, create and delete for other identities of the same service. */
  public AclPolicy withWriters(ZkIdentity... writers) {
    return with(WRITE_ALL, writers);
  }

  private AclPolicy with(int perms, ZkIdentity... ids) {
    Objects.requireNonNull(ids, "ids");
    List<ACL> next = new ArrayList<>(acl);
    Set<ZkIdentity> unique = new LinkedHashSet<>(Arrays.asList(ids));
    for (ZkIdentity id : unique) {
      next.add(new ACL(perms, Objects.requireNonNull(id, "identity").toZooKeeper()));
    }
    return new AclPolicy(creator, next);
  }

  /** True if it names the creator ({@code auth}): creates then need an authenticated session. */
  public boolean requiresAuthentication() {
    return creator;
  }

  /** The ACL list for a znode Baton creates at {@code path}; today the same for every path. */
  public List<ACL> aclFor(String path) {
    return acl;
  }

  /** This policy as a Curator {@link ACLProvider}, for a Curator client built by the caller. */
  public ACLProvider toCuratorAclProvider() {
    return new ACLProvider() {
      @Override
      public List<ACL> getDefaultAcl() {
        return acl;
      }

      @Override
      public List<ACL> getAclForPath(String path) {
        return aclFor(path);
      }
    };
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof AclPolicy p && creator == p.creator && acl.equals(p.acl);
  }

  @Override
  public int hashCode() {
    return acl.hashCode();
  }

  @Override
  public String toString() {
    // A digest id holds an unsalted hash of the password: only its user is shown.
    return "AclPolicy"
        + acl.stream()
            .map(a -> a.getId().getScheme() + ":" + printable(a.getId()) + "=" + a.getPerms())
            .toList();
  }

  private static String printable(org.apache.zookeeper.data.Id id) {
    if ("digest".equals(id.getScheme()) && id.getId().indexOf(':') >= 0) {
      return id.getId().substring(0, id.getId().indexOf(':')) + ":***";
    }
    return id.getId();
  }
}
