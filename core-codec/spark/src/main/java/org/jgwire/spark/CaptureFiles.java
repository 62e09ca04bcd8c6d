package org.jgwire.spark;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * The files a {@code load} names: each path a file, a glob ({@code parts/*.pcapng}) or a directory (its files, those
 * of its subdirectories too, but not the hidden ones: names starting with '.' or '_'), through Hadoop's file system
 * API, so that {@code hdfs://}, {@code s3a://} and the other schemes the cluster has work as local paths do.
 */
final class CaptureFiles {
    private CaptureFiles() {}

    /** The paths given to {@code load}: Spark passes one as the option {@code path}, several as {@code paths}. */
    static List<String> patterns(CaseInsensitiveStringMap options) {
        List<String> out = new ArrayList<>();
        String path = options.get("path");
        if (path != null) out.add(path);
        String paths = options.get("paths");
        if (paths != null) {
            try {
                out.addAll(Arrays.asList(new ObjectMapper().readValue(paths, String[].class)));
            } catch (JsonProcessingException e) {
                throw new IllegalArgumentException("the option paths is not a JSON array of strings: " + paths, e);
            }
        }
        if (out.isEmpty())
            throw new IllegalArgumentException("give the captures to read: spark.read.format(\"jgwire\").load(path)");
        return out;
    }

    /**
     * Every file the patterns name, each once, in the order of the patterns and by name within one.
     *
     * @throws FileNotFoundException when a pattern names nothing: a typo is not an empty table
     */
    static List<String> expand(List<String> patterns, Configuration conf) throws IOException {
        List<String> out = new ArrayList<>();
        for (String pattern : patterns) {
            Path p = new Path(pattern);
            FileSystem fs = p.getFileSystem(conf);
            FileStatus[] matched = fs.globStatus(p);
            if (matched == null || matched.length == 0)
                throw new FileNotFoundException("no capture file matches " + pattern);
            Arrays.sort(matched, Comparator.comparing(s -> s.getPath().toString()));
            for (FileStatus s : matched) {
                if (s.isDirectory()) {
                    List<String> inDir = new ArrayList<>();
                    RemoteIterator<LocatedFileStatus> files = fs.listFiles(s.getPath(), true);
                    while (files.hasNext()) {
                        LocatedFileStatus f = files.next();
                        if (!hidden(s.getPath(), f.getPath()))
                            inDir.add(f.getPath().toString());
                    }
                    inDir.sort(null);
                    for (String f : inDir) if (!out.contains(f)) out.add(f);
                } else if (!out.contains(s.getPath().toString()))
                    out.add(s.getPath().toString());
            }
        }
        return out;
    }

    /** Whether a file under {@code dir} or a folder between them starts with '.' or '_' (Spark's own rule). */
    private static boolean hidden(Path dir, Path file) {
        for (Path p = file; p != null && !p.equals(dir); p = p.getParent()) {
            String name = p.getName();
            if (name.startsWith(".") || name.startsWith("_")) return true;
        }
        return false;
    }

    /** The Hadoop configuration as plain entries, to travel to the executors with the reader factory. */
    static Map<String, String> entries(Configuration conf) {
        Map<String, String> out = new HashMap<>();
        for (Map.Entry<String, String> e : conf) out.put(e.getKey(), e.getValue());
        return out;
    }

    /** A configuration of {@link #entries}, on an executor. */
    static Configuration configuration(Map<String, String> entries) {
        Configuration conf = new Configuration(false);
        entries.forEach(conf::set);
        return conf;
    }
}
