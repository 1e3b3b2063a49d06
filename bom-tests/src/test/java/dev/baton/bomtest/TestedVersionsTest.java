// SPDX-License-Identifier: Apache-2.0
package dev.baton.bomtest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import javax.xml.parsers.DocumentBuilderFactory;
import org.apache.zookeeper.Version;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * A user's build that imports baton-bom and adds curator-test gets the Curator, ZooKeeper and Guava
 * versions Baton is built and tested with: those of the root pom.xml's properties, compared with
 * what is on this test classpath (each jar's Maven pom.properties, and ZooKeeper's own {@link
 * Version}).
 */
class TestedVersionsTest {
  private static final Element ROOT = pom(Path.of(System.getProperty("baton.root.pom")));

  @Test
  void curatorZooKeeperAndGuavaAreTheTestedVersions() throws IOException {
    Map<String, String> expected = new LinkedHashMap<>();
    for (String a : List.of("curator-framework", "curator-client", "curator-test")) {
      expected.put("org.apache.curator:" + a, property("curator.version"));
    }
    expected.put("org.apache.zookeeper:zookeeper", property("zookeeper.version"));
    expected.put("org.apache.zookeeper:zookeeper-jute", property("zookeeper.version"));
    expected.put("com.google.guava:guava", property("guava.version"));
    // Not a dependency of Baton's, but of the tests of many users (and managed by the BOM).
    String curatorRecipes = "org.apache.curator:curator-recipes";

    Map<String, List<String>> found = new LinkedHashMap<>();
    Map<String, List<String>> wanted = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : expected.entrySet()) {
      found.put(e.getKey(), versionsOnClasspath(e.getKey()));
      wanted.put(e.getKey(), List.of(e.getValue()));
    }
    List<String> recipes = versionsOnClasspath(curatorRecipes);
    if (!recipes.isEmpty()) {
      found.put(curatorRecipes, recipes);
      wanted.put(curatorRecipes, List.of(property("curator.version")));
    }
    assertEquals(wanted, found, "tested versions (root pom.xml) vs this test classpath");
    assertEquals(property("zookeeper.version"), Version.getVersion(), "ZooKeeper's Version");
  }

  @Test
  void thisBuildIsOnTheProjectsVersions() {
    // The BOM imported is this module's version; the Spring Boot BOM that of the Spring modules.
    assertEquals(text(ROOT, "version"), System.getProperty("baton.bomtest.version"));
    String springBoot = System.getProperty("baton.bomtest.spring-boot.version");
    if (springBoot != null) {
      assertEquals(property("spring-boot.version"), springBoot, "spring-boot.version");
    }
  }

  /** The version of every copy of groupId:artifactId's pom.properties on the classpath. */
  private static List<String> versionsOnClasspath(String artifact) throws IOException {
    String[] ga = artifact.split(":");
    String resource = "META-INF/maven/" + ga[0] + "/" + ga[1] + "/pom.properties";
    List<String> versions = new ArrayList<>();
    for (URL url :
        Collections.list(TestedVersionsTest.class.getClassLoader().getResources(resource))) {
      Properties p = new Properties();
      try (InputStream in = url.openStream()) {
        p.load(in);
      }
      versions.add(p.getProperty("version"));
    }
    return versions;
  }

  private static String property(String name) {
    return text(child(ROOT, "properties"), name);
  }

  private static Element pom(Path file) {
    try {
      DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
      f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      return f.newDocumentBuilder().parse(file.toFile()).getDocumentElement();
    } catch (Exception e) {
      throw new IllegalStateException("cannot read " + file, e);
    }
  }

  private static Element child(Element parent, String name) {
    for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e && e.getTagName().equals(name)) {
        return e;
      }
    }
    throw new IllegalStateException("no <" + name + "> in <" + parent.getTagName() + ">");
  }

  private static String text(Element parent, String name) {
    return child(parent, name).getTextContent().trim();
  }
}
