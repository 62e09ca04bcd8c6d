import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The Spark half of spark-bench.sh: reads capture files with the jgwire data source in Spark's local mode and counts
 * the rows (every row is decoded and built: the source has no pushdown). Single-file program on the class path of
 * core-codec/spark's tests (Spark, the data source, the codec).
 *
 * <p>Usage: {@code SparkBench MASTER PATH}, e.g. {@code local[2] '/tmp/jgwire-bench/parts/*.pcapng'}. Prints one line:
 * {@code rows=.. messages=.. partitions=.. session_seconds=.. read_seconds=..}.
 */
public class SparkBench {
    public static void main(String[] a) {
        if (a.length != 2) {
            System.err.println("usage: SparkBench MASTER PATH");
            System.exit(2);
        }
        long t0 = System.nanoTime();
        SparkSession spark = SparkSession.builder()
                .master(a[0])
                .appName("jgwire-spark-bench")
                .config("spark.ui.enabled", "false")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1")
                .getOrCreate();
        spark.sparkContext().setLogLevel("WARN");
        long t1 = System.nanoTime();
        var records = spark.read().format("jgwire").load(a[1]);
        Row r = records.selectExpr("count(*)", "count_if(kind = 'message')").first();
        long t2 = System.nanoTime();
        System.out.printf("rows=%d messages=%d partitions=%d session_seconds=%.2f read_seconds=%.2f%n", r.getLong(0),
                r.getLong(1), records.rdd().getNumPartitions(), (t1 - t0) / 1e9, (t2 - t1) / 1e9);
        spark.stop();
    }
}
